// Applies this device's theme, text size and the display's room view before the first paint (kept in localStorage, never on the server).
(function () {
  var root = document.documentElement;
  try {
    var theme = localStorage.getItem("companion-theme");
    var size = localStorage.getItem("companion-text");
    if (theme === "dark" || theme === "light") root.setAttribute("data-theme", theme);
    if (size === "small" || size === "large") root.setAttribute("data-text", size);
    // The display's room view outlasts a reload (the browser leaves full screen then; one tap brings it back).
    if (/\/display$/.test(location.pathname) && localStorage.getItem("companion-room") === "on") {
      root.setAttribute("data-room", "");
    }
  } catch (e) { /* private mode: defaults apply */ }
})();
