/* The room board on a projector: everything on one screen, no scrolling and nothing to tap.

   Each list of the board (its tables, where the teams sit, the standings, the places: an
   element with data-pages, its lines the children of its data-page-body) that doesn't fit its
   share of the screen shows a page of lines at a time, turned every 10 s, with "page 1 of 3"
   beside its title (data-page-label). A page holds as many lines as fit, as drawn: a long
   name taking two lines takes their room.

   The board's live part is swapped in anew by its polls (or a table's line by a push): each
   swap is paged again at once, before the browser paints it, on the page each list was
   showing, so the polls never turn a page back or forward. On a narrow or short screen (a
   phone) nothing is paged and the page scrolls; without JavaScript the board lists
   everything. board.css sizes the lists to the screen under .board.paged. */
(function () {
  "use strict";

  var TURN_MS = 10000;
  // The projector's layout (board.css's grid), tall enough to share among the lists.
  var SCREEN = window.matchMedia("(min-width: 60rem) and (min-height: 30rem)");
  var shown = {}; // each list's page on screen, by its data-pages name
  var counts = {}; // and how many pages it has

  function pages(list, body, lines) {
    // The room for lines: from the top of the first to the bottom of the list's own box.
    var style = getComputedStyle(list);
    var bottom =
      list.getBoundingClientRect().bottom -
      parseFloat(style.borderBottomWidth) -
      parseFloat(style.paddingBottom);
    var room = bottom - body.getBoundingClientRect().top;
    var found = [[]];
    var used = 0;
    lines.forEach(function (line) {
      var height = line.getBoundingClientRect().height;
      var page = found[found.length - 1];
      if (page.length && used + height > room + 0.5) {
        page = [];
        found.push(page);
        used = 0;
      }
      page.push(line);
      used += height;
    });
    return found;
  }

  function pageList(list, paged) {
    var name = list.getAttribute("data-pages");
    var body = list.querySelector("[data-page-body]");
    var label = list.querySelector("[data-page-label]");
    if (!body) {
      return;
    }
    var lines = Array.prototype.slice.call(body.children);
    lines.forEach(function (line) {
      line.hidden = false;
    });
    var found = paged ? pages(list, body, lines) : [lines];
    var at = (shown[name] || 0) % found.length;
    shown[name] = at;
    counts[name] = found.length;
    found.forEach(function (page, index) {
      if (index !== at) {
        page.forEach(function (line) {
          line.hidden = true;
        });
      }
    });
    if (label) {
      label.textContent = found.length > 1 ? "page " + (at + 1) + " of " + found.length : "";
    }
  }

  function layout() {
    var board = document.querySelector(".board");
    if (!board) {
      return;
    }
    var paged = SCREEN.matches;
    board.classList.toggle("paged", paged);
    board.querySelectorAll("[data-pages]").forEach(function (list) {
      pageList(list, paged);
    });
  }

  // The lists' room changes with the screen, and with the clock's line (its last two minutes
  // take two): whatever changes it, the lines are paged again.
  var watched = null;
  var resized = window.ResizeObserver
    ? new ResizeObserver(function () {
        layout();
      })
    : null;
  function watch() {
    var panels = document.querySelector(".board-panels");
    if (!resized || panels === watched) {
      return;
    }
    if (watched) {
      resized.unobserve(watched);
    }
    watched = panels;
    if (panels) {
      resized.observe(panels);
    }
  }

  function swapped() {
    layout();
    watch();
  }

  document.addEventListener("htmx:afterSwap", swapped);
  document.addEventListener("htmx:afterSettle", swapped);
  SCREEN.addEventListener("change", layout);
  setInterval(function () {
    if (!SCREEN.matches) {
      return;
    }
    Object.keys(counts).forEach(function (name) {
      shown[name] = (shown[name] + 1) % counts[name];
    });
    layout();
  }, TURN_MS);
  swapped();
})();
