// A round's clock, counted down to the second from the time the server set (data-clock-ends,
// in seconds since 1970); the page that shows it is drawn again as the event moves on.
(function () {
  "use strict";
  function tick() {
    document.querySelectorAll("[data-clock-ends]").forEach(function (clock) {
      var left = Math.round(Number(clock.dataset.clockEnds) - Date.now() / 1000);
      if (isNaN(left)) return;
      if (left <= 0) {
        clock.textContent = "Time!";
        return;
      }
      var minutes = Math.floor(left / 60);
      var seconds = String(left % 60).padStart(2, "0");
      clock.textContent = minutes + ":" + seconds + " left";
      clock.classList.toggle("warning", left <= 120);
    });
  }
  tick();
  setInterval(tick, 1000);
  // The board's live part is drawn again by the server when the event moves on.
  document.addEventListener("htmx:afterSettle", tick);
})();
