/* The room board, when its server pushes the board's updates (server-sent events).

   Each part of the board carries data-seq, the moment its drawing began on the server: a part
   drawn later shows every change committed before that moment. Pushed parts and polled ones
   can reach the phone out of that order, so before any of them is swapped in, each part
   (the whole live part, or a table's line) already shown newer is kept as it is.

   While the stream is open the board polls only when the stream has been silent for 10 s (a
   quiet room, or a stream gone quiet), and once a minute whatever comes, in case a pushed
   update went astray (a table's next line, drawn whole, mends a lost one). While the stream is
   down, or after a poll brought a table's line the stream never did (its server no longer
   hears the updates), the board polls on its usual beat, until the stream speaks again. */
(function () {
  "use strict";

  var SILENT_MS = 10000;
  var SAFETY_POLL_MS = 60000;
  var streamOpen = false;
  var lastPoll = 0;
  var lastHeard = 0;
  var missed = false; // a poll brought a line the stream never did
  var catchingUp = false; // the poll out is the one that follows the stream's opening

  function version(element) {
    return Number(element.getAttribute("data-version") || 0);
  }

  function seq(element) {
    return Number(element.getAttribute("data-seq") || 0);
  }

  function newerShown(part) {
    var shown = part.id ? document.getElementById(part.id) : null;
    return shown && seq(shown) > seq(part) ? shown : null;
  }

  htmx.defineExtension("board-order", {
    transformResponse: function (text, xhr, elt) {
      var polled = Boolean(elt && elt.id === "board-live");
      var drawn = document.createElement("template");
      drawn.innerHTML = text;
      var top = drawn.content.firstElementChild;
      if (!top || !top.hasAttribute("data-seq")) {
        return text;
      }
      var shown = newerShown(top);
      if (shown) {
        return shown.outerHTML;
      }
      drawn.content.querySelectorAll("[data-seq]").forEach(function (part) {
        var kept = newerShown(part);
        if (kept) {
          part.replaceWith(kept.cloneNode(true));
          return;
        }
        var onScreen = part.id ? document.getElementById(part.id) : null;
        if (polled && !catchingUp && onScreen && version(part) > version(onScreen)) {
          missed = true;
        }
      });
      return drawn.innerHTML;
    },
  });

  document.addEventListener("htmx:sseOpen", function () {
    streamOpen = true;
    lastPoll = 0; // one poll on the next beat catches up with what came before the stream
    lastHeard = Date.now();
  });
  document.addEventListener("htmx:sseError", function () {
    streamOpen = false;
  });
  document.addEventListener("htmx:sseBeforeMessage", function () {
    lastHeard = Date.now();
    missed = false;
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (event.detail.elt.id !== "board-live") {
      return;
    }
    catchingUp = streamOpen && lastPoll === 0;
    if (!streamOpen || missed) {
      return;
    }
    var now = Date.now();
    var due = lastPoll === 0 || now - lastPoll >= SAFETY_POLL_MS;
    if (!due && Math.min(now - lastHeard, now - lastPoll) < SILENT_MS) {
      event.preventDefault();
      return;
    }
    lastPoll = now;
  });
})();
