// druckreif scorer: the few things a page needs beyond htmx. No inline
// script anywhere (the Content-Security-Policy forbids it).
(function () {
  "use strict";
  // The number pad of The Game types into the form's card field.
  document.addEventListener("click", function (ev) {
    var b = ev.target.closest("button[data-digit], button[data-back]");
    if (!b) return;
    var form = b.closest("form");
    var input = form && form.querySelector("input[name=value]");
    if (!input) return;
    if (b.hasAttribute("data-back")) {
      input.value = input.value.slice(0, -1);
    } else if (input.value.length < 2) {
      input.value += b.getAttribute("data-digit");
    }
    var box = form.querySelector("input[name=confirmed]");
    if (box && input.value !== "") box.checked = false;
  });
  // Live updates. Every event names the table's version (and, for secret
  // choices, how many are in). htmx drops a trigger while the board's
  // request is in flight, so a change announced meanwhile would be lost:
  // remember the newest announcement and fetch again after each swap
  // until the board shows it.
  var announced = { version: -1, chosen: -1 };
  function behind(board) {
    var v = parseInt(board.getAttribute("data-version"), 10);
    var p = parseInt(board.getAttribute("data-pending"), 10);
    return announced.version > v || (announced.version === v && announced.chosen > p);
  }
  function note(data) {
    try {
      var d = JSON.parse(data);
      if (d.version > announced.version) { announced.version = d.version; announced.chosen = -1; }
      if (d.version === announced.version && d.chosen) { announced.chosen = Math.max(announced.chosen, d.chosen); }
    } catch (e) {}
  }
  document.addEventListener("htmx:sseMessage", function (ev) {
    note(ev.detail.data);
    // A short buzz when the table changes under this phone's eyes.
    if (navigator.vibrate) { try { navigator.vibrate(30); } catch (e) {} }
  });
  // Changes in quick succession can reach only a board that was just
  // swapped out (its listener is gone before the new one is there): hear
  // every event on the stream itself, so that a board left behind is
  // fetched again.
  if (window.htmx && htmx.createEventSource) {
    var create = htmx.createEventSource;
    htmx.createEventSource = function (url) {
      var es = create(url);
      es.addEventListener("message", function (ev) { note(ev.data); });
      es.addEventListener("secrets", function (ev) { note(ev.data); });
      return es;
    };
  }
  // Refusals: htmx swaps no error answer by itself. A board that says why
  // (someone was faster, the rules refuse) replaces the board; a reason
  // alone (the database cannot be reached just now) is shown on the board
  // the phone has, until the next board replaces it.
  document.addEventListener("htmx:beforeSwap", function (ev) {
    var xhr = ev.detail.xhr;
    if (xhr.status < 400) return;
    var type = xhr.getResponseHeader("Content-Type") || "";
    if (type.indexOf("text/html") === 0 && xhr.responseText.indexOf('id="board"') >= 0) {
      ev.detail.shouldSwap = true;
      ev.detail.isError = false;
      return;
    }
    var board = document.getElementById("board");
    if (type.indexOf("text/plain") !== 0 || !board) return;
    var old = board.querySelector("p.problem.outage");
    if (old) old.remove();
    var p = document.createElement("p");
    p.className = "problem outage";
    p.setAttribute("role", "alert");
    p.textContent = xhr.responseText;
    // Where the phone tapped: above the button's form, in sight.
    var form = ev.detail.elt && ev.detail.elt.closest && ev.detail.elt.closest("form");
    if (form && board.contains(form)) {
      form.parentNode.insertBefore(p, form);
    } else {
      board.insertBefore(p, board.firstChild);
    }
    p.scrollIntoView({ block: "nearest" });
  });
  document.addEventListener("htmx:afterSettle", function () {
    var board = document.getElementById("board");
    if (board && behind(board)) { htmx.trigger(board, "refresh"); }
  });
  // A refresh asked for while another request was in flight can still be
  // lost (changes in quick succession): look again every second.
  setInterval(function () {
    var board = document.getElementById("board");
    if (board && behind(board) && !board.classList.contains("htmx-request")) { htmx.trigger(board, "refresh"); }
  }, 1000);
})();
