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
  // A short buzz when the table changes under this phone's eyes.
  document.addEventListener("htmx:sseMessage", function () {
    if (navigator.vibrate) { try { navigator.vibrate(30); } catch (e) {} }
  });
})();
