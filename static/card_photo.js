// The camera button beside a card's name: a photo of the card names it (the server reads it).
(function () {
  "use strict";
  var forms = window.Companion.cardForm, photoSaid = forms.photoSaid;
  var photoAsked = {};  // the newest photo per card-name field, by the field's id: an older photo's answer is dropped
  var LONGEST = 1600;
  function shrunk(file) {  // at most 1600 px on its longest side, as a JPEG; the file itself where that fails
    if (!window.createImageBitmap) return Promise.resolve(file);
    return createImageBitmap(file).then(function (bitmap) {
      var scale = Math.min(1, LONGEST / Math.max(bitmap.width, bitmap.height));
      var canvas = document.createElement("canvas");
      canvas.width = Math.round(bitmap.width * scale);
      canvas.height = Math.round(bitmap.height * scale);
      canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      return new Promise(function (resolve) {
        canvas.toBlob(function (blob) { resolve(blob || file); }, "image/jpeg", 0.85);
      });
    }).catch(function () { return file; });
  }
  document.addEventListener("change", function (event) {
    var camera = event.target;
    if (!camera.hasAttribute || !camera.hasAttribute("data-card-photo") || !camera.files || !camera.files[0]) return;
    var input = document.getElementById(camera.getAttribute("data-for"));
    var picker = forms.pickerOf(input);
    var status = document.getElementById(camera.getAttribute("data-status"));
    var asked = photoAsked[input.id] = (photoAsked[input.id] || 0) + 1;
    var newest = function () { return photoAsked[input.id] === asked; };
    // A new photo starts over: the refusal of the form's last play, the last photo's word and chips are gone.
    document.querySelectorAll("#panel [data-refusal]").forEach(function (refusal) { refusal.remove(); });
    var chips = picker && picker.querySelector(".picks");
    if (chips) chips.textContent = "";
    status.textContent = camera.getAttribute("data-reading");
    shrunk(camera.files[0]).then(function (photo) {
      var body = new FormData();
      body.append("photo", photo, "card.jpg");
      camera.value = "";  // the same photo chosen again is a change too
      return fetch(camera.getAttribute("data-source"), { method: "POST", body: body, credentials: "same-origin" });
    }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (data) { return { ok: r.ok, data: data }; });
    }).then(function (answer) {
      if (!newest()) return;  // a later photo is being read: its answer, and "Reading the card…" till then
      if (!answer.ok) { status.textContent = answer.data.error || camera.getAttribute("data-failed"); return; }
      var found = answer.data.candidates || [];
      if (found.length && picker) {
        input.value = "";  // the photo's chips are the answer: a name typed before would be played instead
        forms.show(picker, found, "");
        status.textContent = camera.getAttribute("data-found");
        return;
      }
      // No chip: the name read (if any) is left in the field to correct, and the server says why.
      input.value = answer.data.text || "";
      photoSaid[input.id] = input.value;
      input.dispatchEvent(new Event("input", { bubbles: true }));
      input.focus();
      input.select();
      var numbers = input.value && input.form.querySelector("[data-card-numbers]");
      if (numbers) numbers.open = true;
      status.textContent = answer.data.message || camera.getAttribute("data-unknown");
    }).catch(function () { if (newest()) status.textContent = camera.getAttribute("data-failed"); });
  });
})();
