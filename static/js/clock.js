// A round's clock, counted down from the time the server set (data-clock-ends, ISO 8601), to
// the second; the page that shows it is drawn again by the server as the event moves on.
(function () {
  "use strict";
  function tick() {
    document.querySelectorAll("[data-clock-ends]").forEach(function (clock) {
      var left = Math.round((Date.parse(clock.dataset.clockEnds) - Date.now()) / 1000);
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
})();
