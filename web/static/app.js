// pencilbox admin: small improvements over the plain pages.
// Left/right arrow keys follow the step viewer's previous/next links.
document.addEventListener("keydown", function (ev) {
  var t = ev.target;
  if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT")) return;
  if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
  var id = ev.key === "ArrowLeft" ? "prev" : ev.key === "ArrowRight" ? "next" : "";
  if (!id) return;
  var a = document.getElementById(id);
  if (a) { ev.preventDefault(); window.location.href = a.href; }
});
