// Folded tools (dice, Whenever cards, scoreboard, log) stay as the player left them, across refreshes and visits.
(function () {
  "use strict";
  var SELECTOR = "details[data-fold]";
  function key(details) { return "companion-fold-" + details.getAttribute("data-fold"); }
  function restore() {
    document.querySelectorAll(SELECTOR).forEach(function (details) {
      var saved = null;
      try { saved = localStorage.getItem(key(details)); } catch (e) { /* private mode: folds reset */ }
      if (saved !== null) details.open = saved === "open";
    });
  }
  document.addEventListener("toggle", function (event) {
    var details = event.target;
    if (!details.matches || !details.matches(SELECTOR)) return;
    try { localStorage.setItem(key(details), details.open ? "open" : "closed"); } catch (e) { /* ignore */ }
  }, true);
  // A live refresh morphs the panel in place: it must not close what the player opened.
  if (window.Idiomorph) {
    var callbacks = window.Idiomorph.defaults.callbacks;
    var before = callbacks.beforeAttributeUpdated;
    callbacks.beforeAttributeUpdated = function (name, node, mutation) {
      if (name === "open" && node.matches && node.matches(SELECTOR)) return false;
      return before ? before(name, node, mutation) : true;
    };
  }
  document.addEventListener("htmx:afterSettle", restore);
  restore();
})();
