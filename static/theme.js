// Applies this device's theme and text size before the first paint (kept in localStorage, never on the server).
(function () {
  var root = document.documentElement;
  try {
    var theme = localStorage.getItem("companion-theme");
    var size = localStorage.getItem("companion-text");
    if (theme === "dark" || theme === "light") root.setAttribute("data-theme", theme);
    if (size === "small" || size === "large") root.setAttribute("data-text", size);
  } catch (e) { /* private mode: defaults apply */ }
})();
