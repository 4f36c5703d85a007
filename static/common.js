// What every script shares about the live panel: the version it shows, a newer one swapped in, fresh action ids.
(function () {
  "use strict";
  var Companion = window.Companion;
  // Idiomorph moves kept nodes with moveBefore where the browser has it; in Chromium 156 that crashed the tab
  // when a panel was morphed right after a tap. insertBefore, its fallback, is safe.
  [Element, Document, DocumentFragment].forEach(function (kind) { delete kind.prototype.moveBefore; });

  Companion.shownVersion = function () {
    var panel = document.getElementById("panel");
    return panel ? parseInt(panel.getAttribute("data-version"), 10) || 0 : 0;
  };
  Companion.versionOf = function (html) {
    var match = /id="panel"[^>]*data-version="(\d+)"/.exec(html);
    return match ? parseInt(match[1], 10) : 0;
  };
  // A panel answered outside htmx's own requests (a tap sent again, a live panel) morphs into the page only if it
  // is not older than the one shown: answers may arrive out of order. The context element lets htmx find the
  // morph extension (hx-ext on the body): without one it would replace the panel's insides, and a button held
  // down across the change would lose its tap.
  Companion.swapPanel = function (html) {
    var panel = document.getElementById("panel");
    if (!panel || !window.htmx || Companion.versionOf(html) < Companion.shownVersion()) return false;
    document.dispatchEvent(new CustomEvent("companion:before-morph"));
    htmx.swap(panel, html, { swapStyle: "morph" }, { contextElement: panel });
    return true;
  };
  Companion.freshId = function () {
    var bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  };
})();
