// Grimslingers in the web player, the page: "A sitting", the ruleset's own part of the page
// (tgc/render/templates/own.js), where a duel alone is fought as `tgc play` fights it
// (sitting.js, duel.js): the party (ticked here, or asked as the sitting's first
// questions) and the seed; then "What do you play" and the duel, by hand card by card or
// by a policy.
(function () {
  "use strict";
  var bundle = JSON.parse(document.getElementById("tgc-bundle").textContent);
  var tale = bundle.rules, G = window.TgcGrimslingers;
  if (!tale || !tale.grimslingers || !tale.grimslingers.length || !tale.creatures.length) return;

  window.TgcGrimslingersSitting = window.TgcOwnPage.mount({
    id: "grimslingers-sitting", title: "A sitting", begin: "Sit down",
    controls: [
      { key: "party", label: "Party", kind: "checks", options: tale.grimslingers.map(function (g) { return g.name; }) },
      { key: "seed", label: "Seed", kind: "number", value: 0 }],
    setup: function (v) { return { party: v.party, seed: v.seed }; },
    values: function (s) { return { party: s.party, seed: s.seed }; },
    readHeader: G.readHeader,
    headerHint: "A Grimslingers transcript starts with \"" + G.headerLine({ party: ["NAME", "NAME"], seed: "N" }) + "\".",
    play: function (setup, answers) { return G.play(tale, setup, answers); },
    lacks: function (text) {
      var setup = G.readHeader(text), answers = text.split("\n").filter(function (l) { return l.indexOf("> ") === 0; })
        .map(function (l) { return l.slice(2); });
      return setup !== null && G.play(tale, setup, answers).tale ? G.TALE_ELSEWHERE : null;
    }
  });
})();
