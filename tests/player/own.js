// Replays a transcript of a ruleset that plays its own way in the built web player
// (tests/test_web_transcripts.py): the ruleset's page section (its parts marked
// `data-own`) gets the transcript cut before its last answers, replays it with its own
// Replay button, and then the remaining answers are given one by one through the page's
// buttons (or typed, when no button gives that answer). Returns the lines the page shows.
(function (plan) {
  "use strict";
  function own(part) { return document.querySelector('[data-own="' + part + '"]'); }
  own("transcript").value = plan.head;
  own("replay").click();
  plan.answers.forEach(function (answer) {
    var button = Array.prototype.slice.call(own("answers").querySelectorAll("button[data-answer]"))
      .filter(function (b) { return b.getAttribute("data-answer") === answer; })[0];
    if (button) { button.click(); return; }
    if (!own("typed")) throw new Error("the page asks nothing when " + JSON.stringify(answer) + " is given");
    own("typed").value = answer;
    own("give").click();
  });
  return {
    lines: Array.prototype.map.call(own("log").childNodes, function (node) { return node.textContent; }),
    transcript: own("transcript").value
  };
})
