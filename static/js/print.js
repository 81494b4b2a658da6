// A "Print" button (data-print) opens the browser's print dialog; without JavaScript it stays
// hidden and the browser's own Print does the same.
(function () {
  "use strict";
  document.querySelectorAll("[data-print]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { window.print(); });
  });
})();
