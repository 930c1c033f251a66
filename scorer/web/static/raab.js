// druckreif scorer: the stand-ins of Schlag den Raab on the phones — the
// spinner's wheel, the buzzer with the phone's clock synchronised to the
// server's, the sand timer; with sound and vibration where the phone
// allows. No inline script anywhere (the Content-Security-Policy forbids
// it); the server decides who was first (scorer/buzzer.go).
(function () {
  "use strict";
  var en = document.documentElement.lang === "en";
  function t(de, english) { return en ? english : de; }
  function local() { return performance.timeOrigin + performance.now(); }
  function sleep(ms) { return new Promise(function (r) { setTimeout(r, ms); }); }

  // ------------------------------------------------------------ sound
  var audio = null;
  function unlockAudio() {
    var AC = window.AudioContext || window.webkitAudioContext;
    if (!audio && AC) { try { audio = new AC(); } catch (e) { audio = null; } }
    if (audio && audio.state === "suspended") { audio.resume(); }
  }
  document.addEventListener("pointerdown", unlockAudio, { capture: true, passive: true });
  function beep(freq, ms, times, gap) {
    if (!audio) return;
    for (var i = 0; i < (times || 1); i++) {
      var at = audio.currentTime + i * ((ms + (gap || 80)) / 1000);
      var o = audio.createOscillator(), g = audio.createGain();
      o.frequency.value = freq;
      o.type = "square";
      g.gain.setValueAtTime(0.0001, at);
      g.gain.exponentialRampToValueAtTime(0.25, at + 0.01);
      g.gain.exponentialRampToValueAtTime(0.0001, at + ms / 1000);
      o.connect(g); g.connect(audio.destination);
      o.start(at); o.stop(at + ms / 1000 + 0.02);
    }
  }
  function vibrate(p) { if (navigator.vibrate) { try { navigator.vibrate(p); } catch (e) {} } }

  // ------------------------------------------------------------ clock
  // The phone's clock against the server's: round trips to /api/clock; the
  // one with the shortest time on the wire gives the offset (its error is
  // at most half its round trip). A player's phone hands its samples to the
  // server, which orders the buzzer presses with them.
  var clock = { offset: null, rtt: Infinity, busy: false, at: 0, table: null, posted: 0 };
  function serverNow() { return local() + (clock.offset || 0); }
  async function syncClock(table, post, n) {
    if (clock.busy) return;
    clock.busy = true;
    try {
      var samples = [];
      for (var i = 0; i < n; i++) {
        var t0 = local();
        var res = await fetch("/api/clock", { cache: "no-store", credentials: "same-origin" });
        var body = await res.json();
        var t3 = local();
        samples.push({ t0: t0, t1: body.t1, t2: body.t2, t3: t3 });
        await sleep(30);
      }
      var best = samples[0];
      samples.forEach(function (s) { if ((s.t3 - s.t0) - (s.t2 - s.t1) < (best.t3 - best.t0) - (best.t2 - best.t1)) best = s; });
      clock.offset = ((best.t1 - best.t0) + (best.t2 - best.t3)) / 2;
      clock.rtt = (best.t3 - best.t0) - (best.t2 - best.t1);
      clock.at = Date.now();
      if (post) {
        await fetch("/api/tables/" + table + "/clock", {
          method: "POST", credentials: "same-origin",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ samples: samples })
        });
        clock.posted = Date.now();
        clock.table = table;
      }
    } catch (e) {
      // Offline for a moment: the next sync tries again.
    } finally {
      clock.busy = false;
    }
  }
  // Clocks drift (some 50 ppm: 3 ms a minute): measure again every 30 s
  // while a buzzer is on the screen.
  setInterval(function () {
    var s = document.querySelector(".standins");
    if (!s) return;
    var mine = s.getAttribute("data-mine") !== "";
    if (Date.now() - clock.at > 30000) { syncClock(s.getAttribute("data-table"), mine, 8); }
  }, 5000);

  // ------------------------------------------------------------ events
  // The table's event stream (the one htmx opens for the board) also says
  // when the buzzer or the timer changed.
  if (window.htmx && htmx.createEventSource) {
    var create = htmx.createEventSource;
    htmx.createEventSource = function (url) {
      var es = create(url);
      es.addEventListener("buzzer", function () { refreshBuzzer(); });
      es.addEventListener("timer", function () { refreshTimer(); });
      return es;
    };
  }

  function api(method, path, body) {
    var opt = { method: method, credentials: "same-origin", cache: "no-store", headers: {} };
    if (body !== undefined) { opt.headers["Content-Type"] = "application/json"; opt.body = JSON.stringify(body); }
    return fetch(path, opt).then(function (r) { return r.json().then(function (j) { return { status: r.status, body: j }; }); });
  }

  // ------------------------------------------------------------ buzzer
  var buzz = { state: null, announced: "" };
  function standins() { return document.querySelector(".standins"); }
  function sideOf(s, name) {
    if (name === s.getAttribute("data-red")) return "red";
    if (name === s.getAttribute("data-blue")) return "blue";
    return "";
  }
  function refreshBuzzer() {
    var s = standins();
    if (!s || s.getAttribute("data-buzzer") !== "1") return;
    api("GET", "/api/tables/" + s.getAttribute("data-table") + "/buzzer").then(function (r) {
      if (r.status === 200) renderBuzzer(r.body);
    });
  }
  function renderBuzzer(b) {
    var s = standins();
    if (!s || String(b.version) !== s.getAttribute("data-version")) return;
    buzz.state = b;
    var me = s.getAttribute("data-mine");
    var judge = s.getAttribute("data-judge") === "1";
    var button = s.querySelector("[data-buzz]");
    var status = s.querySelector(".buzzer-status");
    var res = b.result;
    if (button) {
      button.disabled = !b.open;
      button.classList.toggle("pressed", !!b.pressed && !res);
      button.classList.toggle("won", !!res && sideOf(s, res.winner) === me);
      button.classList.toggle("locked", !!res && sideOf(s, res.winner) !== me);
      var label = button.querySelector("span");
      if (res) { label.textContent = sideOf(s, res.winner) === me ? t("DU ZUERST!", "YOU FIRST!") : t("GESPERRT", "LOCKED"); }
      else if (b.pressed) { label.textContent = t("GEDRÜCKT …", "PRESSED …"); }
      else { label.textContent = "BUZZER"; }
    }
    document.querySelectorAll(".verdict-side").forEach(function (v) { v.classList.remove("first"); });
    if (res) {
      var who = res.winner, side = sideOf(s, who);
      var text = who + (side === "red" ? " ●" : side === "blue" ? " ■" : "") + t(" war zuerst", " was first");
      if (judge && res.next) {
        text += " – " + Math.round(res.lead) + " ms " + t("vor", "before") + " " + res.next;
      } else if (judge) {
        text += " – " + t("allein gedrückt", "the only one to press");
      }
      if (status) status.textContent = text + ".";
      var v = document.querySelector(".verdict-" + side);
      if (v) v.classList.add("first");
      var key = b.version + "." + b.round;
      if (buzz.announced !== key) {
        buzz.announced = key;
        if (side === me && me) { beep(1320, 180, 2, 60); vibrate([120, 60, 120]); }
        else { beep(660, 220, 1); vibrate(200); }
      }
    } else if (status) {
      // A round waiting for the slower phones is decided at its deadline
      // by the instance that took the press; should that one be gone,
      // any instance asked after the deadline (at most a second after the
      // first press) decides it: ask again then.
      if (b.waiting && !buzz.retry) {
        buzz.retry = setTimeout(function () { buzz.retry = null; refreshBuzzer(); }, 1200);
      }
      if (b.pressed) status.textContent = t("Gedrückt – wer war zuerst?", "Pressed – who was first?");
      else if (b.open) status.textContent = t("Wer die Antwort weiß, drückt.", "Press if you know the answer.");
      else status.textContent = t("Buzzer frei: wer zuerst drückt, antwortet.", "Buzzers open: whoever presses first answers.");
    }
  }
  document.addEventListener("pointerdown", function (ev) {
    var button = ev.target.closest("[data-buzz]");
    if (!button || button.disabled) return;
    ev.preventDefault();
    // The moment of the touch, on this phone's clock.
    var at = performance.timeOrigin + ev.timeStamp;
    var s = standins();
    button.disabled = true;
    button.classList.add("pressed");
    button.querySelector("span").textContent = t("GEDRÜCKT …", "PRESSED …");
    vibrate(40);
    api("POST", "/api/tables/" + s.getAttribute("data-table") + "/buzzer", { version: parseInt(s.getAttribute("data-version"), 10), at: at })
      .then(function (r) { if (r.status === 200) renderBuzzer(r.body); else refreshBuzzer(); });
  });
  document.addEventListener("click", function (ev) {
    var reset = ev.target.closest("[data-buzz-reset]");
    if (reset) {
      var s = standins();
      api("POST", "/api/tables/" + s.getAttribute("data-table") + "/buzzer/reset", {}).then(function (r) { if (r.status === 200) renderBuzzer(r.body); });
      return;
    }
    var tb = ev.target.closest("[data-timer]");
    if (tb) {
      var box = tb.closest(".timer-controls");
      var kind = tb.getAttribute("data-timer");
      var body = kind === "stop" ? { kind: "sand", stop: true } : { kind: kind, seconds: parseFloat(box.querySelector("input[name=seconds]").value) || 60 };
      api("POST", "/api/tables/" + box.getAttribute("data-table") + "/timer", body).then(function (r) { if (r.status === 200) renderTimer(r.body); });
      return;
    }
    // Wo liegt was?: a tap on the map's square places the die.
    var cell = ev.target.closest(".wo-map.tappable .wo-cell");
    if (cell) {
      var select = document.querySelector(".mypick select.square-select");
      if (select) {
        select.value = cell.getAttribute("data-square");
        select.form.requestSubmit();
      }
    }
  });

  // ------------------------------------------------------------ timer
  var timer = { t: null, tick: null, ended: "" };
  function refreshTimer() {
    var s = standins();
    if (!s) return;
    api("GET", "/api/tables/" + s.getAttribute("data-table") + "/timer").then(function (r) { if (r.status === 200) renderTimer(r.body); });
  }
  function renderTimer(tv) {
    if (clock.offset === null && tv.now) { clock.offset = tv.now - local(); }
    timer.t = tv.timer || null;
    drawTimer();
  }
  function drawTimer() {
    var box = document.querySelector(".standins .timer");
    if (!box) return;
    var tm = timer.t;
    if (!tm || tm.stopped) { box.hidden = true; return; }
    var end = tm.start + tm.seconds * 1000;
    var left = end - serverNow();
    var key = tm.kind + tm.start;
    if (left <= -4000) {
      // A phone that was asleep (or starved) through the last seconds
      // still says the time ran out, behind the hidden box.
      box.querySelector(".timer-left").textContent = t("Zeit um!", "Time's up!");
      box.hidden = true;
      return;
    }
    box.hidden = false;
    box.classList.toggle("count", tm.kind === "count");
    box.classList.toggle("over", left <= 0);
    box.querySelector(".timer-kind").textContent = tm.kind === "count" ? t("Antwort:", "Answer:") : t("Sanduhr", "Sand timer");
    var secs = Math.max(0, Math.ceil(left / 1000));
    var shown = left <= 0 ? t("Zeit um!", "Time's up!") : (tm.kind === "count" ? String(secs - 1 >= 0 ? secs - 1 : 0) : formatSecs(secs));
    var el = box.querySelector(".timer-left");
    if (el.textContent !== shown) {
      el.textContent = shown;
      if (tm.kind === "count" && left > 0) beep(880, 60, 1);
    }
    box.querySelector(".timer-fill").style.width = Math.max(0, Math.min(100, 100 * left / (tm.seconds * 1000))) + "%";
    if (left <= 0 && timer.ended !== key) {
      timer.ended = key;
      beep(520, 300, 3, 120);
      vibrate([300, 100, 300]);
    }
  }
  function formatSecs(n) { var m = Math.floor(n / 60), s = n % 60; return m > 0 ? m + ":" + (s < 10 ? "0" : "") + s : String(s); }
  setInterval(drawTimer, 200);

  // ------------------------------------------------------------ wheel
  // The spinner turns on every phone when the host spins it: four turns
  // and onto the segment it landed on; a game already played moves on
  // clockwise to the next one. Each spin is shown once per phone.
  var WHEEL_MS = 3600;
  function wheel() {
    var svg = document.querySelector("svg.wheel");
    if (!svg) return;
    var rot = svg.querySelector(".wheel-rot");
    var angle = parseFloat(svg.getAttribute("data-angle"));
    var land = parseFloat(svg.getAttribute("data-land"));
    var key = svg.getAttribute("data-key");
    var moved = svg.getAttribute("data-moved") === "1";
    var storeKey = "druckreif-wheel-" + location.pathname;
    var seen = null;
    try { seen = JSON.parse(sessionStorage.getItem(storeKey) || "null"); } catch (e) {}
    rot.style.transition = "none";
    // The headline names the game only when the wheel has stopped.
    function name() {
      window.druckreifNamedSpin = key;
      document.querySelectorAll("[data-after-spin]").forEach(function (n) { n.hidden = false; });
      document.querySelectorAll("[data-while-spin]").forEach(function (n) { n.hidden = true; });
    }
    var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (!key || still || (seen && seen.key === key && Date.now() - seen.at > WHEEL_MS + 1600)) {
      rot.style.transform = "rotate(" + angle + "deg)";
      name();
      return;
    }
    var started = seen && seen.key === key ? seen.at : Date.now();
    if (!seen || seen.key !== key) {
      try { sessionStorage.setItem(storeKey, JSON.stringify({ key: key, at: started })); } catch (e) {}
    }
    var target = land - 4 * 360;
    var left = Math.max(0, WHEEL_MS - (Date.now() - started));
    rot.style.transform = "rotate(" + (left > 0 ? 0 : target) + "deg)";
    void rot.getBoundingClientRect();
    if (left > 0) {
      rot.style.transition = "transform " + left + "ms cubic-bezier(.12,.7,.2,1)";
      rot.style.transform = "rotate(" + target + "deg)";
      vibrate(30);
    }
    if (moved) {
      setTimeout(function () {
        rot.style.transition = "transform 1200ms ease-in-out";
        rot.style.transform = "rotate(" + (angle - 4 * 360) + "deg)";
      }, left + 500);
      setTimeout(name, left + 1700);
    } else {
      setTimeout(function () { beep(990, 120, 1); name(); }, left);
    }
  }

  // ------------------------------------------------------------ boards
  function setUp() {
    var s = standins();
    wheel();
    if (!s) return;
    var table = s.getAttribute("data-table");
    var mine = s.getAttribute("data-mine") !== "";
    var button = s.querySelector("[data-buzz]");
    // A duel's players measure their clock as soon as they see the duel,
    // before the first question; everyone else for the timer only.
    if (mine && (clock.table !== table || Date.now() - clock.posted > 30000)) {
      syncClock(table, true, 10).then(refreshBuzzer);
    } else if (clock.offset === null) {
      syncClock(table, false, 6);
    }
    if (s.getAttribute("data-buzzer") === "1") {
      if (button && buzz.state && String(buzz.state.version) === s.getAttribute("data-version")) renderBuzzer(buzz.state);
      refreshBuzzer();
    }
    refreshTimer();
  }
  document.addEventListener("DOMContentLoaded", setUp);
  document.addEventListener("htmx:afterSettle", setUp);
})();
