// The live channel (SSE with reconnect and a polling fallback), device settings and the wake lock.
(function () {
  "use strict";
  var body = document.body;
  var root = document.documentElement;

  // --- device settings -------------------------------------------------------------------------
  function store(key, value) { try { localStorage.setItem(key, value); } catch (e) { /* ignore */ } }
  document.addEventListener("click", function (event) {
    var theme = event.target.closest(".js-theme");
    if (theme) {
      var choice = theme.getAttribute("data-theme-choice");
      if (choice === "auto") root.removeAttribute("data-theme"); else root.setAttribute("data-theme", choice);
      store("companion-theme", choice);
    }
    var text = event.target.closest(".js-text");
    if (text) {
      var size = text.getAttribute("data-text-size");
      if (size === "normal") root.removeAttribute("data-text"); else root.setAttribute("data-text", size);
      store("companion-text", size);
    }
  });

  // --- counters: each tap is its own action --------------------------------------------------------
  // A form marked data-each-tap gets a fresh action id per tap (two taps on +1 mean +2); other forms keep
  // the id they were rendered with, so a double tap or a retry of the same step counts once.
  function freshId() {
    var bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  document.addEventListener("htmx:configRequest", function (event) {
    var form = event.detail.elt.closest("form");
    if (form && form.hasAttribute("data-each-tap")) event.detail.parameters.action_id = freshId();
  });

  // --- keep the screen awake on table pages ------------------------------------------------------
  var wakeLock = null;
  function keepAwake() {
    if (body.getAttribute("data-wake-lock") !== "on" || !("wakeLock" in navigator)) return;
    if (wakeLock !== null || document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then(function (lock) {
      wakeLock = lock;
      lock.addEventListener("release", function () { wakeLock = null; });
    }).catch(function () { /* refused (battery saver): the page still works */ });
  }

  // --- live updates --------------------------------------------------------------------------------
  var liveUrl = body.getAttribute("data-live-url");
  var versionUrl = body.getAttribute("data-version-url");
  if (!liveUrl) return;
  var conn = document.getElementById("conn");
  var source = null, pollTimer = null, retryTimer = null;

  function setState(state) { if (conn) conn.setAttribute("data-state", state); }
  function shownVersion() {
    var panel = document.getElementById("panel");
    return panel ? parseInt(panel.getAttribute("data-version"), 10) || 0 : 0;
  }
  function seen(version) {
    if (version > shownVersion() && window.htmx) {
      htmx.trigger(document.getElementById("panel"), "companion:refresh");
    }
  }
  function poll() {
    fetch(versionUrl, { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
      .then(function (data) { seen(data.version); })
      .catch(function () { setState("lost"); });
  }
  function startPolling() { if (!pollTimer) pollTimer = setInterval(poll, 2000); }
  function stopPolling() { if (pollTimer) { clearInterval(pollTimer); pollTimer = null; } }

  function connect() {
    if (!("EventSource" in window)) { setState("live"); startPolling(); return; }
    if (source) source.close();
    source = new EventSource(liveUrl);
    source.addEventListener("open", function () { setState("live"); stopPolling(); });
    source.addEventListener("version", function (event) {
      setState("live");
      seen(parseInt(event.data, 10));
    });
    source.addEventListener("error", function () {
      setState("lost");
      startPolling();
      if (source.readyState === EventSource.CLOSED) {
        // The server said no (busy): poll, and try the stream again in a while.
        clearTimeout(retryTimer);
        retryTimer = setTimeout(connect, 15000);
      }
    });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible") return;
    keepAwake();
    poll();
    if (!source || source.readyState === EventSource.CLOSED) connect();
  });
  window.addEventListener("online", function () { poll(); connect(); });
  document.addEventListener("htmx:sendError", function () { setState("lost"); });

  connect();
  keepAwake();
})();
