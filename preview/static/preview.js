// druckreif preview: listens to /events and, after each change, fetches
// the cards fragment and swaps only the cards whose content or problems
// changed (data-sig), so the scroll position and the filter stay. No
// inline script (CSP); every text comes escaped from the server.
(function () {
  "use strict";
  var status = document.getElementById("status");
  var form = document.getElementById("filter");
  var zoom = document.getElementById("f-zoom");
  var zoomOut = document.getElementById("f-zoom-out");
  var lang = new URLSearchParams(location.search).get("lang");

  function value(id) { return document.getElementById(id).value.trim().toLowerCase(); }

  // filter hides the cards that do not match game, sheet, ID and text.
  function filter() {
    var game = value("f-game"), sheet = value("f-sheet"), id = value("f-id"), text = value("f-text");
    var onlyProblems = document.getElementById("f-problems").checked;
    document.querySelectorAll("article.card").forEach(function (card) {
      var show = (!game || card.dataset.game.toLowerCase() === game) &&
        (!sheet || card.dataset.sheet.toLowerCase() === sheet) &&
        (!id || card.dataset.id.toLowerCase().indexOf(id) >= 0) &&
        (!text || card.dataset.text.indexOf(text) >= 0) &&
        (!onlyProblems || card.dataset.problems === "1");
      card.classList.toggle("hidden", !show);
    });
  }

  function setZoom() {
    document.documentElement.style.setProperty("--zoom", String(zoom.value / 100));
    zoomOut.textContent = zoom.value + " %";
    try { localStorage.setItem("druckreif-preview-zoom", zoom.value); } catch (e) {}
  }
  try {
    var saved = localStorage.getItem("druckreif-preview-zoom");
    if (saved) { zoom.value = saved; }
  } catch (e) {}
  setZoom();
  zoom.addEventListener("input", setZoom);
  form.addEventListener("input", filter);
  form.addEventListener("submit", function (e) { e.preventDefault(); });

  // merge puts the new fragment's cards in place: kept when their sig is
  // the same, replaced when not, added and removed in deck order.
  function merge(fresh, redrawn) {
    var parts = document.getElementById("parts");
    ["summary", "loose"].forEach(function (id) {
      var el = document.getElementById(id), nu = fresh.querySelector("#" + id);
      if (el && nu) { el.replaceWith(nu); }
    });
    var main = document.getElementById("cards");
    var old = {};
    main.querySelectorAll("article.card").forEach(function (c) { old[c.id] = c; });
    var prev = null;
    fresh.querySelectorAll("#cards > article.card").forEach(function (nu) {
      var cur = old[nu.id];
      delete old[nu.id];
      if (cur && cur.dataset.sig === nu.dataset.sig) {
        nu = cur;
      } else if (cur) {
        nu = document.importNode(nu, true);
        cur.replaceWith(nu);
      } else {
        nu = document.importNode(nu, true);
      }
      if (redrawn.indexOf(nu.dataset.id) >= 0) {
        nu.classList.add("flash");
        setTimeout(function (n) { n.classList.remove("flash"); }, 1500, nu);
      }
      var want = prev ? prev.nextElementSibling : main.firstElementChild;
      if (want !== nu) { main.insertBefore(nu, want); }
      prev = nu;
    });
    Object.keys(old).forEach(function (id) { old[id].remove(); });
    parts.dataset.seq = fresh.querySelector("#summary") ? fresh.querySelector("#summary").dataset.seq : "";
    filter();
  }

  var loading = null, again = [], dirty = false;
  function refresh(redrawn) {
    if (loading) { again = again.concat(redrawn); dirty = true; return; } // one fetch at a time, then the latest
    var url = "/teile/karten" + (lang ? "?lang=" + encodeURIComponent(lang) : "");
    loading = fetch(url, { cache: "no-store" }).then(function (r) { return r.text(); }).then(function (html) {
      var doc = new DOMParser().parseFromString(html, "text/html");
      merge(doc, redrawn);
    }).catch(function () {}).then(function () {
      loading = null;
      if (dirty) { var r = again; again = []; dirty = false; refresh(r); }
    });
  }

  var es = new EventSource("/events");
  es.addEventListener("hello", function () {
    status.textContent = status.dataset.live;
    status.className = "status live";
    if (document.body.dataset.connected) { refresh([]); } // catch up after a reconnect
    document.body.dataset.connected = "1";
  });
  es.addEventListener("changed", function (e) {
    var data = {};
    try { data = JSON.parse(e.data); } catch (err) {}
    refresh(data.cards || []);
  });
  es.onerror = function () {
    status.textContent = status.dataset.lost;
    status.className = "status lost";
  };
  filter();
})();
