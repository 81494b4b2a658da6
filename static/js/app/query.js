// A form whose answer is an address to share (What if?, data-short-query): the fields left
// empty are not sent, so the address carries only what was chosen, not a parameter for every
// setting. Without JavaScript the address is longer and opens the same page.

document.addEventListener("submit", function (event) {
  var form = event.target;
  if (!form.matches("form[data-short-query]")) { return; }
  var empty = Array.prototype.filter.call(form.elements, function (field) {
    return field.name && !field.disabled && field.value === "";
  });
  // A disabled field is left out of what the form sends; enabled again once it is sent, for
  // a page shown again from the history.
  empty.forEach(function (field) { field.disabled = true; });
  setTimeout(function () { empty.forEach(function (field) { field.disabled = false; }); }, 0);
});
