// pencilbox admin: small improvements over the plain pages (each works
// without the script too).

// The step viewer moves between steps by fetching the step's board and
// sentence alone (?part=step) and swapping them in: a big board's page,
// with its whole step list, is loaded once, not at every step. The
// address follows (history), so a step can still be linked and reloaded.
var stepper = (function () {
  function section() { return document.getElementById("step"); }
  function mark(url) {
    var n = new URL(url, location.href).searchParams.get("step") || "1";
    var list = document.querySelector("ol.steplist");
    if (!list) return;
    list.querySelectorAll("li.current").forEach(function (li) { li.classList.remove("current"); });
    var cur = list.querySelector('li[data-step="' + n + '"]');
    if (cur) {
      cur.classList.add("current");
      list.scrollTop = cur.offsetTop - list.offsetTop - list.clientHeight / 3;
    }
  }
  function go(url, push) {
    var view = document.querySelector("#step .stepview");
    if (!view || !window.fetch) { location.href = url; return; }
    var u = new URL(url, location.href);
    u.searchParams.set("part", "step");
    u.hash = "";
    fetch(u.toString(), { credentials: "same-origin" }).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.text();
    }).then(function (html) {
      var cur = document.querySelector("#step .stepview");
      var t = document.createElement("template");
      t.innerHTML = html.trim();
      var next = t.content.querySelector(".stepview");
      if (!cur || !next) throw new Error("no step view");
      var pan = cur.querySelector(".zoomview");
      var at = pan ? [pan.scrollLeft, pan.scrollTop] : null;
      cur.replaceWith(next);
      if (typeof zoom !== "undefined") zoom.apply();
      if (typeof cjk !== "undefined") cjk.fallback();
      var pan2 = next.querySelector(".zoomview");
      if (at && pan2) { pan2.scrollLeft = at[0]; pan2.scrollTop = at[1]; }
      if (push) history.pushState({ step: url }, "", url);
      mark(url);
      document.body.dataset.steps = String(Number(document.body.dataset.steps || 0) + 1);
    }).catch(function () { location.href = url; });
  }
  document.addEventListener("click", function (ev) {
    var a = ev.target.closest && ev.target.closest("#step a");
    if (!a || ev.button !== 0 || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.altKey) return;
    if (!a.closest(".stepnav") && !a.closest("ol.steplist")) return;
    ev.preventDefault();
    go(a.href, true);
  });
  window.addEventListener("popstate", function () {
    if (section()) go(location.href, false);
  });
  return { go: go, mark: mark };
})();

// Left/right arrow keys follow the step viewer's previous/next links.
document.addEventListener("keydown", function (ev) {
  var t = ev.target;
  if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT")) return;
  if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
  var id = ev.key === "ArrowLeft" ? "prev" : ev.key === "ArrowRight" ? "next" : "";
  if (!id) return;
  var a = document.getElementById(id);
  if (a) { ev.preventDefault(); stepper.go(a.href, true); }
});

// The step list shows the current step: scrolled inside the list only,
// so the page stays where the #step anchor put it.
document.addEventListener("DOMContentLoaded", function () {
  if (document.querySelector("ol.steplist")) stepper.mark(location.href);
});

// Big boards: zoom buttons scale the board (the factor kept across the
// step viewer's fetched steps), dragging pans the frame.
var zoom = (function () {
  var factor = 1;
  function apply(view) {
    var svg = view && view.querySelector("svg");
    if (!svg) return;
    if (!svg.dataset.w) { svg.dataset.w = svg.getAttribute("width"); svg.dataset.h = svg.getAttribute("height"); }
    svg.setAttribute("width", Math.round(svg.dataset.w * factor));
    svg.setAttribute("height", Math.round(svg.dataset.h * factor));
  }
  document.addEventListener("click", function (ev) {
    var b = ev.target.closest && ev.target.closest("button.zoom");
    if (!b) return;
    var view = b.closest(".zoompan").querySelector(".zoomview");
    var svg = view.querySelector("svg");
    if (b.dataset.zoom === "fit") {
      factor = Math.min(view.clientWidth / (svg.dataset.w || svg.getAttribute("width")), 1);
    } else {
      factor = Math.min(Math.max(factor * Number(b.dataset.zoom), 0.1), 8);
    }
    apply(view);
  });
  var drag = null;
  document.addEventListener("pointerdown", function (ev) {
    var view = ev.target.closest && ev.target.closest(".zoomview");
    if (!view) return;
    drag = { view: view, x: ev.clientX, y: ev.clientY, l: view.scrollLeft, t: view.scrollTop };
    view.classList.add("dragging");
  });
  document.addEventListener("pointermove", function (ev) {
    if (!drag) return;
    drag.view.scrollLeft = drag.l - (ev.clientX - drag.x);
    drag.view.scrollTop = drag.t - (ev.clientY - drag.y);
  });
  document.addEventListener("pointerup", function () {
    if (drag) drag.view.classList.remove("dragging");
    drag = null;
  });
  return { apply: function () { document.querySelectorAll(".zoomview").forEach(apply); } };
})();

// CJK names (Akari's 背理法) where the browser has no CJK font: rather
// than boxes ("tofu"), the English name alone, the CJK part dropped.
var cjk = (function () {
  var re = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]+[,、]?\s*/g;
  function pixels(text) {
    var c = document.createElement("canvas");
    c.width = 40; c.height = 30;
    var x = c.getContext("2d");
    if (!x) return null;
    x.font = "24px " + getComputedStyle(document.body).fontFamily;
    x.fillText(text, 2, 24);
    return x.getImageData(0, 0, 40, 30).data.join(",");
  }
  function renders(ch) {
    var a = pixels(ch), tofu = pixels("\u{F0000}"), blank = pixels(" ");
    return a !== null && a !== tofu && a !== blank;
  }
  function fallback() {
    var walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    var n, found = [];
    while ((n = walk.nextNode())) { re.lastIndex = 0; if (re.test(n.nodeValue)) found.push(n); }
    if (found.length === 0 || renders("背")) return;
    found.forEach(function (t) {
      t.nodeValue = t.nodeValue.replace(re, "").replace(/\(\s*\)/g, "").replace(/\(\s*,\s*/g, "(");
    });
    document.documentElement.dataset.cjk = "fallback";
  }
  document.addEventListener("DOMContentLoaded", fallback);
  return { fallback: fallback };
})();
