// The hook, at the card table and on a hand's correction: once every other player's bid is
// tapped, the dealer's key that would make the bids add up to the cards dealt is shown
// disabled, with the reason.
// The server refuses that bid anyway (games/scoring/card_games/table.py); this only says so
// before the tap.

function hookOf(form) {
  var cards = parseInt(form.dataset.hookCards, 10);
  var dealer = form.querySelector("fieldset.pad[data-dealer]");
  return isNaN(cards) || !dealer ? null : { cards: cards, dealer: dealer };
}

function refresh(form) {
  var hook = hookOf(form);
  if (!hook) { return; }
  var others = 0;
  var missing = false;
  // The others' bids (a correction's form has each player's tricks too: those don't count).
  form.querySelectorAll("fieldset.pad").forEach(function (pad) {
    if (pad === hook.dealer || !pad.querySelector('.keys input[name^="bid_"]')) { return; }
    var chosen = pad.querySelector(".keys input:checked");
    if (chosen) { others += parseInt(chosen.value, 10); } else { missing = true; }
  });
  var forbidden = missing ? null : hook.cards - others;
  var reason = hook.dealer.querySelector("[data-hook-reason]");
  var cleared = false;
  hook.dealer.querySelectorAll(".keys input").forEach(function (input) {
    var off = forbidden !== null && parseInt(input.value, 10) === forbidden;
    input.disabled = off;
    if (off && input.checked) { input.checked = false; cleared = true; }
    input.closest(".key").classList.toggle("forbidden", off);
    input.closest(".key").title = off ? reason.dataset.hookReason.replace("{}", forbidden) : "";
  });
  var showing = forbidden !== null && forbidden >= 0 && forbidden <= hook.cards;
  reason.hidden = !showing;
  reason.textContent = showing ? reason.dataset.hookReason.replace("{}", forbidden) : "";
  // Another bid changed made the dealer's tapped bid the forbidden one: it is taken off, and
  // the dealer's keys open (as a tap on its folded button would) to choose again, with why.
  var pick = hook.dealer.querySelector(".pick");
  if (cleared && pick) { pick.click(); }
  if (showing) { keepKeysInView(form, hook.dealer); }
}

// The reason makes the dealer's open pad taller: its keys stay above the button that sends
// the step (which sticks to the bottom of the screen), as app.js left them.
function keepKeysInView(form, pad) {
  var keys = pad.querySelector(".keys");
  if (!pad.classList.contains("current") || !keys) { return; }
  var submit = form.querySelector(".sticky-submit");
  var limit = submit ? Math.min(submit.getBoundingClientRect().top, window.innerHeight) : window.innerHeight;
  var over = keys.getBoundingClientRect().bottom - limit;
  if (over > 0) { window.scrollBy({ top: over, behavior: "instant" }); }
}

function refreshAll() {
  document.querySelectorAll("form[data-hook-cards]").forEach(refresh);
}

document.addEventListener("change", function (event) {
  var form = event.target.closest && event.target.closest("form[data-hook-cards]");
  if (form) { refresh(form); }
});
document.addEventListener("htmx:afterSwap", refreshAll);
document.addEventListener("DOMContentLoaded", refreshAll);
