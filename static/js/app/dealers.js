// A new game's "who deals first" names the players as they are typed ("Seat 2: Ben"): loaded
// by the new-game page alone.

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

document.addEventListener("DOMContentLoaded", nameDealers);
