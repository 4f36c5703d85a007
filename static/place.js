// Where the player looks stays put: folds as they were left, what is being typed, the control just used after a tap,
// the reader's place through a live refresh, the action bar's room, and focus on what comes next.
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
  // A live refresh morphs the panel in place: it must neither close what the player opened nor open what the
  // player left closed, any fold (the folds keep ids, so a morph matches each with itself).
  if (window.Idiomorph) {
    var callbacks = window.Idiomorph.defaults.callbacks;
    var before = callbacks.beforeAttributeUpdated;
    callbacks.beforeAttributeUpdated = function (name, node, mutation) {
      if (name === "open" && node.tagName === "DETAILS") return false;
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
  document.addEventListener("htmx:afterSettle", restoreFolds);
  restoreFolds();

  // --- a live refresh keeps what the person is typing ---------------------------------------------
  // When another phone's change refreshes the panel, inputs keep their values and focus; after the person's
  // own post the panel comes back fresh.
  function typedNow() {
    var typed = { values: {}, focus: document.activeElement && document.activeElement.id };
    document.querySelectorAll("#panel input[id], #panel select[id], #panel textarea[id]").forEach(function (field) {
      if (field.type !== "hidden") typed.values[field.id] = field.value;
    });
    return typed;
  }
  function putBack(typed) {
    Object.keys(typed.values).forEach(function (id) {
      var field = document.getElementById(id);
      if (field) field.value = typed.values[id];
    });
    var focused = typed.focus && document.getElementById(typed.focus);
    if (focused) focused.focus();
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
    document.addEventListener("htmx:afterSettle", watchBar);
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
      window.scrollBy(0, control.getBoundingClientRect().top - kept.top);
      // The card picker above it fills its rows a moment later: the control is held where it was until then.
      holding = { element: control, top: kept.top, until: Date.now() + HOLD_MS };
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
    if (question || refusal) {
      var message = question || refusal;
      if (question) Companion.show(question, true);
      else { openAround(refusal); refusal.scrollIntoView({ block: "nearest" }); }
      // The form's picker fills its row a moment later, above the message: the message is held where it showed.
      holding = { element: message, top: message.getBoundingClientRect().top, until: Date.now() + HOLD_MS };
      return;
    }
    // One's own card just played is shown, announced, where the others may still answer it (not left above).
    var own = played && document.querySelector("#panel [data-window][data-own]");
    if (own) {
      own.scrollIntoView({ block: "nearest" });
      holding = { element: own, top: own.getBoundingClientRect().top, until: Date.now() + HOLD_MS };  // not the form
    }
    var focused = document.activeElement;
    var lost = !focused || focused === document.body || !document.body.contains(focused);
    if (fromBar || lost) focusNext();
  }

  // --- a live refresh (someone else's tap) leaves the reader's place where it was ----------------------------------
  // The reader's anchor: the first heading wholly in view (a card's title, a fold's summary: what the reader keeps
  // their bearings by), else the named element whose top is nearest a third down the reading area (what the eye is
  // on); after the refresh the page is scrolled by as much as it moved, so a window opening or closing above, a
  // roll or a raid moves it by no more than a pixel or two. At the very top the news shows above instead.
  var anchor = null, focusInBar = false, HEADINGS = "h1, h2, h3, summary";
  function keyOf(element) {
    var id = element.id, test = element.getAttribute("data-testid");
    return id ? "#" + id : test ? "[data-testid='" + test + "']" : null;
  }
  function readingArea() {
    var head = document.querySelector("#panel .now-bar") || document.querySelector("body > .bar");
    var bar = document.getElementById("action-bar");
    return { top: head ? head.getBoundingClientRect().bottom : 0,
             bottom: bar ? bar.getBoundingClientRect().top : window.innerHeight };
  }
  function inView(element, box, area) {
    return box.height && box.top >= area.top - 1 && box.top <= area.bottom && !element.closest("#action-bar, .now-bar")
      && !(element.checkVisibility && !element.checkVisibility());  // not inside a closed fold
  }
  // A heading is found again after a morph as itself, else as the same heading of the same named holder.
  function headingAnchor(area) {
    var headings = document.querySelectorAll("#panel " + HEADINGS.split(", ").join(", #panel "));
    for (var i = 0; i < headings.length; i++) {
      var heading = headings[i], box = heading.getBoundingClientRect();
      if (!inView(heading, box, area) || box.bottom > area.bottom) continue;
      var holder = heading.parentElement && heading.parentElement.closest("[id], [data-testid]");
      var key = holder && keyOf(holder);
      if (!key || document.querySelectorAll(key).length !== 1) key = null;
      var index = key ? Array.prototype.indexOf.call(holder.querySelectorAll(HEADINGS), heading) : -1;
      return { element: heading, key: key, index: index, top: box.top };
    }
    return null;
  }
  function namedAnchor(area) {
    var eye = area.top + (area.bottom - area.top) / 3, best = null;
    var named = document.querySelectorAll("#panel [id], #panel [data-testid]");
    for (var i = 0; i < named.length; i++) {
      var element = named[i], box = element.getBoundingClientRect();
      if (!inView(element, box, area)) continue;
      var key = keyOf(element);
      if (!key || (best && Math.abs(box.top - eye) >= Math.abs(best.top - eye))) continue;
      if (document.querySelectorAll(key).length === 1) best = { key: key, top: box.top };
    }
    return best;
  }
  function noteAnchor() {
    anchor = null;
    if (window.scrollY <= 0) return;
    var area = readingArea();
    anchor = { heading: headingAnchor(area), named: namedAnchor(area) };
  }
  function foundAgain(kept) {
    if (!kept) return null;
    if (kept.element && document.body.contains(kept.element)) return kept.element;
    var holder = kept.key && document.querySelector(kept.key);
    if (holder && kept.index === undefined) return holder;
    return holder && kept.index >= 0 ? holder.querySelectorAll(HEADINGS)[kept.index] || null : null;
  }
  function keepAnchor() {
    var kept = anchor;
    anchor = null;
    watchBar();  // a bar that came with the refresh takes its room at once, so the page is long enough to keep
    if (!kept) return;
    var which = kept.heading, element = foundAgain(which);
    if (!element) { which = kept.named; element = foundAgain(which); }
    if (!element) return;
    window.scrollBy(0, element.getBoundingClientRect().top - which.top);
    // What the refresh brings may still grow for a moment (the card picker fills its row after asking for the
    // known cards): the place is held until then, or until the player touches the page.
    holding = { element: element, top: which.top, until: Date.now() + HOLD_MS };
  }
  // Long enough for the picker's known cards on a busy server; any touch, wheel or key lets go at once.
  var HOLD_MS = 8000, holding = null;
  // The player's turn or answer begins (static/lead.js): the page goes back to its top, where the first screen holds
  // the moment (the turn, the card to answer, the phase's form), unless the player is typing just now.
  function typing() {
    var focused = document.activeElement;
    return !!(focused && (focused.isContentEditable || focused.tagName === "TEXTAREA" || focused.tagName === "SELECT"
      || (focused.tagName === "INPUT" && !/^(button|submit|checkbox|radio|hidden|file|range|color|reset)$/.test(focused.type))));
  }
  Companion.showMoment = function () {
    if (!seatPage || typing() || window.scrollY <= 0) return false;
    holding = null;
    anchor = null;
    window.scrollTo(0, 0);
    return true;
  };
  function hold() {
    if (!holding || Date.now() > holding.until || !document.body.contains(holding.element)) { holding = null; return; }
    window.scrollBy(0, holding.element.getBoundingClientRect().top - holding.top);
  }
  if (seatPage && window.ResizeObserver) new ResizeObserver(hold).observe(document.body);  // a tap replaces the panel
  // A size that comes back within one frame (the picker hidden by a refresh, then filled again) is no resize to a
  // ResizeObserver, though what lies below moved twice: changes in the panel are followed too.
  if (seatPage && window.MutationObserver) {
    new MutationObserver(hold).observe(document.body, { childList: true, subtree: true, attributes: true,
                                                         attributeFilter: ["hidden", "open", "class"] });
  }
  ["pointerdown", "wheel", "keydown", "touchstart"].forEach(function (name) {
    window.addEventListener(name, function () { holding = null; }, { capture: true, passive: true });
  });
  // A refresh that takes away the focused bar button (the moment moved on) hands focus to the bar's next action.
  function noteFocus() {
    var bar = document.getElementById("action-bar");
    focusInBar = !!(bar && bar.contains(document.activeElement));
  }
  function keepFocus() {
    var focused = document.activeElement;
    if (focusInBar && (!focused || focused === document.body)) focusNext();
    focusInBar = false;
  }

  // --- one refresh, whichever way it comes: what is typed, the reader's place and focus are kept through it ------
  function noteAll() {
    var typed = typedNow();
    if (seatPage) { noteAnchor(); noteFocus(); }
    return typed;
  }
  function keepAll(typed) {
    putBack(typed);
    if (seatPage) { keepAnchor(); keepFocus(); }
  }
  // A panel the live stream carried.
  Companion.keepingPlace = function (swap) {
    var typed = noteAll();
    swap();
    keepAll(typed);
  };
  var typedBeforeRefresh = null, pickersBefore = {};
  // A tap's answer replaces the panel: each card picker shown takes its chips along into the new panel, until it
  // has asked for the new ones (card_form.js), so nothing below it jumps up and down again meanwhile.
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
  document.addEventListener("htmx:beforeSwap", function (event) {
    typedBeforeRefresh = null;
    if (event.detail.target.id === "panel") notePickers();
    var config = event.detail.requestConfig;
    if (event.detail.target.id !== "panel" || !config || config.verb !== "get") return;
    // A refresh asked for before the live stream brought a newer panel must not show the older table.
    if (Companion.versionOf(event.detail.serverResponse || "") < Companion.shownVersion()) {
      event.detail.shouldSwap = false;
      return;
    }
    typedBeforeRefresh = noteAll();
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    var config = event.detail.requestConfig;
    if (config && config.verb === "post") {
      keepPickers();
      Companion.keepPlace();
      if (seatPage) leadAfterTap();
    } else if (typedBeforeRefresh) {
      keepAll(typedBeforeRefresh);
      typedBeforeRefresh = null;
    }
  });
})();
