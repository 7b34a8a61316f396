// Grimslingers in the web player, the page: "A sitting", the ruleset's own part of the page
// (tgc/render/templates/own.js), where the Tall Tale or a duel alone is played as `tgc
// play` plays it (sitting.js, tale.js, duel.js): the party (ticked here, or asked as the
// sitting's first questions) and the seed; then "What do you play".
(function () {
  "use strict";
  var bundle = JSON.parse(document.getElementById("tgc-bundle").textContent);
  var words = JSON.parse(document.getElementById("tgc-rules").textContent);
  var tale = bundle.rules, G = window.TgcGrimslingers;
  if (!tale || !tale.grimslingers || !tale.grimslingers.length || !tale.creatures.length) return;
  var texts = G.texts(bundle, words.icons);

  window.TgcGrimslingersSitting = window.TgcOwnPage.mount({
    id: "grimslingers-sitting", title: "A sitting", begin: "Sit down",
    controls: [
      { key: "party", label: "Party", kind: "checks", options: tale.grimslingers.map(function (g) { return g.name; }) },
      { key: "seed", label: "Seed", kind: "number", value: 0 }],
    setup: function (v) { return { party: v.party, seed: v.seed }; },
    values: function (s) { return { party: s.party, seed: s.seed }; },
    readHeader: G.readHeader,
    headerHint: "A Grimslingers transcript starts with \"" + G.headerLine({ party: ["NAME", "NAME"], seed: "N" }) + "\".",
    play: function (setup, answers) { return G.play(tale, texts, setup, answers); }
  });
})();
