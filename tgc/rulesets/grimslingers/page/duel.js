// Grimslingers in the web player, the duel engine: a creature duel (spec §15) ported line
// for line from tgc/rulesets/grimslingers/engines/ (duel.py, duelist.py, standoff.py,
// resolve.py, cards.py, abilities.py, policies.py, words.py), reading the Tall Tale's rule data from the
// bundle. Every random outcome comes from the sitting's one TgcRandom.Random (rng.js) in the order
// the Python engine draws it, so a seeded duel is the duel `tgc play` fights. Cards are
// told apart by identity, as in Python: the rule data's card objects are shared, a copy is
// never made. The engine touches no page (sitting.js asks and writes).
(function (root) {
  "use strict";

  var MAIN_ELEMENTS = ["fire", "water", "earth", "wind", "ice", "lightning"];
  var CREATURE_CAP = 40, PLAYER_CAP = 10, REVIVE = 3;
  var ACTIONS = 2, CHAMBER = 6, LOAD_PER_STANDOFF = 2, RELOAD_COST = 3, RELOAD_CARDS = 4;
  var PURGE_CARDS = 2, SURGE_CARDS = 3, REACTIVATE_COST = 3, REACTIVATE_CARDS = 6;
  var FEAST_CARD = card({ name: "Feast", kind: "item" });

  // A card record with the defaults the bundle's schema gives one made in code.
  function card(fields) {
    var out = { types: [], element: null, rn: null, target: "single", costs: [], fx: [], owner: null,
                deactivate_on_use: false, keep: false, combines_with: null, saves: null, pp: null,
                comeback: null, instant_fx: [], trade: null, abilities: [], category: null };
    Object.keys(fields).forEach(function (k) { out[k] = fields[k]; });
    return out;
  }

  function has(list, value) { return list.indexOf(value) >= 0; }
  function take(pile, c) {
    var at = pile.indexOf(c);
    if (at < 0) throw new Error(c.name + " is not in the pile");
    pile.splice(at, 1);
  }
  function holds(pile, c) { return pile.indexOf(c) >= 0; }
  // A passive card kept in the passive space from the moment it is owned (GS-3.11): a
  // many-in-one skill such as Vampyric Abilities, which never enters the hand (GS-6.7).
  function keptOnBoard(c) { return c.abilities.length > 0; }
  function drawable(c) {
    return (c.kind === "spell" || has(c.types, "standard")) && c.saves === null && c.comeback === null;
  }
  function sum(list, f) { return list.reduce(function (s, x) { return s + f(x); }, 0); }
  function standingOf(targets) { return targets.filter(function (t) { return !t.defeated; }); }
  // Python's sorted(items, key=..., reverse=...): stable either way.
  function sortedBy(items, key, reverse) {
    return items.map(function (x, i) { return [key(x), i, x]; }).sort(function (a, b) {
      if (a[0] < b[0]) return reverse ? 1 : -1;
      if (a[0] > b[0]) return reverse ? -1 : 1;
      return a[1] - b[1];
    }).map(function (e) { return e[2]; });
  }

  // ------------------------------------------------------------ the rule index (rules.py)

  function Rules(tale) {
    var creatureNames = tale.creatures.map(function (c) { return c.name; });
    this.tale = tale;
    this.cards = new Map();
    this.creatureSkills = new Map();
    var self = this;
    tale.cards.forEach(function (c) {
      if (c.kind === "skill" && (c.owner === null || has(creatureNames, c.owner))) self.creatureSkills.set(c.name, c);
      else self.cards.set(c.kind + "\u0000" + c.name, c);
    });
    this.creatures = {};
    tale.creatures.forEach(function (c) {
      self.creatures[c.name] = c;
      c.aliases.forEach(function (a) { self.creatures[a] = c; });
    });
    this.dispositions = tale.dispositions;
    this.modifiers = {};
    tale.modifiers.forEach(function (m) { self.modifiers[m.name] = m; });
    this.grimslingers = {};
    tale.grimslingers.forEach(function (g) { self.grimslingers[g.name] = g; });
    var relation = tale.elements || { beats: [["fire", "ice"], ["ice", "wind"], ["wind", "fire"],
      ["water", "earth"], ["earth", "lightning"], ["lightning", "water"]] };
    this.beats = {};
    relation.beats.forEach(function (b) { self.beats[b[0] + ">" + b[1]] = true; });
    this.fate = fateDeck();
  }
  Rules.prototype.generalSkills = function () {
    return Array.from(this.creatureSkills.values()).filter(function (c) { return c.owner === null; });
  };
  Rules.prototype.skillsOf = function (creature) {
    var self = this;
    return creature.skills.map(function (n) { return self.creatureSkills.get(n); });
  };
  Rules.prototype.elements = function () {
    return Array.from(this.cards.values()).filter(function (c) { return has(c.types, "element"); });
  };
  Rules.prototype.characterCards = function (name) {
    return Array.from(this.cards.values()).filter(function (c) { return c.kind === "skill" && c.owner === name; });
  };

  // fate.py's fate_deck: 52 suited cards and 4 Wilds, in a fixed order.
  function fateDeck() {
    var out = [];
    ["D", "H", "S", "C"].forEach(function (suit) {
      ["A", "K", "Q", "J", "2", "3", "4", "5", "6", "7", "8", "9", "10"].forEach(function (r) {
        var face = /^[AKQJ]$/.test(r) ? r : "N";
        out.push({ code: r + suit, face: face, suit: suit, rank: face === "N" ? parseInt(r, 10) : 0 });
      });
    });
    for (var n = 1; n <= 4; n++) out.push({ code: "W" + n, face: "W", suit: null, rank: n });
    return out;
  }

  // sim.py's player_setup for a default build: the Grimslinger's first two skills, then
  // the six main elements; a card kept on the board to the passive space, of the others
  // five in the hand, three in the stash.
  function playerSetup(rules, name) {
    var g = rules.grimslingers[name] || null;
    var own = g ? rules.characterCards(g.name).slice(0, 2) : [];
    var all = own.concat(rules.elements().filter(function (e) { return has(MAIN_ELEMENTS, e.element); }));
    var kept = all.filter(keptOnBoard), cards = all.filter(function (c) { return !keptOnBoard(c); });
    return { grimslinger: g, hand: cards.slice(0, 5), stash: cards.slice(5, 8), passive: kept, hp: 5, ep: 5,
             max_hp: 5, max_ep: 5, hand_limit: 5, stash_limit: 3, resource: null, belt: null, discard: [],
             deactivated: [] };
  }

  // ------------------------------------------------------------ duelists (duelist.py)

  function Duelist(seat, name, hp, ep, maxHp, maxEp, fields) {
    this.seat = seat; this.name = name; this.hp = hp; this.ep = ep; this.max_hp = maxHp; this.max_ep = maxEp;
    this.creature = false; this.hand = []; this.stash = []; this.passive = []; this.discard = [];
    this.deactivated = []; this.hand_limit = 8; this.stash_limit = 0; this.team = 0; this.grimslinger = null;
    this.res = {}; this.res_max = {}; this.belt = 0; this.defeated = false; this.manaform = false;
    this.dmg_taken = 0; this.hp_lost = 0; this.bloodlust = 0; this.curses = []; this.ghost = 0;
    this.item_pile = null; this.hp_dealt = {}; this.ep_lost = 0; this.next_nv = 0; this.anima_used = false;
    this.played_nv = 0; this.rn_change = 0; this.shield = 0; this.resisting = false;  // GS-6.7's parts
    this.passed = false; this.stage = 0; this.spent_hp = 0; this.spent_ep = 0; this.elements = [];
    this.element_deck = [];
    var self = this;
    Object.keys(fields || {}).forEach(function (k) { self[k] = fields[k]; });
  }
  Duelist.prototype.cap = function () { return this.creature ? CREATURE_CAP : PLAYER_CAP; };
  Duelist.prototype.stageEffect = function () {
    var g = this.grimslinger;
    if (g === null || !g.stages.length || this.stage >= g.stages.length) return null;
    return g.stages[this.stage];
  };
  Duelist.prototype.amount = function (resource) {
    if (resource === "hp") return this.hp;
    if (resource === "ep") return this.ep;
    return this.res[resource] != null ? this.res[resource] : 0;
  };
  Duelist.prototype.has = function (resource) {
    return resource === "hp" || resource === "ep" || resource in this.res;
  };
  Duelist.prototype.setAmount = function (resource, value) {
    if (resource === "hp") this.hp = Math.max(0, Math.min(value, this.max_hp, this.cap()));
    else if (resource === "ep") this.ep = Math.max(0, Math.min(value, this.max_ep, this.cap()));
    else if (resource in this.res) {
      var top = resource in this.res_max ? this.res_max[resource] : value;
      this.res[resource] = Math.max(0, Math.min(value, top));
    }
  };
  Duelist.prototype.giveBack = function (cards, pile) {
    var moved = [], self = this;
    cards.forEach(function (c) {
      if (self.hand.length < self.hand_limit) self.hand.push(c);
      else if (self.stash.length < self.stash_limit) self.stash.push(c);
      else return;
      take(pile, c);
      moved.push(c);
    });
    return moved;
  };
  Duelist.prototype.putAway = function (c, deactivate) {
    if (c.keep && !deactivate) this.hand.push(c);
    else if (deactivate || c.deactivate_on_use || (c.kind === "skill" && !this.creature)) this.deactivated.push(c);
    else if (c.kind === "item" && this.item_pile !== null) this.item_pile.push(c);
    else this.discard.push(c);
  };

  function Play(c, owner, targets, order, rn, fields) {
    this.card = c; this.owner = owner; this.targets = targets; this.order = order; this.rn = rn;
    this.nv = 0; this.combined = []; this.state = "unresolved"; this.copy_of = null; this.neutral = false;
    this.penalty = 0; this.bonus_dmg = 0;
    var self = this;
    Object.keys(fields || {}).forEach(function (k) { self[k] = fields[k]; });
  }
  Play.prototype.acting = function () { return this.copy_of || this.card; };

  // ------------------------------------------------------------ the duel (duel.py)

  function Duel(rules, setup, policy, rng, log) {
    this.rules = rules; this.setup = setup; this.policy = policy; this.rng = rng; this.logging = !!log;
    this.log = []; this.turn = 0; this.plays = []; this.defeats = 0;
    this.defeats_left = setup.defeats_left != null ? setup.defeats_left : setup.players.length + 1;
    this.game_over = false; this.in_play = []; this.disposition_deck = [];
    this.creature_modifiers = setup.modifiers || [];
    this.item_discard = []; this.item_deck = []; this.field = [];
    this.creature = this.makeCreature();
    var self = this;
    this.players = setup.players.map(function (p, i) { return self.makePlayer(i + 1, p); });
    this.seats = [this.creature].concat(this.players);
    this.feast_deck = [];
    this.laid_out = new Set(setup.laid_out || []);  // the area's Fate cards: Feast draws the others (GS-A25)
    this.drawDispositions();
  }

  Duel.prototype.makeCreature = function () {
    var c = this.setup.creature, n = Math.min(Math.max(this.setup.players.length, 1), 4) - 1;
    var hp = c.hp[n], ep = c.ep[n];
    this.creature_modifiers.forEach(function (m) {
      hp += m.rule === "hp_bonus" ? m.amount : 0;
      ep += m.rule === "ep_bonus" ? m.amount : 0;
    });
    var me = new Duelist(0, c.name, hp, ep, 40, 40, { creature: true });
    var general = this.rules.generalSkills();
    if (!this.setup.all_general_skills) general = this.rng.sample(general, Math.min(3, general.length));
    me.hand = this.rules.skillsOf(c).concat(general);
    this.rng.shuffle(me.hand);
    if (c.element_deck) {
      me.elements = this.rules.elements().filter(function (e) { return has(MAIN_ELEMENTS, e.element); });
    }
    return me;
  };

  Duel.prototype.makePlayer = function (seat, p) {
    var name = p.grimslinger ? p.grimslinger.name : "player " + seat;
    var me = new Duelist(seat, name, p.hp, p.ep, p.max_hp, p.max_ep, {
      hand: p.hand.slice(), stash: p.stash.slice(), passive: p.passive.slice(), hand_limit: p.hand_limit,
      stash_limit: p.stash_limit, team: 1, grimslinger: p.grimslinger, discard: p.discard.slice(),
      deactivated: p.deactivated.slice(), item_pile: this.item_discard });
    [me.hand, me.stash].forEach(function (pile) {  // kept on the board from the start (GS-3.11, 6.7)
      pile.filter(keptOnBoard).forEach(function (c) {
        take(pile, c);
        me.passive.push(c);
      });
    });
    var g = p.grimslinger;
    if (g !== null) {
      me.res[g.resource] = p.resource === null ? g.start : p.resource;
      me.res_max[g.resource] = g.maximum;
      if (g.resource === "ammo") me.belt = p.belt === null ? 10 : p.belt;
    }
    return me;
  };

  Duel.prototype.drawDispositions = function () {
    if (!this.setup.dispositions) return;
    this.disposition_deck = this.rules.dispositions.slice();
    this.rng.shuffle(this.disposition_deck);
    for (var i = 0; i < 2; i++) if (this.disposition_deck.length) this.in_play.push(this.disposition_deck.pop());
  };

  Duel.prototype.note = function (text) { if (this.logging) this.log.push(text); };

  Duel.prototype.run = function (maxTurns) {
    maxTurns = maxTurns == null ? 60 : maxTurns;
    var outcome = this.outcome();
    while (outcome === null && this.turn < maxTurns) {
      this.playTurn();
      outcome = this.outcome();
    }
    this.finish();
    return { outcome: outcome || "stalemate", turns: this.turn, defeats: this.defeats };
  };

  // The duel's end: cards kept in a space go back to their owners' discard piles.
  Duel.prototype.finish = function () { this.seats.forEach(liftCurses); };

  Duel.prototype.outcome = function () {
    if (this.creature.defeated) return "win";
    if (this.game_over || this.players.every(function (p) { return p.defeated; })) return "lose";
    return null;
  };

  Duel.prototype.playTurn = function () {
    this.turn += 1;
    var c = this.creature;
    this.note("-- turn " + this.turn + ": " + c.name + " " + c.hp + " HP " + c.ep + " EP; " +
              this.players.map(function (p) { return p.name + " " + p.hp + " HP " + p.ep + " EP"; }).join(", "));
    this.seats.forEach(function (d) {
      d.dmg_taken = d.hp_lost = 0;
      d.hp_dealt = {};
      d.ep_lost = 0;
      d.anima_used = false;
      d.played_nv = d.rn_change = d.shield = 0;
      d.passed = false;
    });
    this.standoff();
    if (this.outcome() === null) {
      this.draw();
      this.aftermath();
    }
    this.endTurn();
  };

  Duel.prototype.standoff = function () {
    var self = this;
    this.seats.forEach(function (d) { if (!d.defeated) curseTick(self, d); });
    this.players.forEach(function (p) { if (!p.defeated) self.startOfStandoff(p); });
    this.creatureReload();
    this.players.forEach(function (p) { if (!p.defeated) takeStandoff(self, p, self.policy.standoff(self, p)); });
  };

  Duel.prototype.startOfStandoff = function (p) {
    if (p.stage === 2) {
      if (p.ep >= 2) { p.ep -= 2; p.spent_ep += 2; } else {
        p.ep = 0;
        p.stage = 0;
        if ("control" in p.res) p.res.control = 0;
      }
      this.note(p.name + " pays the overtaken upkeep");
    }
  };

  Duel.prototype.creatureReload = function () {
    var c = this.creature;
    if (c.hand.length) return;
    var count = Math.min(c.discard.length, c.ep - 1);
    if (count <= 0) { this.note(c.name + " passes its Standoff"); return; }
    var taken = this.rng.sample(c.discard, count);
    taken.forEach(function (x) { take(c.discard, x); });
    c.ep -= count;
    c.hand = taken.concat(c.deactivated);
    c.deactivated = [];
    this.rng.shuffle(c.hand);
    this.note(c.name + " reloads " + count + " cards for " + count + " EP");
  };

  Duel.prototype.draw = function () {
    this.plays = [];
    var c = this.creature, self = this;
    if (c.hand.length) {
      var top = c.hand.pop();
      this.plays.push(new Play(top, c, [], 0, this.rnOf(top, c)));
    } else {
      c.ep = Math.min(c.ep + 2, c.cap());
      c.hand = c.deactivated;
      c.deactivated = [];
      this.rng.shuffle(c.hand);
      c.passed = true;
      this.note(c.name + " passes: +2 EP");
    }
    this.players.forEach(function (p) { if (!p.defeated) self.playerDraw(p); });
    this.plays.forEach(function (play) {
      if (play.owner.creature) {
        play.targets = self.creatureTargets(play.card);
        self.note(c.name + " reveals " + play.card.name + " (RN " + play.rn + ")");
      }
    });
  };

  Duel.prototype.playerDraw = function (p) {
    var choice = this.policy.play(this, p), self = this;
    if (choice !== null && !this.playable(p, choice)) choice = null;
    if (choice === null) {
      p.ep = Math.min(p.ep + 2, p.max_ep, p.cap());
      p.passed = true;
      this.note(p.name + " passes: +2 EP");
      return;
    }
    if (p.stage === 2) choice = this.randomSpell(p, choice);
    take(p.hand, choice.card);
    var aimed = this.playerTargets(p, choice.card);
    inTheDraw(this, p, choice.card, choice.abilities || [], aimed);
    var rnNv = played(p, this.rnOf(choice.card, p));
    var main = new Play(choice.card, p, aimed, p.seat, rnNv[0], { nv: rnNv[1] });
    if (choice.card.kind === "spell" && p.next_nv) { main.nv += p.next_nv; p.next_nv = 0; }
    this.plays.push(main);
    choice.combined.forEach(function (extra) { take(p.hand, extra); combine(self, main, extra); });
    this.note(p.name + " plays " + choice.card.name + choice.combined.map(function (x) { return " + " + x.name; }).join("") +
              " (RN " + main.rn + ")");
  };

  Duel.prototype.randomSpell = function (p, choice) {
    var spells = p.hand.filter(function (c) { return c.kind === "spell"; });
    if (!spells.length) return choice;
    var c = this.rng.choice(spells);
    return { card: c, combined: choice.combined.filter(function (x) { return x !== c; }), abilities: choice.abilities || [] };
  };

  Duel.prototype.playable = function (p, choice) {
    var cards = [choice.card].concat(choice.combined);
    if (!cards.every(function (c) { return holds(p.hand, c); }) || new Set(cards).size !== cards.length) return false;
    var main = choice.card;
    if (!drawable(main)) return false;
    return choice.combined.every(function (c) {
      return has(c.types, "combine") && (c.combines_with === null || c.combines_with === main.kind);
    });
  };

  Duel.prototype.rnOf = function (c, owner) {
    var rn = c.rn !== null ? c.rn : 10, stage = owner.stageEffect();
    if (stage !== null) rn += stage.rn;
    if (owner.creature) rn += sum(this.creature_modifiers, function (m) { return m.rule === "rn_bonus" ? m.amount : 0; });
    return Math.max(1, rn);
  };

  Duel.prototype.targetsFor = function (owner, c) {
    return owner.creature ? this.creatureTargets(c) : this.playerTargets(owner, c);
  };

  Duel.prototype.creatureTargets = function (c) {
    var standing = standingOf(this.players);
    switch (c.target) {
      case "single": return standing.length ? [this.rng.choice(standing)] : [];
      case "all_foes": return standing;
      case "self": case "team": return [this.creature];
      case "all": return [this.creature].concat(standing);
    }
    return [];
  };

  Duel.prototype.playerTargets = function (p, c) {
    var standing = standingOf(this.players);
    switch (c.target) {
      case "single": case "all_foes": return [this.creature];
      case "self": return [p];
      case "team": return standing;
      case "all": return [this.creature].concat(standing);
    }
    return [];
  };

  Duel.prototype.foesOf = function (d) {
    if (d.creature) return standingOf(this.players);
    return this.creature.defeated ? [] : [this.creature];
  };

  Duel.prototype.aftermath = function () {
    var self = this;
    resolutionOrder(this, this.plays).forEach(function (play) {
      if (play.state === "unresolved") resolvePlay(self, play);
    });
  };

  Duel.prototype.defeat = function (d) {
    if (d.defeated || saved(this, d)) return;
    d.defeated = true;
    this.note(d.name + " is defeated");
    this.plays.forEach(function (play) {
      if (play.owner === d && play.state === "unresolved") {
        play.state = "deactivated";
        d.putAway(play.card, true);
        play.combined.forEach(function (extra) { d.putAway(extra, true); });
      }
    });
    if (!d.creature) {
      this.defeats += 1;
      if (this.defeats_left <= 0) this.game_over = true;
      this.defeats_left -= 1;
    }
  };

  Duel.prototype.endTurn = function () {
    var self = this;
    this.players.forEach(function (p) {
      if (p.grimslinger !== null && p.grimslinger.resource === "durability") p.manaform = p.dmg_taken >= 3;
    });
    this.checkDispositions();
    if (this.outcome() !== null) return;
    this.players.forEach(function (p) {
      if (p.defeated && !self.players.every(function (q) { return q.defeated; })) self.revive(p);
    });
  };

  Duel.prototype.checkDispositions = function () {
    if (this.creature.defeated) return;
    var self = this;
    this.in_play.slice().forEach(function (disposition) {
      if (dispositionMet(self, disposition)) {
        self.note("disposition " + disposition.name + " is met");
        applyDisposition(self, disposition);
        take(self.in_play, disposition);
        if (self.disposition_deck.length) self.in_play.push(self.disposition_deck.pop());
      }
    });
  };

  Duel.prototype.revive = function (p) {
    p.defeated = false;
    p.hp = Math.min(REVIVE, p.max_hp);
    p.ep = Math.min(REVIVE, p.max_ep);
    p.giveBack(p.deactivated.slice(), p.deactivated);
    this.note(p.name + " revives with " + p.hp + " HP and " + p.ep + " EP");
  };

  // ------------------------------------------------------------ the Standoff (standoff.py)

  // ``actions`` is an iterator (a person's, asked one after the other) or a list.
  function takeStandoff(duel, p, actions) {
    var left = ACTIONS, loaded = 0, it = Array.isArray(actions) ? actions[Symbol.iterator]() : actions;
    for (var step = it.next(); !step.done; step = it.next()) {
      var action = step.value;
      if (p.defeated || duel.outcome() !== null) return;
      if (action.kind === "load") {
        loaded += load(p, Math.min(action.bullets, LOAD_PER_STANDOFF - loaded));
        continue;
      }
      var need = action.kind === "feast" ? ACTIONS : 1;
      if (left < need || !allowed(p, action)) continue;
      if (action.kind === "scavenge" && !holds(duel.field, action.card)) continue;
      left -= need;
      takeAction(duel, p, action);
    }
  }

  function allowed(p, action) {
    switch (action.kind) {
      case "sacrifice": return 0 < action.amount && action.amount < p.hp;
      case "scavenge": return p.ep >= scavengeCost(action.card);
      case "card": return holds(p.hand, action.card) && has(action.card.types, "standoff");
      case "reload": case "purge": case "surge": case "reactivate": return mayMove(p, action.kind, action.cards);
      case "feast": return p.grimslinger !== null && p.grimslinger.feast.length > 0;
      case "ability":  // the parts timed in the Draw or as harm lands have their own moments (GS-6.7)
        return holds(p.passive, action.card) && has(action.card.abilities, action.ability) && timing(action.ability) === "standoff";
      case "load": return true;
    }
    throw new Error("a Standoff action this page does not know: " + action.kind);
  }

  function mayMove(p, kind, cards) {
    var spells = cards.every(function (c) { return c.kind === "spell"; });
    switch (kind) {
      case "reload":
        return !p.anima_used && p.ep >= RELOAD_COST && cards.length <= RELOAD_CARDS && allIn(cards, p.discard) && spells;
      case "purge":
        return !p.anima_used && cards.length > 0 && cards.length <= PURGE_CARDS && allIn(cards, p.hand) && spells;
      case "surge":
        return !p.anima_used && cards.length === SURGE_CARDS && allIn(cards, p.hand) && spells;
      case "reactivate":
        return p.ep >= REACTIVATE_COST && cards.length <= REACTIVATE_CARDS && allIn(cards, p.deactivated);
    }
    return false;
  }

  function scavengeCost(c) {
    if (["combine", "standoff", "instant"].some(function (t) { return has(c.types, t); })) return 0;
    return ["standard", "passive"].some(function (t) { return has(c.types, t); }) ? 1 : 0;
  }

  function allIn(cards, pile) {
    return new Set(cards).size === cards.length && cards.every(function (c) { return holds(pile, c); });
  }

  function takeAction(duel, p, action) {
    var moved;
    switch (action.kind) {
      case "sacrifice":
        p.hp -= action.amount;
        p.spent_hp += action.amount;
        p.hp_lost += action.amount;
        p.ep = Math.min(p.ep + action.amount, p.max_ep, p.cap());
        duel.note(p.name + " sacrifices " + action.amount + " HP");
        break;
      case "card":
        take(p.hand, action.card);
        duel.note(p.name + " uses " + action.card.name + " in the Standoff");
        resolvePlay(duel, new Play(action.card, p, duel.playerTargets(p, action.card), p.seat, 0));
        break;
      case "reload":
        p.anima_used = true;
        p.ep -= RELOAD_COST;
        p.spent_ep += RELOAD_COST;
        moved = p.giveBack(action.cards.slice(), p.discard);
        duel.note(p.name + " reloads " + moved.length + " spells");
        break;
      case "purge":
        p.anima_used = true;
        action.cards.forEach(function (c) { take(p.hand, c); p.discard.push(c); });
        p.ep = Math.min(p.ep + action.cards.length, p.max_ep, p.cap());
        duel.note(p.name + " purges " + action.cards.length + " spells");
        break;
      case "surge":
        p.anima_used = true;
        action.cards.forEach(function (c) { take(p.hand, c); p.deactivated.push(c); });
        p.next_nv += 1;
        duel.note(p.name + " surges");
        break;
      case "feast":
        feast(duel, p);
        break;
      case "reactivate":
        p.ep -= REACTIVATE_COST;
        p.spent_ep += REACTIVATE_COST;
        moved = p.giveBack(action.cards.slice(), p.deactivated);
        duel.note(p.name + " reactivates " + moved.length + " cards");
        break;
      case "ability":
        duel.note(p.name + " uses " + action.ability.name + " (" + action.card.name + ") in the Standoff");
        useAbility(duel, p, action, duel.playerTargets(p, action.card));
        break;
      case "scavenge":
        var cost = scavengeCost(action.card);
        p.ep -= cost;
        p.spent_ep += cost;
        take(duel.field, action.card);
        duel.note(p.name + " scavenges " + action.card.name);
        enterHand(duel, p, action.card);
        break;
    }
  }

  function load(p, bullets) {
    if (!("ammo" in p.res) || bullets <= 0) return 0;
    var n = Math.min(bullets, p.belt, CHAMBER - p.res.ammo);
    p.belt -= n;
    p.res.ammo += n;
    return n;
  }

  function feast(duel, p) {
    if (!duel.feast_deck.length) {
      duel.feast_deck = duel.rules.fate.filter(function (c) { return !duel.laid_out.has(c.code); })
        .map(function (c) { return c.code; });
      duel.rng.shuffle(duel.feast_deck);
    }
    var code = duel.feast_deck.pop();
    var fate = duel.rules.fate.find(function (c) { return c.code === code; });
    var row = p.grimslinger.feast.find(function (r) {
      return has(r.faces, fate.face) && (fate.suit === null || has(r.suits, fate.suit));
    }) || null;
    duel.note(p.name + " feasts: " + code);
    if (row === null) return;
    gain(p, "blood", row.blood);
    applyFx(duel, new Play(FEAST_CARD, p, duel.foesOf(p), p.seat, 0, { neutral: true }), row.fx);
  }

  // ------------------------------------------------------------ timed abilities (abilities.py)

  var COST_WORTH = 0.3;  // what a policy's worth of an option takes off per point of cost
  var SURVIVAL_WORTH = 10.0;  // a defeat costs an allowed defeat and every unresolved card

  // An ability's timing; the schema's default when a bundle leaves it out (GS-6.7).
  function timing(ability) { return ability.timing || "standoff"; }

  // The parts with this timing in the player's passive space.
  function timed(p, when) {
    var out = [];
    p.passive.forEach(function (c) {
      c.abilities.forEach(function (a) { if (timing(a) === when) out.push({ kind: "ability", card: c, ability: a }); });
    });
    return out;
  }

  function abilityAffordable(p, ability) {
    return ability.costs.every(function (x) { return p.amount(x.resource) >= x.amount; });
  }

  // ``Resist (Vampyric Abilities, cost 2 blood): prevent 2 dmg``.
  function abilityLabel(part) {
    var cost = part.ability.costs.map(function (x) { return x.amount + " " + x.resource; }).join(", ") || "free";
    return part.ability.name + " (" + part.card.name + ", cost " + cost + "): " + fxWords(part.ability.fx);
  }

  // Pay the part's cost (short: the resource drops to 0 and nothing happens, GS-4.3) and
  // apply its FX as its owner's, at ``targets``. True when it was paid.
  function useAbility(duel, p, part, targets) {
    if (!holds(p.passive, part.card) || !has(part.card.abilities, part.ability)) return false;
    if (!payCosts(duel, p, part.ability.costs, part.card)) {
      duel.note(p.name + " cannot pay for " + part.ability.name);
      return false;
    }
    applyFx(duel, new Play(part.card, p, targets, p.seat, 0), part.ability.fx);
    return true;
  }

  // The Draw-timed parts the player uses with the card played (its targets are theirs):
  // each once, before the card's RN is read and its NV gathered.
  function inTheDraw(duel, p, c, parts, targets) {
    var done = [];
    parts.forEach(function (part) {
      if (timing(part.ability) !== "draw" || has(done, part.ability)) return;
      done.push(part.ability);
      duel.note(p.name + " uses " + part.ability.name + " (" + part.card.name + ") with " + c.name);
      useAbility(duel, p, part, targets);
    });
  }

  // The RN and the NV the card played this turn takes from the parts used (and spent).
  function played(p, rn) {
    var out = [Math.max(1, rn + p.rn_change), p.played_nv];
    p.rn_change = p.played_nv = 0;
    return out;
  }

  // What preventing ``prevents`` more of this DMG is worth to its target: the HP it keeps
  // (the shield already up takes its share first, and no more HP than the target has can
  // be lost), and a life when it turns a defeat into a survival; nothing when the target
  // falls either way or would not have lost the HP anyway.
  function saves(target, amount, prevents) {
    var lands = Math.max(0, amount - target.shield), after = Math.max(0, lands - prevents);
    if (after >= target.hp) return 0.0;
    return Math.min(target.hp, lands) - after + (lands >= target.hp ? SURVIVAL_WORTH : 0.0);
  }

  // DMG about to reach ``target`` (after the card's reductions): the player may use each
  // harm-timed part they can pay, one question each; then the shield (``prevent N dmg``)
  // takes what it can. The DMG left to land.
  function asHarmLands(duel, source, target, amount) {
    if (amount <= 0) return amount;
    var parts = target.creature || target.resisting ? [] : timed(target, "harm");
    parts.forEach(function (part) {
      if (!abilityAffordable(target, part.ability)) return;
      var cost = sum(part.ability.costs, function (x) { return x.amount; });
      var prevents = sum(part.ability.fx, function (fx) { return fx.kind === "prevent" ? fx.amount.value : 0; });
      var options = [{ label: "take it", worth: 0.0 },
                     { label: "use " + abilityLabel(part), worth: saves(target, amount, prevents) - COST_WORTH * cost }];
      if (duel.policy.choose(duel, target, amount + " DMG lands from " + source.name, options) !== 1) return;
      duel.note(target.name + " uses " + part.ability.name + " (" + part.card.name + ") as the DMG lands");
      target.resisting = true;
      try {
        useAbility(duel, target, part, [source]);
      } finally {
        target.resisting = false;
      }
    });
    var kept = Math.min(target.shield, amount);
    if (kept) {
      target.shield -= kept;
      duel.note(kept + " DMG to " + target.name + " is prevented");
    }
    return amount - kept;
  }

  // ------------------------------------------------------------ the Aftermath (resolve.py)

  function combine(duel, main, extra) {
    extra.fx.forEach(function (fx) { if (fx.kind === "nv" && fx.scope === "combined") main.nv += fx.amount.value; });
    if (extra.rn === null) { main.combined.push(extra); return; }
    duel.plays.push(new Play(extra, main.owner, main.targets.slice(), main.owner.seat, duel.rnOf(extra, main.owner)));
  }

  // GS-7.1: lowest RN first, ties in seat order from the first player; a player's own
  // cards at one RN (a combine card with its main card's RN) in the order that player
  // chooses (GS-A37), asked only when there are two or more.
  function resolutionOrder(duel, plays) {
    var ranked = sortedBy(plays, function (p) { return p.rn * 1000 + p.order; }, false), out = [];
    for (var i = 0; i < ranked.length;) {
      var j = i + 1;
      while (j < ranked.length && ranked[j].rn === ranked[i].rn && ranked[j].owner === ranked[i].owner) j++;
      var tied = ranked.slice(i, j);
      while (tied.length > 1 && !tied[0].owner.creature) {
        var options = tied.map(function (p) { return { label: p.card.name, worth: 0.0 }; });
        var why = "which of your RN " + tied[0].rn + " cards resolves first";
        out.push(tied.splice(duel.policy.choose(duel, tied[0].owner, why, options), 1)[0]);
      }
      out.push.apply(out, tied);
      i = j;
    }
    return out;
  }

  function resolvePlay(duel, play) {
    var owner = play.owner, c = play.acting();
    if (owner.defeated) { putAwayPlay(play, true); return; }
    if (c.element !== null && !elementCheck(duel, play)) {
      duel.note(play.card.name + " is weak and discarded");
      return;
    }
    if (!payCosts(duel, owner, c.costs, c)) {
      duel.note(owner.name + " cannot pay for " + c.name + ": deactivated");
      putAwayPlay(play, true);
      return;
    }
    play.state = "resolved";
    lustFor(play);
    applyFx(duel, play, c.fx);
    (play.state === "resolved" ? play.combined : []).forEach(function (extra) {
      applyFx(duel, play, extra.fx.filter(function (f) { return !(f.kind === "nv" && f.scope === "combined"); }));
    });
    putAwayPlay(play, false);
  }

  function putAwayPlay(play, deactivate) {
    if (play.state !== "unresolved" && play.state !== "resolved") return;
    play.state = deactivate ? "deactivated" : "resolved";
    play.owner.putAway(play.card, deactivate);
    play.combined.forEach(function (extra) { play.owner.putAway(extra, deactivate); });
  }

  function discardPlay(play) {
    play.state = "discarded";
    play.owner.putAway(play.card, false);
    play.combined.forEach(function (extra) { play.owner.putAway(extra, false); });
  }

  function elementCheck(duel, play) {
    var mine = play.acting().element, beaten = [];
    for (var i = 0; i < play.targets.length; i++) {
      var target = play.targets[i];
      for (var j = 0; j < duel.plays.length; j++) {
        var other = duel.plays[j], theirs = other.acting().element;
        if (other.owner !== target || other.state !== "unresolved" || theirs === null) continue;
        if (other === play) continue;
        if (duel.rules.beats[theirs + ">" + mine]) { discardPlay(play); return false; }
        if (duel.rules.beats[mine + ">" + theirs]) beaten.push(other);
      }
    }
    beaten.forEach(function (other) {
      duel.note(other.card.name + " is beaten by " + play.card.name + " and discarded");
      discardPlay(other);
    });
    return true;
  }

  function payCosts(duel, payer, costs, c) {
    for (var i = 0; i < costs.length; i++) {
      var cost = costs[i], amount = cost.amount;
      if (payer.manaform && c !== null && c.kind === "skill" && cost.resource === "durability" && amount > 0) amount = 1;
      var have = payer.amount(cost.resource);
      if (have < amount) {
        payer.setAmount(cost.resource, 0);
        if (payer.creature && cost.resource === "ep") duel.defeat(payer);
        return false;
      }
      payer.setAmount(cost.resource, have - amount);
      spent(payer, cost.resource, amount);
    }
    return true;
  }

  function spent(d, resource, amount) {
    if (resource === "hp") d.spent_hp += amount;
    else if (resource === "ep") d.spent_ep += amount;
  }

  function nvBonus(duel, play, target, dmg) {
    var owner = play.owner, c = play.acting(), bonus = play.nv;
    if (play.neutral) return bonus;
    if (owner.manaform && c.kind === "skill") bonus += 1;
    var stage = owner.stageEffect();
    if (stage !== null && owner.stage) bonus += (!dmg || owner.stage === 2) ? stage.nv : 0;
    if (owner.creature) bonus += sum(duel.creature_modifiers, function (m) { return m.rule === "nv_bonus" ? m.amount : 0; });
    if (target !== null && target.manaform && target !== owner) bonus -= 1;
    return bonus;
  }

  function value(amount, bonus) { return amount.spelled ? amount.value : Math.max(0, amount.value + bonus); }

  function applyFx(duel, play, fxs) {
    for (var i = 0; i < fxs.length; i++) {
      if (play.owner.defeated) {
        // the card is still put away: Dynamite that fells its owner is discarded (GS-10.8)
        if (play.state === "resolved" && fxs.slice(i).some(function (f) { return f.kind === "discard_self"; })) discardPlay(play);
        return;
      }
      if (fxs[i].kind === "pay") {
        if (!payMidway(duel, play, fxs[i])) return;
        continue;
      }
      applyOne(duel, play, fxs[i]);
      if (fxs[i].kind === "copy" && play.copy_of !== null) return;
    }
  }

  // GS-A14: a cost written inside the FX (``2 dmg; pay 2 ep; 3 dmg``) is its user's, paid
  // when it is reached, never changed by NV; short, the resource drops to 0, the card is
  // deactivated and the rest of its FX do not resolve (GS-4.3). True: paid.
  function payMidway(duel, play, fx) {
    var owner = play.owner;
    if (payCosts(duel, owner, [{ resource: fx.resource, amount: fx.amount }], play.acting())) return true;
    duel.note(owner.name + " cannot pay " + fx.amount + " " + fx.resource + " for " + play.acting().name + ": deactivated");
    if (play.state === "resolved") putAwayPlay(play, true);
    return false;
  }

  function applyOne(duel, play, fx) {
    var user = play.owner, targets = (fx.who || "target") === "user" ? [user] : play.targets;
    switch (fx.kind) {
      case "dmg":
        var hit = foesHit(duel, play, fx, targets), lust = fx.who === "target" ? play.bonus_dmg : 0;
        hit.forEach(function (t) {
          var amount = value(fx.amount, nvBonus(duel, play, t, true));
          if (fx.who === "target") amount += (t.team !== user.team ? lust : 0) - play.penalty;
          dealDmg(duel, user, t, amount);
        });
        if (lust && hit.some(function (t) { return t.team !== user.team; })) play.bonus_dmg = 0;
        break;
      case "gain":
        standingOf(targets).forEach(function (t) { gain(t, fx.resource, value(fx.amount, nvBonus(duel, play, t, false))); });
        break;
      case "lose":
        standingOf(targets).forEach(function (t) { lose(duel, t, fx.resource, value(fx.amount, nvBonus(duel, play, t, false))); });
        break;
      case "deactivate": case "discard":
        standingOf(targets).forEach(function (t) {
          shed(duel, t, value(fx.amount, nvBonus(duel, play, t, false)), fx.kind === "deactivate");
        });
        break;
      case "reactivate":
        var n = value(fx.amount, nvBonus(duel, play, user, false));
        var chosen = !user.creature ? duel.policy.pick(duel, user, user.deactivated.slice(), n, "reactivate")
          : user.deactivated.slice(0, n);
        user.giveBack(chosen.slice(0, n), user.deactivated);
        break;
      case "nv": raiseNv(duel, play, fx); break;
      case "roll":
        var face = duel.rng.randint(1, 6);
        duel.note("roll " + face);  // said when no arm holds it too: nothing happens
        for (var a = 0; a < fx.arms.length; a++) {
          if (fx.arms[a].low <= face && face <= fx.arms[a].high) {
            applyFx(duel, play, fx.arms[a].fx);
            break;
          }
        }
        break;
      case "dnc": dnc(duel, play, fx); break;
      case "draw_element":
        var drawn = drawElement(duel, user);
        if (drawn !== null) applyFx(duel, play, drawn.fx);
        break;
      case "bloodlust": play.owner.bloodlust += play.owner.hp_lost; break;
      case "copy": copyCard(duel, play); break;
      case "redirect": redirect(duel, play); break;
      case "curse": curse(play, value(fx.amount, nvBonus(duel, play, null, false))); break;
      case "catalyst": catalyst(duel, play); break;
      case "choice": choiceFx(duel, play, fx); break;
      case "pay": break;  // a cost reached in written order (applyFx, GS-A14)
      case "discard_named": standingOf(targets).forEach(function (t) { discardNamed(duel, t, fx); }); break;
      case "discard_self": if (play.state === "resolved") discardPlay(play); break;
      case "rn": user.rn_change += fx.amount; break;  // no NV (GS-4.4): read when this turn's card is played
      case "prevent": user.shield += value(fx.amount, nvBonus(duel, play, user, false)); break;
      default: throw new Error("an FX this page does not know: " + fx.kind);
    }
  }

  function dnc(duel, play, fx) {
    var numbers = duel.rules.tale.numbers;
    if (!numbers.length) return;
    var targets = standingOf(play.targets);
    if (targets.length <= 1) { dncArm(duel, play, fx, duel.rng.choice(numbers), ""); return; }
    var deck = [], every = play.targets;
    try {
      targets.forEach(function (t) {
        var number;
        if (!fx.shared) number = duel.rng.choice(numbers);
        else {
          if (!deck.length) { deck = numbers.slice(); duel.rng.shuffle(deck); }
          number = deck.pop();
        }
        play.targets = [t];
        dncArm(duel, play, fx, number, " for " + t.name);
      });
    } finally {
      play.targets = every;
    }
  }

  function dncArm(duel, play, fx, number, who) {
    var found = fx.arms.find(function (a) { return a.low <= number && number <= a.high; }) || null;
    duel.note("dnc " + number + who);
    if (found !== null) applyFx(duel, play, found.fx);
  }

  function saved(duel, d) {
    var piles = [d.passive, d.hand];
    for (var i = 0; i < piles.length; i++) {
      var pile = piles[i];
      var c = pile.find(function (x) { return x.saves !== null && (x.saves !== "ep" || d.ep > 0); }) || null;
      if (c === null) continue;
      take(pile, c);
      d.discard.push(c);
      d.hp = c.saves === "ep" ? epForHp(duel, d) : Math.min(parseInt(c.saves || 0, 10), d.max_hp);
      duel.note(d.name + " plays " + c.name + ": not defeated, " + d.hp + " HP");
      return true;
    }
    return false;
  }

  function drawElement(duel, d) {
    if (!d.elements.length) return null;
    if (!d.element_deck.length) { d.element_deck = d.elements.slice(); duel.rng.shuffle(d.element_deck); }
    var c = d.element_deck.pop();
    duel.note(d.name + " draws " + c.name + " from its element deck");
    return c;
  }

  function foesHit(duel, play, fx, targets) {
    if (fx.foes === null || fx.foes === undefined || fx.who === "user") return standingOf(targets);
    var count = value(fx.foes, nvBonus(duel, play, null, false)), foes = duel.foesOf(play.owner);
    if (play.owner.creature) return duel.rng.sample(foes, Math.min(count, foes.length));
    return foes.slice(0, count);
  }

  function raiseNv(duel, play, fx) {
    var amount = value(fx.amount, nvBonus(duel, play, null, false));
    if (fx.scope === "unresolved_foes") {
      duel.plays.forEach(function (other) {
        if (other.state === "unresolved" && other.owner.team !== play.owner.team) other.nv += amount;
      });
    } else if (fx.scope === "next_spell") play.owner.next_nv += amount;
    else if (fx.scope === "played") play.owner.played_nv += amount;
  }

  function dealDmg(duel, source, target, amount) {
    if (target.defeated) return;
    target.hp_lost += Math.max(0, amount);
    if (target.creature) amount -= sum(duel.creature_modifiers, function (m) { return m.rule === "dmg_reduction" ? m.amount : 0; });
    var stage = target.stageEffect();
    if (stage !== null && target.stage === 2) amount -= stage.dmg_taken;
    amount = asHarmLands(duel, source, target, Math.max(0, amount));  // GS-6.7
    amount = Math.min(Math.max(0, amount), target.hp);
    target.hp -= amount;
    target.dmg_taken += amount;
    source.hp_dealt[target.seat] = (source.hp_dealt[target.seat] || 0) + amount;
    if (!target.creature) target.spent_hp += amount;
    if (target.hp === 0) duel.defeat(target);
  }

  function gain(d, resource, amount) {
    if (resource === "hp" && amount > 0 && d.curses.length) liftCurses(d);
    if (resource === "control") {
      d.stage = Math.min(2, d.stage + amount);
      if ("control" in d.res) d.res.control = d.stage;
      return;
    }
    if (d.has(resource)) d.setAmount(resource, d.amount(resource) + amount);
  }

  function lose(duel, d, resource, amount) {
    if (!d.has(resource)) return;
    var have = d.amount(resource);
    d.setAmount(resource, have - amount);
    var taken = have - d.amount(resource);
    if (resource === "ep") d.ep_lost += taken;
    if (resource === "hp") d.hp_lost += taken;
    if (!d.creature) spent(d, resource, taken);
    if ((resource === "hp" && d.hp === 0) || (resource === "ep" && d.creature && d.ep === 0)) duel.defeat(d);
  }

  function shed(duel, d, count, deactivate) {
    if (count <= 0 || !d.hand.length) return;
    var chosen = d.creature ? duel.rng.sample(d.hand, Math.min(count, d.hand.length))
      : duel.policy.pick(duel, d, d.hand.slice(), Math.min(count, d.hand.length), deactivate ? "deactivate" : "discard");
    chosen.forEach(function (c) {
      take(d.hand, c);
      if (deactivate) d.deactivated.push(c); else d.putAway(c, false);
    });
  }

  function dispositionMet(duel, disposition) {
    var c = duel.creature;
    switch (disposition.requirement) {
      case "creature_dmg": return c.dmg_taken >= disposition.amount;
      case "creature_ep_lost": return c.ep_lost >= disposition.amount;
      case "players_passed":
        return sum(duel.players, function (p) { return p.passed ? 1 : 0; }) >= Math.max(1, disposition.amount);
      case "element_hit":
        return duel.plays.some(function (p) {
          return p.state === "resolved" && p.acting().element === disposition.element && has(p.targets, c);
        });
    }
    return false;
  }

  function applyDisposition(duel, disposition) {
    var c = card({ name: disposition.name, kind: "item" }), standing = standingOf(duel.players);
    disposition.fx.forEach(function (fx) {
      var owners = (fx.who || "target") === "user" ? standing : standing.slice(0, 1);
      owners.forEach(function (owner) {
        applyFx(duel, new Play(c, owner, [duel.creature], 0, 0, { neutral: true }), [fx]);
      });
    });
  }

  // ------------------------------------------------------------ named cards (cards.py)

  function chooseFx(duel, chooser, why, options) {
    if (options.length <= 1) return 0;
    if (chooser.creature) return duel.rng.randrange(options.length);
    var pick = duel.policy.choose(duel, chooser, why, options);
    return pick >= 0 && pick < options.length ? pick : 0;
  }

  function harm(c) {
    return sum(c.fx, function (fx) { return fx.kind === "dmg" && fx.who === "target" ? fx.amount.value : 0; }) +
      0.8 * sum(c.fx, function (fx) { return fx.kind === "lose" && fx.who === "target" ? fx.amount.value : 0; });
  }

  function lustFor(play) {
    var owner = play.owner, c = play.acting();
    if (!owner.bloodlust || c.kind !== "spell" || c.target === "self" || c.target === "team") return;
    if (c.fx.some(function (fx) { return fx.kind === "dmg" && fx.who === "target"; })) {
      play.bonus_dmg = owner.bloodlust;
      owner.bloodlust = 0;
    }
  }

  function copyCard(duel, play) {
    var others = duel.plays.filter(function (p) { return p !== play && p.state === "unresolved"; });
    // another Equilibrium is no card to copy: it would copy again, and again (GS-A9)
    var choosable = others.filter(function (p) { return !p.acting().fx.some(function (fx) { return fx.kind === "copy"; }); });
    if (!choosable.length) return;
    var mine = play.owner.team;
    var allies = sum(others.concat([play]), function (p) { return p.owner.team === mine ? 1 : -1; });
    var options = choosable.map(function (o) {
      return { label: o.acting().name + " (" + o.owner.name + ")", worth: harm(o.acting()) * allies };
    });
    var chosen = choosable[chooseFx(duel, play.owner, "copy", options)].acting();
    duel.note(play.owner.name + " copies " + chosen.name);
    others.concat([play]).forEach(function (other) {
      var keep = chosen.target === "single" && other.acting().target === "single" && other.targets.length > 0;
      other.copy_of = chosen;
      if (!keep) other.targets = duel.targetsFor(other.owner, chosen);
    });
    if (!payCosts(duel, play.owner, chosen.costs, chosen)) {  // each owner pays (GS-A9)
      duel.note(play.owner.name + " cannot pay for " + chosen.name + ": deactivated");
      putAwayPlay(play, true);
      return;
    }
    applyFx(duel, play, chosen.fx);
  }

  function redirect(duel, play) {
    var standing = standingOf(duel.seats);
    duel.plays.forEach(function (other) {
      if (other === play || other.state !== "unresolved" || other.acting().target !== "single") return;
      var sign = harm(other.acting()) || 1.0;
      var options = standing.map(function (d) { return { label: d.name, worth: d.team !== play.owner.team ? sign : -sign }; });
      var fresh = standing[chooseFx(duel, play.owner, "redirect " + other.acting().name, options)];
      if (!(other.targets.length === 1 && other.targets[0] === fresh)) other.penalty = 0;
      other.targets = [fresh];
      duel.note(other.acting().name + " now targets " + other.targets[0].name);
    });
  }

  function curse(play, amount) {
    var target = play.targets.find(function (t) { return !t.defeated; }) || null;
    if (target === null || play.state !== "resolved") return;
    target.curses.push({ card: play.card, owner: play.owner, amount: amount });
    play.state = "held";
  }

  function curseTick(duel, d) {
    d.curses.slice().forEach(function (c) {
      if (!d.defeated) {
        duel.note(d.name + " loses " + c.amount + " HP to " + c.card.name);
        lose(duel, d, "hp", c.amount);
      }
    });
  }

  function liftCurses(d) {
    d.curses.forEach(function (c) { c.owner.discard.push(c.card); });
    d.curses = [];
  }

  function epForHp(duel, d) {
    if (d.ep <= 0) return 0;
    var options = [];
    for (var n = 1; n <= d.ep; n++) options.push({ label: "spend " + n + " EP for " + n + " HP", worth: Math.min(n, d.max_hp) - 0.01 * n });
    var spend = 1 + chooseFx(duel, d, "resurrect", options);
    d.ep -= spend;
    d.spent_ep += spend;
    return Math.min(spend, d.max_hp);
  }

  function enterHand(duel, d, c) {
    d.hand.push(c);
    if (!has(c.types, "instant")) return;
    if (c.instant_fx.length) {
      var play = new Play(c, d, [d], d.seat, 0, { state: "resolved" });
      applyFx(duel, play, c.instant_fx);
      if (play.state === "discarded" && holds(d.hand, c)) take(d.hand, c);
      return;
    }
    take(d.hand, c);
    resolvePlay(duel, new Play(c, d, duel.targetsFor(d, c), d.seat, 0));
  }

  function catalyst(duel, play) {
    play.targets.filter(function (t) { return !t.defeated; }).forEach(function (t) {
      var elements = t.hand.filter(function (c) { return c.kind === "spell" && c.element !== null; });
      elements.forEach(function (c) { take(t.hand, c); t.discard.push(c); });
      var dmg = 0, cards = { deactivate: 0, discard: 0 }, net = new Map();
      elements.forEach(function (c) {
        c.fx.forEach(function (fx) {
          if (fx.kind === "dmg") dmg += fx.amount.value;
          else if (fx.kind === "gain" || fx.kind === "lose") {
            net.set(fx.resource, (net.get(fx.resource) || 0) + (fx.kind === "gain" ? 1 : -1) * fx.amount.value);
          } else if (fx.kind === "deactivate" || fx.kind === "discard") cards[fx.kind] += fx.amount.value;
        });
      });
      duel.note(t.name + "'s " + elements.length + " elements resolve against them");
      net.set("hp", (net.get("hp") || 0) - dmg);
      net.forEach(function (change, resource) {
        if (resource === "hp" && change < 0) dealDmg(duel, play.owner, t, -change);
        else if (change > 0) gain(t, resource, change);
        else if (change < 0) lose(duel, t, resource, -change);
      });
      shed(duel, t, cards.deactivate, true);
      shed(duel, t, cards.discard, false);
    });
  }

  function choiceFx(duel, play, fx) {
    play.targets.filter(function (t) { return !t.defeated; }).forEach(function (t) {
      var offered = fx.options.filter(function (o) { return o.every(function (f) { return can(duel, t, f); }); });
      if (!offered.length) return;
      var options = offered.map(function (o) { return { label: fxWords(o), worth: -sum(o, costOf) }; });
      var picked = offered[chooseFx(duel, t, "answer " + play.acting().name, options)];
      duel.note(t.name + " chooses: " + fxWords(picked));
      var one = new Play(play.card, play.owner, [t], play.order, play.rn);
      one.nv = play.nv;
      picked.forEach(function (part) {  // a `pay` option is the chooser's, no cost of the card (GS-A14)
        if (part.kind === "pay") pay(t, part);
        else applyFx(duel, one, [part]);
      });
    });
  }

  function can(duel, t, fx) {
    if (fx.kind === "pay") return t.amount(fx.resource) >= fx.amount;
    if (fx.kind === "discard_named") return named(duel, t, fx) !== null;
    return true;
  }

  function costOf(fx) {
    if (fx.kind === "dmg") return fx.amount.value;
    if (fx.kind === "pay") return 0.8 * fx.amount;
    if (fx.kind === "discard_named") return 2.0;
    return 0.0;
  }

  function pay(t, fx) {
    t.setAmount(fx.resource, t.amount(fx.resource) - fx.amount);
    if (fx.resource === "ep") t.spent_ep += fx.amount;
  }

  function named(duel, t, fx) {
    var wanted = fx.card.toLowerCase(), i;
    for (i = 0; i < t.hand.length; i++) if (t.hand[i].name.toLowerCase() === wanted) return t.hand[i];
    for (i = 0; i < duel.plays.length; i++) {
      var other = duel.plays[i];
      if (other.owner === t && other.state === "unresolved" && other.card.name.toLowerCase() === wanted) return other;
    }
    return null;
  }

  function discardNamed(duel, t, fx) {
    var found = named(duel, t, fx);
    if (found instanceof Play) discardPlay(found);
    else if (found !== null && holds(t.hand, found)) { take(t.hand, found); t.putAway(found, false); }
  }

  // ------------------------------------------------------------ words (words.py)

  function fxWords(fxs) { return fxs.map(clause).join("; "); }

  function clause(fx) {
    switch (fx.kind) {
      case "dmg":
        return (fx.who === "user" ? "user takes " : "") + fx.amount.value + " dmg" +
          (fx.foes !== null && fx.foes !== undefined ? " to " + fx.foes.value + " foes" : "");
      case "gain": case "lose": return fx.who + " " + fx.kind + "s " + fx.amount.value + " " + fx.resource;
      case "deactivate": case "discard": return fx.who + " " + fx.kind + "s " + fx.amount.value + " cards";
      case "reactivate": return "reactivates " + fx.amount.value + " cards";
      case "nv":
        return "+" + fx.amount.value + " nv to " + { "unresolved_foes": "unresolved foe cards", "combined": "combined card",
                                                    "next_spell": "next spell", "played": "played card" }[fx.scope];
      case "draw_element": return "draw element";
      case "roll": return "roll(" + arms(fx.arms) + ")";
      case "dnc": return "dnc" + (fx.shared ? " shared" : "") + "(" + arms(fx.arms) + ")";
      case "bloodlust": return "bloodlust";
      case "copy": return "copy an unresolved card";
      case "redirect": return "redirect unresolved cards";
      case "curse": return "target loses " + fx.amount.value + " hp each standoff until healed";
      case "catalyst": return "target's elements resolve against it";
      case "pay": return "pay " + fx.amount + " " + fx.resource;
      case "discard_named": return "discard " + fx.card;
      case "choice": return "choose(" + fx.options.map(function (o) { return o.map(clause).join(", "); }).join(" / ") + ")";
      case "discard_self": return "discard this card";
      case "rn": return "rn " + (fx.amount < 0 ? "-" : "+") + Math.abs(fx.amount);
      case "prevent": return "prevent " + fx.amount.value + " dmg";
    }
    throw new Error("an FX this page does not know: " + fx.kind);
  }
  function arms(list) {
    return list.map(function (a) { return a.low + "-" + a.high + " = " + fxWords(a.fx); }).join(" / ");
  }

  function cardWords(c) {
    var facts = [c.rn !== null ? "RN " + c.rn : "no RN"];
    if (c.element !== null) facts.push(c.element);
    if (c.costs.length) facts.push("cost " + c.costs.map(function (x) { return x.amount + " " + x.resource; }).join(", "));
    var fx = fxWords(c.fx);
    return c.name + " (" + facts.join(", ") + ")" + (fx ? ": " + fx : "");
  }

  function duelistWords(d) {
    var extra = Object.keys(d.res).sort().map(function (name) { return ", " + d.res[name] + " " + name; }).join("");
    if (d.grimslinger !== null && d.grimslinger.resource === "ammo") extra += ", belt " + d.belt;
    if (d.stage) extra += d.stage === 1 ? ", conflicted" : ", overtaken";
    return d.name + " " + d.hp + " HP, " + d.ep + " EP" + extra;
  }

  // ------------------------------------------------------------ policies (policies.py)

  function fxScore(fxs) {
    var score = 0.0;
    fxs.forEach(function (fx) {
      switch (fx.kind) {
        case "dmg": score += fx.amount.value * (fx.who === "target" ? 1 : -1); break;
        case "lose": score += fx.who === "target" ? 0.8 * fx.amount.value : -0.5 * fx.amount.value; break;
        case "gain": score += 0.5 * fx.amount.value; break;
        case "deactivate": case "discard": score += fx.who === "target" ? 0.5 * fx.amount.value : -0.5; break;
        case "nv": score += 0.7 * fx.amount.value; break;
        case "reactivate": score += 0.3 * fx.amount.value; break;
        case "draw_element": score += 2.0; break;
        case "roll": score += sum(fx.arms, function (a) { return fxScore(a.fx) * (a.high - a.low + 1); }) / 6; break;
        case "dnc": score += sum(fx.arms, function (a) { return fxScore(a.fx); }) / Math.max(1, fx.arms.length); break;
        case "rn": score += 0.4 * -fx.amount; break;  // earlier is better: it lands before the foe's
        case "prevent": score += 0.8 * fx.amount.value; break;
      }
    });
    return score;
  }

  function affordable(p, c) {
    return c.costs.every(function (x) {
      return p.amount(x.resource) >= (p.manaform && x.resource === "durability" && x.amount ? 1 : x.amount);
    });
  }

  // FX that only heal, used at full HP, spend their cost for nothing: a card, or a Standoff
  // part such as Regenerate.
  function idleHeal(p, fxs) {
    return p.hp >= p.max_hp && fxs.length > 0 && fxs.every(function (fx) { return fx.kind === "gain" && fx.resource === "hp"; });
  }

  function Greedy() { this.name = "greedy"; this.scores = new Map(); }
  Greedy.prototype.score = function (c) {
    if (!this.scores.has(c)) this.scores.set(c, fxScore(c.fx) - 0.3 * sum(c.costs, function (x) { return x.amount; }));
    return this.scores.get(c);
  };
  Greedy.prototype.best = function (p, playable) {
    var best = null, bestScore = 0.0, self = this;
    p.hand.forEach(function (c) {
      if ((playable && !drawable(c)) || !affordable(p, c) || idleHeal(p, c.fx)) return;
      var s = self.score(c);
      if (s > bestScore) { best = c; bestScore = s; }
    });
    return best;
  };
  Greedy.prototype.standoff = function (duel, player) {
    var self = this, actions = [{ kind: "load", bullets: 2 }], score = function (c) { return self.score(c); };
    var spells = player.hand.filter(function (c) { return c.kind === "spell"; });
    if (this.best(player, true) === null) {
      var back = sortedBy(player.discard.filter(function (c) { return c.kind === "spell"; }), score, true).slice(0, RELOAD_CARDS);
      if (back.length && player.ep >= 3) actions.push({ kind: "reload", cards: back });
      else if (player.deactivated.length && player.ep >= 3) actions.push({ kind: "reactivate", cards: player.deactivated.slice(0, 6) });
      else if (player.grimslinger !== null && player.grimslinger.feast.length) actions.push({ kind: "feast" });
    } else if (spells.length > SURGE_CARDS + 1 && player.ep >= 2) {
      actions.push({ kind: "surge", cards: sortedBy(spells, score, false).slice(0, SURGE_CARDS) });
    }
    if (player.ep <= 1 && player.hp > 3) actions.push({ kind: "sacrifice", amount: Math.min(2, player.hp - 3) });
    for (var i = 0; i < player.hand.length; i++) {
      var c = player.hand[i];
      if (has(c.types, "standoff") && affordable(player, c) && this.score(c) > 0 && !idleHeal(player, c.fx)) {
        actions.push({ kind: "card", card: c });
        break;
      }
    }
    player.passive.forEach(function (pc) {
      for (var j = 0; j < pc.abilities.length; j++) {
        var ability = pc.abilities[j];
        if (timing(ability) === "standoff" && abilityAffordable(player, ability) && fxScore(ability.fx) > 0 &&
            !idleHeal(player, ability.fx)) {
          actions.push({ kind: "ability", card: pc, ability: ability });
          break;
        }
      }
    });
    sortedBy(duel.field, score, true).slice(0, 1).forEach(function (fc) {
      if (self.score(fc) > 0 && player.ep > scavengeCost(fc)) actions.push({ kind: "scavenge", card: fc });
    });
    return actions;
  };
  Greedy.prototype.play = function (duel, player) {
    var c = this.best(player, true);
    if (c === null) return null;
    var extra = player.hand.filter(function (x) {
      return x !== c && has(x.types, "combine") && (x.combines_with === null || x.combines_with === c.kind) && affordable(player, x);
    }).slice(0, 1);
    return { card: c, combined: extra, abilities: this.drawParts(player, c) };
  };
  // The Draw-timed parts worth their cost, paid from what the card played leaves (a skill
  // paid in blood comes first).
  Greedy.prototype.drawParts = function (player, c) {
    var left = new Map(), used = [];
    var have = function (r) { return left.has(r) ? left.get(r) : player.amount(r); };
    c.costs.forEach(function (x) { left.set(x.resource, player.amount(x.resource) - x.amount); });
    timed(player, "draw").forEach(function (part) {
      var cost = sum(part.ability.costs, function (x) { return x.amount; });
      if (fxScore(part.ability.fx) - COST_WORTH * cost <= 0) return;
      if (part.ability.costs.every(function (x) { return have(x.resource) >= x.amount; })) {
        part.ability.costs.forEach(function (x) { left.set(x.resource, have(x.resource) - x.amount); });
        used.push(part);
      }
    });
    return used;
  };
  Greedy.prototype.pick = function (duel, player, cards, count, why) {
    var self = this;
    return sortedBy(cards, function (c) { return self.score(c); }, why === "reactivate").slice(0, count);
  };
  Greedy.prototype.choose = function (duel, player, why, options) {
    var best = 0;
    for (var i = 1; i < options.length; i++) if (options[i].worth > options[best].worth) best = i;
    return best;
  };

  function RandomPolicy() { this.name = "random"; }
  RandomPolicy.prototype.standoff = function (duel, player) {
    var rng = duel.rng, options = [];
    if (player.hp > 1) options.push({ kind: "sacrifice", amount: 1 });
    var spells = player.discard.filter(function (c) { return c.kind === "spell"; });
    if (spells.length && player.ep >= 3) options.push({ kind: "reload", cards: spells.slice(0, RELOAD_CARDS) });
    if (player.deactivated.length && player.ep >= 3) options.push({ kind: "reactivate", cards: player.deactivated.slice(0, 6) });
    player.hand.forEach(function (c) { if (has(c.types, "standoff")) options.push({ kind: "card", card: c }); });
    options.push.apply(options, timed(player, "standoff"));
    duel.field.forEach(function (c) { options.push({ kind: "scavenge", card: c }); });
    var picked = [{ kind: "load", bullets: rng.randint(0, 2) }];
    for (var i = 0; i < 2; i++) if (options.length && rng.random() < 0.5) picked.push(rng.choice(options));
    return picked;
  };
  RandomPolicy.prototype.play = function (duel, player) {
    var cards = player.hand.filter(drawable);
    if (!cards.length || duel.rng.random() < 0.1) return null;
    var c = duel.rng.choice(cards);
    var parts = timed(player, "draw").filter(function () { return duel.rng.random() < 0.5; });
    return { card: c, combined: [], abilities: parts };
  };
  RandomPolicy.prototype.pick = function (duel, player, cards, count) {
    return duel.rng.sample(cards, Math.min(count, cards.length));
  };
  RandomPolicy.prototype.choose = function (duel, player, why, options) { return duel.rng.randrange(options.length); };

  var POLICIES = { greedy: Greedy, random: RandomPolicy };

  root.TgcGrimDuel = {
    Rules: Rules, Duel: Duel, POLICIES: POLICIES, playerSetup: playerSetup, take: take, drawable: drawable,
    allowed: allowed, enterHand: enterHand, keptOnBoard: keptOnBoard, timed: timed, abilityLabel: abilityLabel, takeStandoff: takeStandoff, scavengeCost: scavengeCost, cardWords: cardWords, duelistWords: duelistWords, fxWords: fxWords,
    LIMITS: { ACTIONS: ACTIONS, CHAMBER: CHAMBER, LOAD_PER_STANDOFF: LOAD_PER_STANDOFF,
      RELOAD_CARDS: RELOAD_CARDS, PURGE_CARDS: PURGE_CARDS, SURGE_CARDS: SURGE_CARDS, REACTIVATE_CARDS: REACTIVATE_CARDS }
  };
})(typeof window !== "undefined" ? window : globalThis);
