// Replays a transcript's inputs in the built web player (tests/test_web_transcripts.py):
// evaluated in the page by the DevTools protocol, it clicks the page's own controls as a
// tester would and returns what the page showed after the start and after each input.
(function (plan) {
  "use strict";
  function $(id) { return document.getElementById(id); }
  var log = $("log"), seen = 0, segments = [], noAnswers = false;
  function buttons() { return Array.prototype.slice.call(document.querySelectorAll("#answers button")); }
  function named(text) { return buttons().filter(function (b) { return b.textContent === text; })[0]; }
  // Dice and coins come from the transcript's record (the page rolls its own otherwise).
  function settle() {
    for (var n = 0; n < 100; n++) {
      var roll = document.querySelector("#answers input");
      if (roll && plan.rolls.length) { roll.value = String(plan.rolls.shift()); buttons()[0].click(); continue; }
      var coin = named(plan.words.heads);
      if (coin && named(plan.words.tails) && plan.tosses.length) {
        named(plan.words[plan.tosses.shift()]).click();
        continue;
      }
      return;
    }
  }
  function record() {
    settle();
    var shown = [];
    for (; seen < log.childNodes.length; seen++) {
      var node = log.childNodes[seen];
      shown.push([node.className, node.textContent]);
    }
    var choices = noAnswers ? [] : buttons().map(function (b) { return b.textContent; });
    var locked = noAnswers ? [] : Array.prototype.map.call(document.querySelectorAll("#answers p.locked"),
      function (p) { return p.textContent; });
    noAnswers = false;
    segments.push({ shown: shown, answers: choices, locked: locked, panel: $("state").textContent });
  }
  function choose(input) {
    var all = buttons();
    if (/^\d+$/.test(input)) return all[parseInt(input, 10) - 1];
    if (input.slice(0, 2) === "> ") {
      var start = input.slice(2);
      return all.filter(function (b) { return b.textContent.replace(/^\d+\. /, "").indexOf(start) === 0; })[0];
    }
    return named(plan.words[input] || input);
  }
  function act(input) {
    var words = input.split(" ");
    if (plan.start.days && words[0][0] === ":") {  // by its days: every command is typed in the Command box
      $("command-text").value = input;
      $("command").click();
      return;
    }
    if (words[0] === ":state") { noAnswers = true; return; }  // tgc play prints the state, not the choices again
    if (words[0] === "roll") { document.querySelector("#answers input").value = words[1]; buttons()[0].click(); return; }
    if (words[0] === "toss") { named(plan.words[words[1]]).click(); return; }
    if (words[0] === ":enter") { $("where").value = words[1]; $("hook").value = words[2] || "explore"; $("explore").click(); return; }
    if (words[0] === ":act") {
      var actions = $("action"), name = words.slice(2).join(" ").replace(/^"|"$/g, "").toLowerCase();
      for (var i = 0; i < actions.options.length; i++) {
        var option = actions.options[i];
        if (option.value === words[1] && option.dataset.name.toLowerCase().indexOf(name) === 0) actions.selectedIndex = i;
      }
      $("act").click();
      return;
    }
    if (words[0] === ":goto") { $("verse").value = words.slice(1).join(" "); $("goto").click(); return; }
    if (words[0] === ":undo") {  // what the page shows again after Undo (a fight's question) is recorded
      $("undo").click();
      for (seen = log.childNodes.length; seen && log.childNodes[seen - 1].dataset.again;) seen--;
      return;
    }
    if (words[0] === ":save") { $("export").click(); noAnswers = true; return; }
    if (words[0] === ":load") { seen = 0; $("import").click(); return; }  // a new game: the log starts afresh
    if (words[0] === ":set" || words[0] === ":unset") {
      $("edit").value = input.slice(words[0].length + 1);
      $(words[0].slice(1)).click();
      noAnswers = true;  // tgc play says what changed, not the choices again
      return;
    }
    if (words[0] === ":give") {
      $("give-text").value = input.slice(words[0].length + 1);
      $("give").click();
      noAnswers = true;
      return;
    }
    if (words[0] === ":day") { $("next-day").click(); return; }
    if (words[0] === ":chapter") { $("chapter").value = words.slice(1).join(" "); $("next-chapter").click(); return; }
    if (words[0][0] === ":" && !$("command").hidden) {  // one of the ruleset's own commands
      $("command-text").value = input;
      $("command").click();
      noAnswers = true;
      return;
    }
    var target = /^play \d+$/.test(input) ? buttons()[parseInt(words[1], 10) - 1]  // a fight's option, by hand
      : input === "pass" || input === "escape" ? buttons().filter(function (b) {
        return b.dataset.kind === (input === "pass" ? "stop" : "escape");
      })[0] : choose(input);
    if (!target) throw new Error("no control for the input " + JSON.stringify(input));
    target.click();
  }
  try { window.localStorage.clear(); } catch (err) { /* no storage */ }
  $("type-dice").checked = true;
  $("days").checked = !!plan.start.days;
  $("show-locked").checked = plan.locked;
  if ($("party-names")) $("party-names").value = plan.party.join(", ");
  $("seed").value = String(plan.seed);
  $("fights").value = plan.fights;
  $("party").querySelectorAll("input").forEach(function (box) { if (box.checked) box.click(); });
  plan.party.forEach(function (name) {  // ticked in the header's order, which the party keeps
    $("party").querySelectorAll("input").forEach(function (box) { if (box.value === name) box.click(); });
  });
  $("log").replaceChildren();
  if (plan.state != null) { $("save-text").value = plan.state; $("import").click(); }
  if (plan.start.location != null) { $("where").value = String(plan.start.location); $(plan.state != null ? "explore" : "begin").click(); }
  else if (plan.start.none || plan.start.days) { if (plan.state == null) $("new-game").click(); }  // --at none, --campaign
  else if (plan.state != null) { $("verse").value = plan.start.hash; $("goto").click(); }  // the state's game goes on there
  else window.dispatchEvent(new HashChangeEvent("hashchange"));  // the page was opened at plan.start.hash
  record();
  plan.inputs.forEach(function (input) { act(input); record(); });
  try { window.localStorage.clear(); } catch (err) { /* no storage */ }  // the next page starts afresh
  return segments;
})
