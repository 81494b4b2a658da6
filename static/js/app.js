// Small progressive enhancements; every page works without this file.
(function () {
  "use strict";

  // Tricks entry: once every group but one is chosen, offer the remainder in the last one.
  function offerRemainder(form) {
    var total = parseInt(form.dataset.tricks, 10);
    var groups = form.querySelectorAll("[data-trick-group]");
    var taken = 0;
    var empty = [];
    groups.forEach(function (group) {
      group.querySelectorAll(".key.offered").forEach(function (key) {
        key.classList.remove("offered");
      });
      var checked = group.querySelector("input:checked");
      if (checked && !checked.dataset.offered) {
        taken += parseInt(checked.value, 10);
      } else {
        if (checked) { checked.checked = false; delete checked.dataset.offered; }
        empty.push(group);
      }
    });
    if (empty.length !== 1) { return; }
    var rest = total - taken;
    var input = empty[0].querySelector('input[value="' + rest + '"]');
    if (input) {
      input.checked = true;
      input.dataset.offered = "1";
      input.closest(".key").classList.add("offered");
    }
  }

  // ---- One screen per step: keys drawn from a list, one pad at a time, a summary to tap ----

  // The swap after a recorded step draws each pad's first key and lists the rest
  // ("nil=Nil|1|2|..."), to keep it small: each listed key is a copy of the drawn one.
  function drawKeys(root) {
    root.querySelectorAll(".keys[data-keys]").forEach(function (box) {
      var model = box.querySelector(".key");
      var data = box.dataset;
      var keys = data.keys.split("|").map(function (item) {
        var cut = item.indexOf("=");
        var value = cut < 0 ? item : item.slice(0, cut);
        var key = model.cloneNode(true);
        var input = key.querySelector("input");
        input.value = value;
        input.checked = value === data.chosen;
        key.classList.toggle("offered", value === data.offered);
        key.querySelector("span").textContent = cut < 0 ? item : item.slice(cut + 1);
        return key;
      });
      box.replaceChildren.apply(box, keys);
      box.removeAttribute("data-keys");
    });
  }

  function padsOf(form) { return Array.prototype.slice.call(form.querySelectorAll("fieldset.pad")); }

  // A pad the "bid as a team" boxes have put aside is not drawn at all.
  function inPlay(pad) { return pad.getClientRects().length > 0; }

  function filled(pad) {
    var chosen = pad.querySelector(".keys input:checked");
    return !!chosen && !chosen.dataset.offered;
  }

  // The next pad still to tap after `after` (from the start when null), or null when all are.
  function nextEmpty(form, after) {
    var pads = padsOf(form).filter(inPlay);
    var start = after ? pads.indexOf(after) + 1 : 0;
    var order = pads.slice(start).concat(pads.slice(0, start));
    return order.filter(function (pad) { return pad !== after && !filled(pad); })[0] || null;
  }

  function refreshSteps(form) {
    padsOf(form).forEach(function (pad) {
      var pick = pad.querySelector(".pick");
      if (!pick) { return; }
      var chosen = pad.querySelector(".keys input:checked");
      var words = chosen ? chosen.parentNode.textContent.trim() : "";
      var open = pad.classList.contains("current");
      pick.querySelector(".val").textContent = words || "\u2013";
      pick.classList.toggle("offered", !!chosen && (!!chosen.dataset.offered ||
        chosen.parentNode.classList.contains("offered")));
      pick.setAttribute("aria-expanded", open ? "true" : "false");
      var legend = pad.querySelector("legend");
      pick.setAttribute("aria-label", (legend ? legend.textContent.trim() : "") + ": " +
        (words || "not chosen yet") + ". Tap to change.");
    });
  }

  function choose(form, pad, scroll) {
    padsOf(form).forEach(function (other) { other.classList.toggle("current", other === pad); });
    refreshSteps(form);
    if (scroll && pad && pad.getBoundingClientRect().bottom > window.innerHeight) {
      pad.scrollIntoView({ block: "nearest" });
    }
  }

  // Each pad gets a button showing what was tapped on it; the pad to tap next shows its keys.
  function setUpSteps(root) {
    root.querySelectorAll("form.steps:not(.stepped)").forEach(function (form) {
      var pads = padsOf(form);
      if (pads.length < 2) { return; }
      form.classList.add("stepped");
      pads.forEach(function (pad) {
        var pick = document.createElement("button");
        pick.type = "button";
        pick.className = "pick";
        var who = document.createElement("span");
        who.className = "who";
        who.textContent = pad.dataset.who || "";
        // A long name is cut short on the button: the whole of it is a hover away.
        who.title = who.textContent;
        var val = document.createElement("span");
        val.className = "val";
        pick.append(who, val);
        pick.addEventListener("click", function () {
          choose(form, pad, true);
          // The button folds away as its keys open: the chosen key (or the first) takes focus.
          var key = pad.querySelector(".keys input:checked") || pad.querySelector(".keys input");
          if (key) { key.focus({ preventScroll: true }); }
        });
        pad.insertBefore(pick, pad.querySelector(".keys"));
      });
      var wrong = pads.filter(function (pad) {
        return inPlay(pad) && pad.querySelector(".errorlist");
      })[0];
      choose(form, wrong || nextEmpty(form, null));
    });
  }

  function enhance(root) {
    drawKeys(root);
    setUpSteps(root);
  }

  // A tap on a key moves on to the next pad; arrow keys in a pad only change its choice.
  var tapped = false;
  document.addEventListener("pointerdown", function (event) {
    tapped = !!(event.target.closest && event.target.closest("form.stepped .keys"));
  });

  document.addEventListener("htmx:afterSwap", function () { enhance(document); });

  // A message from the last full page load ("Hand 1 corrected ...") is stale once htmx has
  // swapped in a newer state; the swapped part carries its own notice.
  document.addEventListener("htmx:afterSwap", function () {
    document.querySelectorAll(".messages").forEach(function (box) { box.remove(); });
  });

  document.addEventListener("change", function (event) {
    var input = event.target;
    var form = input.closest && input.closest("form[data-tricks]");
    if (!form) { return; }
    delete input.dataset.offered;
    offerRemainder(form);
  });

  // After the remainder is offered, so the next pad to tap knows what is left.
  document.addEventListener("change", function (event) {
    var input = event.target;
    var form = input.closest && input.closest("form.stepped");
    if (!form) { return; }
    var current = form.querySelector("fieldset.pad.current");
    if (input.type === "checkbox") {
      // A "bid as a team" box: ticked, the side's own pad opens for its total; unticked,
      // the partners' pads are back and the next one to tap opens.
      var side = input.name.replace("team_", "");
      var team = form.querySelector('fieldset.pad[data-pad="team"][data-side="' + side + '"]');
      if (input.checked && team && inPlay(team)) {
        choose(form, team);
      } else {
        choose(form, current && inPlay(current) && !filled(current) ? current : nextEmpty(form, null));
      }
    } else if (input.type === "radio" && tapped) {
      var next = nextEmpty(form, input.closest("fieldset.pad"));
      choose(form, next, true);
      // The tapped key folds away with its pad: focus goes where the finger goes next, the
      // next seat's keys (a screen reader reads its name) or, all tapped, the button.
      var goal = next ? next.querySelector(".keys input") : form.querySelector("[type=submit]");
      if (goal) { goal.focus({ preventScroll: true }); }
    } else {
      refreshSteps(form);
    }
    tapped = false;
  });

  // ---- Every tap answered: "Saving...", field errors in view, a message for each failure ----

  var alertBox = document.getElementById("app-alert");
  var statusLine = document.getElementById("app-status");
  // The app's own addresses, on the top bar (the public watch page has its own bar, without).
  var links = (document.querySelector(".topbar[data-sign-in]") || { dataset: {} }).dataset;
  var saving = false;
  // No way through to the server: the service worker drew this page from its saved copy, or a
  // request got no answer. navigator.onLine alone can't say so: some browsers leave it true.
  var cutOff = document.documentElement.hasAttribute("data-saved-copy");

  function offline() { return cutOff || !navigator.onLine; }

  function here() { return location.pathname + location.search; }

  function link(href, label) { return { href: href, label: label }; }

  function reloadLink() { return link(here(), "Reload the page"); }

  function signInLink() {
    if (!links.signIn) { return reloadLink(); }
    return link(links.signIn + "?next=" + encodeURIComponent(here()), "Sign in");
  }

  // One message at a time, in a region outside <main>, so a swap never takes it away.
  function showProblem(text, action) {
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

  function clearProblem() {
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

  function isPost(event) {
    var config = event.detail.requestConfig;
    return !!config && config.verb === "post";
  }

  document.addEventListener("htmx:responseError", function (event) {
    var found = problemFor(event.detail.xhr.status);
    showProblem(found[0], found[1]);
  });

  document.addEventListener("htmx:sendError", function (event) {
    cutOff = true;
    // A kept tap tried again by itself: the status line already says it is waiting.
    if (resending && resending.quiet) { return; }
    if (isStep(event.detail.elt) || resending) {
      if (!resending) {
        keep(event.detail.elt);
        retrySoon();
      }
      showProblem("No connection: your tap is kept on this phone and will be sent when you " +
        "are back online.");
    } else if (isPost(event)) {
      showProblem("No connection: nothing was sent. Tap again when you are back online.");
    } else {
      showProblem("No connection: try again when you are back online.");
    }
  });

  document.addEventListener("htmx:timeout", function (event) {
    // The server may have saved it; sending the same step again is recorded once at most.
    if (resending) { resending.timedOut = true; }
    if (resending && resending.quiet) { return; }
    if (isStep(event.detail.elt) || resending) {
      if (!resending) {
        keep(event.detail.elt);
        retryLater();
      }
      showProblem("No answer from the server: your tap is kept on this phone and will be " +
        "sent again shortly.");
    } else if (isPost(event)) {
      showProblem("No answer from the server, so it may not have been saved: reload the page " +
        "to check before trying again.", reloadLink());
    } else {
      showProblem("No answer from the server: try again in a moment.");
    }
  });

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!isPost(event)) { return; }
    if (isStep(event.detail.elt) && !navigator.onLine) {
      event.preventDefault();
      keep(event.detail.elt);
      showProblem("No connection: your tap is kept on this phone and will be sent when you " +
        "are back online.");
      return;
    }
    // A kept tap tried again by itself stays "waiting" on the status line until it is through.
    if (resending && resending.quiet) { return; }
    saving = true;
    showStatus();
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (resending && event.detail.elt === document.body) { resentStatus = status; }
    if (status) {
      // An answer: the way through is back, so what waits here can go too.
      var wasCutOff = cutOff;
      cutOff = false;
      if (wasCutOff) { showStatus(); }
      if (!resending) { flushSoon(); }
    }
    if (!isPost(event)) { return; }
    saving = false;
    showStatus();
    if (event.detail.successful) {
      clearProblem();
      keepCopySoon();
    }
  });

  // Field errors: announced, scrolled into view, and the field to fix focused.
  function fieldFor(list) {
    if (list.id) {
      var described = document.querySelector('[aria-describedby~="' + CSS.escape(list.id) + '"]');
      if (described) { return described; }
    }
    var group = list.closest("fieldset, .field");
    if (!group) { return null; }
    return group.querySelector("input:checked:not([type=hidden])") ||
      group.querySelector("input:not([type=hidden]), select, textarea");
  }

  function inView(element) {
    var box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  }

  function showFieldErrors(root) {
    if (!root || !root.querySelectorAll) { return; }
    var lists = root.querySelectorAll(".errorlist");
    if (!lists.length) { return; }
    // Announced as an alert from a wrapper: the role on the list itself would take away its
    // items' list (axe-core: aria-allowed-role, listitem).
    lists.forEach(function (list) {
      var parent = list.parentElement;
      if (!parent || parent.classList.contains("errors-alert")) { return; }
      var alert = document.createElement("div");
      alert.className = "errors-alert";
      alert.setAttribute("role", "alert");
      parent.insertBefore(alert, list);
      alert.appendChild(list);
    });
    var first = lists[0];
    if (!inView(first)) { first.scrollIntoView({ block: "center" }); }
    // A problem with the form as a whole names no field: the page's own focus stays.
    var field = fieldFor(first);
    if (field) { field.focus({ preventScroll: true }); }
  }

  // After a recorded step: the score bar at the top of the screen, then what the hand scored
  // and the next step under it.
  function showScore() {
    var live = document.getElementById("live");
    if (!live) { return; }
    window.scrollTo({ top: live.getBoundingClientRect().top + window.scrollY, behavior: "instant" });
  }

  // At once, not after the settle, so the phone never shows the step at the old place.
  document.addEventListener("htmx:afterSwap", function (event) {
    var detail = event.detail || {};
    var config = detail.requestConfig;
    if (event.target.id === "entry" && config && config.verb === "post" && detail.xhr &&
        detail.xhr.status === 200) {
      showScore();
    }
  });

  // A message answering a tap (data-answer: "the game would end earlier, confirm") drawn
  // where the page had scrolled away from: brought into view, or the tap seems to do nothing.
  function showAnswer(root) {
    if (!root || !root.querySelector) { return; }
    var answer = root.matches("[data-answer]") ? root : root.querySelector("[data-answer]");
    if (answer && !inView(answer)) { answer.scrollIntoView({ block: "start" }); }
  }

  // After the settle, so the field to fix wins over htmx's own [autofocus].
  document.addEventListener("htmx:afterSettle", function (event) {
    showAnswer(event.target);
    showFieldErrors(event.target);
  });

  // ---- A dropped connection loses nothing: steps tapped offline wait on the phone ----

  var OUTBOX = "spades.outbox";
  var STEP = /\/games\/\d+\/(bids|tricks|undo)\/$/;
  var KEEP_FOR_MS = 24 * 60 * 60 * 1000;
  // With no way through, a kept tap is tried again this often: it goes out within seconds of
  // the connection coming back, whether or not the browser ever says it is online. Offline,
  // a try fails at once on the phone and costs nothing.
  var RETRY_MS = 3000;
  var resending = null;
  var resentStatus = 0;
  var retryTimer = null;
  var retryDelay = 0;

  function pathOf(form) {
    return new URL(form.getAttribute("action") || "", location.href).pathname;
  }

  function isStep(elt) {
    return !!elt && elt.tagName === "FORM" && STEP.test(pathOf(elt));
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

  // What says which state a step was made for: the hand number, or the game's version (undo).
  function markOf(form) {
    var mark = form.querySelector('[name="hand"], [name="version"]');
    return mark ? mark.value : "";
  }

  function labelOf(form) {
    var title = document.getElementById("entry-title");
    if (pathOf(form).slice(-6) === "/undo/" || !title) {
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
      document.querySelectorAll("form[action]").forEach(function (form) {
        if (pathOf(form) !== item.url || markOf(form) !== item.key.split("#")[1]) { return; }
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

  var shownStatus = "";

  function showStatus() {
    if (!statusLine) { return; }
    var pending = waitingHere();
    var words = "";
    var sendNow = false;
    if (saving) {
      words = "Saving\u2026";
    } else if (resending && !resending.quiet) {
      words = "Sending what you tapped offline\u2026";
    } else if (pending.length) {
      var labels = pending.map(function (item) { return item.label; }).join("; ");
      words = "Waiting to be sent: " + labels + ". ";
      sendNow = navigator.onLine;
    } else if (offline()) {
      words = "Offline: showing this page as last saved on this phone.";
    }
    // Unchanged, the line is left alone, so a screen reader does not hear it again.
    if (words + sendNow === shownStatus) { return; }
    shownStatus = words + sendNow;
    statusLine.classList.toggle("saving", saving);
    statusLine.textContent = words;
    if (sendNow) {
      var now = document.createElement("button");
      now.type = "button";
      now.textContent = "Send now";
      now.addEventListener("click", function () { flush(false); });
      statusLine.appendChild(now);
    }
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

  // Send the kept taps for this page, oldest first. The server checks each against the game as
  // it now is: a step already recorded comes back as a conflict with the current state.
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
      // Kept while there is no answer, or the sign-in or the server must be sorted out first.
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

  window.addEventListener("online", function () {
    cutOff = false;
    clearProblem();
    showStatus();
    flush(false);
  });
  window.addEventListener("offline", showStatus);
  // A phone taken out of a pocket may have found its connection again.
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { flush(true); }
  });

  // ---- The app: a service worker keeps the static files and the last copy of each game ----

  var PAGES_CACHE = "spades-pages"; // the service worker's names for them too
  var OWNER_CACHE = "spades-owner";
  var SAVED_PAGE = /^\/(games\/\d+\/)?$/;
  var copyTimer = null;

  // The saved pages are for `owner` (the session a page was drawn for) from now on: another
  // session's are dropped first, as the service worker does.
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

  function registerWorker() {
    var meta = document.querySelector('meta[name="service-worker"]');
    if (!meta || !("serviceWorker" in navigator)) { return; }
    var first = !navigator.serviceWorker.controller;
    navigator.serviceWorker.register(meta.content, { scope: "/" })
      .then(function () { return navigator.serviceWorker.ready; })
      .then(function () { if (first && navigator.onLine) { keepCopy(); } })
      .catch(function () { return null; });
  }

  // Signing out forgets this phone's saved pages and waiting taps.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!links.signOut || pathOf(form) !== links.signOut) { return; }
    writeOutbox([]);
    if (!("caches" in window)) { return; }
    event.preventDefault();
    caches.delete(PAGES_CACHE).catch(function () { return null; })
      .then(function () { form.submit(); });
  });

  // ---- The screen stays awake while a game is open (Screen Wake Lock API) ----

  var WAKE = "spades.screen";

  function setUpWakeLock(box) {
    var button = box.querySelector("button");
    var note = box.querySelector(".wake-note");
    var lock = null;
    box.hidden = false;

    function wanted() { return localStorage.getItem(WAKE) !== "off"; }

    function show(words) {
      button.setAttribute("aria-pressed", lock ? "true" : "false");
      if (words !== undefined) { note.textContent = words; }
    }

    function acquire() {
      if (lock || document.visibilityState !== "visible") { return; }
      navigator.wakeLock.request("screen").then(function (sentinel) {
        lock = sentinel;
        sentinel.addEventListener("release", function () {
          if (lock === sentinel) { lock = null; }
          show();
        });
        show("The screen stays on while this game is open.");
      }).catch(function () {
        lock = null;
        show("This phone would not keep the screen on just now (battery saver?).");
      });
    }

    button.addEventListener("click", function () {
      if (lock) {
        localStorage.setItem(WAKE, "off");
        var held = lock;
        lock = null;
        held.release();
        show("The screen turns off as usual.");
      } else {
        localStorage.removeItem(WAKE);
        acquire();
      }
    });
    // The browser lets go when the page is hidden; take it again when the page is back.
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible" && wanted()) { acquire(); }
    });
    if (wanted()) { acquire(); } else { show("The screen turns off as usual."); }
  }

  // A step taller than what is left of the screen under the page's title: the score bar goes
  // to the top, as after a recorded step, so the whole step is in view (not for a phone that
  // comes back to a place in the page, nor when an error has the view).
  function fitStep() {
    var form = document.querySelector("#entry form.steps");
    if (!form || window.scrollY !== 0 || location.hash) { return; }
    if (form.getBoundingClientRect().bottom > window.innerHeight) { showScore(); }
  }

  // ---- The score read aloud after each recorded step (the browser's speech synthesis) ----

  var SPEAK = "spades.speak";

  function speaking() {
    try { return localStorage.getItem(SPEAK) === "on"; } catch (error) { return false; }
  }

  function say(words) {
    var voice = window.speechSynthesis;
    if (!voice || !words) { return; }
    var utterance = new SpeechSynthesisUtterance(words);
    utterance.lang = document.documentElement.lang || "en";
    voice.cancel();
    voice.speak(utterance);
  }

  // What the step's answer says ("Hand 6: Ann + Cat +81, Ben + Dan -50"), then the standings.
  function sayResult() {
    if (!speaking()) { return; }
    var notice = document.querySelector("#notice .message");
    var sides = Array.prototype.map.call(
      document.querySelectorAll("#standings .side"),
      function (side) {
        var who = side.querySelector(".who");
        var score = side.querySelector(".score");
        return (who ? who.textContent.trim() : "") + " " + (score ? score.textContent.trim() : "");
      }
    );
    var words = notice ? notice.textContent.trim() : "";
    if (sides.length) { words += (words ? ". " : "") + "Standings: " + sides.join(", ") + "."; }
    say(words);
  }

  function setUpSpeech(box) {
    var button = box.querySelector("button");
    box.hidden = false;

    function show() { button.setAttribute("aria-pressed", speaking() ? "true" : "false"); }

    button.addEventListener("click", function () {
      try {
        if (speaking()) {
          localStorage.removeItem(SPEAK);
          window.speechSynthesis.cancel();
        } else {
          localStorage.setItem(SPEAK, "on");
          say("The score will be read aloud after each step.");
        }
      } catch (error) { /* private mode: nothing is remembered */ }
      show();
    });
    show();
  }

  // After every part of a recorded step's answer is in place (the notice and the standings).
  document.addEventListener("htmx:afterSettle", function (event) {
    var detail = event.detail || {};
    var config = detail.requestConfig;
    if (event.target.id === "entry" && config && config.verb === "post" && detail.xhr &&
        detail.xhr.status === 200) {
      sayResult();
    }
  });

  // ---- A new game: "who deals first" names the players as they are typed ----

  function nameDealers() {
    var select = document.querySelector('select[name="first_dealer"]');
    if (!select) { return; }
    Array.prototype.forEach.call(select.options, function (option) {
      if (!option.dataset.seat) { option.dataset.seat = option.textContent; }
      var input = document.querySelector('input[name="player_' + option.value + '"]');
      var name = input ? input.value.trim() : "";
      option.textContent = name ? option.dataset.seat + ": " + name : option.dataset.seat;
    });
  }

  document.addEventListener("input", function (event) {
    if (/^player_\d+$/.test(event.target.name || "")) { nameDealers(); }
  });
  document.addEventListener("htmx:afterSwap", nameDealers);

  function start() {
    enhance(document);
    nameDealers();
    if (document.querySelector("#main .errorlist")) {
      showFieldErrors(document.getElementById("main"));
    } else {
      fitStep();
    }
    writeOutbox(readOutbox().filter(function (item) { return Date.now() - item.at < KEEP_FOR_MS; }));
    showWaiting();
    var elsewhere = readOutbox().filter(function (item) { return item.page !== location.pathname; });
    if (elsewhere.length) {
      showProblem("A tap made without a connection has not been sent yet: open its game to " +
        "send it.", link(elsewhere[0].page, "Open the game"));
    }
    registerWorker();
    flush(false);
    var wake = document.querySelector("[data-wake-lock]");
    if (wake && "wakeLock" in navigator) { setUpWakeLock(wake); }
    var speech = document.querySelector("[data-speak]");
    if (speech && "speechSynthesis" in window) { setUpSpeech(speech); }
  }

  // After htmx has read its settings from the page (it starts on DOMContentLoaded too).
  if (document.readyState === "complete") {
    start();
  } else {
    document.addEventListener("DOMContentLoaded", start);
  }
})();
