// Field errors announced, brought into view and the field to fix focused; a message answering
// a tap (data-answer) brought into view. Loaded by notices.js the first time one is drawn.

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
  // An alert from a wrapper: on the list it would hide its items (axe-core).
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
  // A problem with the whole form names no field: focus stays.
  var field = fieldFor(first);
  if (field) { field.focus({ preventScroll: true }); }
}

// A message answering a tap (data-answer) brought into view, or the tap seems lost.
function showAnswer(root) {
  if (!root || !root.querySelector) { return; }
  var answer = root.matches("[data-answer]") ? root : root.querySelector("[data-answer]");
  if (answer && !inView(answer)) { answer.scrollIntoView({ block: "start" }); }
}

export function showErrors(root) {
  showAnswer(root);
  showFieldErrors(root);
}
