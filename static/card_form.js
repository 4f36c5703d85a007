// The card forms: the picker (the server matches what was typed, typos and accents forgiven), numbers that
// belong to the name they were typed for, and the camera button that reads a card's name from a photo.
(function () {
  "use strict";
  var NUMBERS = ["card_type", "slack", "cost", "slack_modifier", "loot", "slack_die", "categories", "pest"];
  var asked = {};  // the newest request per picker: an older answer arriving late is dropped
  // The name each card-name field's numbers were typed for, by the field's id: kept here, not in an attribute,
  // because a live update morphs the panel and would drop the attribute.
  var numbersFor = {};
  var photoAsked = {};  // the newest photo per card-name field, by the field's id: an older photo's answer is dropped
  var photoSaid = {};  // the name a photo left in a field, the status saying why: the picker does not say it again

  function fold(text) {
    return (text || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/ё/g, "е").trim();
  }
  function pickerOf(input) {
    return input && input.id && document.querySelector('[data-card-picker][data-for="' + input.id + '"]');
  }
  function inputOf(picker) { return document.getElementById(picker.getAttribute("data-for")); }
  function rowsOf(picker) {
    return (picker.getAttribute("data-rows") || "").split(" ").filter(Boolean)
      .map(function (id) { return document.getElementById(id); }).filter(Boolean);
  }

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
      if (el.id && el.value && !(el.id in numbersFor) && typedNumbers(input.form, rowOf(el))) numbersFor[el.id] = el.value;
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
    }
  });

  // --- a new card's fields in the order they are copied: the keyboard's Next key moves on, its Go key plays ----
  // Once the numbers are open: from the card's name to its Slack (a Thing's Cost after it), and along each further
  // Thing's row (name, Slack, Cost), a new card's type first. A field whose next one is filled (a known card) plays.
  function nextField(el) {
    var form = el.form, numbers = form && form.querySelector("[data-card-numbers]");
    if (!numbers || !numbers.open || el.tagName !== "INPUT") return null;
    var row = (/_(\d)$/.exec(el.name) || [])[1], order = ["name", "slack"];
    var type = form.querySelector("input[name=card_type]:checked");
    if (row) order = ["name_" + row, "slack_" + row, "cost_" + row];
    else if (type && type.value === "thing") order.push("cost");
    var at = order.indexOf(el.name), next = at >= 0 && field(form, order[at + 1]);
    // A new card's type comes first: from its name, on to the type's buttons while none is chosen.
    if (el.name === "name" && next && !next.value && !type) return form.querySelector("input[name=card_type]") || next;
    return next && !next.value ? next : null;
  }
  document.addEventListener("keydown", function (event) {
    var next = event.key === "Enter" && nextField(event.target);
    if (!next) return;
    event.preventDefault();
    next.focus();
    if (next.type === "radio") next.closest("fieldset").scrollIntoView({ block: "nearest" });
  });
  document.addEventListener("focusin", function (event) {  // the key says which it does
    var el = event.target;
    if (el.form && el.form.querySelector("[data-card-numbers]") && el.tagName === "INPUT" && el.type !== "checkbox" &&
        el.type !== "radio") el.enterKeyHint = nextField(el) ? "next" : "go";
  });

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
    var die = field(form, "slack_die"), modifier = form.querySelector("[data-when-rolled]");
    if (modifier && die && die.type === "checkbox") modifier.hidden = !die.checked && !field(form, "slack_modifier").value;
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
  document.addEventListener("htmx:afterSettle", showAllCategories);
  // A refused play keeps nothing typed for it: the server shows the form again without the numbers.
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail.elt;
    if (form && form.tagName === "FORM" && form.querySelector("[data-card-picker]") && event.detail.xhr &&
        event.detail.xhr.status === 409) {
      clearNumbers(form, "");
      ["2", "3", "4"].forEach(function (row) { clearNumbers(form, row); });
    }
  });

  // --- the picker ---------------------------------------------------------------------------------------------
  function field(form, name) { return form.elements.namedItem(name); }
  function setValue(form, name, value) {
    var input = field(form, name);
    if (!input || input.type === "hidden" || value === undefined || value === null) return;
    if (input.type === "radio") input.checked = input.value === String(value);  // one button of its kind alone
    else input.value = String(value);  // a field, or a row of radio buttons (RadioNodeList): the one of that value
  }
  function fillMain(form, input, card) {
    clearNumbers(form, "");
    input.value = card.name;
    setValue(form, "card_type", card.type);
    setValue(form, "slack", card.slack);
    setValue(form, "cost", card.cost);
    setValue(form, "slack_modifier", card.slack_modifier);
    setValue(form, "loot", card.loot);
    form.querySelectorAll("input[name=categories], input[name=pest]").forEach(function (box) {
      box.checked = (card[box.name] || []).indexOf(box.value) >= 0;
    });
    var die = field(form, "slack_die");
    if (die && die.type === "checkbox") die.checked = !!card.slack_die;
    input.setAttribute("data-picked-type", card.type || "");
    numbersFor[input.id] = card.name;
    showCategories(form);
    showInUse(form);
  }
  // A chip does one thing, and shows which (app.css marks it). On one's own turn a known card plays with its tap,
  // whatever is open or typed (a Thing tapped while one's own scrounging trip is still being played joins that
  // trip, as the rules count them as one). In an answer form (data-confirm) the first tap chooses the card (the chip
  // shows it chosen): a second tap on it, or the form's button, sends it.
  function pick(picker, card, button) {
    var input = inputOf(picker);
    if (!input) return;
    var form = input.form;
    // While the form's last play is on its way, its chips wait (dimmed): a card tapped now would land in a form
    // the answer is about to replace, and be lost without a word.
    if (form.classList.contains("htmx-request")) return;
    if (picker.hasAttribute("data-confirm")) {
      if (button.getAttribute("aria-pressed") === "true" && input.value === card.name) {
        if (form.reportValidity()) form.requestSubmit(form.querySelector("button[type=submit]:not([name])"));
        return;
      }
      fillMain(form, input, card);
      picker.querySelectorAll(".pick").forEach(function (other) { other.setAttribute("aria-pressed", "false"); });
      button.setAttribute("aria-pressed", "true");
      return;
    }
    rowsOf(picker).forEach(function (el) { el.value = ""; clearNumbers(form, rowOf(el)); });
    fillMain(form, input, card);
    if (form.reportValidity()) form.requestSubmit(form.querySelector("button[type=submit]:not([name])"));
  }
  function chosen(picker) {  // the cards already picked into the form's card fields, not offered again
    var input = inputOf(picker);  // a name typed in full is what is looked for: its chip shows, first
    var main = input && input.hasAttribute("data-picked-type") ? [input] : [];
    return main.concat(rowsOf(picker)).map(function (el) { return el && el.value; }).filter(Boolean);
  }
  function show(picker, cards, typed, hint) {
    var list = picker.querySelector(".picks");
    if (!list) return;
    var taken = picker.hasAttribute("data-confirm") ? [] : chosen(picker);
    var input = inputOf(picker);
    list.textContent = "";
    cards.filter(function (card) { return taken.indexOf(card.name) < 0; }).forEach(function (card) {
      var item = document.createElement("li"), button = document.createElement("button");
      button.type = "button";
      button.className = "pick";
      button.setAttribute("data-testid", "pick");
      button.setAttribute("lang", card.lang || "");
      if (picker.hasAttribute("data-confirm")) {
        button.setAttribute("aria-pressed", input && input.value === card.name ? "true" : "false");
      }
      button.textContent = card.name;
      button.addEventListener("click", function () { pick(picker, card, button); });
      item.appendChild(button);
      list.appendChild(item);
    });
    // Said only when no known card matches indeed, only in a form with numbers to copy (data-none), and not
    // again for the name a photo left (its status says why).
    var nothing = hint || (typed && photoSaid[picker.getAttribute("data-for")] !== typed &&
      picker.getAttribute("data-none"));
    // A new card (no known card matches, or the one named in full has no numbers yet): its printed numbers open
    // by themselves, below Play it (nothing above them moves). Not for a known card of another kind (`hint`).
    var named = cards.filter(function (card) { return fold(card.name) === fold(typed); })[0];
    if (typed && !hint && picker.getAttribute("data-none") && input && input.form &&
        (!cards.length || (named && named.slack == null && !named.slack_die))) {
      var numbers = input.form.querySelector("[data-card-numbers]");
      if (numbers) numbers.open = true;
      // A card whose type is known already (the catalog's), its numbers not yet: the type is chosen for it.
      var form = input.form, kind = named && named.type && form.querySelector("input[name=card_type][value=" +
        named.type + "]");
      if (kind && !form.querySelector("input[name=card_type]:checked")) {
        kind.checked = true;
        numbersFor[input.id] = input.value;
        showCategories(form);
      }
    }
    if (!list.children.length && nothing) {
      var none = document.createElement("li");
      none.className = "hint";
      none.setAttribute("data-testid", "no-match");
      none.textContent = nothing;
      list.appendChild(none);
    }
    picker.hidden = false;
    twoRows(list);
  }
  // Known cards wrap onto at most two rows (no sideways scrolling): chips that would start a third row wait.
  function twoRows(list) {
    var items = Array.prototype.filter.call(list.children, function (li) { return !li.classList.contains("hint"); });
    items.forEach(function (li) { li.hidden = false; });
    if (!items.length || !list.offsetParent) return;
    var rows = [];
    items.forEach(function (li) { if (rows.indexOf(li.offsetTop) < 0) rows.push(li.offsetTop); });
    rows.sort(function (a, b) { return a - b; });
    if (rows.length > 2) items.forEach(function (li) { li.hidden = li.offsetTop > rows[1]; });
  }
  window.addEventListener("resize", function () {
    document.querySelectorAll("[data-card-picker] .picks").forEach(twoRows);
  });
  function render(picker) {
    var input = inputOf(picker);
    if (!input) return;
    var picked = input.getAttribute("data-picked-type") !== null;
    var typed = picked && !picker.hasAttribute("data-confirm") ? "" : input.value.trim();
    var url = picker.getAttribute("data-source") + "?form=" + encodeURIComponent(picker.getAttribute("data-form")) +
      "&most=" + encodeURIComponent(picker.getAttribute("data-most") || "8") + "&q=" + encodeURIComponent(typed);
    var id = picker.getAttribute("data-for");
    asked[id] = url;
    picker.setAttribute("aria-busy", "true");  // until the chips for what is typed now are shown
    fetch(url, { credentials: "same-origin" }).then(function (r) { return r.ok ? r.json() : { cards: [] }; })
      .then(function (data) {
        if (asked[id] !== url) return;
        show(picker, data.cards || [], typed, data.message);  // a known card of another kind says so
        refuse(picker, !!data.refused);
        picker.removeAttribute("aria-busy");
      })
      .catch(function () { if (asked[id] === url) picker.removeAttribute("aria-busy"); });
  }
  // The card a name stands for, refused by the rules in this form (the picker's message says why): its button is
  // dead until the name changes.
  function refuse(picker, refused) {
    var input = inputOf(picker);
    var button = input && input.form && input.form.querySelector("button[type=submit]:not([name])");
    if (button) button.disabled = refused;
  }
  function renderAll() {
    document.querySelectorAll("[data-card-picker]").forEach(function (picker) { bindShown(picker); render(picker); });
  }
  document.addEventListener("input", function (event) {
    var picker = pickerOf(event.target);
    if (!picker) return;
    if (photoSaid[event.target.id] !== event.target.value) {  // what a photo's status said is about another name
      delete photoSaid[event.target.id];
      var status = document.getElementById("photo-status-" + event.target.id);
      if (status) status.textContent = "";
    }
    event.target.removeAttribute("data-picked-type");
    refuse(picker, false);
    picker.querySelectorAll(".pick").forEach(function (chip) { chip.setAttribute("aria-pressed", "false"); });
    render(picker);
  });
  document.addEventListener("htmx:afterSettle", renderAll);
  if (window.fetch) renderAll();
  showAllCategories();

  // --- the camera button: a photo of the card names it ------------------------------------------------------
  var LONGEST = 1600;
  function shrunk(file) {  // at most 1600 px on its longest side, as a JPEG; the file itself where that fails
    if (!window.createImageBitmap) return Promise.resolve(file);
    return createImageBitmap(file).then(function (bitmap) {
      var scale = Math.min(1, LONGEST / Math.max(bitmap.width, bitmap.height));
      var canvas = document.createElement("canvas");
      canvas.width = Math.round(bitmap.width * scale);
      canvas.height = Math.round(bitmap.height * scale);
      canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      return new Promise(function (resolve) {
        canvas.toBlob(function (blob) { resolve(blob || file); }, "image/jpeg", 0.85);
      });
    }).catch(function () { return file; });
  }
  document.addEventListener("change", function (event) {
    var camera = event.target;
    if (!camera.hasAttribute || !camera.hasAttribute("data-card-photo") || !camera.files || !camera.files[0]) return;
    var input = document.getElementById(camera.getAttribute("data-for"));
    var picker = pickerOf(input);
    var status = document.getElementById(camera.getAttribute("data-status"));
    var asked = photoAsked[input.id] = (photoAsked[input.id] || 0) + 1;
    var newest = function () { return photoAsked[input.id] === asked; };
    // A new photo starts over: the refusal of the form's last play, the last photo's word and chips are gone.
    document.querySelectorAll("#panel [data-refusal]").forEach(function (refusal) { refusal.remove(); });
    var chips = picker && picker.querySelector(".picks");
    if (chips) chips.textContent = "";
    status.textContent = camera.getAttribute("data-reading");
    shrunk(camera.files[0]).then(function (photo) {
      var body = new FormData();
      body.append("photo", photo, "card.jpg");
      camera.value = "";  // the same photo chosen again is a change too
      return fetch(camera.getAttribute("data-source"), { method: "POST", body: body, credentials: "same-origin" });
    }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (data) { return { ok: r.ok, data: data }; });
    }).then(function (answer) {
      if (!newest()) return;  // a later photo is being read: its answer, and "Reading the card…" till then
      if (!answer.ok) { status.textContent = answer.data.error || camera.getAttribute("data-failed"); return; }
      var found = answer.data.candidates || [];
      if (found.length && picker) {
        input.value = "";  // the photo's chips are the answer: a name typed before would be played instead
        show(picker, found, "");
        status.textContent = camera.getAttribute("data-found");
        return;
      }
      // No chip: the name read (if any) is left in the field to correct, and the server says why.
      input.value = answer.data.text || "";
      photoSaid[input.id] = input.value;
      input.dispatchEvent(new Event("input", { bubbles: true }));
      input.focus();
      input.select();
      var numbers = input.value && input.form.querySelector("[data-card-numbers]");
      if (numbers) numbers.open = true;
      status.textContent = answer.data.message || camera.getAttribute("data-unknown");
    }).catch(function () { if (newest()) status.textContent = camera.getAttribute("data-failed"); });
  });
})();
