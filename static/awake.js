// Keeping the screen awake on table pages.
// The Wake Lock API exists only in secure contexts; phones at the table open a plain-http LAN address, where
// NoSleep.js (vendored) plays a tiny looping video instead. Its media are served from static/vendor/, so the
// CSP needs no data: URIs. A video may only start after a tap: the first tap anywhere starts it. Both are asked
// again whenever the page is shown again, and the indicator in the settings says honestly which one holds.
(function () {
  "use strict";
  var body = document.body;
  var wantAwake = body.getAttribute("data-wake-lock") === "on";
  var awake = document.getElementById("keep-awake");
  var wakeLock = null, asking = false, noSleep = null, tapped = false;
  function showAwake(state) { if (awake) awake.setAttribute("data-state", state); }
  function lockScreen() {
    if (wakeLock !== null || asking) return;
    asking = true;
    navigator.wakeLock.request("screen").then(function (lock) {
      asking = false;
      wakeLock = lock;
      showAwake("on");
      lock.addEventListener("release", function () { wakeLock = null; showAwake("off"); });
    }).catch(function () { asking = false; showAwake("refused"); });  // battery saver, or no permission
  }
  function fallbackVideo() {
    if (noSleep === null && window.NoSleep && awake) {
      noSleep = new NoSleep();
      var video = noSleep.noSleepVideo;
      if (!video) return null;  // iOS before 10: its reload trick would disturb the live channel
      // Swapped before the browser looks at the sources (it does so after this task), then loaded afresh.
      video.querySelectorAll("source").forEach(function (source) {
        source.src = awake.getAttribute("data-media-" + source.type.split("/")[1]);
      });
      // Silent and inline: muted as attribute and property (NoSleep 0.12 sets neither, and an unmuted video takes
      // the audio from the player's own music on iPhones), at volume 0, never full screen or cast.
      video.muted = video.defaultMuted = true;
      video.volume = 0;
      video.setAttribute("muted", "");
      video.setAttribute("playsinline", "");
      video.setAttribute("webkit-playsinline", "");
      video.disableRemotePlayback = true;
      video.load();
      video.hidden = true;
      video.className = "keep-awake-video";
      video.addEventListener("playing", function () { showAwake("fallback"); });
      video.addEventListener("pause", function () { showAwake("off"); });
      body.appendChild(video);
    }
    return noSleep && noSleep.noSleepVideo;
  }
  function keepAwake() {
    if (!wantAwake || document.visibilityState !== "visible") return;
    if ("wakeLock" in navigator) { lockScreen(); return; }
    var video = tapped && fallbackVideo();
    if (!tapped || !video) { showAwake(tapped ? "refused" : "off"); return; }
    if (!video.paused) return;
    noSleep.enable().catch(function (error) {
      // Not allowed without a fresh tap: the next tap tries again. Anything else: this browser cannot.
      showAwake(error && error.name === "NotAllowedError" ? "off" : "refused");
    });
  }
  document.addEventListener("click", function () { tapped = true; keepAwake(); }, true);
  document.addEventListener("visibilitychange", function () {
    // Hidden, the native lock is let go by the browser; the video is paused here likewise (no silent playing
    // in the background), and both come back when the page is shown again.
    if (document.visibilityState === "visible") keepAwake();
    else if (noSleep && noSleep.noSleepVideo && !noSleep.noSleepVideo.paused) noSleep.disable();
  });
  keepAwake();
})();
