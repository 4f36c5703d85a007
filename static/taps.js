// A tap counts once and is never lost: an action id per form, "on its way" beside the control, and a tap the server
// did not answer kept and sent again, with the same id, once it answers.
(function () {
  "use strict";
  var Companion = window.Companion;

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
  function keep(tap) {
    var id = tap.data.get("action_id");
    if (!unanswered.some(function (kept) { return kept.data.get("action_id") === id; })) unanswered.push(tap);
    tapNote(tap.form, tap.control, "data-resending", "not-recorded");
    document.dispatchEvent(new CustomEvent("companion:not-recorded"));
  }
  function keepUnanswered(form, control) {
    if (!form || !form.action) return;
    var data = new FormData(form);
    if (control && control.name) data.set(control.name, control.value);
    data.set("action_id", form.getAttribute("data-action-id") || Companion.freshId());
    keep({ url: form.action, data: data, form: form, control: control });
  }
  function post(url, data) {
    return fetch(url, { method: "POST", body: data, credentials: "same-origin", headers: { "HX-Request": "true" } })
      .then(function (response) { return response.text(); });
  }
  function sendAgain() {
    var taps = unanswered;
    unanswered = [];
    taps.forEach(function (tap) {
      // Recorded, or refused with its reason: the answer is the panel saying which (never an older one).
      post(tap.url, tap.data).then(Companion.swapPanel).catch(function () { keep(tap); });
    });
  }
  // The connection is live again: after a moment's wait (a server that answers polls but not taps is not asked
  // again and again at once), the kept taps go.
  document.addEventListener("companion:live", function () {
    if (!unanswered.length || resendTimer) return;
    resendTimer = setTimeout(function () { resendTimer = null; sendAgain(); }, 1000);
  });
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
  function idOf(form) {
    if (!form.hasAttribute("data-action-id")) form.setAttribute("data-action-id", Companion.freshId());
    return form.getAttribute("data-action-id");
  }
  document.addEventListener("htmx:configRequest", function (event) {
    var form = event.detail.elt;
    if (event.detail.verb === "post" && form.tagName === "FORM") event.detail.parameters.action_id = idOf(form);
  });
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
    data.set("action_id", Companion.freshId());
    post(form.action, data)
      .then(function (html) { if (Companion.swapPanel(html)) Companion.keepPlace(); })
      // No answer: sent again, with this id, once the server answers.
      .catch(function () { keep({ url: form.action, data: data, form: form, control: event.submitter }); });
  });
})();
