// Tainted Grail in the web player, the play policies: engines/policies.py ported line for
// line (the defaults every policy shares, `random`, `greedy`, `planner`, and the person at
// the table, whose every decision goes through `ask(question, options)`). A game and the
// options of a decision in, a choice out; random choices use the fight's own generator.
// The scores are the same floating-point sums in the same order, so ties break alike.
(function (root) {
  "use strict";
  var F = root.TgcFights;
  var STOP = F.STOP, ESCAPE = F.ESCAPE;

  function count(list, word) { return list.filter(function (x) { return x === word; }).length; }
  function holding(hero, loot) {
    if (loot.verb === "gain_item") return hero.hasItem(loot.what) ? 1 : 0;
    if (F.has(hero.res, loot.what)) return hero.res[loot.what];
    if (["health", "energy", "terror"].indexOf(loot.what) >= 0) return hero[loot.what];
    return 0;
  }
  function cardValue(card) {
    var value = 0.0;
    card.left.forEach(function (key) {
      if (key) {
        var g = key.gain;
        value += g.markers + g.up + g.stage + 0.5 * g.draws + (g.again ? 0.7 : 0);
      }
    });
    value += count(card.free, "marker") + count(card.free, "up") + 0.5 * count(card.free, "draw");
    return value + 0.5 * card.abilities.length;
  }
  // The first of `list` with the least key (Python's min with a key: ties keep the first).
  function least(list, key) {
    var best = list[0], bestKey = key(best);
    for (var i = 1; i < list.length; i++) {
      var k = key(list[i]);
      if (before(k, bestKey)) { best = list[i]; bestKey = k; }
    }
    return best;
  }
  function before(a, b) {  // tuples of numbers, compared as Python compares them
    for (var i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
    return false;
  }

  // ---------------------------------------------------------------- BasePolicy

  function BasePolicy() {}
  BasePolicy.prototype.name = "base";
  BasePolicy.prototype.mulligan = function () { return false; };
  BasePolicy.prototype.pickActive = function (game, waiting) { return least(waiting, function (h) { return [h.number]; }); };
  BasePolicy.prototype.discard = function (game, hero, n) {
    var order = hero.hand.map(function (c, i) { return i; });
    order.sort(function (a, b) { return cardValue(hero.hand[a]) - cardValue(hero.hand[b]); });
    return order.slice(0, n);
  };
  BasePolicy.prototype.avoid = function () { return false; };
  BasePolicy.prototype.escapeNow = function () { return false; };
  BasePolicy.prototype.equip = function () { return 0; };
  BasePolicy.prototype.approach = function (game, ways) {
    function fit(stages) {
      var reach = 0;
      stages.forEach(function (st) {
        var names = Object.keys(st.rules), best = 0;
        names.forEach(function (a, i) {
          var top = Math.max.apply(null, game.heroes.map(function (h) { return h.level(a); }));
          best = i === 0 ? top : Math.max(best, top);
        });
        reach += best;
      });
      return [-stages.length, reach];
    }
    var best = 0;
    for (var i = 1; i < ways.length; i++) {
      if (before(fit(ways[best]).concat([-best]), fit(ways[i]).concat([-i]))) best = i;
    }
    return best;
  };
  BasePolicy.prototype.share = function (game, loot, takers) {
    return least(takers, function (h) { return [holding(h, loot), h.number]; });
  };
  BasePolicy.prototype.react = function (game, hero, options) {
    var best = STOP, bestScore = 0.0;
    options.forEach(function (option) {
      if (option.kind === "charge" || option.kind === "flip") {
        var score = reactionValue(game, hero, option);
        if (score > bestScore) { best = option; bestScore = score; }
      }
    });
    return best;
  };

  function RandomPolicy() {}
  RandomPolicy.prototype = Object.create(BasePolicy.prototype);
  RandomPolicy.prototype.name = "random";
  RandomPolicy.prototype.react = function (game, hero, options) { return options[game.rng.randrange(options.length)]; };
  RandomPolicy.prototype.choose = function (game, hero, options) {
    var pool = options.filter(function (o) { return o.kind !== "escape"; });
    if (!pool.length) return options[0];
    return pool[game.rng.randrange(pool.length)];
  };
  RandomPolicy.prototype.discard = function (game, hero, n) {
    return game.rng.sample(hero.hand.map(function (c, i) { return i; }), n);
  };

  // ---------------------------------------------------------------- previews

  function previewEffects(game, hero, effects, links) {
    var markers = 0, affinity = 0, health = 0;
    links = links || [];
    effects.forEach(function (e) {
      if (e.cond && !game.holds(e.cond, hero)) return;
      var n = e.amount;
      if (e.per != null) n *= (game.linked[e.per] || 0) + count(links, e.per);
      if (e.what === "marker") markers += e.verb === "gain" ? n : -n;
      else if (e.verb === "move") affinity += n;
      else if (e.what === "health" || e.verb === "damage") health += e.verb === "gain" ? n : -n;
    });
    return [markers, affinity, health];
  }
  function threatOf(effects) {
    var damage = 0, terror = 0, markers = 0;
    effects.forEach(function (e) {
      if (e.verb === "damage" || (e.verb === "lose" && e.what === "health")) damage += e.amount;
      else if (e.verb === "gain" && e.what === "terror") terror += e.amount;
      else if (e.verb === "lose" && e.what === "marker") markers += e.amount;
    });
    return [damage, terror, markers];
  }
  function prevention(card, what) {
    if (!card) return 0;
    var total = 0;
    F.abilitiesOn(card, "attack").forEach(function (a) {
      a.effects.forEach(function (e) { if (e.verb === "prevent" && e.what === what) total += e.amount; });
    });
    return total;
  }
  function reactionValue(game, hero, option) {
    var p = previewEffects(game, hero, option.ability.effects), t = threatOf(game.threat);
    var down = -Math.min(0, previewEffects(game, hero, game.threat)[1]);
    var already = game.prevent || {}, left = { damage: t[0], terror: t[1], affinity: down }, saved = 0;
    option.ability.effects.forEach(function (e) {
      if (e.verb === "prevent") saved += Math.min(e.amount, Math.max(0, left[e.what] - (already[e.what] || 0)));
    });
    return p[0] + p[1] + 0.3 * p[2] + saved;
  }
  function immediate(game, hero, option) {
    if (option.kind === "charge" || option.kind === "flip") {
      var p = previewEffects(game, hero, option.ability.effects);
      var wasted = game.prevent === null && option.ability.effects.some(function (e) { return e.verb === "prevent"; });
      return p[0] + p[1] + 0.3 * p[2] - (wasted ? 1 : 0);
    }
    if (option.kind !== "play" || !option.card) return 0.0;
    var g = option.gain, m = 0, a = 0, h = 0;
    option.card.abilities.forEach(function (ability) {
      if (ability.trigger === "placement") {
        var d = previewEffects(game, hero, ability.effects, option.links);
        m += d[0]; a += d[1]; h += d[2];
      }
    });
    var gained = game.kind === "combat" ? g.markers + m : g.up - g.down + a;
    if (game.kind === "diplomacy") {
      option.stages.forEach(function (pair) {
        var rules = game.stage().rules, rule = F.has(rules, pair[0]) ? rules[pair[0]] : [];
        gained += previewEffects(game, hero, rule)[1] * pair[1];
      });
    }
    return gained + 0.4 * (g.again ? 1 : 0) + 0.3 * g.draws - 0.25 * option.magic.length + 0.3 * h -
      0.2 * (option.charge !== -1 ? 1 : 0);
  }

  function GreedyPolicy() {}
  GreedyPolicy.prototype = Object.create(BasePolicy.prototype);
  GreedyPolicy.prototype.name = "greedy";
  GreedyPolicy.prototype.choose = function (game, hero, options) {
    var best = null, bestScore = 0.0;
    options.forEach(function (option) {
      if (option.kind === "play" || option.kind === "charge" || option.kind === "flip") {
        var score = immediate(game, hero, option);
        if (best === null || score > bestScore) { best = option; bestScore = score; }
      }
    });
    if (best === null) return options.indexOf(STOP) >= 0 ? STOP : options[0];
    if (bestScore < 0 && game.cards_this_activation > 0) return STOP;
    return best;
  };

  // ---------------------------------------------------------------- the planner

  function PlannerPolicy() {}
  PlannerPolicy.prototype = Object.create(GreedyPolicy.prototype);
  PlannerPolicy.prototype.name = "planner";
  PlannerPolicy.prototype.choose = function (game, hero, options) {
    var plays = options.filter(function (o) { return o.kind === "play"; }), self = this;
    if (!plays.length) return options.indexOf(STOP) >= 0 ? STOP : options[0];
    var best = STOP, bestScore = this.scoreStop(game, hero);
    plays.forEach(function (option) {
      var score = self.search(game, hero, option, 4);
      if (score > bestScore) { best = option; bestScore = score; }
    });
    if (best === STOP && options.indexOf(STOP) < 0) best = plays[0];
    if (game.kind === "combat" && options.indexOf(ESCAPE) >= 0 && bestScore < -500) return ESCAPE;
    return best;
  };
  PlannerPolicy.prototype.scoreStop = function (game, hero) {
    if (game.cards_this_activation === 0 && game.kind === "combat") {
      return -5.0 + this.position(game, hero, 0, 0, 0, hero.res.magic, null);
    }
    return this.position(game, hero, 0, 0, 0, hero.res.magic, game.lastCard());
  };
  PlannerPolicy.prototype.search = function (game, hero, first, depth) {
    var best = -1e9, stack = [], e = this.effectOf(game, hero, first);
    stack.push([first.card, e[0], e[1], e[2], hero.res.magic - first.magic.length, first.hand >= 0 ? [first.hand] : [],
                game.cards_this_activation + 1]);
    var limit = game.traits && game.traits.indexOf("fast") >= 0 ? 2 : 99;
    while (stack.length) {
      var top = stack.pop(), card = top[0], m = top[1], a = top[2], h = top[3], magic = top[4], used = top[5], played = top[6];
      best = Math.max(best, this.position(game, hero, m, a, h, magic, card));
      if (used.length >= depth || played >= limit) continue;
      for (var index = 0; index < hero.hand.length; index++) {
        if (used.indexOf(index) >= 0) continue;
        var link = F.linkCard(card.right, card.free_right, hero.hand[index], hero.levels), g = link.base, cost = 0;
        if (!g.again) {
          link.magic.slice(0, 1).forEach(function (pair) {
            if (pair[1].again && magic > 0) { g = F.add(g, pair[1]); cost = 1; }
          });
        }
        if (!g.again) continue;
        var dm = g.markers, da = g.up - g.down + this.stageValue(game, hero, link.stages);
        stack.push([hero.hand[index], m + dm, a + da, h, magic - cost, used.concat([index]), played + 1]);
      }
    }
    return best;
  };
  PlannerPolicy.prototype.effectOf = function (game, hero, option) {
    var g = option.gain, m = g.markers, a = g.up - g.down, h = 0;
    a += this.stageValue(game, hero, option.stages);
    option.card.abilities.forEach(function (ability) {
      if (ability.trigger === "placement") {
        var d = previewEffects(game, hero, ability.effects, option.links);
        m += d[0]; a += d[1]; h += d[2];
      }
    });
    if (game.kind === "combat" && game.cards_this_activation === 0 && game.traits.indexOf("defensive") >= 0) m = Math.max(0, m - 1);
    return [m, a, h];
  };
  PlannerPolicy.prototype.stageValue = function (game, hero, stages) {
    if (game.kind !== "diplomacy" || !stages.length) return 0;
    var total = 0, rules = game.stage().rules;
    stages.forEach(function (pair) {
      total += previewEffects(game, hero, F.has(rules, pair[0]) ? rules[pair[0]] : [])[1] * pair[1];
    });
    return total;
  };
  PlannerPolicy.prototype.position = function (game, hero, m, a, h, magic, last) {
    var spent = hero.res.magic - magic;
    if (game.kind === "combat") return this.combatPosition(game, hero, m, h, spent, last);
    return this.diplomacyPosition(game, hero, a, h, spent, last);
  };
  PlannerPolicy.prototype.combatPosition = function (game, hero, m, h, spent, last) {
    var pool = game.pool + m, value = game.encounter.value, health = hero.health + h;
    if (pool >= value) return 1000.0 - 3 * spent + health;
    var t = threatOf(F.rowAt(game.encounter.attack, pool)), damage = t[0], terror = t[1], loss = t[2];
    var prevented = game.traits.indexOf("feint") < 0 ? prevention(last, "damage") : 0;
    damage = Math.max(0, damage - prevented);
    if (game.traits.indexOf("rage") >= 0) { damage *= 2; terror *= 2; loss *= 2; }
    if (health - damage <= 0) return -1000.0 + pool;
    return 10.0 * (pool - loss) - 6 * damage - 3 * terror - 3 * spent + 2 * h +
      (last && F.abilitiesOn(last, "delayed").length ? 2.0 : 0.0);
  };
  PlannerPolicy.prototype.diplomacyPosition = function (game, hero, a, h, spent, last) {
    var top = game.top(), slot = Math.max(1, Math.min(top, game.slot + a));
    if (slot >= top) return 1000.0 - 3 * spent + 100 * game.stage_index;
    if (slot <= 1) return -1000.0;
    var response = F.rowAt(game.stage().responses, slot);
    var down = previewEffects(game, hero, response)[1];
    down = Math.min(0, down + prevention(last, "affinity"));
    var t = threatOf(response);
    if (slot + down <= 1) return -800.0;
    return 10.0 * (slot + down) - 5 * t[0] - 3 * t[1] - 3 * spent + 2 * h;
  };

  // ---------------------------------------------------------------- a person at the table

  function stepName(game) { return game.kind === "combat" ? "enemy attacks" : "opponent responds"; }
  // Whether escaping at `moment` can differ from escaping at the member's next question.
  function escapeMatters(game, hero, moment) {
    if (moment === "start") return game.seq.some(function (p) { return p.tokens === 1; });
    return game.inPlay().some(function (h) { return h !== hero && !h.activated; });
  }
  function HumanPolicy(ask) { this.ask = ask; }
  HumanPolicy.prototype = Object.create(BasePolicy.prototype);
  HumanPolicy.prototype.name = "human";
  HumanPolicy.prototype.mulligan = function (game, hero) {
    var hand = hero.hand.map(function (c) { return c.label; }).join(", ");
    return this.ask(hero.name + "'s hand: " + hand, ["keep it", "redraw " + (hero.hand.length - 1)]) === 1;
  };
  HumanPolicy.prototype.pickActive = function (game, waiting) {
    return waiting[this.ask("Who acts next?", waiting.map(function (h) { return h.name; }))];
  };
  HumanPolicy.prototype.approach = function (game, ways) {
    var labels = ways.map(function (stages, i) {
      return ["first", "second"][i] + " approach: " + stages.map(function (st) {
        return "stage " + st.number + ": " + (Object.keys(st.rules).sort().join(", ") || "no bonus");
      }).join("; ");
    });
    return this.ask("Which approach to " + game.encounter.name + "?", labels);
  };
  HumanPolicy.prototype.equip = function (game, hero, keyword, items) {
    var index = this.ask(hero.name + " uses which " + keyword + "?", items.map(function (i) { return i.name; }).concat(["none"]));
    return index < items.length ? index : -1;
  };
  HumanPolicy.prototype.escapeNow = function (game, hero, moment) {
    if (!escapeMatters(game, hero, moment)) return false;
    var when = moment === "start" ? "before the delayed abilities resolve"
      : "after the " + (game.kind === "combat" ? "attack" : "response");
    return this.ask(hero.name + ": escape " + when + "?", ["stay", "escape"]) === 1;
  };
  HumanPolicy.prototype.share = function (game, loot, takers) {
    return takers[this.ask("Who takes the loot (" + loot.text + ")?", takers.map(function (h) { return h.name; }))];
  };
  HumanPolicy.prototype.react = function (game, hero, options) {
    var what = game.threat.map(function (e) { return e.text; }).join("; ") || "nothing";
    var labels = options.map(function (o) { return o.kind === "stop" ? "pass" : String(o); });
    return options[this.ask(hero.name + ": the " + stepName(game) + " (" + what + "); use a charge?", labels)];
  };

  F.POLICIES = { random: RandomPolicy, greedy: GreedyPolicy, planner: PlannerPolicy };
  F.HumanPolicy = HumanPolicy;
  F.BasePolicy = BasePolicy;
})(typeof window !== "undefined" ? window : globalThis);
