// A round's clock, counted down to the second from the server's time: data-clock-ends is the
// zero and data-clock-now the server's time when the page was drawn (both in seconds since
// 1970), so every phone and the board show the same time left whatever their own clocks say.
// Two minutes before zero the clock turns to its warning (said to a screen reader, with a
// short buzz where the phone can); at zero it says data-clock-zero, and tells the page
// ("clock-zero" on the body) so a table's phone shows the time called without a reload.
(function () {
  "use strict";
  var WARNING = 120;
  function secondsLeft(clock) {
    var now = Date.now() / 1000;
    if (!clock.dataset.clockSeen) clock.dataset.clockSeen = String(now);
    var serverNow = Number(clock.dataset.clockNow || clock.dataset.clockSeen);
    return Math.ceil(Number(clock.dataset.clockEnds) - serverNow - (now - Number(clock.dataset.clockSeen)));
  }
  function warn(clock) {
    var say = clock.parentElement && clock.parentElement.querySelector("[data-clock-warning]");
    if (say) say.textContent = say.dataset.clockWarning;
    if (navigator.vibrate) navigator.vibrate(200);
  }
  function tick() {
    document.querySelectorAll("[data-clock-ends]").forEach(function (clock) {
      var left = secondsLeft(clock);
      if (isNaN(left)) return;
      if (left <= 0) {
        clock.textContent = clock.dataset.clockZero || "Time!";
        clock.classList.add("warning");
        // Zero reached since the page was drawn: its live part asks the server again, which
        // calls the time as it draws it (the game page's "clock-zero" trigger); once.
        // Only once htmx listens (its DOMContentLoaded handler runs before ours): said while
        // the page was still loading, nobody would hear it.
        var drawnBefore = Number(clock.dataset.clockNow) < Number(clock.dataset.clockEnds);
        if (ready && drawnBefore && !clock.dataset.clockZeroSaid) {
          clock.dataset.clockZeroSaid = "1";
          document.body.dispatchEvent(new CustomEvent("clock-zero"));
        }
        return;
      }
      var minutes = Math.floor(left / 60);
      var seconds = String(left % 60).padStart(2, "0");
      var late = left <= WARNING;
      clock.textContent = minutes + ":" + seconds + " left" + (late ? " · last 2 minutes" : "");
      clock.classList.toggle("warning", late);
      // Said when the clock crosses into its last two minutes, not on a page opened after.
      if (late && Number(clock.dataset.clockPrevious) > WARNING) warn(clock);
      clock.dataset.clockPrevious = String(left);
    });
  }
  var ready = document.readyState === "complete";
  if (!ready) {
    document.addEventListener("DOMContentLoaded", function () {
      ready = true;
      tick();
    });
  }
  tick();
  setInterval(tick, 1000);
  // The board's live part is drawn again by the server when the event moves on.
  document.addEventListener("htmx:afterSettle", tick);
})();
