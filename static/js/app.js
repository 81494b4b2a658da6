// The scoring screen: one step on one screen, one pad open at a time. The other jobs are
// modules in js/app/; this one imports nothing. Every page works without it.

// Tricks: once every group but one is chosen, offer the rest in the last one.
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

// A small swap draws a pad's first key and lists the rest ("nil=Nil|1|2"): copies of it.
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

// The next pad to tap after `after` (or from the start), null when all are.
function nextEmpty(form, after) {
  var pads = padsOf(form).filter(inPlay);
  var start = after ? pads.indexOf(after) + 1 : 0;
  var order = pads.slice(start).concat(pads.slice(0, start));
  return order.filter(function (pad) { return pad !== after && !filled(pad); })[0] || null;
}

export function refreshSteps(form) {
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
      // A long name cut short: the whole of it a hover away.
      who.title = who.textContent;
      var val = document.createElement("span");
      val.className = "val";
      pick.append(who, val);
      pick.addEventListener("click", function () {
        choose(form, pad, true);
        // The button folds as its keys open: the chosen (or first) key takes focus.
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
    // "Bid as a team": ticked, the side's pad opens; unticked, the next empty one.
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
    // Focus goes where the finger goes next: the next seat's keys, or the button.
    var goal = next ? next.querySelector(".keys input") : form.querySelector("[type=submit]");
    if (goal) { goal.focus({ preventScroll: true }); }
  } else {
    refreshSteps(form);
  }
  tapped = false;
});

// After a recorded step: the score bar at the top, the next step under it.
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

// A step taller than the screen left under the title: the score bar goes to the top (not
// for a page opened at a place in it).
function fitStep() {
  var form = document.querySelector("#entry form.steps");
  if (!form || window.scrollY !== 0 || location.hash) { return; }
  if (form.getBoundingClientRect().bottom > window.innerHeight) { showScore(); }
}

function start() {
  enhance(document);
  // A field to fix has the view (notices.js).
  if (!document.querySelector("#main .errorlist")) { fitStep(); }
}

// Modules run before DOMContentLoaded; starting on it, they start after htmx.
document.addEventListener("DOMContentLoaded", start);
