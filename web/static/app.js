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

// A set's order: its forms (move, remove, sort, undo) are sent with
// fetch and answered with the set's table alone (part=items), swapped in
// place, so the page keeps its scroll; rows move by dragging their handle
// (pointer events: mouse, pen and touch) or, on a focused row, with
// Alt+ArrowUp / Alt+ArrowDown. Without the script the forms post as
// usual and come back to the row's anchor. A big set shows a page of it
// (data-page, data-offset: the position of its first row, less one):
// positions are the whole set's, and the answer is the same page.
var setorder = (function () {
  function section() { return document.getElementById("items"); }
  function token() {
    var f = document.querySelector('#items input[name=csrf]');
    return f ? f.value : "";
  }
  function send(action, data, focus) {
    data.set("part", "items");
    var s = section();
    if (s && Number(s.dataset.page) > 1) data.set("page", s.dataset.page);
    return fetch(action, {
      method: "POST", credentials: "same-origin", body: new URLSearchParams(data),
      headers: { "X-CSRF-Token": token() }
    }).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.text();
    }).then(function (html) {
      var t = document.createElement("template");
      t.innerHTML = html.trim();
      var next = t.content.querySelector("#items");
      var cur = section();
      if (!cur || !next) throw new Error("no set table");
      cur.replaceWith(next);
      if (focus) {
        var row = document.getElementById("p" + focus);
        if (row) row.focus({ preventScroll: true });
      }
      document.body.dataset.moves = String(Number(document.body.dataset.moves || 0) + 1);
    });
  }
  function move(row, pos) {
    var s = section();
    var data = new URLSearchParams();
    data.set("puzzle", row.dataset.id);
    data.set("pos", String(pos));
    return send("/sets/" + s.dataset.set + "/move", data, row.dataset.id);
  }
  // forms inside the set's table: sent with fetch (the button pressed
  // gives its name and value, as a plain post would)
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (!form.closest || !form.closest("#items") || !window.fetch) return;
    ev.preventDefault();
    var data = new FormData(form);
    if (ev.submitter && ev.submitter.name) data.set(ev.submitter.name, ev.submitter.value);
    var row = form.closest("tr.item");
    send(form.getAttribute("action"), data, row ? row.dataset.id : "").catch(function () { form.submit(); });
  });
  document.addEventListener("keydown", function (ev) {
    var row = ev.target;
    if (!row.matches || !row.matches("#items tr.item") || !ev.altKey) return;
    var pos = Number(row.dataset.pos);
    var rows = Number(section().dataset.count);
    var to = ev.key === "ArrowUp" ? pos - 1 : ev.key === "ArrowDown" ? pos + 1 : 0;
    if (!to) return;
    ev.preventDefault();
    if (to < 1 || to > rows) return;
    move(row, to);
  });
  var drag = null;
  document.addEventListener("pointerdown", function (ev) {
    var grip = ev.target.closest && ev.target.closest("#items td.grip");
    if (!grip || ev.button !== 0) return;
    ev.preventDefault();
    var row = grip.closest("tr.item");
    drag = { row: row, from: Number(row.dataset.pos) };
    row.classList.add("dragging");
    if (grip.setPointerCapture) grip.setPointerCapture(ev.pointerId);
  });
  document.addEventListener("pointermove", function (ev) {
    if (!drag) return;
    var body = drag.row.parentNode;
    var rows = Array.prototype.slice.call(body.querySelectorAll("tr.item"));
    for (var i = 0; i < rows.length; i++) {
      var r = rows[i];
      if (r === drag.row) continue;
      var box = r.getBoundingClientRect();
      if (ev.clientY >= box.top && ev.clientY <= box.bottom) {
        var after = rows.indexOf(drag.row) < i;
        body.insertBefore(drag.row, after ? r.nextSibling : r);
        break;
      }
    }
  });
  function drop() {
    if (!drag) return;
    var d = drag;
    drag = null;
    d.row.classList.remove("dragging");
    var rows = Array.prototype.slice.call(d.row.parentNode.querySelectorAll("tr.item"));
    var to = Number(section().dataset.offset || 0) + rows.indexOf(d.row) + 1;
    if (to !== d.from) {
      move(d.row, to).catch(function () { location.reload(); });
    }
  }
  document.addEventListener("pointerup", drop);
  document.addEventListener("pointercancel", drop);
  return { move: move };
})();

// The library list: a box in the table's head ticks every puzzle of the
// page, and the two "add to set" controls (above and below the list)
// show the same set.
document.addEventListener("change", function (ev) {
  var t = ev.target;
  if (t.matches && t.matches("input.selectall")) {
    var form = t.form || t.closest("form");
    form.querySelectorAll('input[type=checkbox][name=id]').forEach(function (b) { b.checked = t.checked; });
  } else if (t.matches && t.matches("p.addset select[name=set]")) {
    document.querySelectorAll("p.addset select[name=set]").forEach(function (s) { s.value = t.value; });
  }
});

// The library's search box is a text area, one line high, so that a
// puzzle of several lines can be pasted into it whole: it grows to show
// what it holds (CSS field-sizing; rows here where a browser lacks it)
// and spans the form when it holds more than a line. Enter searches, as
// in a one-line field; Shift+Enter starts a new line.
(function () {
  function fit(t) {
    var lines = t.value.split("\n").length;
    t.rows = Math.min(lines, 12);
    var label = t.closest("label");
    if (label) label.classList.toggle("multiline", lines > 1);
  }
  document.addEventListener("input", function (ev) {
    var t = ev.target;
    if (t.matches && t.matches("textarea.search")) fit(t);
  });
  // A phone's keyboard labels Enter "search" (it searches, with the
  // script); a box the browser refilled (Back) is fitted to what it holds.
  window.addEventListener("pageshow", function () {
    document.querySelectorAll("textarea.search").forEach(function (t) {
      t.setAttribute("enterkeyhint", "search");
      fit(t);
    });
  });
  document.addEventListener("keydown", function (ev) {
    var t = ev.target;
    if (ev.key !== "Enter" || ev.shiftKey || ev.isComposing || !t.matches || !t.matches("textarea.search") || !t.form) return;
    ev.preventDefault();
    if (t.form.requestSubmit) t.form.requestSubmit(); else t.form.submit();
  });
})();
