// 20 Strong in the web player, the policies that play a game without a person, ported
// from tgc/rulesets/twenty_strong/engines/policies.py: ``random`` (a uniform pick from the
// game's own generator) and ``greedy`` (its rules of thumb, GreedyRules.choose; ``auto``
// is greedy, as story.py's AUTO_POLICY). The Python engine answers most of greedy's
// decisions by fast paths that tests/test_ts_fast_paths.py proves equal to asking each
// one; the page's engine asks each one, so only ``choose`` is ported. A policy is a
// function of the game, the decision's kind, its choices and its subject, returning the
// index of a choice (engine.js's Game.ask). The planner (an exact search) is not here.
(function (root) {
  "use strict";
  var E = root.TgcTwentyStrong, T = E.table;

  function index(choices, act) {
    for (var i = 0; i < choices.length; i++) if (choices[i].act === act) return i;
    return 0;
  }
  // The first choice with the highest score (policies.py's _best).
  function best(choices, score) {
    var found = 0, high = -Infinity;
    for (var i = 0; i < choices.length; i++) {
      var value = score(choices[i]);
      if (value > high) { found = i; high = value; }
    }
    return found;
  }
  function need(game, foe) { return foe.card.health - T.damageOn(game, foe); }
  // The top card of every enemy deck by the deck's place (a decision offers only those
  // that have one).
  function tops(game) {
    return game.t.enemyDecks.map(function (d) { return d[1].length ? d[1][d[1].length - 1] : null; });
  }

  // strategy.takers: the colours (indexes) that some undefeated enemy may take now.
  function takers(game) {
    var t = game.t, open = T.openColours(game), found = [];
    game.box.dice.colours.forEach(function (c, i) {
      if (open !== null && open[c.name] !== true) return;
      if (t.foes.some(function (f) { return !f.defeated && T.colourAllowed(c.name, f, open); })) found.push(i);
    });
    return found;
  }

  // policies.worth_repeating: a committed or ready die of a colour some enemy may take.
  function worthRepeating(game) {
    var t = game.t, held = {};
    t.active.concat(t.pool).forEach(function (d) { held[t.colourOf[d]] = true; });
    return takers(game).some(function (c) { return held[c] === true; });
  }

  // GreedyRules.apply: finish the most dangerous enemy it can, else chip at one.
  function apply(game, choices) {
    var t = game.t, needs = t.foes.map(function (f) { return need(game, f); });
    var scores = choices.map(function (c) {
      if (c.act !== "die") return 0;
      var foe = t.foes[c.b], left = needs[c.b];
      if (left <= 0) return -1;
      var deal = T.faceDamage(game, t.faces[c.a], foe);
      if (deal >= left) return 100 + foe.card.damage + (foe.card.boss ? 10 : 0) - (deal - left);
      return 1 + foe.card.damage / 10 + deal / 100;
    });
    if (!scores.some(function (s) { return s > 0; })) return index(choices, "none");
    return scores.indexOf(Math.max.apply(null, scores));
  }

  // GreedyRules.pick_colour: recover (or keep) the colours the dial reaches soonest.
  function pickColour(game, kind, choices, subject) {
    var t = game.t, dial = game.box.dice.dial;
    var first = (subject || "").split(" ")[0];
    var harmful = kind === "pick-die" && (first === "exhaust" || first === "banish");
    return best(choices, function (c) {
      if (c.act === "none") return -100;
      var colour = c.act === "die" ? T.colourName(game, c.a) : game.box.dice.colours[c.a].name;
      var at = dial.indexOf(colour);
      var wait = at >= 0 ? ((at - t.dial - 1) % dial.length + dial.length) % dial.length : 99;
      return harmful ? wait : -wait;
    });
  }

  function greedy(game, kind, choices, subject) {
    var t = game.t;
    switch (kind) {
      case "strike":
        for (var i = 0; i < choices.length; i++) if (choices[i].act === "play") return i;
        return t.hand.length < T.handLimit(t) + 1 ? index(choices, "draw") : 0;
      case "commit":
        var open = T.openColours(game), colours = game.box.dice.colours;
        return best(choices, function (c) {
          if (c.act === "none") return 0.5;
          return t.foes.some(function (f) { return !f.defeated && T.colourAllowed(colours[c.a].name, f, open); }) ? 1 : 0;
        });
      case "apply": return apply(game, choices);
      case "repeat": return worthRepeating(game) ? 0 : 1;
      case "recover": case "pick-die": return pickColour(game, kind, choices, subject);
      case "activate":
        var shown = tops(game);
        return best(choices, function (c) { return -shown[c.a].health; });
      case "menhir":
        var fed = tops(game);
        return best(choices, function (c) { return fed[c.a].health + fed[c.a].damage; });
      case "item-use":
        var incoming = T.undefeated(t).reduce(function (sum, f) { return sum + f.card.damage; }, 0) - t.prevent;
        return game.step === "suffer damage" && incoming > 0 ? 1 : 0;
      case "hand-discard": case "discard":
        return best(choices, function (c) { return -t.hand[c.a].left.length; });
      case "pick-enemy":
        return best(choices, function (c) { return -need(game, t.foes[c.a]); });
      case "rank-stat": return best(choices, function (c) { return c.a; });  // recovery, strategy, health
      default: return 0;  // take rewards and items, say yes, the first order, the first card
    }
  }

  function random(game, kind, choices) { return game.rng.randrange(choices.length); }

  E.policies = { random: random, greedy: greedy, auto: greedy };
})(typeof window !== "undefined" ? window : globalThis);
