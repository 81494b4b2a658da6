// The installed app: registers the service worker (sw.js), hands it the files this page
// loaded, keeps the page's copy fresh after a step, and forgets it all on sign-out.

import { here, isPost, links } from "./notices.js";
import { forget, pathOf } from "./outbox.js";

var PAGES_CACHE = "spades-pages"; // the service worker's names for them too
var OWNER_CACHE = "spades-owner";
var SAVED_PAGE = /^\/((games|cards)\/\d+\/)?$/;
var copyTimer = null;

// The saved pages are `owner`'s (a session) from now on: another's go first, as in sw.js.
function adoptOwner(owner) {
  var key = new Request(location.origin + "/offline-owner");
  return caches.open(OWNER_CACHE).then(function (cache) {
    return cache.match(key)
      .then(function (kept) { return kept ? kept.text() : null; })
      .then(function (previous) {
        if (previous === owner) { return null; }
        return caches.delete(PAGES_CACHE).then(function () {
          return cache.put(key, new Response(owner));
        });
      });
  });
}

// The page as the server now draws it, for the service worker to show when offline.
function keepCopy() {
  if (!("caches" in window) || !SAVED_PAGE.test(location.pathname)) { return; }
  var url = location.origin + here();
  fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } })
    .then(function (response) {
      var owner = response.headers.get("X-Offline-Owner");
      if (owner === null) { return null; }
      return adoptOwner(owner).then(function () {
        if (!response.ok || response.redirected) { return null; }
        return caches.open(PAGES_CACHE).then(function (cache) { return cache.put(url, response); });
      });
    })
    .catch(function () { return null; });
}

function keepCopySoon() {
  if (!navigator.serviceWorker || !navigator.serviceWorker.controller) { return; }
  clearTimeout(copyTimer);
  copyTimer = setTimeout(keepCopy, 1500);
}

// The files this page loaded, for the worker to keep beside its own list; answered once kept.
function keepFiles(worker) {
  var urls = Array.prototype.map.call(
    document.querySelectorAll("script[src], link[rel=stylesheet]"),
    function (element) { return element.src || element.href; }
  );
  return new Promise(function (resolve) {
    var channel = new MessageChannel();
    channel.port1.onmessage = function () { resolve(null); };
    worker.postMessage({ keep: urls }, [channel.port2]);
  });
}

function registerWorker() {
  var meta = document.querySelector('meta[name="service-worker"]');
  if (!meta || !("serviceWorker" in navigator)) { return; }
  var first = !navigator.serviceWorker.controller;
  navigator.serviceWorker.register(meta.content, { scope: "/" })
    .then(function () { return navigator.serviceWorker.ready; })
    .then(function (registration) { return keepFiles(registration.active); })
    .then(function () { if (first && navigator.onLine) { keepCopy(); } })
    .catch(function () { return null; });
}

document.addEventListener("htmx:afterRequest", function (event) {
  if (isPost(event) && event.detail.successful) { keepCopySoon(); }
});

// Signing out forgets this phone's saved pages and waiting taps.
document.addEventListener("submit", function (event) {
  var form = event.target;
  if (!links.signOut || pathOf(form) !== links.signOut) { return; }
  forget();
  if (!("caches" in window)) { return; }
  event.preventDefault();
  caches.delete(PAGES_CACHE).catch(function () { return null; })
    .then(function () { form.submit(); });
});

document.addEventListener("DOMContentLoaded", registerWorker);
