// What just changed, told: a highlight flashes (and that player's phone buzzes), and the live region says it aloud.
(function () {
  "use strict";

  // --- highlights: a win, a promotion, a wound or a cancel shows for a moment; that player's phone buzzes -------
  // The panel names the newest such event; the page plays it once, and a refresh in the middle of it goes on
  // where it was. What was already there when the page opened is not news.
  var HIGHLIGHT_MS = 4500;
  var shownKey = null, shownAt = 0;
  function highlight(opening) {
    var banner = document.querySelector("[data-announce]");
    if (!banner) return;
    var key = banner.getAttribute("data-announce");
    var now = Date.now();
    if (opening) { shownKey = key; return; }
    if (key !== shownKey) {
      shownKey = key;
      shownAt = now;
      if (banner.hasAttribute("data-vibrate") && typeof navigator.vibrate === "function") {
        try { navigator.vibrate([200, 100, 200]); } catch (e) { /* not allowed here */ }
      }
    } else if (now - shownAt >= HIGHLIGHT_MS) {
      return;
    }
    var delay = (shownAt - now) + "ms";
    var flashed = [banner];
    (banner.getAttribute("data-seats") || "").split(" ").forEach(function (seat) {
      var lane = seat && document.querySelector(".race-lane[data-seat='" + seat + "']");
      if (lane) flashed.push(lane);
    });
    flashed.forEach(function (element, i) {
      element.style.animationDelay = delay;
      element.classList.add(i ? "flash" : "announce-now");
    });
  }
  highlight(true);

  // --- spoken news: a highlight, a card of someone else's waiting for answers, a refusal --------------------
  // Said once through the live region #say (outside the panel, so a refresh never replaces it). What was on the
  // page when it opened is not news; a refusal is said each time it comes back from a tap.
  var say = document.getElementById("say");
  var heard = {}, refusalSaid = false, newsSaid = [];
  function plainText(element) {
    var copy = element.cloneNode(true);
    copy.querySelectorAll(".help, .visually-hidden").forEach(function (part) { part.remove(); });
    return copy.textContent.replace(/\s+/g, " ").trim();
  }
  function news() {
    var found = [];
    var banner = document.querySelector("[data-announce]");
    if (banner) found.push(["highlight", banner.getAttribute("data-announce"), banner]);
    var waiting = document.querySelector("[data-window]:not([data-own])");
    if (waiting) {
      found.push(["window", waiting.getAttribute("data-window"), waiting.querySelector(".window-what") || waiting]);
    }
    return found;
  }
  function tell(opening) {
    if (!say) return;
    var lines = [], refused = false, told = [];
    var present = news();
    present.forEach(function (item) {
      if (heard[item[0]] !== item[1] && !opening) { lines.push(plainText(item[2])); told.push(item[0] + item[1]); }
      heard[item[0]] = item[1];
    });
    // News goes from the region when it goes from the page (a cancel undone, a win before the rematch).
    var now = present.map(function (item) { return item[0] + item[1]; });
    if (newsSaid.some(function (said) { return now.indexOf(said) < 0; })) {
      say.textContent = ""; newsSaid = []; refusalSaid = false;
    }
    Object.keys(heard).forEach(function (kind) {  // gone from the page: said again should it come back
      if (!present.some(function (item) { return item[0] === kind; })) delete heard[kind];
    });
    document.querySelectorAll("#panel .error:not([data-said])").forEach(function (error) {
      error.setAttribute("data-said", "");
      if (!opening) { lines.push(plainText(error)); refused = true; }
    });
    // A refusal goes from the region when it goes from the panel (the table has moved on).
    if (refusalSaid && !document.querySelector("#panel .error")) { say.textContent = ""; refusalSaid = false; }
    if (!lines.length) return;
    refusalSaid = refused;
    newsSaid = told;
    // Emptied first, so the same words coming again are read again.
    say.textContent = "";
    setTimeout(function () { say.textContent = lines.join(" "); }, 50);
  }
  tell(true);
  document.addEventListener("htmx:afterSettle", function () { highlight(false); tell(false); });
})();
