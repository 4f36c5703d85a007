// Before the first paint: this device's theme, text size and the display's room view (kept on the device, never on
// the server), and the one safe way every script reads and writes such settings.
(function () {
  // Private mode, or storage switched off: a setting is then simply not kept.
  var Companion = window.Companion = {
    stored: function (key) { try { return localStorage.getItem(key); } catch (e) { return null; } },
    store: function (key, value) { try { localStorage.setItem(key, value); } catch (e) { /* not kept */ } }
  };
  var root = document.documentElement;
  var theme = Companion.stored("companion-theme"), size = Companion.stored("companion-text");
  if (theme === "dark" || theme === "light") root.setAttribute("data-theme", theme);
  if (size === "small" || size === "large") root.setAttribute("data-text", size);
  // The display's room view outlasts a reload (the browser leaves full screen then; one tap brings it back).
  if (/\/display$/.test(location.pathname) && Companion.stored("companion-room") === "on") {
    root.setAttribute("data-room", "");
  }
})();
