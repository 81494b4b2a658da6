// The share page's copy buttons. Without JavaScript (or without a clipboard) the buttons stay
// hidden and the link is a read-only field to select and copy by hand.
(function () {
  "use strict";

  function note(button, text) {
    var out = button.parentNode.querySelector(".copy-note");
    if (out) out.textContent = text;
  }

  function copy(button) {
    var field = document.getElementById(button.getAttribute("data-copy"));
    if (!field) return;
    var done = function () { note(button, "Copied."); };
    var failed = function () {
      field.focus();
      field.select();
      note(button, "Couldn't copy: the link is selected, copy it from the field.");
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(field.value).then(done, failed);
    } else {
      failed();
    }
  }

  function start() {
    document.querySelectorAll("button.copy-link").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () { copy(button); });
    });
    // A tap on the field selects the whole link, ready to copy.
    document.querySelectorAll("input.link-text").forEach(function (field) {
      field.addEventListener("focus", function () { field.select(); });
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
