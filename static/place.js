// Where the player looks stays put. A live refresh is morphed in (idiomorph keeps the same elements, so focus stays);
// this file keeps what a morph would undo (folds, what was typed), the action bar's room, and one place: what the
// reader looks at (the first heading in view, or after a tap the control just used) stays where it is on the screen.
(function () {
  "use strict";
  var Companion = window.Companion, root = document.documentElement;
  var seatPage = document.body.classList.contains("seat-page");

  // --- folded tools (dice, Whenever cards, scoreboard, log) stay as the player left them ----------------
  var FOLDS = "details[data-fold]";
  function foldKey(details) { return "companion-fold-" + details.getAttribute("data-fold"); }
  function restoreFolds() {
    document.querySelectorAll(FOLDS).forEach(function (details) {
      var saved = Companion.stored(foldKey(details));
      if (saved !== null) details.open = saved === "open";
    });
  }
  document.addEventListener("toggle", function (event) {
    var details = event.target;
    if (details.matches && details.matches(FOLDS)) Companion.store(foldKey(details), details.open ? "open" : "closed");
  }, true);
  restoreFolds();

  // --- a morph leaves what the player changed: folds opened or closed, what was typed, ticked or chosen -------------
  function changedByPlayer(name, node) {
    if (name === "open") return node.tagName === "DETAILS";
    if (name === "value") return node.type !== "hidden" && node.value !== node.defaultValue;
    if (name === "checked") return node.checked !== node.defaultChecked;
    if (name === "selected") return node.selected !== node.defaultSelected;
    return false;
  }
  if (window.Idiomorph) {
    var callbacks = window.Idiomorph.defaults.callbacks;
    var before = callbacks.beforeAttributeUpdated;
    callbacks.beforeAttributeUpdated = function (name, node, mutation) {
      if (changedByPlayer(name, node)) return false;
      // A card picker keeps its chips (and stays shown, and busy while it asks) until it has asked for the new
      // ones (card_form.js): a refresh that emptied it first would move everything below it up, then down again.
      if ((name === "hidden" || name === "aria-busy") && node.hasAttribute && node.hasAttribute("data-card-picker")) {
        return false;
      }
      return before ? before(name, node, mutation) : true;
    };
    var beforeMorph = callbacks.beforeNodeMorphed;
    callbacks.beforeNodeMorphed = function (oldNode, newNode) {
      if (oldNode.nodeType === 1 && oldNode.classList.contains("picks") && oldNode.closest("[data-card-picker]")) {
        return false;
      }
      return beforeMorph ? beforeMorph(oldNode, newNode) : true;
    };
  }

  // --- room for the bars: the page leaves the action bar's height free below, the now bar sits under the header ---
  function measure() {
    var bar = document.getElementById("action-bar"), head = document.querySelector("body > .bar");
    root.style.setProperty("--bar-height", (bar ? bar.offsetHeight : 0) + "px");
    if (head) root.style.setProperty("--head-height", head.offsetHeight + "px");
  }
  var watcher = seatPage && window.ResizeObserver ? new ResizeObserver(measure) : null, watched = null;
  function watchBar() {
    if (!seatPage) return;
    var bar = document.getElementById("action-bar");
    if (watcher && bar !== watched) {
      if (watched) watcher.unobserve(watched);
      if (bar) watcher.observe(bar);
      watched = bar;
    }
    measure();
  }
  if (seatPage) {
    var head = watcher && document.querySelector("body > .bar");
    if (head) watcher.observe(head);
    window.addEventListener("resize", measure);
    watchBar();
  }

  // --- showing a part of the panel: its folds opened, in view, its first control focused -----------------------
  function firstControl(within) {
    return within.matches("input, select, button, textarea") ? within
      : within.querySelector("input:not([type=hidden]), select, textarea, button:not([disabled])");
  }
  function openAround(element) {
    for (var up = element.parentElement; up; up = up.parentElement) if (up.tagName === "DETAILS") up.open = true;
  }
  Companion.show = function (element, focusIt) {
    openAround(element);
    element.scrollIntoView({ block: "nearest" });
    var control = focusIt && firstControl(element);
    if (control) control.focus({ preventScroll: true });
  };
  // The next action: the bar's first control; with nothing to do, the now bar (what the player reads next).
  function focusNext() {
    var bar = document.getElementById("action-bar"), next = bar && firstControl(bar);
    var now = document.querySelector("#panel .now-bar");
    if (next) next.focus({ preventScroll: true });
    else if (now) { now.setAttribute("tabindex", "-1"); now.focus({ preventScroll: true }); }
  }
  // The player's turn or answer begins (static/lead.js): the page goes back to its top, where the first screen holds
  // the moment (the turn, the card to answer, the phase's form), unless the player is typing just now.
  function typing() {
    var focused = document.activeElement;
    var notText = /^(button|submit|checkbox|radio|hidden|file|range|color|reset)$/;
    return !!(focused && (focused.isContentEditable || focused.tagName === "TEXTAREA" || focused.tagName === "SELECT"
      || (focused.tagName === "INPUT" && !notText.test(focused.type))));
  }
  Companion.showMoment = function () {
    if (!seatPage || typing() || window.scrollY <= 0) return false;
    held = null;
    window.scrollTo(0, 0);
    return true;
  };

  // --- the one place kept: an element held where it was on the screen while the page changes around it ------------
  // After a refresh or a tap, what comes with it may still grow for a while (a card picker fills its row after
  // asking for the known cards): the element is held until the player touches the page. Above the screen the
  // browser's own scroll anchoring does the same.
  var held = null, LOG_LINE = "#panel .log > li[id]";
  function holdAt(element, top) {
    held = element ? { element: element, top: top, roomy: element.matches(LOG_LINE) } : null;
    hold();
  }
  // The page was scrolled since it was last held, by the player or by a part of the page that shows something:
  // what is held moved by just as much the other way. A change of the page's length moves only what is held, and
  // the browser's scroll anchoring only the page; a page grown shorter under a reader at its end is pulled down.
  // A wheel scrolls before its event reaches this script.
  function scrolledSince(held, top) {
    var scrolled = window.scrollY - held.y, atEnd = window.scrollY + window.innerHeight >= root.scrollHeight - 1;
    return held.y !== undefined && Math.abs(scrolled) >= 1 && Math.abs(held.at - top - scrolled) < 1
      && !(scrolled < 0 && atEnd);
  }
  function hold() {
    if (!held || !held.element.getClientRects().length) { held = null; return; }  // gone, or hidden
    var top = held.element.getBoundingClientRect().top;
    if (scrolledSince(held, top)) { held = null; return; }
    var shift = top - held.top, body = document.body;
    // Near the page's end there may be no room to scroll by: the log's oldest line leaves at the bottom as a new
    // one comes in on top. The page grows by what is missing, and keeps that room until the reader is back on top.
    var missing = window.scrollY + shift + window.innerHeight - root.scrollHeight;
    if (missing > 0 && held.roomy) body.style.minHeight = body.offsetHeight + missing + "px";
    window.scrollBy(0, shift);
    held.y = window.scrollY;
    held.at = held.element.getBoundingClientRect().top;
  }
  if (seatPage) {
    window.addEventListener("scroll", function () {
      if (window.scrollY <= 0 && document.body.style.minHeight) document.body.style.minHeight = "";
      if (held && held.y !== undefined && window.scrollY !== held.y) hold();  // a scroll it did not make lets go
    }, { passive: true });
  }
  if (seatPage && window.ResizeObserver) new ResizeObserver(hold).observe(document.body);
  // A size that comes back within one frame (the picker hidden by a refresh, then filled again) is no resize to a
  // ResizeObserver, though what lies below moved twice: changes in the panel are followed too.
  if (seatPage && window.MutationObserver) {
    new MutationObserver(function () { hold(); keepButtonInView(); })
      .observe(document.body, { childList: true, subtree: true, attributes: true,
                                attributeFilter: ["hidden", "open", "class"] });
  }

  // --- a field being typed in keeps its form's button above the action bar ---------------------------------------
  // The chips offered for what is typed push the button down: the page follows, as far as the field stays in view.
  var typingIn = null, typedUntil = 0, FOLLOW_MS = 1500;
  function keepButtonInView() {
    if (!typingIn) return;
    if (document.activeElement !== typingIn || !typingIn.form || Date.now() > typedUntil) { typingIn = null; return; }
    var button = typingIn.form.querySelector("button.primary[type=submit]");
    if (!button || !button.getClientRects().length) return;
    var bar = document.getElementById("action-bar");
    var head = document.querySelector("#panel .now-bar") || document.querySelector("body > .bar");
    var floor = bar ? bar.getBoundingClientRect().top : window.innerHeight;
    var ceiling = head ? head.getBoundingClientRect().bottom : 0;
    var under = button.getBoundingClientRect().bottom - floor, room = typingIn.getBoundingClientRect().top - ceiling;
    if (under > 0 && room > 0) window.scrollBy(0, Math.min(under, room));
  }
  // Only what the player types counts, and only until the chips it asks for have come: a refresh ends it (what it
  // brings is held in place instead), and one that gives the field its focus back is no typing.
  function followTyping(event) {
    var field = event.target, panel = document.getElementById("panel");
    if (!event.isTrusted) return;
    typingIn = typing() && field === document.activeElement && field.form && panel && panel.contains(field)
      ? field : null;
    typedUntil = Date.now() + FOLLOW_MS;
    if (typingIn) requestAnimationFrame(keepButtonInView);
  }
  if (seatPage) {
    document.addEventListener("input", followTyping);
    // The player moving the page takes over until they type again.
    ["pointerdown", "wheel", "touchstart"].forEach(function (name) {
      window.addEventListener(name, function () { typingIn = null; }, { capture: true, passive: true });
    });
  }
  ["pointerdown", "wheel", "keydown", "touchstart"].forEach(function (name) {
    window.addEventListener(name, function () { held = null; }, { capture: true, passive: true });
  });
  // The reader's place before a live refresh: the first heading wholly between the bars (a card's title, a fold's
  // summary: what the reader keeps their bearings by); but where the log's lines fill the middle of the screen, the
  // line there, as new lines come in on top of the log (a line keeps its element across a morph: it has an id). At
  // the very top the news shows above instead.
  var HEADINGS = "#panel h1, #panel h2, #panel h3, #panel summary", reading = null;
  function noteReading() {
    reading = null;
    if (!seatPage || window.scrollY <= 0) return;
    var head = document.querySelector("#panel .now-bar") || document.querySelector("body > .bar");
    var bar = document.getElementById("action-bar"), top = head ? head.getBoundingClientRect().bottom : 0;
    var bottom = bar ? bar.getBoundingClientRect().top : window.innerHeight;
    reading = logLineAt((top + bottom) / 2) || Array.prototype.filter.call(document.querySelectorAll(HEADINGS),
      function (heading) {
        var box = heading.getBoundingClientRect();
        return box.height && box.top >= top - 1 && box.bottom <= bottom && !heading.closest("#action-bar, .now-bar");
      })[0] || null;
    if (reading) reading = { element: reading, top: reading.getBoundingClientRect().top };
  }
  function logLineAt(y) {
    var log = document.querySelector("#panel .log"), box = log && log.getBoundingClientRect();
    if (!box || !box.height || box.top > y || box.bottom < y) return null;
    function off(line) { var at = line.getBoundingClientRect(); return Math.max(at.top - y, y - at.bottom, 0); }
    return Array.prototype.reduce.call(document.querySelectorAll(LOG_LINE), function (nearest, line) {
      return nearest && off(nearest) <= off(line) ? nearest : line;
    }, null);
  }

  // --- after a tap the page stays where the player looked ------------------------------------------
  // The answer to a tap replaces the panel. The control that was used is found again in the new panel (by its
  // form's action type and seat and its own name, value and test id, which stay put while the state moves on),
  // keeps keyboard focus and stays where it was on the screen; a refusal moves from the top of the panel to just
  // below that control, where the player is looking. The folds are opened again first: a new panel arrives with
  // them closed, and the page would otherwise shrink under the player's thumb.
  var place = null, fromBar = false, played = false;
  function controlKey(control) {
    var form = control.form, parts = [control.tagName, control.id, control.name, control.getAttribute("data-testid")];
    if (control.tagName === "BUTTON") parts.push(control.value);
    ["type", "seat"].forEach(function (name) {
      var field = form && form.elements.namedItem(name);
      parts.push(field && field.type === "hidden" ? field.value : "");
    });
    return parts.join("|");
  }
  function controlsLike(key) {
    var panel = document.getElementById("panel");
    return panel ? Array.prototype.filter.call(panel.querySelectorAll("button, input, select, textarea"),
                                               function (control) { return controlKey(control) === key; }) : [];
  }
  document.addEventListener("submit", function (event) {
    var form = event.target, panel = document.getElementById("panel"), focused = document.activeElement;
    fromBar = !!(form.closest && form.closest("#action-bar"));
    played = !!(form.classList && form.classList.contains("play-card-form"));
    if (!panel || !panel.contains(form)) return;
    var control = focused && focused !== form && form.contains(focused) ? focused
      : event.submitter || form.querySelector("button");
    if (!control) return;
    var key = controlKey(control);
    place = { key: key, nth: controlsLike(key).indexOf(control), top: control.getBoundingClientRect().top,
              scrollY: window.scrollY };
  }, true);
  function besideControl(refusal, control) {
    var spot = control;  // after the form's part that holds the control: a row of buttons stays a row
    while (spot.parentElement && spot.parentElement !== control.form) spot = spot.parentElement;
    spot.insertAdjacentElement("afterend", refusal);
  }
  Companion.keepPlace = function () {
    var kept = place;
    place = null;
    if (!kept) return;
    restoreFolds();
    var control = controlsLike(kept.key)[Math.max(kept.nth, 0)];
    var refusal = document.querySelector("#panel [data-refusal]");
    if (control && refusal && control.form) besideControl(refusal, control);
    if (control) {
      if (!control.disabled) control.focus({ preventScroll: true });
      holdAt(control, kept.top);
    } else {
      window.scrollTo(0, kept.scrollY);
    }
    var box = refusal && refusal.getBoundingClientRect();
    if (box && (box.top < 0 || box.bottom > window.innerHeight)) refusal.scrollIntoView({ block: "nearest" });
  };
  // On a phone, a refusal or question comes into view (its fold opened), else focus goes to the next action.
  function leadAfterTap() {
    var question = document.querySelector("#panel [data-testid=printed-question]");
    var refusal = document.querySelector("#panel [data-refusal]");
    // One's own card just played is shown, announced, where the others may still answer it (not left above).
    var message = question || refusal, own = played && document.querySelector("#panel [data-window][data-own]");
    var shown = message || own;
    if (question) Companion.show(question, true);
    else if (shown) { openAround(shown); shown.scrollIntoView({ block: "nearest" }); }
    if (shown) holdAt(shown, shown.getBoundingClientRect().top);  // the form's picker above it fills its row later
    if (message) return;
    var focused = document.activeElement;
    if (fromBar || !focused || focused === document.body || !document.body.contains(focused)) focusNext();
  }
  // A tap's answer replaces the panel: each card picker shown takes its chips along into the new panel, until it
  // has asked for the new ones (card_form.js), so nothing below it jumps up and down again meanwhile.
  var pickersBefore = {};
  function notePickers() {
    pickersBefore = {};
    document.querySelectorAll("#panel [data-card-picker]:not([hidden])").forEach(function (picker) {
      var list = picker.querySelector(".picks");
      if (list) pickersBefore[picker.getAttribute("data-for")] = list;
    });
  }
  function keepPickers() {
    Object.keys(pickersBefore).forEach(function (id) {
      var picker = document.querySelector('#panel [data-card-picker][data-for="' + id + '"]');
      var list = picker && picker.querySelector(".picks"), kept = pickersBefore[id];
      if (!picker || !picker.hidden || !list || kept === list) return;
      list.replaceWith(kept);
      picker.hidden = false;
    });
    pickersBefore = {};
  }

  // --- a refresh that takes away the focused bar button (the moment moved on) hands focus to the bar's next action --
  var focusInBar = false;
  function noteFocus() {
    var bar = document.getElementById("action-bar");
    focusInBar = !!(bar && bar.contains(document.activeElement));
    typingIn = null;  // what a refresh or a tap's answer brings is held in place, not followed as typing
    noteReading();
  }
  document.addEventListener("companion:before-morph", noteFocus);
  document.addEventListener("htmx:beforeSwap", function (event) {
    noteFocus();
    if (event.detail.target.id === "panel") notePickers();
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    var config = event.detail.requestConfig;
    watchBar();  // a bar that came with the new panel takes its room at once
    if (config && config.verb === "post") {
      keepPickers();
      Companion.keepPlace();
      if (seatPage) leadAfterTap();
    } else {
      holdAt(reading && reading.element, reading && reading.top);  // at the very top, nothing is held
      if (focusInBar && (!document.activeElement || document.activeElement === document.body)) focusNext();
    }
    focusInBar = false;
    reading = null;
  });
})();
