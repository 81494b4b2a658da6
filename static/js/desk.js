// The director's desk. Its changing part (the round, the tables, the standings) is drawn
// again by the server when the event moves on, found by a poll every few seconds (htmx, in
// the page's own markup): what the director had opened in it (a standings line's "How")
// stays open in the new drawing. Without this file the desk works as ever, only folded.
(function () {
  "use strict";
  var opened = [];
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (!target || target.id !== "desk-live") { return; }
    opened = Array.prototype.map.call(
      target.querySelectorAll("details[open][id]"),
      function (details) { return details.id; }
    );
  });
  document.addEventListener("htmx:afterSettle", function () {
    opened.forEach(function (id) {
      var details = document.getElementById(id);
      if (details) { details.open = true; }
    });
    opened = [];
  });
})();
