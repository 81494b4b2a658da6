// A dropped connection loses nothing: a step (its address in a data-outbox list) tapped
// without a way through waits on the phone and is sent again; the server records it once.

import { refreshSteps } from "../app.js";
import {
  link, showProblem, showStatus, useOutbox
} from "./notices.js";

var OUTBOX = "spades.outbox";
var KEEP_FOR_MS = 24 * 60 * 60 * 1000;
// Tried again this often with no way through: a try offline fails at once, costing nothing.
var RETRY_MS = 3000;
var resending = null;
var resentStatus = 0;
var retryTimer = null;
var retryDelay = 0;

export function pathOf(form) {
  return new URL(form.getAttribute("action") || "", location.href).pathname;
}

// A step the page lets wait: its form's address is listed by data-outbox around it.
function isStep(elt) {
  var box = !!elt && elt.tagName === "FORM" && elt.closest("[data-outbox]");
  return !!box && box.dataset.outbox.split(" ").indexOf(pathOf(elt)) >= 0;
}

function readOutbox() {
  try {
    var items = JSON.parse(localStorage.getItem(OUTBOX) || "[]");
    return Array.isArray(items) ? items : [];
  } catch (error) {
    return [];
  }
}

function writeOutbox(items) {
  try {
    if (items.length) {
      localStorage.setItem(OUTBOX, JSON.stringify(items));
    } else {
      localStorage.removeItem(OUTBOX);
    }
  } catch (error) { /* private mode: the tap still waits in this page */ }
}

// Signing out forgets the waiting taps (offline.js).
export function forget() { writeOutbox([]); }

// The state a step was made for: the hand number, or the game's version (undo).
function markOf(form) {
  var mark = form.querySelector('[name="hand"], [name="version"]');
  return mark ? mark.value : "";
}

function labelOf(form) {
  var title = document.getElementById("entry-title");
  // An undo (made for the game's version) is named by its button, a step by its title.
  if (form.querySelector('[name="version"]') || !title) {
    var button = form.querySelector("[type=submit]");
    return button ? button.textContent.trim() : "your tap";
  }
  return title.textContent.trim();
}

function keep(form) {
  var values = [];
  new FormData(form).forEach(function (value, name) {
    // The page's current token is sent instead, so a kept tap outlives a reload.
    if (name !== "csrfmiddlewaretoken") { values.push([name, String(value)]); }
  });
  var item = {
    key: pathOf(form) + "#" + markOf(form),
    url: pathOf(form),
    page: location.pathname,
    target: form.getAttribute("hx-target") || "#entry",
    swap: form.getAttribute("hx-swap") || "outerHTML",
    label: labelOf(form),
    values: values,
    at: Date.now()
  };
  var items = readOutbox().filter(function (kept) { return kept.key !== item.key; });
  items.push(item);
  writeOutbox(items);
  showWaiting();
}

function drop(key) {
  writeOutbox(readOutbox().filter(function (kept) { return kept.key !== key; }));
}

function waitingHere() {
  return readOutbox().filter(function (item) { return item.page === location.pathname; });
}

// After a reload the form is drawn afresh: put the kept taps back in it, marked as waiting.
function showWaiting() {
  var pending = waitingHere();
  document.querySelectorAll("form.waiting").forEach(function (form) {
    form.classList.remove("waiting");
  });
  pending.forEach(function (item) {
    document.querySelectorAll("[data-outbox] form").forEach(function (form) {
      if (!isStep(form) || pathOf(form) !== item.url || markOf(form) !== item.key.split("#")[1]) { return; }
      form.classList.add("waiting");
      item.values.forEach(function (pair) {
        form.querySelectorAll('[name="' + CSS.escape(pair[0]) + '"]').forEach(function (input) {
          if (input.type === "radio" || input.type === "checkbox") {
            input.checked = input.value === pair[1];
          } else if (input.type !== "hidden") {
            input.value = pair[1];
          }
        });
      });
      if (form.classList.contains("stepped")) { refreshSteps(form); }
    });
  });
  showStatus();
}

function csrfToken() {
  try {
    return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
  } catch (error) {
    return "";
  }
}

// No way through: try again in a moment, quietly.
function retrySoon() {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(function () { flush(true); }, RETRY_MS);
}

