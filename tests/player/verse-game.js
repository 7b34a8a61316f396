// Plays a game a verse starts in the built web player (tests/test_web_transcripts.py): a
// new story from the seed, the verse's choice clicked, then the encounter's "Play the
// game by hand", and the game's answers given in the ruleset's part of the page through
// its buttons (or typed). Returns the game's lines and transcript box, the story's log,
// and whether the story still waits on the game.
(function (plan) {
  "use strict";
  function $(id) { return document.getElementById(id); }
  function own(part) { return document.querySelector('[data-own="' + part + '"]'); }
  function texts(node) { return Array.prototype.map.call(node.childNodes, function (n) { return n.textContent; }); }
  $("seed").value = String(plan.seed);
  $("begin").click();
  var choice = Array.prototype.filter.call($("answers").querySelectorAll("button"), function (b) {
    return b.textContent.indexOf(plan.choice + ". ") === 0;
  })[0];
  choice.click();
  $("answers").querySelector('button[data-game="hand"]').click();
  plan.answers.forEach(function (answer) {
    var button = Array.prototype.slice.call(own("answers").querySelectorAll("button[data-answer]"))
      .filter(function (b) { return b.getAttribute("data-answer") === answer; })[0];
    if (button) { button.click(); return; }
    own("typed").value = answer;
    own("give").click();
  });
  return { lines: texts(own("log")), transcript: own("transcript").value, story: texts($("log")),
           waiting: !!$("answers").querySelector('button[data-game="hand"]') };
})
