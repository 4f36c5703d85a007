// The live channel (SSE with reconnect and a polling fallback), device settings and the wake lock.
(function () {
  "use strict";
  var body = document.body;
  // Idiomorph moves kept nodes with moveBefore where the browser has it; in Chromium 156 that crashed the tab
  // when a panel was morphed right after a tap. insertBefore, its fallback, is safe.
  [Element, Document, DocumentFragment].forEach(function (kind) { delete kind.prototype.moveBefore; });
  var root = document.documentElement;

  // --- device settings -------------------------------------------------------------------------
  function store(key, value) { try { localStorage.setItem(key, value); } catch (e) { /* ignore */ } }
  document.addEventListener("click", function (event) {
    var theme = event.target.closest(".js-theme");
    if (theme) {
      var choice = theme.getAttribute("data-theme-choice");
      if (choice === "auto") root.removeAttribute("data-theme"); else root.setAttribute("data-theme", choice);
      store("companion-theme", choice);
      themeColour();
    }
    var text = event.target.closest(".js-text");
    if (text) {
      var size = text.getAttribute("data-text-size");
      if (size === "normal") root.removeAttribute("data-text"); else root.setAttribute("data-text", size);
      store("companion-text", size);
    }
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

  function setState(state) {
    var conn = document.getElementById("conn");
    if (conn) conn.setAttribute("data-state", state);
    if (state === "live" && unanswered.length && !resendTimer) {
      // A moment's wait: a server that answers polls but not taps is not asked again and again at once.
      resendTimer = setTimeout(function () { resendTimer = null; sendAgain(); }, 1000);
    }
  }
  function shownVersion() {
    var panel = document.getElementById("panel");
    return panel ? parseInt(panel.getAttribute("data-version"), 10) || 0 : 0;
  }

  // --- a tap that did not reach the server says so, next to the control that was used ---------------
  // Never pretend: while the server is down (or answered with an error) nothing was recorded, and the player
  // may simply try again (a repeated action id counts once).
  function tapNote(form, control, attribute, kind) {
    var conn = document.getElementById("conn");
    var text = conn && conn.getAttribute(attribute);
    if (!text || !form) return;
    var note = form.querySelector(".tap-note") || document.createElement("span");
    note.className = "tap-note " + kind;
    note.setAttribute("role", kind === "sending" ? "status" : "alert");
    note.textContent = text;
    if (control && form.contains(control)) control.insertAdjacentElement("afterend", note);
    else form.appendChild(note);
  }
  function notRecorded(form, control) {
    tapNote(form, control, "data-not-recorded", "not-recorded");
    document.dispatchEvent(new CustomEvent("companion:not-recorded"));
  }

  // --- a tap unanswered (no answer at all, or none within TAP_MS) is kept and sent again, with the same action
  // id, as soon as the server answers again: it ends recorded once, or refused with the reason, never lost.
  var TAP_MS = 5000, unanswered = [], resendTimer = null;
  if (window.htmx) htmx.config.timeout = TAP_MS;
  function keepUnanswered(form, control) {
    if (!form || !form.action) return;
    var data = new FormData(form);
    if (control && control.name) data.set(control.name, control.value);
    data.set("action_id", form.getAttribute("data-action-id") || freshId());
    var id = data.get("action_id");
    if (!unanswered.some(function (tap) { return tap.data.get("action_id") === id; })) {
      unanswered.push({ url: form.action, data: data, form: form, control: control });
    }
    tapNote(form, control, "data-resending", "not-recorded");
    document.dispatchEvent(new CustomEvent("companion:not-recorded"));
  }
  function sendAgain() {
    var taps = unanswered;
    unanswered = [];
    taps.forEach(function (tap) {
      fetch(tap.url, { method: "POST", body: tap.data, credentials: "same-origin", headers: { "HX-Request": "true" } })
        .then(function (response) { return response.text(); })
        .then(function (html) {
          var panel = document.getElementById("panel");
          // Recorded, or refused with its reason: the answer is the panel saying which (never an older one).
          if (panel && versionOf(html) >= shownVersion()) {
            htmx.swap(panel, html, { swapStyle: "morph" }, { contextElement: panel });
          }
        })
        .catch(function () { keepUnanswered(tap.form, tap.control); unanswered.push(tap); });
    });
  }
  function tapFailed(event) {
    var config = event.detail.requestConfig;
    if (!config || config.verb === "get") return;  // a refresh that failed is the connection badge's business
    var form = event.detail.elt.closest("form"), control = config.triggeringEvent && config.triggeringEvent.submitter;
    if (event.type === "htmx:responseError") notRecorded(form, control);  // the server answered: not recorded
    else keepUnanswered(form, control);
  }
  ["htmx:sendError", "htmx:timeout", "htmx:responseError"].forEach(function (name) {
    document.addEventListener(name, tapFailed);
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form");
    var note = form && form.querySelector(".tap-note.sending");
    if (note) note.remove();
  });
  // Every tap says it is on its way until the answer replaces the panel.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var config = event.detail.requestConfig;
    if (!config || config.verb !== "post") return;
    tapNote(event.detail.elt.closest("form"), config.triggeringEvent && config.triggeringEvent.submitter,
            "data-sending", "sending");
  });
  document.addEventListener("submit", function (event) {
    var note = event.target.querySelector(".tap-note");
    if (note) note.remove();
  }, true);

  // --- action ids: one per rendered form, one per tap on counters ------------------------------------------
  // A form gets its id when first submitted and keeps it: a double tap on "Next phase", or a tap repeated
  // after a lost answer, counts once. A refreshed panel's forms are new actions (a morph drops the attribute).
  // Forms marked data-each-tap (+1 Slack) post by themselves with a fresh id per tap, so two quick taps mean
  // two and neither waits in htmx's queue on a button a refresh may replace.
  function freshId() {
    var bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  function idOf(form) {
    if (!form.hasAttribute("data-action-id")) form.setAttribute("data-action-id", freshId());
    return form.getAttribute("data-action-id");
  }
  document.addEventListener("htmx:configRequest", function (event) {
    var form = event.detail.elt;
    if (event.detail.verb === "post" && form.tagName === "FORM") event.detail.parameters.action_id = idOf(form);
  });
  function versionOf(html) {
    var match = /id="panel"[^>]*data-version="(\d+)"/.exec(html);
    return match ? parseInt(match[1], 10) : 0;
  }
  document.addEventListener("submit", function (event) {
    var form = event.target, eachTap = form.hasAttribute("data-each-tap");
    if (form.method === "post" && !eachTap && !form.hasAttribute("hx-post") && !form.elements.namedItem("action_id")) {
      // A plain form (joining a seat) carries its id as a field, so sending it twice still counts once.
      var field = document.createElement("input");
      field.type = "hidden";
      field.name = "action_id";
      field.value = idOf(form);
      form.appendChild(field);
    }
    if (!eachTap || !window.htmx || !window.fetch) return;
    event.preventDefault();
    var data = new FormData(form, event.submitter);
    data.set("action_id", freshId());
    fetch(form.action, { method: "POST", body: data, credentials: "same-origin", headers: { "HX-Request": "true" } })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        var panel = document.getElementById("panel");
        // Answers may arrive out of order: never show an older table over a newer one.
        if (panel && versionOf(html) >= shownVersion()) {
          htmx.swap(panel, html, { swapStyle: "morph" }, { contextElement: panel });  // see arrived() below
          keepPlace();
        }
      })
      .catch(function () {  // no answer: sent again, with this id, once the server answers
        unanswered.push({ url: form.action, data: data, form: form, control: event.submitter });
        tapNote(form, event.submitter, "data-resending", "not-recorded");
        document.dispatchEvent(new CustomEvent("companion:not-recorded"));
      });
  });

  // --- a live refresh keeps what the person is typing ---------------------------------------------
  // When another phone's change refreshes the panel, inputs keep their values and focus; after the person's
  // own post the panel comes back fresh.
  function typedNow() {
    var typed = { values: {}, focus: document.activeElement && document.activeElement.id };
    document.querySelectorAll("#panel input[id], #panel select[id], #panel textarea[id]").forEach(function (field) {
      if (field.type !== "hidden") typed.values[field.id] = field.value;
    });
    return typed;
  }
  function putBack(typed) {
    Object.keys(typed.values).forEach(function (id) {
      var field = document.getElementById(id);
      if (field) field.value = typed.values[id];
    });
    var focused = typed.focus && document.getElementById(typed.focus);
    if (focused) focused.focus();
  }
  var kept = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    kept = null;
    if (event.detail.target.id !== "panel" || event.detail.requestConfig.verb !== "get") return;
    // A refresh asked for before the live stream brought a newer panel must not show the older table.
    if (versionOf(event.detail.serverResponse || "") < shownVersion()) { event.detail.shouldSwap = false; return; }
    kept = typedNow();
  });
  document.addEventListener("htmx:afterSwap", function () {
    if (!kept) return;
    putBack(kept);
    kept = null;
  });

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
  document.addEventListener("htmx:afterSettle", function () { highlight(false); });
  highlight(true);

  // --- keep the screen awake on table pages ------------------------------------------------------
  // The Wake Lock API exists only in secure contexts; phones at the table open a plain-http LAN address, where
  // NoSleep.js (vendored) plays a tiny looping video instead. Its media are served from static/vendor/, so the
  // CSP needs no data: URIs. A video may only start after a tap: the first tap anywhere starts it. Both are asked
  // again whenever the page is shown again, and the indicator in the settings says honestly which one holds.
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

  // --- folded tools (dice, Whenever cards, scoreboard, log) stay as the player left them ----------------
  var SELECTOR = "details[data-fold]";
  function foldKey(details) { return "companion-fold-" + details.getAttribute("data-fold"); }
  function restore() {
    document.querySelectorAll(SELECTOR).forEach(function (details) {
      var saved = null;
      try { saved = localStorage.getItem(foldKey(details)); } catch (e) { /* private mode: folds reset */ }
      if (saved !== null) details.open = saved === "open";
    });
  }
  document.addEventListener("toggle", function (event) {
    var details = event.target;
    if (!details.matches || !details.matches(SELECTOR)) return;
    try { localStorage.setItem(foldKey(details), details.open ? "open" : "closed"); } catch (e) { /* ignore */ }
  }, true);
  // A live refresh morphs the panel in place: it must neither close what the player opened nor open what the
  // player left closed, any fold (the folds keep ids, so a morph matches each with itself).
  if (window.Idiomorph) {
    var callbacks = window.Idiomorph.defaults.callbacks;
    var before = callbacks.beforeAttributeUpdated;
    callbacks.beforeAttributeUpdated = function (name, node, mutation) {
      if (name === "open" && node.tagName === "DETAILS") return false;
      return before ? before(name, node, mutation) : true;
    };
  }
  document.addEventListener("htmx:afterSettle", restore);
  restore();

  // --- after a tap the page stays where the player looked ------------------------------------------
  // The answer to a tap replaces the panel. The control that was used is found again in the new panel (by its
  // form's action type and seat and its own name, value and test id, which stay put while the state moves on),
  // keeps keyboard focus and stays where it was on the screen; a refusal moves from the top of the panel to just
  // below that control, where the player is looking. The folds are opened again first: a new panel arrives with
  // them closed, and the page would otherwise shrink under the player's thumb.
  var place = null;
  function controlKey(control) {
    var form = control.form, parts = [control.tagName, control.id, control.name, control.getAttribute("data-testid")];
    if (control.tagName === "BUTTON") parts.push(control.value);
    ["type", "seat"].forEach(function (name) {
      var field = form && form.elements.namedItem(name);
      parts.push(field && field.type === "hidden" ? field.value : "");
    });
    return parts.join("|");
  }
  function controlsLike(key) {
    var panel = document.getElementById("panel");
    return panel ? Array.prototype.filter.call(panel.querySelectorAll("button, input, select, textarea"),
                                               function (control) { return controlKey(control) === key; }) : [];
  }
  document.addEventListener("submit", function (event) {
    var form = event.target, panel = document.getElementById("panel"), focused = document.activeElement;
    if (!panel || !panel.contains(form)) return;
    var control = focused && focused !== form && form.contains(focused) ? focused
      : event.submitter || form.querySelector("button");
    if (!control) return;
    var key = controlKey(control);
    place = { key: key, nth: controlsLike(key).indexOf(control), top: control.getBoundingClientRect().top,
              scrollY: window.scrollY };
  }, true);
  function besideControl(refusal, control) {
    var spot = control;  // after the form's part that holds the control: a row of buttons stays a row
    while (spot.parentElement && spot.parentElement !== control.form) spot = spot.parentElement;
    spot.insertAdjacentElement("afterend", refusal);
  }
  function keepPlace() {
    var kept = place;
    place = null;
    if (!kept) return;
    restore();
    var control = controlsLike(kept.key)[Math.max(kept.nth, 0)];
    var refusal = document.querySelector("#panel [data-refusal]");
    if (control && refusal && control.form) besideControl(refusal, control);
    if (control) {
      if (!control.disabled) control.focus({ preventScroll: true });
      window.scrollBy(0, control.getBoundingClientRect().top - kept.top);
    } else {
      window.scrollTo(0, kept.scrollY);
    }
    var box = refusal && refusal.getBoundingClientRect();
    if (box && (box.top < 0 || box.bottom > window.innerHeight)) refusal.scrollIntoView({ block: "nearest" });
  }
  document.addEventListener("htmx:afterSwap", function (event) {
    var config = event.detail.requestConfig;
    if (config && config.verb === "post") keepPlace();
  });

  // --- the display's room view: full screen where the browser allows it, and the race alone in any case -------
  var wentFullscreen = false;
  function roomView(on) {
    if (on) root.setAttribute("data-room", ""); else root.removeAttribute("data-room");
    store("companion-room", on ? "on" : "off");
    var page = document.documentElement;
    if (on && document.fullscreenEnabled && page.requestFullscreen && !document.fullscreenElement) {
      page.requestFullscreen().then(function () { wentFullscreen = true; }, function () { /* the view alone */ });
    } else if (!on && document.fullscreenElement && document.exitFullscreen) {
      document.exitFullscreen().catch(function () { /* already left */ });
    }
  }
  document.addEventListener("click", function (event) {
    if (event.target.closest(".js-room")) roomView(!root.hasAttribute("data-room"));
  });
  // Leaving full screen with Esc leaves the room view with it, as a person pressing Esc would expect.
  document.addEventListener("fullscreenchange", function () {
    if (document.fullscreenElement || !wentFullscreen) return;
    wentFullscreen = false;
    if (root.hasAttribute("data-room")) roomView(false);
  });

  // --- spoken news: a highlight, a card of someone else's waiting for answers, a refusal --------------------
  // Said once through the live region #say (outside the panel, so a refresh never replaces it). What was on the
  // page when it opened is not news; a refusal is said each time it comes back from a tap.
  var say = document.getElementById("say");
  var heard = {}, refusalSaid = false;
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
    var lines = [], refused = false;
    news().forEach(function (item) {
      if (heard[item[0]] !== item[1] && !opening) lines.push(plainText(item[2]));
      heard[item[0]] = item[1];
    });
    document.querySelectorAll("#panel .error:not([data-said])").forEach(function (error) {
      error.setAttribute("data-said", "");
      if (!opening) { lines.push(plainText(error)); refused = true; }
    });
    // A refusal goes from the region when it goes from the panel (the table has moved on).
    if (refusalSaid && !document.querySelector("#panel .error")) { say.textContent = ""; refusalSaid = false; }
    if (!lines.length) return;
    refusalSaid = refused;
    // Emptied first, so the same words coming again are read again.
    say.textContent = "";
    setTimeout(function () { say.textContent = lines.join(" "); }, 50);
  }
  document.addEventListener("htmx:afterSettle", function () { tell(false); });
  tell(true);

  // --- live updates --------------------------------------------------------------------------------
  var liveUrl = body.getAttribute("data-live-url");
  var versionUrl = body.getAttribute("data-version-url");
  if (!liveUrl) return;
  var source = null, pollTimer = null, retryTimer = null;
  var POLL_TIMEOUT_MS = 4000;
  var newest = 0;
  function seen(version) {
    newest = Math.max(newest, version);
    if (newest > shownVersion() && window.htmx) {
      htmx.trigger(document.getElementById("panel"), "companion:refresh");
    }
  }
  // A refresh asked for while another was on its way is lost with the panel it was queued on: ask again.
  document.addEventListener("htmx:afterSettle", function () { if (newest > shownVersion()) seen(newest); });
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
    var version = versionOf(html), panel = document.getElementById("panel");
    newest = Math.max(newest, version);
    if (!panel || !window.htmx || version <= shownVersion()) return;
    var typed = typedNow();  // as on a refresh: what the person is typing stays
    document.dispatchEvent(new CustomEvent("companion:live-before"));  // lead.js keeps the reader's place
    // The context element lets htmx find the morph extension (hx-ext on the body): without one it would
    // replace the panel's insides, and a button held down across the change would lose its tap.
    htmx.swap(panel, html, { swapStyle: "morph" }, { contextElement: panel });
    putBack(typed);
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

  // The stream beats every few seconds: a page that hears nothing for SILENT_MS (a laptop's lid closed, the
  // server suspended) says so, and polls and reconnects as after an error.
  var SILENT_MS = 7000, lastHeard = Date.now();
  function hear() { lastHeard = Date.now(); }
  setInterval(function () {
    if (!streamOpen() || Date.now() - lastHeard < SILENT_MS) return;
    source.close();
    setState("lost");
    startPolling();
    poll();
    clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, 3000);
  }, 1000);

  function connect() {
    if (!("EventSource" in window)) { setState("live"); startPolling(); return; }
    if (source) source.close();
    clearTimeout(retryTimer);
    hear();
    source = new EventSource(streamUrl());
    source.addEventListener("open", function () { hear(); setState("live"); stopPolling(); });
    source.addEventListener("beat", hear);
    source.addEventListener("version", function (event) {
      hear();
      setState("live");
      seen(parseInt(event.data, 10));
    });
    source.addEventListener("panel", function (event) {
      hear();
      setState("live");
      arrived(event.data);
    });
    // The table is gone or this spectator link was revoked: reload to say so.
    source.addEventListener("gone", function () { source.close(); location.reload(); });
    source.addEventListener("error", function () {
      startPolling();
      poll();  // says at once whether the server still answers
      if (source.readyState === EventSource.CLOSED) {
        // The server said no (busy, or a proxy's error page): poll, and try the stream again in a while.
        clearTimeout(retryTimer);
        retryTimer = setTimeout(connect, 15000);
      }
    });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible") return;
    poll();
    if (!source || source.readyState === EventSource.CLOSED) connect();
  });
  window.addEventListener("online", function () { poll(); connect(); });
  document.addEventListener("companion:not-recorded", function () { setState("lost"); poll(); });

  connect();
})();
