// A new card's printed numbers: they belong to the name they were typed for, the fields go in the order they are
// copied, and the form asks only what the card's type carries. What the picker (card_form.js) and the camera
// (card_photo.js) share of the card forms is here too, as Companion.cardForm.
(function () {
  "use strict";
  var NUMBERS = ["card_type", "slack", "cost", "slack_modifier", "loot", "slack_die", "categories", "pest"];
  // The name each card-name field's numbers were typed for, by the field's id: kept here, not in an attribute,
  // because a live update morphs the panel and would drop the attribute.
  var numbersFor = {};

  function fold(text) {
    return (text || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/ё/g, "е").trim();
  }
  function inputOf(picker) { return document.getElementById(picker.getAttribute("data-for")); }
  function rowsOf(picker) {
    return (picker.getAttribute("data-rows") || "").split(" ").filter(Boolean)
      .map(function (id) { return document.getElementById(id); }).filter(Boolean);
  }

  function field(form, name) { return form.elements.namedItem(name); }

  // --- numbers belong to the name they were typed for ---------------------------------------------------------
  // A number field remembers the name it was typed for; once the name becomes another card's (not just typed on
  // or shortened), the numbers are dropped, so they can never be played with, or taught as, another card.
  function numberFields(form, row) {
    return Array.prototype.filter.call(form.elements, function (el) {
      return row ? el.name === "cost_" + row || el.name === "slack_" + row || el.name === "categories_" + row
        : NUMBERS.indexOf(el.name) >= 0;
    });
  }
  function clearNumbers(form, row) {
    numberFields(form, row).forEach(function (el) {
      if (el.type === "checkbox" || el.type === "radio") el.checked = false;
      else if (el.tagName === "SELECT") el.selectedIndex = 0;
      else el.value = "";
    });
  }
  function rowOf(input) { var m = /^name_(\d)$/.exec(input.name || ""); return m ? m[1] : ""; }
  function sameCard(before, now) {
    var a = fold(before), b = fold(now);
    return a === b || (b && (a.indexOf(b) === 0 || b.indexOf(a) === 0));
  }
  document.addEventListener("input", function (event) {
    var el = event.target, form = el.form;
    if (!form || !form.querySelector("[data-card-picker]")) return;
    var nameField = /^(name(_\d)?|with)$/.test(el.name);
    if (nameField) {
      if (el.id in numbersFor && !sameCard(numbersFor[el.id], el.value)) {
        clearNumbers(form, rowOf(el));
        delete numbersFor[el.id];
      }
      return;
    }
    var row = (/_(\d)$/.exec(el.name) || [])[1] || "";
    var owner = row ? form.elements.namedItem("name_" + row) : inputOf(form.querySelector("[data-card-picker]"));
    if (owner && owner.id && (row || NUMBERS.indexOf(el.name) >= 0)) numbersFor[owner.id] = owner.value;
  });
  function typedNumbers(form, row) {
    return numberFields(form, row).some(function (el) {
      return el.type === "checkbox" || el.type === "radio" ? el.checked
        : el.tagName === "SELECT" ? el.selectedIndex > 0 : !!el.value;
    });
  }
  // Numbers the server showed again with a question belong to the name shown with them.
  function bindShown(picker) {
    var input = inputOf(picker);
    if (!input || !input.form) return;
    [input].concat(rowsOf(picker)).forEach(function (el) {
      if (el.id && el.value && !(el.id in numbersFor) && typedNumbers(input.form, rowOf(el))) {
        numbersFor[el.id] = el.value;
      }
    });
  }
  document.addEventListener("change", function (event) {  // selects and boxes say "change", not always "input"
    var el = event.target;
    if (el.type === "checkbox" || el.type === "radio" || el.tagName === "SELECT") {
      el.dispatchEvent(new Event("input", { bubbles: true }));
    }
    if (el.type === "radio" && el.name === "card_type" && el.form) {  // the type chosen: on to its Slack
      showCategories(el.form);
      var slack = el.form.elements.namedItem("slack");
      if (slack && !slack.value) slack.focus();
      // An Activity's Slack may be rolled instead of typed: "Its Slack is rolled", under the field, in view too.
      var die = el.value === "activity" && el.form.elements.namedItem("slack_die");
      if (die && die.type === "checkbox") (die.closest("label") || die).scrollIntoView({ block: "nearest" });
    }
    // Rolled: on to the die's modifier. Only an Activity's Slack is rolled (Free Time in 002_22fc518f8780fc11.txt),
    // so a new card whose type is not chosen yet is an Activity: ticking the box chooses it.
    if (el.type === "checkbox" && el.name === "slack_die" && el.checked && el.form) {
      var activity = el.form.querySelector("input[name=card_type][value=activity]");
      if (activity && !el.form.querySelector("input[name=card_type]:checked")) {
        activity.checked = true;
        activity.dispatchEvent(new Event("input", { bubbles: true }));
        showCategories(el.form);
      }
      showInUse(el.form);
      var modifier = el.form.elements.namedItem("slack_modifier");
      if (modifier && !modifier.value) modifier.focus();
    }
  });

  // --- a new card's fields in the order they are copied: the keyboard's Next key moves on, its Go key plays ----
  // Once the numbers are open: from the card's name to its Slack (a Thing's Cost after it), and along each further
  // Thing's row (name, Slack, Cost), a new card's type first; fields already filled (a card's known numbers) are
  // passed by. A Thing's last field leads on to the next Thing's name, never to Go: Go is the key of an empty
  // Thing's name, so a trip is sent only once the player has said it holds no more Things.
  function nextField(el) {
    var form = el.form, numbers = form && form.querySelector("[data-card-numbers]");
    if (!numbers || !numbers.open || el.tagName !== "INPUT") return null;
    var row = Number((/_(\d)$/.exec(el.name) || [])[1] || 1), order = ["name", "slack"];
    var type = form.querySelector("input[name=card_type]:checked");
    if (row > 1) order = ["name_" + row, "slack_" + row, "cost_" + row];
    else if (type && type.value === "thing") order.push("cost");
    // An Activity whose Slack is left empty is rolled: Next goes on to "Its Slack is rolled", and from it ticked
    // to the die's modifier.
    if (type && type.value === "activity" && row === 1) {
      var die = field(form, "slack_die"), modifier = field(form, "slack_modifier");
      if (el.name === "slack" && !el.value && die) return die;
      if (el.name === "slack_die") return el.checked && modifier && !modifier.value ? modifier : null;
    }
    if (row > 1 && el.name === "name_" + row && !el.value.trim()) return null;  // no further Thing: Go
    var at = order.indexOf(el.name);
    if (at < 0) return null;
    // A new card's type comes first: from its name, on to the type's buttons while none is chosen.
    if (el.name === "name" && !type && field(form, "slack") && !field(form, "slack").value) {
      return form.querySelector("input[name=card_type]") || field(form, "slack");
    }
    var trip = (type && type.value === "thing") || row > 1;
    if (trip && row < 4) order.push("name_" + (row + 1));
    for (var i = at + 1; i < order.length; i++) {
      var next = field(form, order[i]);
      if (next && !next.value) return next;
    }
    return null;
  }
  document.addEventListener("keydown", function (event) {
    var next = event.key === "Enter" && nextField(event.target);
    if (!next) return;
    event.preventDefault();
    next.focus();
    // The type's buttons and, under them, "Its Slack is rolled", which a rolled Activity's player taps instead
    // of a type: both in view, above the action bar (the keyboard is down while a button has focus).
    if (next.type === "radio") {
      var die = field(next.form, "slack_die"), rolled = die && die.type === "checkbox" && die.closest("label");
      if (rolled) rolled.scrollIntoView({ block: "nearest" });
      next.closest("fieldset").scrollIntoView({ block: "nearest" });
    }
    if (next.type === "checkbox") (next.closest("label") || next).scrollIntoView({ block: "nearest" });
  });
  function labelEnterKey(event) {  // the key says which it does
    var el = event.target;
    if (el.form && el.form.querySelector("[data-card-numbers]") && el.tagName === "INPUT" && el.type !== "checkbox" &&
        el.type !== "radio") el.enterKeyHint = nextField(el) ? "next" : "go";
  }
  document.addEventListener("focusin", labelEnterKey);
  document.addEventListener("input", labelEnterKey);  // a further Thing's name typed: Next, no longer Go

  // --- a new card's form asks only what its type carries -------------------------------------------------------
  // The categories shown are those of the type chosen (each label says which types carry it); with no type chosen,
  // those of every type this form takes; none at all hides the list.
  function showCategories(form) {
    var chosen = form.querySelector("input[name=card_type]:checked");
    form.querySelectorAll("fieldset.categories").forEach(function (set) {
      var labels = set.querySelectorAll("label[data-types]");
      if (!labels.length) return;
      var shown = 0;
      labels.forEach(function (label) {
        var fits = !chosen || label.getAttribute("data-types").split(" ").indexOf(chosen.value) >= 0;
        label.hidden = !fits;
        if (!fits) label.querySelector("input").checked = false;
        shown += fits ? 1 : 0;
      });
      set.hidden = !shown;
    });
  }
  // Only the fields in use: a further Thing's row once the one before it is named (its categories once it is
  // named itself), the die's modifier once the Slack is rolled. The form then fits one screen (390 × 844).
  function showInUse(form) {
    form.querySelectorAll(".more-thing[data-row]").forEach(function (row) {
      var number = Number(row.getAttribute("data-row"));
      var before = field(form, number === 2 ? "name" : "name_" + (number - 1)), own = field(form, "name_" + number);
      row.hidden = number > 2 && !(before && before.value) && !(own && own.value);
      var categories = row.querySelector("fieldset.categories");
      if (categories) categories.hidden = !(own && own.value);
    });
    // An Activity has no Cost: its field is hidden, and a Cost typed while the card was a Thing goes with it.
    var type = form.querySelector("input[name=card_type]:checked"), cost = field(form, "cost");
    if (cost && cost.parentElement) {
      var asked = !(type && type.value === "activity");
      cost.parentElement.hidden = !asked;
      if (!asked) cost.value = "";
    }
    var die = field(form, "slack_die"), modifier = form.querySelector("[data-when-rolled]");
    if (modifier && die && die.type === "checkbox") {
      modifier.hidden = !die.checked && !field(form, "slack_modifier").value;
    }
  }
  function showAllCategories() {
    document.querySelectorAll("form [data-card-numbers]").forEach(function (numbers) {
      showCategories(numbers.closest("form"));
      showInUse(numbers.closest("form"));
    });
  }
  document.addEventListener("input", function (event) {
    var form = event.target.form;
    if (form && form.querySelector("[data-card-numbers]")) showInUse(form);
  });
  // A refused play keeps nothing typed for it: the server shows the form again without the numbers.
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail.elt;
    if (form && form.tagName === "FORM" && form.querySelector("[data-card-picker]") && event.detail.xhr &&
        event.detail.xhr.status === 409) {
      clearNumbers(form, "");
      ["2", "3", "4"].forEach(function (row) { clearNumbers(form, row); });
    }
  });

  showAllCategories();
  window.Companion.cardForm = { fold: fold, field: field, inputOf: inputOf, rowsOf: rowsOf, rowOf: rowOf,
                                clearNumbers: clearNumbers, bindShown: bindShown, numbersFor: numbersFor,
                                showCategories: showCategories, showInUse: showInUse,
                                showAllCategories: showAllCategories, photoSaid: {} };
})();
