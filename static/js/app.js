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
})();
