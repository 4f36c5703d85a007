// The card picker: the server matches what was typed (typos and accents forgiven) and the form's known cards show as
// chips, at most two rows; a chip plays the card or chooses it.
(function () {
  "use strict";
  var forms = window.Companion.cardForm, fold = forms.fold, field = forms.field, inputOf = forms.inputOf;
  var rowsOf = forms.rowsOf, rowOf = forms.rowOf, clearNumbers = forms.clearNumbers, numbersFor = forms.numbersFor;
  var showCategories = forms.showCategories, showInUse = forms.showInUse, photoSaid = forms.photoSaid;
  var asked = {};  // the newest request per picker: an older answer arriving late is dropped
  function pickerOf(input) {
    return input && input.id && document.querySelector('[data-card-picker][data-for="' + input.id + '"]');
  }
  function setValue(form, name, value) {
    var input = field(form, name);
    if (!input || input.type === "hidden" || value === undefined || value === null) return;
    if (input.type === "radio") input.checked = input.value === String(value);  // one button of its kind alone
    else input.value = String(value);  // a field, or a row of radio buttons (RadioNodeList): the one of that value
  }
  // A card only another table entered: its numbers are that table's, which the server keeps apart from a table's
  // own reading of its card (the host decides the shared deck).
  function copiedInto(form, copied) {
    var box = form && form.querySelector("input[type=hidden][name=copied]");
    if (box) box.value = copied ? "1" : "";
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
    copiedInto(form, !!card.elsewhere);
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
    if (card.asks) {  // printed numbers nobody entered yet: the first of them to copy, in view, instead of a refusal
      var numbers = form.querySelector("[data-card-numbers]");
      var first = card.asks[0] === "type" ? form.querySelector("input[name=card_type]") : field(form, card.asks[0]);
      if (numbers) numbers.open = true;
      showCategories(form);
      showInUse(form);
      if (first) { first.focus(); first.scrollIntoView({ block: "nearest" }); }
      return;
    }
    if (form.reportValidity()) form.requestSubmit(form.querySelector("button[type=submit]:not([name])"));
  }
  function chosen(picker) {  // the cards already picked into the form's card fields, not offered again
    var input = inputOf(picker);  // a name typed in full is what is looked for: its chip shows, first
    var main = input && input.hasAttribute("data-picked-type") ? [input] : [];
    return main.concat(rowsOf(picker)).map(function (el) { return el && el.value; }).filter(Boolean);
  }
  function say(list, testId, text) {
    var line = document.createElement("li");
    line.className = "hint";
    line.setAttribute("data-testid", testId);
    line.textContent = text;
    list.appendChild(line);
  }
  // `becomes`: the card a short name or a typo will be sent as, said before it is sent.
  function show(picker, cards, typed, hint, becomes) {
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
      if (card.asks) button.setAttribute("data-asks", card.asks.join(" "));  // its tap opens them (app.css: ✎)
      button.setAttribute("lang", card.lang || "");
      if (picker.hasAttribute("data-confirm")) {
        button.setAttribute("aria-pressed", input && input.value === card.name ? "true" : "false");
      }
      button.textContent = card.shown || card.name;  // soft hyphens where the name may break
      if (card.elsewhere) {
        var mark = document.createElement("span");
        mark.className = "pick-mark";
        mark.setAttribute("data-testid", "pick-elsewhere");
        mark.textContent = picker.getAttribute("data-elsewhere");
        button.appendChild(mark);
      }
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
        (!cards.length || (named && named.asks))) {
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
    if (!list.children.length && nothing) say(list, "no-match", nothing);
    if (becomes && picker.getAttribute("data-becomes")) {
      say(list, "becomes", picker.getAttribute("data-becomes").replace("{card}", becomes));
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
        show(picker, data.cards || [], typed, data.message, data.becomes);  // another kind's card says so
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
    document.querySelectorAll("[data-card-picker]").forEach(function (picker) {
      forms.bindShown(picker);
      render(picker);
    });
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
    copiedInto(event.target.form, false);
    refuse(picker, false);
    picker.querySelectorAll(".pick").forEach(function (chip) { chip.setAttribute("aria-pressed", "false"); });
    render(picker);
  });
  // A new panel: its pickers ask for their chips, its new cards' forms show what their type carries.
  document.addEventListener("htmx:afterSettle", function () { forms.showAllCategories(); renderAll(); });
  if (window.fetch) renderAll();
  forms.show = show;
  forms.pickerOf = pickerOf;
})();
