// This device's settings: theme, text size and sound on any page, the browser bar's colour, the display's room view.
(function () {
  "use strict";
  var Companion = window.Companion, root = document.documentElement;

  document.addEventListener("click", function (event) {
    var theme = event.target.closest(".js-theme");
    if (theme) {
      var choice = theme.getAttribute("data-theme-choice");
      if (choice === "auto") root.removeAttribute("data-theme"); else root.setAttribute("data-theme", choice);
      Companion.store("companion-theme", choice);
      themeColour();
    }
    var text = event.target.closest(".js-text");
    if (text) {
      var size = text.getAttribute("data-text-size");
      if (size === "normal") root.removeAttribute("data-text"); else root.setAttribute("data-text", size);
      Companion.store("companion-text", size);
    }
    if (event.target.closest(".js-room")) roomView(!root.hasAttribute("data-room"));
  });

  // The browser's bar takes the theme's colour: base.html gives one per system mode; a theme chosen on this
  // device wins over the system's.
  function themeColour() {
    var chosen = root.getAttribute("data-theme");
    document.querySelectorAll("meta[name=theme-color]").forEach(function (meta) {
      var mode = /dark/.test(meta.media) ? "dark" : "light";
      if (!meta.hasAttribute("data-media")) meta.setAttribute("data-media", meta.media);
      meta.media = !chosen ? meta.getAttribute("data-media") : (chosen === mode ? "all" : "not all");
    });
  }
  themeColour();

  // The sound of a new turn (off by default), on every page that shows the settings.
  Companion.soundOn = function () { return Companion.stored("companion-sound") === "on"; };
  var sound = document.querySelector(".js-sound");
  if (sound) {
    sound.checked = Companion.soundOn();
    sound.addEventListener("change", function () { Companion.store("companion-sound", sound.checked ? "on" : "off"); });
  }

  // --- the display's room view: full screen where the browser allows it, and the race alone in any case -------
  var wentFullscreen = false;
  function roomView(on) {
    if (on) root.setAttribute("data-room", ""); else root.removeAttribute("data-room");
    Companion.store("companion-room", on ? "on" : "off");
    var page = document.documentElement;
    if (on && document.fullscreenEnabled && page.requestFullscreen && !document.fullscreenElement) {
      page.requestFullscreen().then(function () { wentFullscreen = true; }, function () { /* the view alone */ });
    } else if (!on && document.fullscreenElement && document.exitFullscreen) {
      document.exitFullscreen().catch(function () { /* already left */ });
    }
  }
  // Leaving full screen with Esc leaves the room view with it, as a person pressing Esc would expect.
  document.addEventListener("fullscreenchange", function () {
    if (document.fullscreenElement || !wentFullscreen) return;
    wentFullscreen = false;
    if (root.hasAttribute("data-room")) roomView(false);
  });
})();
