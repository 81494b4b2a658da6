// The service worker (served at /sw.js, after the lines that set VERSION, STATIC_PREFIX,
// STATIC_FILES and STYLESHEET). It keeps the static files, and the last copy of each game page, so a phone that
// loses its connection still opens the app and shows the standings. It never touches a post:
// taps made offline are kept by app/outbox.js and sent again when the connection returns.
/* global VERSION, STATIC_PREFIX, STATIC_FILES, STYLESHEET */
"use strict";

var STATIC_CACHE = "spades-static-" + VERSION;
// The same name is in app/offline.js, which empties it on sign-out.
var PAGES_CACHE = "spades-pages";
// Whose pages PAGES_CACHE holds: the X-Offline-Owner of the session they were drawn for. A
// page answered for another session (signed out, ended elsewhere, someone else signed in)
// empties PAGES_CACHE before anything is kept, so nobody's pages show after another's sign-in.
var OWNER_CACHE = "spades-owner";
var OWNER_HEADER = "X-Offline-Owner";
// The pages worth keeping: the list of games and each game's own page.
var SAVED_PAGE = /^\/((games|cards)\/\d+\/)?$/;
// A page that takes longer than this is answered from the saved copy, if there is one.
var NETWORK_WAIT_MS = 8000;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(STATIC_CACHE)
      .then(function (cache) { return cache.addAll(STATIC_FILES); })
      .then(function () { return self.skipWaiting(); })
  );
});

// A page hands over the static files it loaded (its modules among them, which may be more
// than STATIC_FILES names): they are kept too, so the page opens offline as it was drawn.
// The page is answered once they are in, or failed to come.
self.addEventListener("message", function (event) {
  var urls = (event.data && Array.isArray(event.data.keep) ? event.data.keep : [])
    .filter(function (url) {
      var parsed = new URL(url, self.location.href);
      return parsed.origin === self.location.origin && parsed.pathname.indexOf(STATIC_PREFIX) === 0;
    });
  var reply = event.ports && event.ports[0];
  var kept = caches.open(STATIC_CACHE).then(function (cache) {
    return Promise.all(urls.map(function (url) {
      return cache.match(url).then(function (found) {
        return found ? null : cache.add(url).catch(function () { return null; });
      });
    }));
  }).then(function () { if (reply) { reply.postMessage("kept"); } });
  event.waitUntil(kept);
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (names) {
        return Promise.all(names.map(function (name) {
          if (name.indexOf("spades-static-") === 0 && name !== STATIC_CACHE) {
            return caches.delete(name);
          }
          return null;
        }));
      })
      .then(function () { return self.clients.claim(); })
  );
});

// The kept copy at once, refreshed behind it: hashed names never change in production, and
// during development an edited file shows on the next load.
function fromStatic(request) {
  return caches.open(STATIC_CACHE).then(function (cache) {
    return cache.match(request).then(function (kept) {
      var fresh = fetch(request).then(function (response) {
        if (response.ok) { cache.put(request, response.clone()); }
        return response;
      });
      if (!kept) { return fresh; }
      fresh.catch(function () { return null; });
      return kept;
    });
  });
}

function offlinePage() {
  var html = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">" +
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">" +
    "<meta name=\"color-scheme\" content=\"light dark\">" +
    "<title>Offline · Spades scorekeeper</title>" +
    "<link rel=\"stylesheet\" href=\"" + STYLESHEET + "\"></head><body>" +
    "<header class=\"topbar\"><a class=\"brand\" href=\"/\"><span aria-hidden=\"true\">♠</span> " +
    "Scorekeeper</a></header><main id=\"main\">" +
    "<h1>No connection</h1>" +
    "<p>This page has not been opened on this phone before, so there is no copy of it here.</p>" +
    "<p>Games opened earlier on this phone still show their last standings. " +
    "Try again when you are back online.</p>" +
    "<p><a class=\"button primary wide\" href=\"/\">Your games</a></p></main></body></html>";
  return new Response(html, {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }
  });
}

// The saved copy says so on its <html> element: the page then tells the phone it is offline
// whatever navigator.onLine says (some browsers leave it true with no way through).
function markedAsSaved(copy) {
  if (!copy) { return null; }
  return copy.text().then(function (html) {
    var headers = new Headers(copy.headers);
    headers.delete("Content-Length");
    headers.delete("Content-Encoding");
    return new Response(html.replace("<html", "<html data-saved-copy"), {
      status: copy.status,
      statusText: copy.statusText,
      headers: headers
    });
  });
}

function saved(request) {
  return caches.open(PAGES_CACHE)
    .then(function (cache) { return cache.match(request.url); })
    .then(markedAsSaved);
}

// The saved pages are for `owner` from now on: another's are dropped first. The same steps are
// in app/offline.js, which keeps copies too.
function adoptOwner(owner) {
  var here = new Request(self.registration.scope + "offline-owner");
  return caches.open(OWNER_CACHE).then(function (cache) {
    return cache.match(here)
      .then(function (kept) { return kept ? kept.text() : null; })
      .then(function (previous) {
        if (previous === owner) { return null; }
        return caches.delete(PAGES_CACHE).then(function () {
          return cache.put(here, new Response(owner));
        });
      });
  });
}

// Network first: the live page when there is a connection, the last copy when there is none.
function fromNetworkOrSaved(request, keep) {
  var network = fetch(request).then(function (response) {
    var owner = response.headers.get(OWNER_HEADER);
    if (owner === null || response.type !== "basic") { return response; }
    var adopted = adoptOwner(owner);
    if (keep && response.ok && !response.redirected) {
      var copy = response.clone();
      adopted.then(function () { return caches.open(PAGES_CACHE); })
        .then(function (cache) { return cache.put(request.url, copy); })
        .catch(function () { return null; });
    }
    return response;
  });
  var slow = new Promise(function (resolve) {
    setTimeout(function () { saved(request).then(resolve); }, NETWORK_WAIT_MS);
  });
  return Promise.race([network, slow.then(function (copy) { return copy || network; })])
    .catch(function () {
      return saved(request).then(function (copy) { return copy || offlinePage(); });
    });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (url.pathname.indexOf(STATIC_PREFIX) === 0) {
    event.respondWith(fromStatic(request));
  } else if (request.mode === "navigate") {
    event.respondWith(fromNetworkOrSaved(request, SAVED_PAGE.test(url.pathname)));
  }
});
