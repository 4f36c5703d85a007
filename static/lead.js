// The phone leads the turn: the action bar's "go to" buttons, and the turn or an answer told once as it comes (and
// shown: the page goes back to its first screen, unless the player is typing).
(function () {
  "use strict";
  var Companion = window.Companion;
  if (!document.body.classList.contains("seat-page")) return;

  // --- the bar's "go to" buttons: the form that needs a card named or a choice made, opened and in view ---------
  document.addEventListener("click", function (event) {
    var go = event.target.closest("[data-go]");
    if (!go) return;
    var target = document.querySelector("#panel " + go.getAttribute("data-go"));
    if (!target) return;
    event.preventDefault();
    var card = target.closest(".card"), form = target.closest("form");
    if (card) card.scrollIntoView({ block: "nearest" });  // as much of its card as fits, the target itself last
    Companion.show(form && target.tagName !== "INPUT" ? form : target, true);
    if (target.tagName === "INPUT") target.focus({ preventScroll: true });
  });

  // --- told once when the turn or an answer comes to this phone: a buzz, the title, a sound if chosen ---------
  // The bar names its occasion (rules.occasion); a new one buzzes once. What waits when the page opens only
  // marks the title: it is not news.
  var plainTitle = document.title, told = {}, audio = null;
  function beep() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    try {
      audio = audio || new Context();
      var tone = audio.createOscillator(), gain = audio.createGain();
      tone.frequency.value = 880;
      gain.gain.setValueAtTime(0.15, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.25);
    } catch (e) { /* no sound here */ }
  }
  function tellOccasion(opening) {
    var bar = document.getElementById("action-bar");
    var key = bar ? bar.getAttribute("data-occasion") : "";
    document.title = key ? bar.getAttribute("data-title") + " · " + plainTitle : plainTitle;
    if (!key || told[key]) return;
    told[key] = true;
    if (opening) return;
    Companion.showMoment();  // shown as well as told: back to the first screen, unless the player is typing
    if (typeof navigator.vibrate === "function") {
      try { navigator.vibrate([120, 80, 120]); } catch (e) { /* not allowed here */ }
    }
    if (Companion.soundOn()) beep();
  }
  document.addEventListener("htmx:afterSettle", function () { tellOccasion(false); });
  document.addEventListener("companion:live-after", function () { tellOccasion(false); });
  tellOccasion(true);
})();
