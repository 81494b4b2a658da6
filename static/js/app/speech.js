// The score read aloud after each recorded step, with the browser's speech synthesis: loaded
// by device.js once the phone has asked for it.

import { speaking } from "./device.js";

export function say(words) {
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
  var words = notice ? notice.textContent.trim().replace(/[.!]+$/, "") : "";
  if (sides.length) { words += (words ? ". " : "") + "Standings: " + sides.join(", ") + "."; }
  say(words);
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
