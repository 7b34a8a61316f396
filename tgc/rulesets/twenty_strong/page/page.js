// 20 Strong in the web player, the page: "A game of the deck", the ruleset's own part of
// the page (tgc/render/templates/own.js), where one game is played by hand as `tgc deck
// play` and `tgc play` play it (engine.js): the hero and the boss (each chosen here or
// asked as the game's first question), the rank, the seed, and "I roll the dice" for
// physical dice (each roll then asks miss, hit or crit, as `--ask-dice`).
//
// A verse that starts a game (`~ twenty-strong hero "..." boss "..." rank N: win -> ...`)
// waits on it as an encounter: beside its Win / Lose buttons (`tgc play --fights ask`),
// "Play the game by hand" plays it here as `tgc play` does by default (story.py's
// setup_of, play.py's play_game, cli/play.py's _verse_game): its seed is the story
// generator's next draw from range(2**31), its dice asked when the story's are, and
// when the game is over the story goes on with its outcome (the draw and the outcome
// are one step for the story's Undo; until then the story's generator is untouched).
(function () {
  "use strict";
  var bundle = JSON.parse(document.getElementById("tgc-bundle").textContent);
  var rules = bundle.rules, E = window.TgcTwentyStrong, ASKED = "";
  if (!rules || !rules.heroes || !rules.heroes.length || !rules.bosses.length) return;
  var GAME = "twenty-strong", RANKS = [1, 2, 3, 4, 5], SEEDS = 2147483648;  // range(1 << 31)

  function names(list) {
    return [[ASKED, "asked"]].concat(list.map(function (x) { return [x.name, x.name]; }));
  }
  function named(value) { return value === ASKED ? null : value; }

  // The game an encounter's line starts (story.py's setup_of), or null: not a 20 Strong
  // game, or one naming what the deck lacks (the reader settles those).
  function gameOf(op) {
    var game = op.game, args = {};
    if (!game || game.phrase !== GAME) return null;
    game.args.forEach(function (a) { args[a.key] = a.value; });
    if (typeof args.hero !== "string" || typeof args.boss !== "string" || RANKS.indexOf(args.rank) < 0) return null;
    var known = function (list, name) { return list.some(function (x) { return x.name === name; }); };
    if (!known(rules.heroes, args.hero) || !known(rules.bosses, args.boss)) return null;
    return { hero: args.hero, boss: args.boss, rank: args.rank };
  }

  // The seed `tgc play` draws for the game, read from a copy of the story's generator.
  function nextSeed(story) {
    var saved = story.rng.getstate(), seed = story.rng.random().randrange(SEEDS);
    story.rng.setstate(saved);
    return seed;
  }

  var verse = null;  // the game a verse started, while it is played here: its wait and setup
  var part = window.TgcDeckGame = window.TgcOwnPage.mount({
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
      return { lines: out.lines, question: q, result: out.result };
    },
    played: function (setup, shown) {
      if (verse === null || setup !== verse.setup || shown.result == null) return;
      var result = shown.result, page = window.TgcPlayerPage, wait = verse.wait;
      verse = null;
      // Only the wait it was started from, with an arm for that outcome (else the reader
      // moved the story on meanwhile, or settles it with the buttons).
      if (page.story().waiting !== wait || wait.outcomes.indexOf(result) < 0) return;
      page.step(function () {  // the story draws the game's seed, then follows its outcome
        var story = page.story();
        story.rng.random().randrange(SEEDS);
        story.resolve(result);
      });
    }
  });

  // `tgc play --fights greedy` (auto, random): story.py's VerseGames, a verse's game played
  // at once by the policy (policies.js), its seed the story generator's next draw; the log
  // shows the game and its outcome as tgc play's two `~` lines. An outcome the verse has no
  // arm for is left to the reader (the seed stays drawn, as in Python).
  var MODES = ["auto", "greedy", "random"];
  function describe(op) {
    return op.game.phrase + op.game.args.map(function (a) {
      return " " + a.key + " " + (typeof a.value === "string" ? JSON.stringify(a.value) : String(a.value));
    }).join("");
  }
  window.TgcPlayer.fightMakers.push(function (found, words, mode) {
    if (!found.rules || found.rules.ruleset !== "twenty-strong" || MODES.indexOf(mode) < 0) return null;
    return { encounter: function (story, op, outcomes) {
      var game = gameOf(op);
      if (game === null) return null;
      var setup = { hero: game.hero, boss: game.boss, rank: game.rank, seed: story.rng.random().randrange(SEEDS), dice: false };
      var result = E.play(rules, setup, [], mode).result;
      if (outcomes.indexOf(result) < 0) return null;
      story.emit({ kind: "effect", op: op, text: describe(op) });
      story.emit({ kind: "effect", op: op, text: describe(op) + ": " + result });
      return { outcome: result };
    } };
  });
  var fights = document.getElementById("fights");
  MODES.forEach(function (mode) { fights.appendChild(new Option(mode, mode)); });

  if (!window.TgcPlayerPage) return;
  // Beside an encounter's outcome buttons, for a game a verse starts.
  window.TgcPlayerPage.encounter.push(function (wait, box) {
    var game = gameOf(wait.op), story = window.TgcPlayerPage.story();
    if (game === null) return;
    var play = document.createElement("button");
    play.type = "button";
    play.textContent = "Play the game by hand";
    play.setAttribute("data-game", "hand");
    play.addEventListener("click", function () {
      var setup = { hero: game.hero, boss: game.boss, rank: game.rank, seed: nextSeed(story), dice: story.dice === "ask" };
      verse = { wait: wait, setup: setup };
      part.start(setup);
    });
    box.appendChild(play);
  });
})();