// No answer in time: the server may be struggling, so wait longer after each try.
function retryLater() {
  clearTimeout(retryTimer);
  retryDelay = Math.min(retryDelay ? retryDelay * 2 : 15000, 120000);
  retryTimer = setTimeout(function () { flush(true); }, retryDelay);
}

function flushSoon() {
  if (waitingHere().length) { setTimeout(function () { flush(true); }, 0); }
}

// The kept taps, oldest first; one already recorded comes back as a conflict.
function flush(quiet) {
  if (resending || !navigator.onLine || !window.htmx) { return; }
  var item = waitingHere()[0];
  if (!item || !document.querySelector(item.target)) { return; }
  clearTimeout(retryTimer);
  var values = {};
  item.values.forEach(function (pair) {
    values[pair[0]] = pair[0] in values ? [].concat(values[pair[0]], pair[1]) : pair[1];
  });
  resending = item;
  resending.quiet = !!quiet;
  resentStatus = 0;
  showStatus();
  var done = function () {
    var status = resentStatus;
    resending = null;
    // Kept with no answer, or while the sign-in or the server must be sorted out.
    if (status === 0 || status === 403 || status === 404 || status === 429 || status >= 500) {
      if (status === 0) {
        if (item.timedOut) { retryLater(); } else { retrySoon(); }
      }
      showWaiting();
      return;
    }
    retryDelay = 0;
    drop(item.key);
    showWaiting();
    flush(quiet);
  };
  window.htmx.ajax("POST", item.url, {
    target: item.target,
    swap: item.swap,
    values: values,
    headers: { "X-CSRFToken": csrfToken() }
  }).then(done, done);
}

useOutbox({
  // What the status line says of the kept taps, or null when none wait here.
  status: function () {
    if (resending && !resending.quiet) {
      return { words: "Sending what you tapped offline\u2026", send: null };
    }
    var pending = waitingHere();
    if (!pending.length) { return null; }
    var labels = pending.map(function (item) { return item.label; }).join("; ");
    return {
      words: "Waiting to be sent: " + labels + ". ",
      send: navigator.onLine ? function () { flush(false); } : null
    };
  },
  sendError: function (event) {
    // A kept tap tried again by itself: already "waiting".
    if (resending && resending.quiet) { return true; }
    if (!isStep(event.detail.elt) && !resending) { return false; }
    if (!resending) {
      keep(event.detail.elt);
      retrySoon();
    }
    showProblem("No connection: your tap is kept on this phone and will be sent when you " +
      "are back online.");
    return true;
  },
  timeout: function (event) {
    // The server may have saved it; sending the same step again is recorded once at most.
    if (resending) { resending.timedOut = true; }
    if (resending && resending.quiet) { return true; }
    if (!isStep(event.detail.elt) && !resending) { return false; }
    if (!resending) {
      keep(event.detail.elt);
      retryLater();
    }
    showProblem("No answer from the server: your tap is kept on this phone and will be " +
      "sent again shortly.");
    return true;
  },
  beforeRequest: function (event) {
    if (isStep(event.detail.elt) && !navigator.onLine) {
      event.preventDefault();
      keep(event.detail.elt);
      showProblem("No connection: your tap is kept on this phone and will be sent when you " +
        "are back online.");
      return true;
    }
    // A kept tap tried again by itself stays "waiting" until it is through.
    return !!(resending && resending.quiet);
  },
  afterRequest: function (event, status) {
    if (resending && event.detail.elt === document.body) { resentStatus = status; }
    if (status && !resending) { flushSoon(); }
  }
});

window.addEventListener("online", function () { flush(false); });
// A phone taken out of a pocket may have found its connection again.
document.addEventListener("visibilitychange", function () {
  if (document.visibilityState === "visible") { flush(true); }
});

function start() {
  writeOutbox(readOutbox().filter(function (item) { return Date.now() - item.at < KEEP_FOR_MS; }));
  showWaiting();
  var elsewhere = readOutbox().filter(function (item) { return item.page !== location.pathname; });
  if (elsewhere.length) {
    showProblem("A tap made without a connection has not been sent yet: open its game to " +
      "send it.", link(elsewhere[0].page, "Open the game"));
  }
  flush(false);
}

document.addEventListener("DOMContentLoaded", start);
