// The phone leads the turn: the action bar's room and focus, messages where the eye is, the reader's place kept.
function soundOn() { try { return localStorage.getItem("companion-sound") === "on"; } catch (e) { return false; } }

// The sound setting (off by default) belongs to this device, on every page that shows the settings.
(function () {
  "use strict";
  var sound = document.querySelector(".js-sound");
  if (!sound) return;
  sound.checked = soundOn();
  sound.addEventListener("change", function () {
    try { localStorage.setItem("companion-sound", sound.checked ? "on" : "off"); } catch (e) { /* ignore */ }
  });
})();

(function () {
  "use strict";
  var root = document.documentElement;
  if (!document.body.classList.contains("seat-page")) return;

  // --- room for the bars: the page leaves the action bar's height free below, the now bar sits under the header ---
  function measure() {
    var bar = document.getElementById("action-bar"), head = document.querySelector("body > .bar");
    root.style.setProperty("--bar-height", (bar ? bar.offsetHeight : 0) + "px");
    if (head) root.style.setProperty("--head-height", head.offsetHeight + "px");
  }
  var watcher = window.ResizeObserver ? new ResizeObserver(measure) : null;
  var watched = null;
  function watchBar() {
    var bar = document.getElementById("action-bar");
    if (watcher && bar !== watched) {
      if (watched) watcher.unobserve(watched);
      if (bar) watcher.observe(bar);
      watched = bar;
    }
    measure();
  }
  if (watcher) { var head = document.querySelector("body > .bar"); if (head) watcher.observe(head); }
  document.addEventListener("htmx:afterSettle", watchBar);
  window.addEventListener("resize", measure);
  watchBar();

  // --- the bar's "go to" buttons: the form that needs a card named or a choice made, opened and in view ---------
  function firstControl(within) {
    return within.matches("input, select, button, textarea") ? within
      : within.querySelector("input:not([type=hidden]), select, textarea, button:not([disabled])");
  }
  function openAround(element) {
    for (var up = element.parentElement; up; up = up.parentElement) if (up.tagName === "DETAILS") up.open = true;
  }
  function show(element, focusIt) {
    openAround(element);
    element.scrollIntoView({ block: "nearest" });
    var control = focusIt && firstControl(element);
    if (control) control.focus({ preventScroll: true });
  }
  document.addEventListener("click", function (event) {
    var go = event.target.closest("[data-go]");
    if (!go) return;
    var target = document.querySelector("#panel " + go.getAttribute("data-go"));
    if (!target) return;
    event.preventDefault();
    var card = target.closest(".card"), form = target.closest("form");
    if (card) card.scrollIntoView({ block: "nearest" });  // as much of its card as fits, the target itself last
    show(form && target.tagName !== "INPUT" ? form : target, true);
    if (target.tagName === "INPUT") target.focus({ preventScroll: true });
  });

  // The next action: the bar's first control; with nothing to do, the now bar (what the player reads next).
  function focusNext() {
    var bar = document.getElementById("action-bar"), next = bar && firstControl(bar);
    var now = document.querySelector("#panel .now-bar");
    if (next) next.focus({ preventScroll: true });
    else if (now) { now.setAttribute("tabindex", "-1"); now.focus({ preventScroll: true }); }
  }

  // --- after a tap: a refusal or question in view (its fold opened), else focus on the next action -------------
  var fromBar = false;
  document.addEventListener("submit", function (event) {
    fromBar = !!(event.target.closest && event.target.closest("#action-bar"));
  }, true);
  document.addEventListener("htmx:afterSwap", function (event) {
    var config = event.detail.requestConfig;
    if (!config || config.verb !== "post") return;
    var question = document.querySelector("#panel [data-testid=printed-question]");
    var refusal = document.querySelector("#panel [data-refusal]");
    if (question || refusal) {
      var message = question || refusal;
      if (question) show(question, true);
      else { openAround(refusal); refusal.scrollIntoView({ block: "nearest" }); }
      // The form's picker fills its row a moment later, above the message: the message is held where it showed.
      holding = { element: message, top: message.getBoundingClientRect().top, until: Date.now() + HOLD_MS };
      return;
    }
    var focused = document.activeElement;
    var lost = !focused || focused === document.body || !document.body.contains(focused);
    if (fromBar || lost) focusNext();
  });

  // --- a live refresh (someone else's tap) leaves the reader's place where it was ----------------------------------
  // The reader's anchor: the named element whose top is nearest a third down the reading area (what the eye is
  // on); after the refresh the page is scrolled by as much as that element moved. At the very top the news shows
  // above instead.
  var anchor = null;
  function keyOf(element) {
    var id = element.id, test = element.getAttribute("data-testid");
    return id ? "#" + id : test ? "[data-testid='" + test + "']" : null;
  }
  function noteAnchor() {
    anchor = null;
    if (window.scrollY <= 0) return;
    var head = document.querySelector("#panel .now-bar") || document.querySelector("body > .bar");
    var bar = document.getElementById("action-bar");
    var limit = head ? head.getBoundingClientRect().bottom : 0;
    var bottom = bar ? bar.getBoundingClientRect().top : window.innerHeight;
    var eye = limit + (bottom - limit) / 3, best = null;
    var named = document.querySelectorAll("#panel [id], #panel [data-testid]");
    for (var i = 0; i < named.length; i++) {
      var element = named[i], box = element.getBoundingClientRect();
      if (!box.height || box.top < limit || box.top > bottom || element.closest("#action-bar, .now-bar")) continue;
      if (element.checkVisibility && !element.checkVisibility()) continue;  // inside a closed fold
      var key = keyOf(element);
      if (!key || (best && Math.abs(box.top - eye) >= Math.abs(best.top - eye))) continue;
      if (document.querySelectorAll(key).length === 1) best = { key: key, top: box.top };
    }
    anchor = best;
  }
  function keepAnchor() {
    var kept = anchor;
    anchor = null;
    watchBar();  // a bar that came with the refresh takes its room at once, so the page is long enough to keep
    var element = kept && document.querySelector(kept.key);
    if (!element) return;
    window.scrollBy(0, element.getBoundingClientRect().top - kept.top);
    // What the refresh brings may still grow for a moment (the card picker fills its row after asking for the
    // known cards): the place is held until then, or until the player touches the page.
    holding = { element: element, top: kept.top, until: Date.now() + HOLD_MS };
  }
  var HOLD_MS = 2000, holding = null;
  function hold() {
    if (!holding || Date.now() > holding.until || !document.body.contains(holding.element)) { holding = null; return; }
    window.scrollBy(0, holding.element.getBoundingClientRect().top - holding.top);
  }
  if (window.ResizeObserver) new ResizeObserver(hold).observe(document.body);  // the panel itself is replaced by a tap
  ["pointerdown", "wheel", "keydown", "touchstart"].forEach(function (name) {
    window.addEventListener(name, function () { holding = null; }, { capture: true, passive: true });
  });
  // A refresh that takes away the focused bar button (the moment moved on) hands focus to the bar's next action.
  var focusInBar = false;
  function noteFocus() {
    var bar = document.getElementById("action-bar");
    focusInBar = !!(bar && bar.contains(document.activeElement));
  }
  function keepFocus() {
    var focused = document.activeElement;
    if (focusInBar && (!focused || focused === document.body)) focusNext();
    focusInBar = false;
  }
  document.addEventListener("companion:live-before", function () { noteAnchor(); noteFocus(); });
  document.addEventListener("companion:live-after", function () { keepAnchor(); keepFocus(); });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var config = event.detail.requestConfig;
    if (event.detail.target.id === "panel" && config && config.verb === "get" && event.detail.shouldSwap) {
      noteAnchor();
      noteFocus();
    }
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    var config = event.detail.requestConfig;
    if (config && config.verb === "get") { keepAnchor(); keepFocus(); }
  });

  // --- told once when the turn or an answer comes to this phone: a buzz, the title, a sound if chosen ---------
  // The bar names its occasion (rules.occasion); a new one buzzes once. What waits when the page opens only
  // marks the title: it is not news.
  var plainTitle = document.title, told = {}, audio = null;
  function beep() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    try {
      audio = audio || new Context();
      var tone = audio.createOscillator(), gain = audio.createGain();
      tone.frequency.value = 880;
      gain.gain.setValueAtTime(0.15, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.25);
    } catch (e) { /* no sound here */ }
  }
  function tellOccasion(opening) {
    var bar = document.getElementById("action-bar");
    var key = bar ? bar.getAttribute("data-occasion") : "";
    document.title = key ? bar.getAttribute("data-title") + " · " + plainTitle : plainTitle;
    if (!key || told[key]) return;
    told[key] = true;
    if (opening) return;
    if (typeof navigator.vibrate === "function") {
      try { navigator.vibrate([120, 80, 120]); } catch (e) { /* not allowed here */ }
    }
    if (soundOn()) beep();
  }
  document.addEventListener("htmx:afterSettle", function () { tellOccasion(false); });
  document.addEventListener("companion:live-after", function () { tellOccasion(false); });
  tellOccasion(true);
})();
