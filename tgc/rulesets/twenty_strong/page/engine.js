// 20 Strong in the web player, the engine: one game by hand, ported line for line from
// tgc/rulesets/twenty_strong/engines/ (game.py, strategy.py, resolve.py, table.py and
// session.py's words), reading the deck from the bundle's rule data. Every shuffle and
// roll comes from one TgcRandom.Random(seed) (rng.js) in the order the Python engine draws them, so
// the page plays the game `tgc play` and `tgc deck play` play from the same seed and
// answers, and writes the same transcript, line for line (tests/test_web_transcripts.py).
// The engine touches no page: `play` runs a whole game on a list of answers and stops with
// the question it has no answer for; the page (page.js) shows it and plays again.
(function (root) {
  "use strict";

  var MISS = 0, BASIC = 1, CRIT = 2;
  var FACE_NAMES = ["miss", "hit", "crit"];
  var PRINTED = [0, 1, 2];
  var STATS = ["health", "strategy", "recovery"];
  var STAT_MIN = 1, STAT_MAX = 6, ROUND_LIMIT = 100;
  var MODIFIER_KINDS = { "unlock": true, "forbid": true, "face-damage": true };
  var SHOWN = { "strike": true, "commit": true };
  var HEAD = "# tgc 20 Strong transcript: ";
  var FACES = { "m": MISS, "miss": MISS, "h": BASIC, "hit": BASIC, "c": CRIT, "crit": CRIT };
  var QUESTIONS = {
    "strike": "Strike", "commit": "Commit dice", "apply": "Apply dice",
    "repeat": "Repeat the Strategy phase?", "reward": "Instant reward", "recover": "Recover dice",
    "item-reward": "Item reward", "activate": "Activate an enemy from", "menhir": "Feed the Menhir Stack from",
    "hand-discard": "Discard down to your hand limit", "order": "Resolve first", "item-use": "Use an item",
    "rank-stat": "Rank 4: lower a stat", "destination": "Place the upgraded card", "optional": "Use the ability?"
  };

  function GameOver(result) { this.result = result; }
  // The answers ran out: ``question`` is what the player is asked now.
  function NeedAnswer(question) { this.question = question; }

  function choice(act, a, b) { return { act: act, a: a == null ? -1 : a, b: b == null ? -1 : b }; }
  function numbered(act, count) {
    var out = [];
    for (var i = 0; i < count; i++) out.push(choice(act, i));
    return out;
  }
  var STOP = choice("none"), YES_NO = [choice("yes"), choice("no")], TAKE_SKIP = [choice("take"), choice("skip")];

  function remove(list, value) {
    var at = list.indexOf(value);
    if (at >= 0) list.splice(at, 1);
  }
  // Python's ``list[i]``: a negative index counts from the end.
  function at(list, i) { return list[i < 0 ? list.length + i : i]; }
  function numeric(a, b) { return a - b; }
  function distinct(values) {
    var seen = {}, out = [];
    values.forEach(function (v) { if (!seen[v]) { seen[v] = true; out.push(v); } });
    return out.sort(numeric);
  }
  function leftPositions(card) {
    var out = {};
    card.bare_left.forEach(function (p) { out[p] = true; });
    card.left.forEach(function (s) { s.positions.forEach(function (p) { out[p] = true; }); });
    return out;
  }
  function meets(positions, nodes) {
    return nodes.some(function (n) { return positions[n] === true; });
  }

  // tgc.limits.as_number: ASCII digits, no longer than the highest bound, within bounds.
  function asNumber(text, low, high) {
    if (!/^[0-9]+$/.test(text) || text.length > String(Math.max(Math.abs(low), Math.abs(high))).length) return null;
    var value = parseInt(text, 10);
    return value >= low && value <= high ? value : null;
  }

  // ------------------------------------------------------------ the deck (data.py)

  function Deck(rules) {
    this.rules = rules;
    this.dice = rules.dice;
    this.heroes = rules.heroes;
    this.bosses = rules.bosses;
    this.cards = rules.cards;
    this.enemies = rules.enemies;
    var decks = [];
    rules.enemies.forEach(function (e) { if (e.deck != null && decks.indexOf(e.deck) < 0) decks.push(e.deck); });
    this.decks = decks;
  }
  Deck.prototype.hero = function (name) { return this.heroes.find(function (h) { return h.name === name; }) || null; };
  Deck.prototype.boss = function (name) { return this.bosses.find(function (b) { return b.name === name; }) || null; };
  Deck.prototype.card = function (name) { return this.cards.find(function (c) { return c.name === name; }) || null; };

  function mods(abilities, zone) {
    var out = [];
    abilities.forEach(function (a) {
      if (a.trigger !== "always" || (zone != null && a.zone !== zone)) return;
      a.effects.forEach(function (e) { if (MODIFIER_KINDS[e.kind]) out.push(e); });
    });
    return out;
  }

  // ------------------------------------------------------------ the table (table.py)

  function Foe(card) {
    this.card = card;
    this.chain = [];
    this.applied = [];
    this.bonus = 0;
    this.defeated = false;
    this.defeatedNow = false;
  }
  Foe.prototype.hostNodes = function () {
    return this.chain.length ? this.chain[this.chain.length - 1].right : this.card.nodes;
  };

  // ------------------------------------------------------------ the game (game.py)

  // ``policy`` (policies.js), when given, answers every decision in place of the answers.
  function Game(deck, seed, answers, askDice, policy) {
    this.box = deck;
    this.policy = policy || null;
    this.rng = new root.TgcRandom.Random(seed);
    this.answers = answers;
    this.used = 0;
    this.askDice = askDice;
    this.lines = [];
    this.step = "setup";
    this.t = null;
    var dice = deck.dice;
    this.sides = dice.colours.map(function (c) {
      var out = [];
      for (var side = 0; side < dice.sides; side++) out.push(side === 0 ? CRIT : side < c.hits ? BASIC : MISS);
      return out;
    });
  }

  Game.prototype.say = function (text) { this.lines.push(text); };

  // session.py's HandPolicy: the table, the question, its choices; then an answer read
  // until it is a number of a choice.
  Game.prototype.read = function (question) {
    if (this.used >= this.answers.length) throw new NeedAnswer(question);
    var answer = this.answers[this.used++];
    this.lines.push("> " + answer);
    return answer;
  };

  Game.prototype.ask = function (kind, choices, subject) {
    if (choices.length === 1) return choices[0];
    if (this.policy !== null) return choices[this.policy(this, kind, choices, subject)];
    var self = this;
    if (SHOWN[kind]) tableView(this).forEach(function (line) { self.say(line); });
    var question = QUESTIONS[kind] != null ? QUESTIONS[kind] : kind;
    if (subject) question += " (" + subject + ")";
    this.say("? " + question);
    var labels = choices.map(function (c) { return describe(self, kind, c); });
    labels.forEach(function (label, i) { self.say("  " + (i + 1) + ". " + label); });
    var asked = { text: question, choices: labels };
    while (true) {
      var number = asNumber(this.read(asked).trim(), 1, choices.length);
      if (number !== null) return choices[number - 1];
      this.say("  (answer with a number from 1 to " + choices.length + ")");
    }
  };

  Game.prototype.shuffled = function (items) { this.rng.shuffle(items); return items; };

  Game.prototype.setup = function (heroName, bossName, rank) {
    var box = this.box, self = this;
    var boss = bossName != null ? box.boss(bossName)
      : box.bosses[this.ask("boss", numbered("name", box.bosses.length)).a];
    var hero = heroName != null ? box.hero(heroName)
      : box.heroes[this.ask("hero", numbered("name", box.heroes.length)).a];
    if (boss == null || hero == null) throw new Error("no hero or boss of that name");
    var colourOf = [];
    box.dice.colours.forEach(function (c, i) { for (var n = 0; n < c.count; n++) colourOf.push(i); });
    this.t = {
      hero: hero, boss: boss, rank: rank, health: hero.health, strategy: hero.strategy,
      recovery: hero.recovery, colourOf: colourOf, faces: colourOf.map(function () { return MISS; }),
      pool: colourOf.map(function (c, i) { return i; }), active: [], exhausted: [], banishedDice: [],
      combatDeck: [], hand: [], combatDiscard: [], supply: [], banishedCards: [], enemyDecks: [],
      foes: [], enemyDiscard: [], menhir: [], inventory: [], dial: 0, round: 1, endgame: false,
      bossDefeated: false, passes: 0, unlockedRound: [], unlockedPass: [], faceBonus: {}, prevent: 0
    };
    var t = this.t;
    this.standingHero = mods(hero.abilities);
    var deck = box.cards.filter(function (c) { return c.kind === "basic"; });
    var own = this.heroCard(hero);
    if (own != null) deck.push(own);
    t.combatDeck = this.shuffled(deck);
    box.decks.forEach(function (name) {
      t.enemyDecks.push([name, self.shuffled(box.enemies.filter(function (e) { return e.deck === name; }))]);
    });
    t.supply = box.cards.filter(function (c) { return c.kind === "upgraded"; });
    this.applyRank();
    t.dial = 0;
    draw(this, t.strategy);
    this.say("Setup: " + hero.name + " against " + boss.name + ", rank " + rank + "; Health " + t.health +
             ", Strategy " + t.strategy + ", Recovery " + t.recovery + ".");
  };

  Game.prototype.heroCard = function (hero) {
    if (hero.elsewhere) return this.box.cards.find(function (c) { return c.kind === "universal"; }) || null;
    return hero.card != null ? this.box.card(hero.card) : null;
  };

  Game.prototype.applyRank = function () {
    var t = this.t, self = this;
    if (t.rank >= 4) {
      var stats = [];
      STATS.forEach(function (s, i) { if (self.stat(s) > STAT_MIN) stats.push(i); });
      if (stats.length) {
        var pick = this.ask("rank-stat", stats.map(function (i) { return choice("stat", i); }));
        this.setStat(STATS[pick.a], this.stat(STATS[pick.a]) - 1);
        this.say("Rank 4: " + STATS[pick.a] + " lowered to " + this.stat(STATS[pick.a]) + ".");
      }
    }
    if (t.rank >= 5) {
      this.box.dice.colours.forEach(function (c, colour) {
        var dice = diceIn(t, t.pool, colour);
        if (dice.length) { remove(t.pool, dice[0]); t.banishedDice.push(dice[0]); }
      });
    }
  };

  Game.prototype.stat = function (stat) {
    var t = this.t;
    return stat === "health" ? t.health : stat === "strategy" ? t.strategy : t.recovery;
  };

  Game.prototype.setStat = function (stat, value) {
    var t = this.t;
    value = Math.min(STAT_MAX, value);
    if (stat === "health") {
      t.health = value;
      if (value < 1) throw new GameOver("lose");
      return;
    }
    value = Math.max(STAT_MIN, value);
    if (stat === "strategy") { t.strategy = value; this.shrinkInventory(); } else t.recovery = value;
  };

  Game.prototype.shrinkInventory = function () {
    var t = this.t;
    while (t.inventory.length > t.strategy) {
      var pick = this.ask("item-discard", numbered("item", t.inventory.length));
      t.enemyDiscard.push(t.inventory.splice(pick.a, 1)[0]);
    }
  };

  Game.prototype.play = function () {
    try {
      while (this.t.round <= ROUND_LIMIT) {
        this.playRound();
        this.t.round += 1;
      }
      this.t.round = ROUND_LIMIT;
      this.step = "round limit";
      return this.finish("lose");
    } catch (err) {
      if (err instanceof GameOver) return this.finish(err.result);
      throw err;
    }
  };

  Game.prototype.finish = function (result) {
    var t = this.t;
    this.say((result === "win" ? "Won" : "Lost") + " in round " + t.round + " (" + this.step + "), Health " + t.health + ".");
    return result;
  };

  Game.prototype.playRound = function () {
    var t = this.t;
    this.say("Round " + t.round + ": the dial shows " + dialColour(this) + "; Menhir Stack " + t.menhir.length + ".");
    this.step = "activation";
    this.activation();
    engagement(this);
    this.resolvePhase();
  };

  Game.prototype.activation = function () {
    var t = this.t;
    if (t.endgame) return;
    if (t.menhir.length >= (t.rank >= 3 ? 7 : 8)) { this.beginEndgame(); return; }
    this.activate(1);
  };

  Game.prototype.activate = function (count) {
    var t = this.t, pending = count;
    while (pending > 0) {
      pending -= 1;
      var decks = this.nonemptyDecks();
      if (!decks.length) return;
      var pick = this.ask("activate", decks);
      var enemy = t.enemyDecks[pick.a][1].pop();
      this.enter(enemy);
      if (!t.endgame) pending += enemy.additional;
    }
  };

  Game.prototype.nonemptyDecks = function () {
    var out = [];
    this.t.enemyDecks.forEach(function (d, i) { if (d[1].length) out.push(choice("deck", i)); });
    return out;
  };

  Game.prototype.enter = function (enemy) {
    var foe = new Foe(enemy), self = this;
    this.t.foes.push(foe);
    this.say(enemy.name + " is active (Health " + enemy.health + ", Damage " + enemy.damage + ", nodes " +
             (enemy.nodes.join(", ") || "none") + ").");
    enemy.special.forEach(function (ability) {
      if (ability.trigger === "activation") resolveAbility(self, ability, foe);
    });
  };

  Game.prototype.beginEndgame = function () {
    var t = this.t;
    t.endgame = true;
    this.say("The endgame begins: " + t.boss.name + ".");
    this.enter(t.boss);
    if (t.boss.additional) {
      this.shuffled(t.menhir);
      var n = Math.min(t.boss.additional, t.menhir.length);
      for (var i = 0; i < n; i++) this.enter(t.menhir.pop());
    }
  };

  Game.prototype.checkDefeat = function (foe) {
    if (foe.defeated || damageOn(this, foe) < foe.card.health) return;
    var t = this.t, self = this;
    foe.defeated = foe.defeatedNow = true;
    this.say(foe.card.name + " is defeated.");
    if (foe.card.boss) t.bossDefeated = true;
    foe.card.rewards.forEach(function (reward) {
      if (self.ask("reward", TAKE_SKIP, foe.card.name).act === "take") effects(self, reward, foe);
    });
    liveAbilities(this, "on-defeat").forEach(function (live) { resolveAbility(self, live[0], foe); });
    foe.card.special.forEach(function (special) {
      if (special.trigger === "on-defeat") resolveAbility(self, special, foe);
    });
    this.checkWin();
  };

  Game.prototype.checkWin = function () {
    var t = this.t;
    if (t.endgame && t.bossDefeated && !undefeated(t).length) throw new GameOver("win");
  };

  Game.prototype.resolvePhase = function () {
    var t = this.t;
    this.step = "suffer damage";
    offerItems(this);
    this.sufferDamage();
    this.step = "after effects";
    this.afterEffects();
    this.step = "resolve";
    t.foes.forEach(function (foe) {
      Array.prototype.push.apply(t.exhausted, foe.applied);
      foe.applied = [];
      foe.bonus = 0;
    });
    Array.prototype.push.apply(t.exhausted, t.active);
    t.active = [];
    this.recover(t.recovery);
    this.gainItems();
    this.cleanup();
  };

  Game.prototype.sufferDamage = function () {
    var t = this.t, self = this;
    var total = undefeated(t).reduce(function (sum, f) { return sum + f.card.damage; }, 0);
    liveAbilities(this, "suffer-damage").forEach(function (live) { resolveAbility(self, live[0], live[1]); });
    t.foes.slice().forEach(function (foe) {
      foe.card.special.forEach(function (ability) {
        if (ability.trigger === "suffer-damage") resolveAbility(self, ability, foe);
      });
    });
    var taken = Math.max(0, total - t.prevent);
    if (taken) {
      this.say("You suffer " + taken + " damage.");
      this.setStat("health", t.health - taken);
    }
  };

  Game.prototype.afterEffects = function () {
    var t = this.t, self = this, pending = [];
    t.foes.forEach(function (foe) {
      if (foe.card.after.length) pending.push([foe, -1]);
      foe.card.special.forEach(function (a, i) { if (a.trigger === "after") pending.push([foe, i]); });
    });
    liveAbilities(this, "after").forEach(function (live) { resolveAbility(self, live[0], live[1]); });
    while (pending.length) {
      var pick = this.ask("order", numbered("effect", pending.length));
      var taken = pending.splice(pick.a, 1)[0];
      if (taken[1] < 0) effects(this, taken[0].card.after, taken[0]);
      else resolveAbility(this, taken[0].card.special[taken[1]], taken[0]);
    }
  };

  Game.prototype.recover = function (count) {
    var t = this.t;
    for (var n = 0; n < count; n++) {
      var colours = distinct(t.exhausted.map(function (d) { return t.colourOf[d]; }));
      if (!colours.length) return;
      var pick = this.ask("recover", colours.map(function (c) { return choice("colour", c); }).concat([STOP]));
      if (pick.act === "none") return;
      var die = diceIn(t, t.exhausted, pick.a)[0];
      remove(t.exhausted, die);
      t.pool.push(die);
    }
  };

  Game.prototype.gainItems = function () {
    var t = this.t;
    var foes = t.foes.slice();
    for (var f = 0; f < foes.length; f++) {
      var foe = foes[f];
      if (!(foe.defeatedNow && foe.card.item != null)) continue;
      if (this.ask("item-reward", TAKE_SKIP, foe.card.name).act === "skip") continue;
      while (t.inventory.length >= t.strategy) {
        var room = this.ask("make-room", [STOP].concat(numbered("item", t.inventory.length)));
        if (room.act === "none") break;
        dropItem(this, room.a, true);
      }
      if (t.inventory.length < t.strategy) {
        remove(t.foes, foe);
        t.inventory.push(foe.card);
        this.say(foe.card.name + " is now an item.");
      }
    }
  };

  Game.prototype.cleanup = function () {
    var t = this.t, kept = [];
    this.step = "cleanup";
    t.foes.forEach(function (foe) {
      Array.prototype.push.apply(t.combatDiscard, foe.chain);
      foe.chain = [];
      if (t.endgame && !foe.defeated) { foe.defeatedNow = false; kept.push(foe); } else t.enemyDiscard.push(foe.card);
    });
    t.foes = kept;
    while (t.hand.length > handLimit(t)) {
      var pick = this.ask("hand-discard", numbered("hand", t.hand.length));
      t.combatDiscard.push(t.hand.splice(pick.a, 1)[0]);
    }
    this.feedMenhir(1);
    t.dial = (t.dial + 1) % this.box.dice.dial.length;
    t.unlockedRound = [];
    t.faceBonus = {};
    t.prevent = 0;
  };

  Game.prototype.feedMenhir = function (count) {
    var t = this.t;
    for (var n = 0; n < count; n++) {
      var decks = this.nonemptyDecks();
      if (!decks.length) return;
      var pick = this.ask("menhir", decks);
      t.menhir.push(t.enemyDecks[pick.a][1].pop());
    }
  };

  // ------------------------------------------------------------ reading the table

  function dialColour(game) { return game.box.dice.dial[game.t.dial]; }
  function colourName(game, die) { return game.box.dice.colours[game.t.colourOf[die]].name; }
  function diceIn(t, zone, colour) { return zone.filter(function (d) { return t.colourOf[d] === colour; }); }
  function undefeated(t) { return t.foes.filter(function (f) { return !f.defeated; }); }
  function handLimit(t) { return t.rank >= 2 ? Math.max(0, t.strategy - t.inventory.length) : t.strategy; }
  function ongoing(t) {
    return t.inventory.filter(function (i) { return i.item != null && i.item.use === "ongoing"; });
  }

  // ------------------------------------------------------------ the Strategy phase (strategy.py)

  function engagement(game) {
    var t = game.t;
    game.step = "strategy";
    startOfEngagement(game);
    t.passes = 0;
    while (true) {
      t.passes += 1;
      strategyPass(game);
      if (!(t.passes < t.strategy && undefeated(t).length)) return;
      if (game.ask("repeat", YES_NO).act === "no") return;
    }
  }

  function startOfEngagement(game) {
    var t = game.t, pending = liveAbilities(game, "start-of-engagement");
    t.foes.forEach(function (foe) {
      foe.card.special.forEach(function (a) { if (a.trigger === "start-of-engagement") pending.push([a, foe]); });
    });
    while (pending.length) {
      var pick = game.ask("order", numbered("effect", pending.length));
      var taken = pending.splice(pick.a, 1)[0];
      resolveAbility(game, taken[0], taken[1]);
    }
  }

  function strategyPass(game) {
    var t = game.t;
    t.unlockedPass = [];
    strikeStep(game);
    offerItems(game);
    commitStep(game);
    game.step = "roll";
    t.active.forEach(function (die) { t.faces[die] = roll(game, die); });
    if (t.active.length) {
      game.say("Rolled: " + t.active.map(function (d) { return colourName(game, d) + " " + FACE_NAMES[t.faces[d]]; }).join(", ") + ".");
    }
    game.step = "apply";
    applyStep(game);
    game.step = "strategy";
  }

  // session.py's dice_roller for "I roll the dice": the face the player types.
  function roll(game, die) {
    if (game.askDice) {
      while (true) {
        game.say("? Roll a " + colourName(game, die) + " die: miss, hit or crit (m/h/c)");
        var face = FACES[game.read({ text: "Roll a " + colourName(game, die) + " die", faces: true }).trim().toLowerCase()];
        if (face != null) return face;
      }
    }
    return game.sides[game.t.colourOf[die]][game.rng.randrange(game.box.dice.sides)];
  }

  function strikeStep(game) {
    var t = game.t, strikes = 1;
    while (strikes > 0) {
      strikes -= 1;
      var pick = game.ask("strike", strikeChoices(game));
      if (pick.act === "draw") draw(game, 1);
      else if (pick.act === "play") strikes += playCard(game, pick.a, t.foes[pick.b]);
    }
  }

  function strikeChoices(game) {
    var t = game.t, choices = [STOP];
    if (t.combatDeck.length || t.combatDiscard.length) choices.push(choice("draw"));
    t.hand.forEach(function (card, i) {
      var left = leftPositions(card);
      t.foes.forEach(function (foe, j) { if (meets(left, foe.hostNodes())) choices.push(choice("play", i, j)); });
    });
    return choices;
  }

  function playCard(game, index, foe) {
    var t = game.t, card = t.hand.splice(index, 1)[0], matching = {};
    foe.hostNodes().forEach(function (n) { matching[n] = true; });
    foe.chain.push(card);
    game.say("You play " + card.name + " on " + foe.card.name + ".");
    var again = 0;
    card.left.forEach(function (strike) {
      if (meets(matching, strike.positions)) again += effects(game, strike.effects, foe);
    });
    return again;
  }

  function draw(game, count) {
    var t = game.t;
    for (var n = 0; n < count; n++) {
      if (!t.combatDeck.length) {
        if (!t.combatDiscard.length) return;
        t.combatDeck = game.shuffled(t.combatDiscard);
        t.combatDiscard = [];
      }
      t.hand.push(t.combatDeck.pop());
    }
  }

  function commitStep(game) {
    var t = game.t;
    game.step = "commit";
    while (t.pool.length) {
      var colours = distinct(t.pool.map(function (d) { return t.colourOf[d]; }));
      var pick = game.ask("commit", colours.map(function (c) { return choice("colour", c); }).concat([STOP]));
      if (pick.act === "none") return;
      var die = diceIn(t, t.pool, pick.a)[0];
      remove(t.pool, die);
      t.active.push(die);
    }
  }

  function applyChoices(game) {
    var t = game.t, seen = {}, open = openColours(game), out = [];
    t.active.forEach(function (die) {
      var face = t.faces[die], key = t.colourOf[die] + ":" + face;
      if (face === MISS || seen[key]) return;
      seen[key] = true;
      var colour = game.box.dice.colours[t.colourOf[die]].name;
      t.foes.forEach(function (foe, row) { if (colourAllowed(colour, foe, open)) out.push(choice("die", die, row)); });
    });
    return out;
  }

  function applyStep(game) {
    while (true) {
      var choices = applyChoices(game), usable = usableItems(game);
      if (!choices.length && !usable.length) return;
      var pick = game.ask("apply", choices.concat(usable.map(function (i) { return choice("item", i); }), [STOP]));
      if (pick.act === "none") return;
      if (pick.act === "item") { dropItem(game, pick.a, true); continue; }
      applyDie(game, pick.a, pick.b);
    }
  }

  function applyDie(game, die, row) {
    var t = game.t, foe = t.foes[row];
    remove(t.active, die);
    foe.applied.push(die);
    game.say(colourName(game, die) + " " + FACE_NAMES[t.faces[die]] + " on " + foe.card.name + " (" +
             damageOn(game, foe) + "/" + foe.card.health + ").");
    game.checkDefeat(foe);
  }

  // The colours that may be applied now (null: every colour).
  function openColours(game) {
    var t = game.t, unlocked = t.unlockedRound.concat(t.unlockedPass);
    standing(game).forEach(function (e) { if (e.kind === "unlock") unlocked.push(e.colour); });
    if (unlocked.indexOf(null) >= 0) return null;
    var out = {};
    unlocked.forEach(function (c) { out[c] = true; });
    out[dialColour(game)] = true;
    return out;
  }

  function colourAllowed(colour, foe, open) {
    if (foe.card.during.length && !foe.defeated) {
      for (var i = 0; i < foe.card.during.length; i++) {
        var e = foe.card.during[i];
        if (e.kind === "forbid" && (e.colour === null || e.colour === colour)) return false;
      }
    }
    return open === null || open[colour] === true;
  }

  function faceDamage(game, face, foe) {
    if (face === MISS) return 0;
    var name = face === CRIT ? "crit" : "basic", i, e;
    for (i = 0; i < foe.card.during.length; i++) {
      e = foe.card.during[i];
      if (e.kind === "face-damage" && e.face === name) return e.amount;
    }
    var t = game.t;
    if (Object.prototype.hasOwnProperty.call(t.faceBonus, face)) return t.faceBonus[face];
    var held = standing(game);
    for (i = 0; i < held.length; i++) {
      e = held[i];
      if (e.kind === "face-damage" && e.face === name) return e.amount;
    }
    return PRINTED[face];
  }

  function damageOn(game, foe) {
    return foe.bonus + foe.applied.reduce(function (sum, d) { return sum + faceDamage(game, game.t.faces[d], foe); }, 0);
  }

  function usableItems(game) {
    var out = [];
    game.t.inventory.forEach(function (item, i) { if (item.item != null && item.item.use === "single-use") out.push(i); });
    return out;
  }

  function offerItems(game) {
    while (true) {
      var usable = usableItems(game);
      if (!usable.length) return;
      var pick = game.ask("item-use", [STOP].concat(usable.map(function (i) { return choice("item", i); })));
      if (pick.act === "none") return;
      dropItem(game, pick.a, true);
    }
  }

  function dropItem(game, index, use) {
    var t = game.t, item = t.inventory.splice(index, 1)[0];
    t.enemyDiscard.push(item);
    if (use && item.item != null && item.item.use === "single-use") {
      game.say("You use " + item.name + ".");
      effects(game, item.item.effects, null);
    }
  }

  // ------------------------------------------------------------ effects (resolve.py)

  function liveAbilities(game, trigger) {
    var t = game.t, out = [];
    t.hero.abilities.forEach(function (a) { if (a.trigger === trigger) out.push([a, null]); });
    t.hand.forEach(function (card) {
      card.abilities.forEach(function (a) { if (a.zone === "hand" && a.trigger === trigger) out.push([a, null]); });
    });
    t.foes.forEach(function (foe) {
      foe.chain.forEach(function (card) {
        card.abilities.forEach(function (a) { if (a.zone === "play" && a.trigger === trigger) out.push([a, foe]); });
      });
    });
    ongoing(t).forEach(function (item) {
      item.item.abilities.forEach(function (a) { if (a.trigger === trigger) out.push([a, null]); });
    });
    return out;
  }

  // The modifiers acting now: the hero's, the hand's, the played cards' and the items'.
  function standing(game) {
    var t = game.t, out = game.standingHero.slice();
    function add(list) { Array.prototype.push.apply(out, list); }
    t.hand.forEach(function (card) { add(mods(card.abilities, "hand")); });
    t.foes.forEach(function (foe) {
      foe.chain.forEach(function (card) { add(mods(card.abilities, "play")); });
    });
    t.inventory.forEach(function (item) { if (item.item != null) add(mods(item.item.abilities)); });
    return out;
  }

  function resolveAbility(game, ab, source) {
    if (ab.trigger === "always") return 0;
    if (ab.optional && game.ask("optional", YES_NO, ab.text).act === "no") return 0;
    return effects(game, ab.effects, source);
  }

  function effects(game, items, source) {
    var strikes = 0;
    items.forEach(function (e) { strikes += effect(game, e, source); });
    return strikes;
  }

  function effect(game, e, source) {
    var t = game.t, n;
    switch (e.kind) {
      case "if":
        if (holds(game, e.condition, source)) return effect(game, e.then, source);
        break;
      case "draw": draw(game, e.count); break;
      case "gain-upgraded": gainUpgraded(game, e.card); break;
      case "stat": game.setStat(e.stat, game.stat(e.stat) + e.amount); break;
      case "unlock":
        var into = e.scope === "round" ? t.unlockedRound : t.unlockedPass;
        if (into.indexOf(e.colour) < 0) into.push(e.colour);
        break;
      case "dice": moveDice(game, e); break;
      case "strike-again": return 1;
      case "discard":
        var count = Math.min(e.count, t.hand.length);
        for (n = 0; n < count; n++) {
          var pick = game.ask("discard", numbered("hand", t.hand.length));
          t.combatDiscard.push(t.hand.splice(pick.a, 1)[0]);
        }
        break;
      case "prevent": t.prevent += e.amount; break;
      case "deal":
        var target = source != null ? source : pickEnemy(game);
        if (target != null) { target.bonus += e.amount; game.checkDefeat(target); }
        break;
      case "banish-die": banishDie(game, e); break;
      case "face-damage": t.faceBonus[e.face === "crit" ? CRIT : BASIC] = e.amount; break;
      case "activate": game.activate(e.count); break;
      case "menhir": game.feedMenhir(e.count); break;
      case "forbid": case "nothing": break;
      default: throw new Error("an effect this page does not know: " + e.kind);
    }
    return 0;
  }

  function holds(game, c, source) {
    var t = game.t;
    switch (c.kind) {
      case "dial": return dialColour(game) === c.colour;
      case "defeated": return source != null && source.defeated;
      case "health-at-most": return t.health <= c.value;
      case "items-at-least": return t.inventory.length >= c.value;
      case "endgame": return t.endgame;
      default: throw new Error("a condition this page does not know: " + c.kind);
    }
  }

  function pickEnemy(game) {
    var foes = game.t.foes;
    if (!foes.length) return null;
    return foes[game.ask("pick-enemy", numbered("enemy", foes.length)).a];
  }

  function moveDice(game, e) {
    var t = game.t;
    if (e.verb === "recover") { game.recover(e.count); return; }
    for (var n = 0; n < e.count; n++) {
      var zone = e.verb === "exhaust" ? t.pool : t.active;
      var colours = distinct(zone.map(function (d) { return t.colourOf[d]; }));
      if (!colours.length) return;
      var optional = e.verb !== "exhaust" ? [STOP] : [];
      var pick = game.ask("pick-die", colours.map(function (c) { return choice("colour", c); }).concat(optional),
                          e.verb + " a die");
      if (pick.act === "none") return;
      var die = diceIn(t, zone, pick.a)[0];
      if (e.verb === "reroll") { t.faces[die] = roll(game, die); continue; }
      remove(zone, die);
      (e.verb === "exhaust" ? t.exhausted : t.pool).push(die);
    }
  }

  function banishDie(game, e) {
    var t = game.t, zones = [];
    if (e.zone === "pool" || e.zone === "any") zones.push(t.pool);
    if (e.zone === "exhausted" || e.zone === "any") zones.push(t.exhausted);
    if (e.zone === "active" || e.zone === "any") {
      zones.push(t.active);
      t.foes.forEach(function (f) { zones.push(f.applied); });
    }
    var found = [];
    zones.forEach(function (z) {
      z.forEach(function (d) { if (e.colour === null || colourName(game, d) === e.colour) found.push([z, d]); });
    });
    if (!found.length) return;
    var pick = game.ask("pick-die", numbered("die", found.length), "banish a die");
    remove(found[pick.a][0], found[pick.a][1]);
    t.banishedDice.push(found[pick.a][1]);
  }

  function gainUpgraded(game, name) {
    var t = game.t, at;
    if (name == null) {
      if (!t.supply.length) return;
      at = game.ask("pick-upgraded", numbered("card", t.supply.length)).a;
    } else {
      at = t.supply.findIndex(function (c) { return c.name === name; });
      if (at < 0) return;
    }
    var card = t.supply[at];
    var places = [[choice("hand"), t.hand], [choice("top"), t.combatDeck], [choice("discard"), t.combatDiscard]]
      .filter(function (p) { return p[1].length; }).map(function (p) { return p[0]; });
    if (!places.length) return;
    var where = game.ask("destination", places, card.name).act;
    t.supply.splice(at, 1);
    if (where === "top") {
      t.banishedCards.push(t.combatDeck.pop().name);
      t.combatDeck.push(card);
      return;
    }
    var zone = where === "hand" ? t.hand : t.combatDiscard;
    var out = game.ask("banish-card", numbered("card", zone.length)).a;
    t.banishedCards.push(zone.splice(out, 1)[0].name);
    zone.push(card);
    game.say(card.name + " joins your " + (where === "hand" ? "hand" : "discard") + ".");
  }

  // ------------------------------------------------------------ words (session.py)

  function describe(game, kind, c) {
    var box = game.box, t = game.t;
    switch (c.act) {
      case "name": return (kind === "hero" ? box.heroes : box.bosses)[c.a].name;
      case "none":
        return { "strike": "no strike", "commit": "commit no more dice", "apply": "stop applying",
                 "recover": "recover no more dice", "make-room": "make no room (leave the item)" }[kind] || "none";
      case "draw": return "draw a combat card";
      case "play": return "play " + t.hand[c.a].name + " on " + t.foes[c.b].card.name;
      case "colour":
        return ({ "commit": "commit", "recover": "recover" }[kind] || "choose") + " a " + box.dice.colours[c.a].name + " die";
      case "die":
        if (kind === "apply") return "apply the " + colourName(game, c.a) + " " + FACE_NAMES[t.faces[c.a]] + " to " + t.foes[c.b].card.name;
        return "die " + (c.a + 1);
      case "item": return (kind === "apply" || kind === "item-use" ? "use" : "discard") + " " + t.inventory[c.a].name;
      case "deck":
        var deck = t.enemyDecks[c.a], top = deck[1][deck[1].length - 1];
        return "the " + deck[0] + " deck (top: " + top.name + ", Health " + top.health + ", Damage " + top.damage + ")";
      case "hand": return at(t.hand, c.a).name;  // a destination's ``a`` is -1: Python's last card
      case "enemy": return t.foes[c.a].card.name;
      case "stat": return STATS[c.a];
      case "card": return kind === "pick-upgraded" ? t.supply[c.a].name : "card " + (c.a + 1);
      case "effect": return "effect " + (c.a + 1);
      case "take": return "take it";
      case "skip": return "leave it";
      case "yes": return "yes";
      case "no": return "no";
      case "top": return "on top of the combat deck";
      case "discard": return "in the combat discard";
      default: return c.act;
    }
  }

  function tableView(game) {
    var t = game.t, box = game.box;
    var pool = box.dice.colours.map(function (c, i) { return c.name + " " + diceIn(t, t.pool, i).length; }).join(", ");
    var lines = [
      "  Health " + t.health + "  Strategy " + t.strategy + "  Recovery " + t.recovery + "  | dial " + dialColour(game) +
        "  | Menhir Stack " + t.menhir.length + "  | pass " + t.passes,
      "  dice ready: " + pool + "; committed " + t.active.length + "; exhausted " + t.exhausted.length +
        "; banished " + t.banishedDice.length];
    t.foes.forEach(function (foe) {
      var state = foe.defeated ? "defeated" : damageOn(game, foe) + "/" + foe.card.health;
      lines.push("  enemy " + foe.card.name + ": " + state + ", Damage " + foe.card.damage + ", nodes " +
                 (foe.hostNodes().join(", ") || "none") +
                 (foe.chain.length ? ", chain " + foe.chain.map(function (c) { return c.name; }).join(" > ") : ""));
    });
    lines.push("  hand: " + (t.hand.map(function (c) { return c.name; }).join(", ") || "empty") +
               (t.inventory.length ? "; items: " + t.inventory.map(function (i) { return i.name; }).join(", ") : ""));
    return lines;
  }

  // ------------------------------------------------------------ a game on answers

  // A game's header as a transcript's first line words it (the order `tgc deck play` keeps).
  function headerText(setup) {
    var parts = [];
    [["hero", setup.hero], ["boss", setup.boss], ["rank", setup.rank], ["seed", setup.seed],
     ["dice", setup.dice ? "asked" : null]].forEach(function (kv) {
      if (kv[1] != null) parts.push(kv[0] + " " + kv[1]);
    });
    return HEAD + parts.join("; ");
  }

  // The game ``setup`` (hero, boss: a name or null to ask; rank, seed, dice) played on
  // ``answers``: its transcript's lines, and either the question it waits on or the result.
  // With ``policy`` (a name of policies.js), the policy answers every question instead.
  function play(rules, setup, answers, policy) {
    var policed = policy != null ? root.TgcTwentyStrong.policies[policy] : null;
    if (policy != null && !policed) throw new Error("the page has no policy named " + policy);
    var game = new Game(new Deck(rules), setup.seed, answers, !!setup.dice, policed);
    game.say(setup.header != null ? setup.header : headerText(setup));
    try {
      game.setup(setup.hero, setup.boss, setup.rank);
      return { lines: game.lines, result: game.play(), question: null, used: game.used };
    } catch (err) {
      if (err instanceof NeedAnswer) return { lines: game.lines, result: null, question: err.question, used: game.used };
      if (err instanceof GameOver) return { lines: game.lines, result: game.finish(err.result), question: null, used: game.used };
      throw err;
    }
  }

  // A transcript's header (session.py's read_transcript) as a setup, or null when the
  // text is not a 20 Strong game's.
  function readHeader(text) {
    var first = text.split("\n")[0].replace(/\r$/, "");
    if (first.indexOf(HEAD) !== 0) return null;
    var header = {};
    first.slice(HEAD.length).split("; ").forEach(function (part) {
      var at = part.indexOf(" ");
      header[at < 0 ? part : part.slice(0, at)] = at < 0 ? "" : part.slice(at + 1);
    });
    return { header: first, hero: header.hero != null ? header.hero : null, boss: header.boss != null ? header.boss : null,
             rank: parseInt(header.rank || "1", 10), seed: parseInt(header.seed || "0", 10), dice: header.dice === "asked" };
  }

  root.TgcTwentyStrong = {
    play: play, readHeader: readHeader, headerText: headerText, Deck: Deck, policies: {},
    // what a policy reads of the table (policies.js), as policies.py reads strategy.py
    table: { openColours: openColours, colourAllowed: colourAllowed, faceDamage: faceDamage, damageOn: damageOn,
             undefeated: undefeated, handLimit: handLimit, colourName: colourName }
  };
})(typeof window !== "undefined" ? window : globalThis);
