// 20 Strong in the web player, the page: "A game of the deck", the ruleset's own part of
// the page (tgc/render/templates/own.js), where one game is played by hand as `tgc deck
// play` and `tgc play` play it (engine.js): the hero and the boss (each chosen here or
// asked as the game's first question), the rank, the seed, and "I roll the dice" for
// physical dice (each roll then asks miss, hit or crit, as `--ask-dice`).
(function () {
  "use strict";
  var bundle = JSON.parse(document.getElementById("tgc-bundle").textContent);
  var rules = bundle.rules, E = window.TgcTwentyStrong, ASKED = "";
  if (!rules || !rules.heroes || !rules.heroes.length || !rules.bosses.length) return;

  function names(list) {
    return [[ASKED, "asked"]].concat(list.map(function (x) { return [x.name, x.name]; }));
  }
  function named(value) { return value === ASKED ? null : value; }

  window.TgcDeckGame = window.TgcOwnPage.mount({
    id: "deck-game", title: "A game of the deck", begin: "Play the deck",
    controls: [
      { key: "hero", label: "Hero", kind: "select", options: names(rules.heroes) },
      { key: "boss", label: "Boss", kind: "select", options: names(rules.bosses) },
      { key: "rank", label: "Rank", kind: "select", options: [1, 2, 3, 4, 5].map(function (r) { return [String(r), String(r)]; }) },
      { key: "seed", label: "Seed", kind: "number", value: 0 },
      { key: "dice", label: "I roll the dice", kind: "checkbox" }],
    setup: function (v) {
      return { hero: named(v.hero), boss: named(v.boss), rank: parseInt(v.rank, 10), seed: v.seed, dice: v.dice };
    },
    values: function (s) {
      return { hero: s.hero != null ? s.hero : ASKED, boss: s.boss != null ? s.boss : ASKED, rank: String(s.rank),
               seed: s.seed, dice: s.dice };
    },
    readHeader: E.readHeader,
    headerHint: "A transcript of a game of the deck starts with \"" + E.headerText({}) + "\".",
    play: function (setup, answers) {
      var out = E.play(rules, setup, answers), q = out.question;
      if (q !== null && q.faces) q = { buttons: [["m", "miss"], ["h", "hit"], ["c", "crit"]] };
      return { lines: out.lines, question: q };
    }
  });
})();
