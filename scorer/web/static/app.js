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

  // Morphing swaps (idiomorph): a live update merges into the page
  // instead of replacing it, so what a person is doing stays — the field
  // being typed in, a chip and a tip picked but not sent, an opened fold,
  // the scroll position. The package's own htmx glue evaluates options
  // with Function, which the CSP forbids: this is the glue.
  function isField(el) {
    return el.nodeType === 1 && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT");
  }
  // dirty: the person changed the field since the page last set it.
  function dirty(el) {
    if (el.type === "hidden") return false;
    if (el.type === "radio" || el.type === "checkbox") return el.checked !== el.defaultChecked;
    if (el.tagName === "SELECT") {
      // A list with no option marked selected shows its first: that is
      // the page's value, not a choice.
      var marked = false;
      for (var j = 0; j < el.options.length; j++) marked = marked || el.options[j].defaultSelected;
      for (var i = 0; i < el.options.length; i++) {
        var byPage = el.options[i].defaultSelected || (!marked && !el.multiple && i === 0);
        if (el.options[i].selected !== byPage) return true;
      }
      return false;
    }
    return el.value !== el.defaultValue;
  }
  // Idiomorph matches old and new nodes by their place: where the board
  // changed around a field (a row of the table's entry gone because that
  // player chose on their own phone) it may build the field anew, and the
  // pick would be lost. So what the person changed is also noted by form
  // and name before the swap and put back after it.
  function fieldKey(el) {
    var f = el.form, k = "";
    if (f) {
      var kind = f.querySelector("input[type=hidden][name=type]");
      k = (f.getAttribute("action") || "") + "#" + (kind ? kind.value : "");
    }
    k += "|" + el.name;
    if (el.type === "radio" || el.type === "checkbox") k += "=" + el.value;
    return k;
  }
  function fields(root) {
    return root.querySelectorAll("input[name], select[name], textarea[name]");
  }
  function noteFields(root) {
    var kept = {};
    fields(root).forEach(function (el) {
      if (!dirty(el)) return;
      var v;
      if (el.tagName === "SELECT") {
        v = Array.prototype.filter.call(el.options, function (o) { return o.selected; }).map(function (o) { return o.value; });
      } else if (el.type === "radio" || el.type === "checkbox") {
        v = el.checked;
      } else {
        v = el.value;
      }
      kept[fieldKey(el)] = v;
    });
    return kept;
  }
  function putBack(root, kept) {
    fields(root).forEach(function (el) {
      var k = fieldKey(el);
      if (!Object.prototype.hasOwnProperty.call(kept, k) || el.disabled) return;
      var v = kept[k];
      if (el.tagName === "SELECT") {
        var offered = Array.prototype.some.call(el.options, function (o) { return v.indexOf(o.value) >= 0; });
        if (offered) Array.prototype.forEach.call(el.options, function (o) { o.selected = v.indexOf(o.value) >= 0; });
      } else if (el.type === "radio" || el.type === "checkbox") {
        el.checked = v;
      } else if (el.value !== v) {
        el.value = v;
      }
    });
  }
  var morphOptions = {
    morphStyle: "outerHTML",
    // Not idiomorph's own: it would also keep a tapped button's value and
    // label while the board under it changes.
    ignoreActiveValue: false,
    callbacks: {
      beforeNodeMorphed: function (oldNode) {
        // A changed field, or the one being typed in, stays as the person
        // left it.
        return !(isField(oldNode) && (dirty(oldNode) || (oldNode === document.activeElement && oldNode.type !== "hidden" && oldNode.tagName !== "SELECT")));
      },
      beforeAttributeUpdated: function (name, node, mutation) {
        // A fold the person opened (or closed) stays so.
        if (node.tagName === "DETAILS" && name === "open" && node.dataset.user) {
          return (mutation === "remove") === (node.dataset.user === "closed");
        }
        // Once the spinner has stopped, the game it landed on stays named
        // (raab.js): live updates do not hide it again.
        if (name === "hidden" && window.druckreifNamedSpin) {
          var spin = node.getAttribute("data-after-spin") || node.getAttribute("data-while-spin");
          if (spin && spin === window.druckreifNamedSpin) return false;
        }
        // What a script animates (the spinner) keeps its style.
        if (name === "style" && node.hasAttribute("data-script-style")) return false;
        return true;
      }
    }
  };
  if (window.htmx && window.Idiomorph) {
    htmx.defineExtension("morph", {
      isInlineSwap: function (swapStyle) { return swapStyle === "morph"; },
      handleSwap: function (swapStyle, target, fragment) {
        if (swapStyle !== "morph") return;
        var id = target.id;
        var kept = noteFields(target);
        var made = Idiomorph.morph(target, fragment.children, morphOptions);
        // htmx initialises what the swap returns and everything in it:
        // the element as it now is in the page (morphed, it is still the
        // same node), so that forms the update brought in work.
        var live = target.isConnected ? target : (id && document.getElementById(id));
        // At once, not at the settle 20 ms later: a tap in between would
        // send a form htmx has not taken over yet as a page load.
        if (live) {
          putBack(live, kept);
          htmx.process(live);
        }
        return live ? [live] : made;
      }
    });
  }
  document.addEventListener("toggle", function (ev) {
    var d = ev.target;
    if (d.tagName === "DETAILS") d.dataset.user = d.open ? "open" : "closed";
  }, true);

  // Live updates. Every event names the table's version (and, for secret
  // choices, how many are in). htmx drops a trigger while the board's
  // request is in flight, so a change announced meanwhile would be lost:
  // remember the newest announcement and fetch again after each swap
  // until the board shows it.
  var announced = { version: -1, chosen: -1 };
  function shown(board) {
    return { version: parseInt(board.getAttribute("data-version"), 10), pending: parseInt(board.getAttribute("data-pending"), 10) };
  }
  function behind(board) {
    var s = shown(board);
    return announced.version > s.version || (announced.version === s.version && announced.chosen > s.pending);
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
  // fetched again. A rematch takes this phone to its seat at the new table.
  if (window.htmx && htmx.createEventSource) {
    var create = htmx.createEventSource;
    htmx.createEventSource = function (url) {
      var es = create(url);
      es.addEventListener("message", function (ev) { note(ev.data); });
      es.addEventListener("secrets", function (ev) { note(ev.data); });
      es.addEventListener("rematch", function (ev) { followRematch(ev.data); });
      return es;
    };
  }
  // The board's own request carries the version and count it shows, so
  // that its attributes never change (htmx would re-initialise it, and
  // the event stream's listeners would pile up).
  document.addEventListener("htmx:configRequest", function (ev) {
    var elt = ev.detail.elt;
    if (elt.id === "board" && ev.detail.verb === "get") {
      var s = shown(elt);
      ev.detail.parameters.v = s.version;
      ev.detail.parameters.p = s.pending;
      // A seat taken or freed changes the table's invitation, not the game.
      var why = ev.detail.triggeringEvent;
      if (why && why.type === "sse:seats") ev.detail.parameters.seats = 1;
    }
    // Every action carries a key of its own: tapped twice, or sent again
    // after a dropped connection, it is applied once.
    if (ev.detail.verb === "post" && elt.tagName === "FORM") {
      if (!elt.dataset.idem) elt.dataset.idem = newKey();
      ev.detail.headers["Idempotency-Key"] = elt.dataset.idem;
    }
  });
  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var b = new Uint8Array(16);
    crypto.getRandomValues(b);
    return Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join("");
  }

  // Answers. A board older than the one shown (a refresh begun before this
  // phone's own action) is not swapped in. A sent form is cleared only when
  // its action went through; refused, it keeps what was typed, and the
  // reason appears beside it, in sight and read out. A reason alone (the
  // database cannot be reached just now) goes above the form too.
  var lastForm = null;
  document.addEventListener("htmx:beforeRequest", function (ev) {
    if (ev.detail.elt.tagName === "FORM") lastForm = ev.detail.elt;
  });
  // Answered (whatever the answer), the next tap is a new action with a
  // key of its own; unanswered (the connection dropped), a tap again sends
  // the same key, and the server applies it at most once.
  document.addEventListener("htmx:afterRequest", function (ev) {
    var elt = ev.detail.elt;
    if (elt && elt.dataset && ev.detail.xhr && ev.detail.xhr.status) delete elt.dataset.idem;
  });
  document.addEventListener("htmx:beforeSwap", function (ev) {
    var xhr = ev.detail.xhr;
    var board = document.getElementById("board");
    var type = xhr.getResponseHeader("Content-Type") || "";
    var isBoard = type.indexOf("text/html") === 0 && xhr.responseText.indexOf('id="board"') >= 0;
    if (isBoard && board) {
      var m = /id="board"[^>]*data-version="(\d+)"/.exec(xhr.responseText);
      if (m && parseInt(m[1], 10) < shown(board).version) {
        ev.detail.shouldSwap = false;
        return;
      }
    }
    if (xhr.status < 400) {
      var f = ev.detail.requestConfig && ev.detail.requestConfig.elt;
      if (f && f.tagName === "FORM" && ev.detail.requestConfig.verb === "post") f.reset();
      return;
    }
    if (isBoard) {
      ev.detail.shouldSwap = true;
      ev.detail.isError = false;
      return;
    }
    if (type.indexOf("text/plain") !== 0 || !board) return;
    var p = document.createElement("p");
    p.className = "problem outage";
    p.setAttribute("role", "alert");
    p.textContent = xhr.responseText;
    place(p, ev.detail.elt, board);
  });
  // place puts a refusal beside the form that caused it (or at the top of
  // the board), scrolled into view.
  function place(p, elt, board) {
    document.querySelectorAll("#board p.problem.placed, #board p.problem.outage").forEach(function (old) { if (old !== p) old.remove(); });
    var form = elt && elt.closest && elt.closest("form");
    if (form && board.contains(form)) {
      form.parentNode.insertBefore(p, form);
    } else if (p.parentNode !== board) {
      board.insertBefore(p, board.firstChild);
    }
    p.classList.add("placed");
    p.scrollIntoView({ block: "center", behavior: reduced() ? "auto" : "smooth" });
  }
  function reduced() {
    return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  }
  document.addEventListener("htmx:afterSettle", function (ev) {
    var board = document.getElementById("board");
    if (!board) return;
    var fault = board.querySelector("p.problem[data-fault]");
    if (fault && lastForm && ev.detail.xhr && ev.detail.xhr.status >= 400) place(fault, lastForm, board);
    if (behind(board)) { htmx.trigger(board, "refresh"); }
    revealFolds();
    solutionTimers();
  });
  // A refresh asked for while another request was in flight can still be
  // lost (changes in quick succession): look again every second.
  setInterval(function () {
    var board = document.getElementById("board");
    if (board && behind(board) && !board.classList.contains("htmx-request")) { htmx.trigger(board, "refresh"); }
  }, 1000);
  // Back on the Wi-Fi after a while: look at once (the event stream takes
  // up to its retry to come back).
  window.addEventListener("online", function () {
    var board = document.getElementById("board");
    if (board) htmx.trigger(board, "refresh");
  });

  // The reveal: "Weiter" folds it on this phone only; it stays folded
  // after the next live update (it ends on every phone when the next
  // question is drawn).
  function revealFolds() {
    document.querySelectorAll("[data-reveal]").forEach(function (r) {
      var key = "druckreif-reveal-" + r.getAttribute("data-reveal");
      try { if (sessionStorage.getItem(key)) r.classList.add("folded"); } catch (e) {}
    });
  }
  document.addEventListener("click", function (ev) {
    var b = ev.target.closest("button[data-fold]");
    if (!b) return;
    var r = b.closest("[data-reveal]");
    if (!r) return;
    r.classList.add("folded");
    try { sessionStorage.setItem("druckreif-reveal-" + r.getAttribute("data-reveal"), "1"); } catch (e) {}
  });
  document.addEventListener("click", function (ev) {
    var b = ev.target.closest("button[data-unfold]");
    if (!b) return;
    var r = b.closest("[data-reveal]");
    if (r) r.classList.remove("folded");
  });

  // Solutions on the table's phone: shown on a deliberate tap, hidden
  // again after ten seconds or at the next update.
  var solutionTimer = null;
  document.addEventListener("click", function (ev) {
    var b = ev.target.closest("button[data-show-solution]");
    if (!b) return;
    var id = b.getAttribute("data-show-solution");
    var boxes = document.querySelectorAll('[data-solution="' + id + '"]');
    if (!boxes.length) return;
    boxes.forEach(function (box) { box.hidden = false; });
    b.hidden = true;
    clearTimeout(solutionTimer);
    solutionTimer = setTimeout(hideSolutions, 10000);
  });
  function hideSolutions() {
    document.querySelectorAll("[data-solution]").forEach(function (s) { s.hidden = true; });
    document.querySelectorAll("button[data-show-solution]").forEach(function (b) { b.hidden = false; });
  }
  function solutionTimers() { hideSolutions(); }

  // Rematch: the phones at the old table follow to their own seats at the
  // new one, without a new scan.
  function followRematch(data) {
    var id = "";
    try { id = JSON.parse(data).id; } catch (e) { return; }
    var board = document.getElementById("board");
    var from = board && board.getAttribute("data-table");
    if (!id || !from) return;
    var f = document.createElement("form");
    f.method = "post";
    f.action = "/t/" + from + "/follow";
    var i = document.createElement("input");
    i.type = "hidden"; i.name = "to"; i.value = id;
    f.appendChild(i);
    document.body.appendChild(f);
    f.submit();
  }
})();
