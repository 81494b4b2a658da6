// A game page's switches: the screen kept awake (Wake Lock), the score read aloud (speech.js).

// ---- The screen stays awake while a game is open ----

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

// ---- The score read aloud after each recorded step ----

var SPEAK = "spades.speak";

export function speaking() {
  try { return localStorage.getItem(SPEAK) === "on"; } catch (error) { return false; }
}

// speech.js is fetched once asked for (its address is data-module): most games are not read.
var voice = null;

function loadVoice(box) {
  if (!voice) {
    // Offline before it was ever fetched: no voice this time, and another try on the next tap.
    voice = import(box.dataset.module).catch(function () { voice = null; return null; });
  }
  return voice;
}

function setUpSpeech(box) {
  var button = box.querySelector("button");
  box.hidden = false;

  function show() { button.setAttribute("aria-pressed", speaking() ? "true" : "false"); }

  button.addEventListener("click", function () {
    if (speaking()) {
      try { localStorage.removeItem(SPEAK); } catch (error) { /* private mode */ }
      window.speechSynthesis.cancel();
      show();
      return;
    }
    // Shown as on once the voice is here and has said so.
    loadVoice(box).then(function (speech) {
      if (!speech) { return; }
      try {
        localStorage.setItem(SPEAK, "on");
        speech.say("The score will be read aloud after each step.");
      } catch (error) { /* private mode: nothing is remembered */ }
      show();
    });
  });
  show();
  if (speaking()) { loadVoice(box); }
}

function start() {
  var wake = document.querySelector("[data-wake-lock]");
  if (wake && "wakeLock" in navigator) { setUpWakeLock(wake); }
  var speech = document.querySelector("[data-speak]");
  if (speech && "speechSynthesis" in window) { setUpSpeech(speech); }
}

document.addEventListener("DOMContentLoaded", start);
