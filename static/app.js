// The live channel: the table's stream on htmx's sse extension (the screen's new panel, or its version), a polling
// fallback, and the connection badge.
(function () {
  "use strict";
  var Companion = window.Companion, body = document.body;

  function setState(state) {
    var conn = document.getElementById("conn");
    if (conn) conn.setAttribute("data-state", state);
    if (state === "live") document.dispatchEvent(new CustomEvent("companion:live"));  // taps kept are sent again
  }

  var liveUrl = body.getAttribute("data-live-url");
  var versionUrl = body.getAttribute("data-version-url");
  if (!liveUrl) return;
  var source = null, pollTimer = null;
  var POLL_TIMEOUT_MS = 4000;
  var newest = 0;
  // While the phone's own tap is on its way, the table's news waits for the tap's answer: a panel the stream
  // brought first would be replaced by that answer moments later, closing what the player opened meanwhile and
  // dropping what was typed. The answer comes (or fails, or times out) within the tap's time.
  var tapsOnTheirWay = 0, held = null;
  document.addEventListener("htmx:beforeSend", function (event) {  // sent: its loadend is sure to come
    var config = event.detail.requestConfig;
    if (!config || config.verb !== "post" || !event.detail.xhr) return;
    tapsOnTheirWay += 1;
    event.detail.xhr.addEventListener("loadend", function () {  // after htmx swapped the answer in
      tapsOnTheirWay -= 1;
      if (tapsOnTheirWay) return;
      var html = held;
      held = null;
      document.body.removeAttribute("data-news-held");
      if (html) arrived(html);
      else seen(newest);
    });
  });
  function seen(version) {
    newest = Math.max(newest, version);
    if (tapsOnTheirWay) return;
    if (newest > Companion.shownVersion() && window.htmx) {
      htmx.trigger(document.getElementById("panel"), "companion:refresh");
    }
  }
  // A refresh asked for before the stream brought a newer panel must not show the older table.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var config = event.detail.requestConfig;
    if (event.detail.target.id !== "panel" || !config || config.verb !== "get") return;
    if (Companion.versionOf(event.detail.serverResponse || "") < Companion.shownVersion()) {
      event.detail.shouldSwap = false;
    }
  });
  // A refresh asked for while another was on its way is lost with the panel it was queued on: ask again.
  document.addEventListener("htmx:afterSettle", function () { if (newest > Companion.shownVersion()) seen(newest); });
  // Live while the stream is open or the last poll answered: polling keeps the panel current as well, so a
  // phone whose stream is still refused after a blip is not told "Reconnecting…" while it is up to date.
  function streamOpen() { return source !== null && source.readyState === EventSource.OPEN; }
  // The stream carries this screen's new panel itself (the view it shows, as its refresh asks for it), so no
  // request of its own is needed; a panel that is not newer than the one shown is dropped.
  function streamUrl() {
    var panel = document.getElementById("panel");
    var view = panel && /[?&]view=(\w+)/.exec(panel.getAttribute("hx-get") || "");
    return view ? liveUrl + (liveUrl.indexOf("?") < 0 ? "?" : "&") + "view=" + view[1] : liveUrl;
  }
  function arrived(html) {
    var version = Companion.versionOf(html);
    newest = Math.max(newest, version);
    if (!document.getElementById("panel") || !window.htmx || version <= Companion.shownVersion()) return;
    if (tapsOnTheirWay) {  // the newest, as the stream sends them in order; the page says which version waits
      held = html;
      document.body.setAttribute("data-news-held", String(version));
      return;
    }
    Companion.swapPanel(html);
    document.dispatchEvent(new CustomEvent("companion:live-after"));
  }
  function poll() {
    // A poll that hangs on dead Wi-Fi must not leave the badge saying Live: give up after a few seconds.
    var abort = window.AbortController ? new AbortController() : null;
    if (abort) setTimeout(function () { abort.abort(); }, POLL_TIMEOUT_MS);
    fetch(versionUrl, { cache: "no-store", credentials: "same-origin", signal: abort ? abort.signal : undefined })
      .then(function (r) {
        if (r.status === 404) location.reload();  // the table was deleted, or the spectator link revoked
        if (!r.ok) throw new Error(r.status);
        return r.json();
      })
      .then(function (data) { setState("live"); seen(data.version); })
      // A poll sent during a blip may fail long after the stream is back: only a stream that is down counts.
      .catch(function () { if (!streamOpen()) setState("lost"); });
  }
  function startPolling() { if (!pollTimer) pollTimer = setInterval(poll, 2000); }
  function stopPolling() { if (pollTimer) { clearInterval(pollTimer); pollTimer = null; } }

  // The stream is htmx's sse extension's (sse-connect on the body, set here before htmx first processes the page):
  // it opens the stream and opens it again after an error; this page listens to each stream it opens.
  document.addEventListener("htmx:sseOpen", function (event) {
    hear();
    setState("live");
    stopPolling();
    var opened = event.detail.source;
    if (opened === source) return;  // the browser opened the same stream again
    source = opened;
    opened.addEventListener("beat", hear);
    opened.addEventListener("version", function (message) { hear(); setState("live"); seen(Number(message.data)); });
    opened.addEventListener("panel", function (message) { hear(); setState("live"); arrived(message.data); });
    // The table is gone or this spectator link was revoked: reload to say so.
    opened.addEventListener("gone", function () { opened.close(); location.reload(); });
  });
  // The server said no (busy, or a proxy's error page), or the stream broke: polling says at once whether the
  // server still answers, and keeps the panel current until the extension has the stream open again.
  document.addEventListener("htmx:sseError", function () { startPolling(); poll(); });
  function connect() {  // the extension opens a stream for an element htmx processes with sse-connect
    if (source) source.close();
    body.removeAttribute("sse-connect");
    htmx.process(body);
    body.setAttribute("sse-connect", streamUrl());
    htmx.process(body);
  }

  // The stream beats every few seconds: a page that hears nothing for SILENT_MS (a laptop's lid closed, the
  // server suspended) says so, polls, and opens the stream again.
  var SILENT_MS = 7000, lastHeard = Date.now();
  function hear() { lastHeard = Date.now(); }
  setInterval(function () {
    if (!streamOpen() || Date.now() - lastHeard < SILENT_MS) return;
    source.close();
    setState("lost");
    startPolling();
    poll();
    setTimeout(connect, 3000);
  }, 1000);

  document.addEventListener("visibilitychange", function () { if (document.visibilityState === "visible") poll(); });
  window.addEventListener("online", poll);
  document.addEventListener("companion:not-recorded", function () { setState("lost"); poll(); });

  if (!("EventSource" in window)) { setState("live"); startPolling(); return; }
  body.setAttribute("sse-connect", streamUrl());
})();