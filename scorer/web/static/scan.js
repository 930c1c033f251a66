// druckreif scorer: read a printed card's QR code — from a photo (works
// over plain http on every phone) or live from the camera (browsers allow
// the camera only in a secure context: https or localhost). The browser's
// BarcodeDetector decodes where there is one, jsQR (vendored) elsewhere.
// The code's text (ID/VERSION) goes into the form's card field, and the
// form is sent.
(function () {
  "use strict";

  function detect(source, w, h) {
    if ("BarcodeDetector" in window) {
      try {
        var bd = new window.BarcodeDetector({ formats: ["qr_code"] });
        return bd.detect(source).then(function (codes) {
          return codes.length ? codes[0].rawValue : fallback(source, w, h);
        }, function () { return fallback(source, w, h); });
      } catch (e) { /* not for this source: fall back */ }
    }
    return Promise.resolve(fallback(source, w, h));
  }

  function fallback(source, w, h) {
    if (!window.jsQR) return null;
    var canvas = document.createElement("canvas");
    // Large photos are scaled down: jsQR needs no more than ~1600 px.
    var s = Math.min(1, 1600 / Math.max(w, h));
    canvas.width = Math.round(w * s);
    canvas.height = Math.round(h * s);
    var ctx = canvas.getContext("2d", { willReadFrequently: true });
    ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
    var img = ctx.getImageData(0, 0, canvas.width, canvas.height);
    var code = window.jsQR(img.data, img.width, img.height, { inversionAttempts: "dontInvert" });
    return code ? code.data : null;
  }

  function found(box, text) {
    var note = box.querySelector("[data-scan-note]");
    var form = box.closest("form");
    var field = form && form.querySelector("[data-scan-target]");
    if (!text) {
      if (note) note.textContent = note.getAttribute("data-none");
      return false;
    }
    if (note) note.textContent = note.getAttribute("data-found") + text;
    if (field) field.value = text;
    if (form) {
      if (form.requestSubmit) form.requestSubmit(); else form.submit();
    }
    return true;
  }

  document.addEventListener("change", function (ev) {
    var input = ev.target;
    if (!input.matches || !input.matches("[data-scan-photo]") || !input.files || !input.files[0]) return;
    var box = input.closest("[data-scan]");
    var url = URL.createObjectURL(input.files[0]);
    var img = new Image();
    img.onload = function () {
      detect(img, img.naturalWidth, img.naturalHeight).then(function (text) {
        URL.revokeObjectURL(url);
        found(box, text);
      });
    };
    img.src = url;
  });

  function live(box) {
    var video = box.querySelector("[data-scan-video]");
    navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false }).then(function (stream) {
      video.srcObject = stream;
      video.hidden = false;
      video.play();
      var stop = function () { stream.getTracks().forEach(function (t) { t.stop(); }); video.hidden = true; };
      var tries = 0;
      var tick = function () {
        if (!document.body.contains(video)) { stop(); return; }
        if (video.readyState < 2) { setTimeout(tick, 100); return; }
        detect(video, video.videoWidth, video.videoHeight).then(function (text) {
          if (text) { stop(); found(box, text); return; }
          if (++tries > 600) { stop(); return; } // about a minute
          setTimeout(tick, 100);
        });
      };
      tick();
    }, function (err) {
      var note = box.querySelector("[data-scan-note]");
      if (note) note.textContent = String(err && err.message || err);
    });
  }

  document.addEventListener("click", function (ev) {
    var b = ev.target.closest && ev.target.closest("[data-scan-live]");
    if (b) live(b.closest("[data-scan]"));
  });

  // Live scanning only where the browser allows the camera; elsewhere say
  // where the secure address is.
  function setup(root) {
    (root.querySelectorAll ? root : document).querySelectorAll("[data-scan]").forEach(function (box) {
      var liveBtn = box.querySelector("[data-scan-live]");
      var ok = window.isSecureContext && navigator.mediaDevices && navigator.mediaDevices.getUserMedia;
      if (liveBtn) liveBtn.hidden = !ok;
      var hint = box.querySelector("[data-secure-url]");
      var note = box.querySelector("[data-scan-note]");
      if (!ok && hint && note && !note.textContent) {
        hint.hidden = false;
        hint.textContent = note.getAttribute("data-insecure") + hint.getAttribute("data-secure-url");
      }
    });
  }
  document.addEventListener("DOMContentLoaded", function () { setup(document); });
  document.addEventListener("htmx:afterSettle", function (ev) { setup(ev.target || document); });
})();
