// Every tap answered: "Saving...", a message for each failed request with what to do, field
// errors in view. The outbox (outbox.js) registers here and is asked first about a step.

var alertBox = document.getElementById("app-alert");
var statusLine = document.getElementById("app-status");
// The app's addresses, on its top bar.
export var links = (document.querySelector(".topbar[data-sign-in]") || { dataset: {} }).dataset;
var saving = false;
// No way through: a saved copy is shown, or a request got no answer (onLine may stay true).
var cutOff = document.documentElement.hasAttribute("data-saved-copy");
// outbox.js: { status, sendError, timeout, beforeRequest, afterRequest }.
var outbox = null;

export function useOutbox(kept) { outbox = kept; }

function offline() { return cutOff || !navigator.onLine; }

export function here() { return location.pathname + location.search; }

export function link(href, label) { return { href: href, label: label }; }

export function reloadLink() { return link(here(), "Reload the page"); }

function signInLink() {
  if (!links.signIn) { return reloadLink(); }
  return link(links.signIn + "?next=" + encodeURIComponent(here()), "Sign in");
}

// One message at a time, outside <main>: a swap never takes it away.
export function showProblem(text, action) {
  if (!alertBox) { return; }
  var box = document.createElement("div");
  box.className = "problem";
  box.setAttribute("role", "alert");
  var words = document.createElement("p");
  words.textContent = text;
  box.appendChild(words);
  var actions = document.createElement("p");
  actions.className = "problem-actions";
  if (action) {
    var go = document.createElement("a");
    go.className = "button primary";
    go.href = action.href;
    go.textContent = action.label;
    actions.appendChild(go);
  }
  var close = document.createElement("button");
  close.type = "button";
  close.textContent = "Close";
  close.addEventListener("click", clearProblem);
  actions.appendChild(close);
  box.appendChild(actions);
  alertBox.replaceChildren(box);
}

export function clearProblem() {
  if (alertBox) { alertBox.replaceChildren(); }
}

function problemFor(status) {
  if (status === 403) {
    return ["Your sign-in has ended, or changed on another page, so nothing was saved: " +
      "sign in again, then tap again.", signInLink()];
  }
  if (status === 404 && document.querySelector("[data-scoring-phone]")) {
    // A phone scoring through the table's scoring link, which the owner turned off.
    return ["This phone can't score this table any more: its scoring link was turned off " +
      "or replaced. Nothing was saved; ask the scorer for the new link.",
      links.games ? link(links.games, "Home") : reloadLink()];
  }
  if (status === 404) {
    return ["This game is not on this account any more, or this phone has been signed out: " +
      "nothing was saved.", links.games ? link(links.games, "Your games") : reloadLink()];
  }
  if (status === 429) {
    return ["Too many tries: wait a few minutes, then try again.", null];
  }
  if (status >= 500) {
    return ["The server had a problem and nothing was saved: wait a moment and tap again. " +
      "If it keeps happening, reload the page.", reloadLink()];
  }
  return ["That was refused and nothing was saved: reload the page and try again.",
    reloadLink()];
}

export function isPost(event) {
  var config = event.detail.requestConfig;
  return !!config && config.verb === "post";
}

var shownStatus = "";

// The status line: saving, the outbox's waiting taps, or offline.
export function showStatus() {
  if (!statusLine) { return; }
  var words = "";
  var send = null;
  var kept = outbox && !saving ? outbox.status() : null;
  if (saving) {
    words = "Saving\u2026";
  } else if (kept) {
    words = kept.words;
    send = kept.send;
  } else if (offline()) {
    words = "Offline: showing this page as last saved on this phone.";
  }
  // Unchanged, left alone: a screen reader does not hear it again.
  if (words + !!send === shownStatus) { return; }
  shownStatus = words + !!send;
  statusLine.classList.toggle("saving", saving);
  statusLine.textContent = words;
  if (send) {
    var now = document.createElement("button");
    now.type = "button";
    now.textContent = "Send now";
    now.addEventListener("click", send);
    statusLine.appendChild(now);
  }
}

document.addEventListener("htmx:responseError", function (event) {
  var found = problemFor(event.detail.xhr.status);
  showProblem(found[0], found[1]);
});

document.addEventListener("htmx:sendError", function (event) {
  cutOff = true;
  if (outbox && outbox.sendError(event)) { return; }
  if (isPost(event)) {
    showProblem("No connection: nothing was sent. Tap again when you are back online.");
  } else {
    showProblem("No connection: try again when you are back online.");
  }
});

document.addEventListener("htmx:timeout", function (event) {
  if (outbox && outbox.timeout(event)) { return; }
  if (isPost(event)) {
    showProblem("No answer from the server, so it may not have been saved: reload the page " +
      "to check before trying again.", reloadLink());
  } else {
    showProblem("No answer from the server: try again in a moment.");
  }
});

document.addEventListener("htmx:beforeRequest", function (event) {
  if (!isPost(event)) { return; }
  if (outbox && outbox.beforeRequest(event)) { return; }
  saving = true;
  showStatus();
});

document.addEventListener("htmx:afterRequest", function (event) {
  var status = event.detail.xhr ? event.detail.xhr.status : 0;
  if (status) {
    // An answer: the way through is back.
    var wasCutOff = cutOff;
    cutOff = false;
    if (wasCutOff) { showStatus(); }
  }
  if (outbox) { outbox.afterRequest(event, status); }
  if (!isPost(event)) { return; }
  saving = false;
  showStatus();
  if (event.detail.successful) { clearProblem(); }
});

window.addEventListener("online", function () {
  cutOff = false;
  clearProblem();
  showStatus();
});
window.addEventListener("offline", showStatus);

// Field errors and answers to a tap, brought into view by errors.js: fetched the first time
// a page or a swap has one (its address is data-errors on #app-alert), not on every load.
var errors = null;

function showErrors(root) {
  if (!root || !root.querySelector || !alertBox) { return; }
  if (!root.querySelector(".errorlist, [data-answer]") && !root.matches("[data-answer]")) { return; }
  if (!errors) {
    errors = import(alertBox.dataset.errors).catch(function () { errors = null; return null; });
  }
  errors.then(function (shown) { if (shown) { shown.showErrors(root); } });
}

// After the settle, so the field to fix wins over htmx's own [autofocus].
document.addEventListener("htmx:afterSettle", function (event) { showErrors(event.target); });

// A full page's message is stale after a swap, which carries its own.
document.addEventListener("htmx:afterSwap", function () {
  document.querySelectorAll(".messages").forEach(function (box) { box.remove(); });
});

function start() {
  var main = document.getElementById("main");
  if (main && main.querySelector(".errorlist")) { showErrors(main); }
}

document.addEventListener("DOMContentLoaded", start);
