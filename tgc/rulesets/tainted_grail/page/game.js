// Tainted Grail in the web player, what combat and diplomacy share: engines/game.py (the
// Sequence, key connections, the options of the playing step, card resolution, the
// effect language's meaning), engines/hero.py (a party member inside an encounter) and
// the parts of records.py the engines read (Gain, compile_icons, a card's abilities by
// trigger), ported line for line. A party, an encounter, a policy and one seeded
// TgcRandom.Random in (the fight's own generator, drawn from the story's, as Python's
// random.Random(seed)); the fight's log and an Outcome out. combat.js and diplomacy.js add
// the rules of their turn; policies.js decides; fights.js plays them in the page.
(function (root) {
  "use strict";
  var F = root.TgcFights = root.TgcFights || {};
  var MAX_TURNS = 100, ESCAPE_COST = ["energy", 1], MAX_AMOUNT = 10000;
  var ITEM_LIMITED = ["weapon", "shield", "armor", "companion", "relic"];
  var RESOURCES = ["food", "wealth", "rep", "magic", "exp"];
  var ATTRIBUTES = ["aggression", "empathy", "courage", "caution", "practicality", "spirituality"];

  // ---------------------------------------------------------------- records.py

  function gain(g) {
    g = g || {};
    return { markers: g.markers || 0, draws: g.draws || 0, again: !!g.again, discards: g.discards || 0,
             up: g.up || 0, down: g.down || 0, stage: g.stage || 0 };
  }
  var NO_GAIN = gain();
  function add(a, b) {
    return { markers: a.markers + b.markers, draws: a.draws + b.draws, again: a.again || b.again,
             discards: a.discards + b.discards, up: a.up + b.up, down: a.down + b.down, stage: a.stage + b.stage };
  }
  function number(text) {
    if (!/^[0-9]+$/.test(text)) return null;
    var n = parseInt(text, 10);
    return n <= MAX_AMOUNT ? n : null;
  }
  // Icons read left to right: `2x` multiplies the next icon, `X` voids it, a number counts it.
  function compileIcons(icons) {
    var g = gain(), factor = 1, count = 1, voided = false;
    icons.forEach(function (icon) {
      if (icon === "X") { voided = true; return; }
      var times = icon.slice(-1) === "x" ? number(icon.slice(0, -1)) : null;
      if (times !== null) { factor = Math.min(factor * times, MAX_AMOUNT); return; }
      var n0 = number(icon);
      if (n0 !== null) { count = n0; return; }
      var n = voided ? 0 : factor * count;
      if (icon === "again") g.again = g.again || !voided;
      else if (icon === "marker" || icon === "markers") g.markers += n;
      else if (icon === "draw") g.draws += n;
      else if (icon === "discard") g.discards += n;
      else if (icon === "up") g.up += n;
      else if (icon === "down") g.down += n;
      else if (icon === "stage") g.stage += n;
      factor = 1; count = 1; voided = false;
    });
    return g;
  }

  // A card of the bundle's records, readied once: its abilities by trigger, its name.
  function readyCard(card) {
    if (card.ready) return card;
    card.ready = true;
    card.left = card.left.map(function (k) { return k && { magic: k.magic, icons: k.icons, gain: gain(k.gain) }; });
    card.on_attack = card.abilities.filter(function (a) { return a.trigger === "attack"; });
    card.on_placement = card.abilities.filter(function (a) { return a.trigger === "placement" || a.trigger === "delayed"; });
    card.label = card.name + " (" + card.number + ")";
    return card;
  }
  function abilitiesOn(card, trigger) { return card.abilities.filter(function (a) { return a.trigger === trigger; }); }
  function fires(ability, trigger, kind) { return ability.trigger === trigger || ability.trigger === kind + " " + trigger; }
  function rowAt(rows, value) {
    for (var i = 0; i < rows.length; i++) {
      var r = rows[i];
      if (r.low <= value && (r.high == null || value <= r.high)) return r.effects;
    }
    return [];
  }
  function afflictionFor(cards, attach, players) {
    var mode = players <= 1 ? "solo" : "coop", names = Object.keys(cards);
    for (var i = 0; i < names.length; i++) {
      var a = cards[names[i]];
      if (a.attach === attach && a.mode === mode) return a;
    }
    return null;
  }

  // ---------------------------------------------------------------- hero.py

  function itemsInUse(items) {
    var used = [], aside = [], taken = [];
    items.forEach(function (item) {
      var limited = item.keywords.filter(function (k) { return ITEM_LIMITED.indexOf(k) >= 0; });
      if (limited.some(function (k) { return taken.indexOf(k) >= 0; })) { aside.push(item); return; }
      limited.forEach(function (k) { taken.push(k); });
      used.push(item);
    });
    return [used, aside];
  }

  // member: { character (the record), attributes, resources, health, energy, terror, items
  // [{name, keywords, abilities}], combat_deck, diplomacy_deck (cards), afflictions (names), skills }
  function Hero(member, index, deck) {
    var ch = member.character;
    this.character = ch;
    this.index = index;
    this.number = ch.number;
    var levels = {};
    Object.keys(ch.attributes).forEach(function (a) { levels[a] = ch.attributes[a]; });
    if (member.attributes) Object.keys(member.attributes).forEach(function (a) { levels[a] = member.attributes[a]; });
    this.levels = levels;
    var res = {};
    RESOURCES.forEach(function (r) { res[r] = 0; });
    Object.keys(ch.resources).forEach(function (r) { res[r] = ch.resources[r]; });
    if (member.resources) Object.keys(member.resources).forEach(function (r) { res[r] = member.resources[r]; });
    this.res = res;
    this.health = member.health == null ? ch.health.start : member.health;
    var energy = member.energy == null ? ch.energy.start : member.energy;
    this.energy = Math.min(energy, this.health);
    this.terror = member.terror == null ? ch.terror.start : member.terror;
    this.deck = deck;
    this.hand = [];
    this.discard = [];
    this.out = null;
    this.activated = false;
    var split = itemsInUse(member.items || []);
    this.items = split[0];
    this.aside = split[1];
    this.afflictions = [];
    this.skills = member.skills || [];
    this.flipped = [];
    this.spent_magic = 0; this.lost_health = 0; this.gained_terror = 0; this.played = 0;
    this.name = ch.name;
  }
  Hero.prototype.panicking = function () { return this.terror > this.health; };
  Hero.prototype.level = function (attribute) { return this.levels[attribute] || 0; };
  Hero.prototype.hasItem = function (what) {
    return this.items.some(function (i) { return what === i.name || i.keywords.indexOf(what) >= 0; });
  };
  Hero.prototype.powers = function (trigger, kind) {
    var out = [];
    this.items.forEach(function (item) {
      item.abilities.forEach(function (a) { if (fires(a, trigger, kind)) out.push([item.name, a]); });
    });
    this.skills.forEach(function (skill) {
      (skill.abilities || []).forEach(function (a) { if (fires(a, trigger, kind)) out.push([skill.name, a]); });
    });
    return out;
  };
  Hero.prototype.attached = function (attach) { return this.afflictions.some(function (a) { return a.attach === attach; }); };
  Hero.prototype.capItems = function () {
    var limits = this.afflictions.filter(function (a) { return a.item_limit != null; }).map(function (a) { return a.item_limit; });
    if (limits.length && this.items.length > Math.min.apply(null, limits)) {
      var keep = Math.min.apply(null, limits);
      this.aside = this.items.slice(keep).concat(this.aside);
      this.items = this.items.slice(0, keep);
    }
  };
  Hero.prototype.result = function () {
    var ch = this.character;
    return { name: this.name, health: this.health, energy: this.energy, terror: this.terror, resources: this.res,
             items: this.items.concat(this.aside).map(function (i) { return i.name; }),
             dying: this.out === "dying" || this.health <= 0, insane: this.terror > ch.terror.length - ch.terror.red,
             exhausted: this.energy < ch.energy.red, escaped: this.out === "escaped",
             afflictions: this.afflictions.map(function (a) { return a.name; }) };
  };

  // ---------------------------------------------------------------- game.py

  // The encounter ends at once (victory, failure, death, robbery, running away).
  function EncounterOver(outcome) { this.outcome = outcome; }
  // The active hero left the encounter (escaped or dying): their activation stops.
  function HeroOut() {}

  function Option(kind, fields) {
    fields = fields || {};
    this.kind = kind;
    this.card = fields.card || null;
    this.hand = fields.hand == null ? -1 : fields.hand;
    this.magic = fields.magic || [];
    this.charge = fields.charge == null ? -1 : fields.charge;
    this.ability = fields.ability || null;
    this.gain = fields.gain || NO_GAIN;
    this.links = fields.links || [];
    this.stages = fields.stages || [];
    this.link = fields.link || null;
    this.source = fields.source || "";
  }
  // What each connected key gives, in the rulebook's order: every Bonus Key, the paid
  // Magic Keys, the Free Key.
  Option.prototype.keyGains = function () {
    var link = this.link, self = this;
    if (!link) return [[null, this.gain]];
    var paid = link.magic.filter(function (m) { return self.magic.indexOf(m[0]) >= 0; })
      .map(function (m) { return [null, m[1]]; });
    return link.keys.concat(paid, [[null, link.free]]);
  };
  Option.prototype.toString = function () {
    if (this.kind === "play" && this.card) {
      return "play " + this.card.label + (this.magic.length ? ", paying " + this.magic.length + " magic" : "") +
        (this.charge !== -1 ? " (using a charge)" : "");
    }
    if (this.kind === "charge" && this.ability) return "use " + this.ability.text;
    if (this.kind === "flip" && this.ability) return "flip " + this.source + ": " + this.ability.text;
    return this.kind;
  };
  var STOP = new Option("stop"), ESCAPE = new Option("escape");

  function Placed(card, owner, links) {
    this.card = card; this.owner = owner; this.tokens = 0; this.charges = 0; this.links = links;
  }

  var OWN_HALF = ["again", "discard"];
  function freeGain(freeRight, free) {
    return compileIcons(freeRight.filter(function (i) { return OWN_HALF.indexOf(i) < 0; }).concat(free));
  }
  function linkCard(right, freeRight, card, levels) {
    var free = freeGain(freeRight, card.free), base = free, links = [], stages = [], magic = [], keys = [];
    card.left.forEach(function (key, row) {
      if (!key || row >= right.length) return;
      var other = right[row];
      if (!other) return;
      if (key.magic) {
        if (other.attribute == null) magic.push([row, key.gain]);
      } else if (other.attribute != null && (levels[other.attribute] || 0) >= other.level) {
        base = add(base, key.gain);
        links.push(other.attribute);
        keys.push([other.attribute, key.gain]);
        if (key.gain.stage) stages.push([other.attribute, key.gain.stage]);
      }
    });
    return { base: base, links: links, stages: stages, magic: magic, keys: keys, free: free };
  }

  function combinations(list, size) {
    var out = [];
    (function pick(start, chosen) {
      if (chosen.length === size) { out.push(chosen.slice()); return; }
      for (var i = start; i < list.length; i++) { chosen.push(list[i]); pick(i + 1, chosen); chosen.pop(); }
    })(0, []);
    return out;
  }

  function Outcome(game, outcome) {
    this.encounter = game.encounter.name; this.kind = game.kind; this.outcome = outcome; this.turns = game.turn;
    this.heroes = game.heroes.map(function (h) { return h.result(); });
    this.story = game.story; this.log = game.log;
    this.arm = outcome === "win" ? "win" : outcome === "avoid" ? "avoid" : "lose";
  }

  // The shared machinery of an encounter (Game in game.py); CombatGame and DiplomacyGame
  // call init and add the rules of their turn.
  function Game() {}
  Game.prototype.init = function (members, encounter, policy, rng, log, afflictions, players) {
    var self = this;
    this.encounter = encounter;
    this.policy = policy;
    this.rng = rng;
    this.heroes = members.map(function (m, i) { return new Hero(m, i, self.deckOf(m)); });
    this.cards = afflictions || {};
    this.players = players != null ? players : members.length;
    members.forEach(function (member, i) {
      var hero = self.heroes[i];
      rng.shuffle(hero.deck);
      if (member.afflictions && member.afflictions.length) {
        hero.afflictions = member.afflictions.filter(function (n) { return has(self.cards, n); })
          .map(function (n) { return self.cards[n]; });
        hero.capItems();
      }
    });
    this.seq = [];
    this.linked = {};
    this.turn = 0;
    this.active = null;
    this.first_activation = true;
    this.cards_this_activation = 0;
    this.credit = false;
    this.prevent = null;
    this.threat = [];
    this.story = [];
    this.logging = !!log;
    this.log = [];
    this.charged = [];
    this.passives = 0;
    this.enc_right = encounter.right;
  };
  function has(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }
  Game.prototype.say = function (text) { if (this.logging) this.log.push(text); };
  Game.prototype.inPlay = function () { return this.heroes.filter(function (h) { return h.out === null; }); };
  Game.prototype.last = function () { return this.seq.length ? this.seq[this.seq.length - 1] : null; };
  Game.prototype.lastCard = function () { return this.seq.length ? this.seq[this.seq.length - 1].card : null; };
  Game.prototype.visible = function () {
    var seq = this.seq;
    if (!this.passives) return seq.length ? [[seq.length - 1, seq[seq.length - 1]]] : [];
    var out = [];
    for (var i = 0; i < seq.length - 1; i++) if (seq[i].card.passive) out.push([i, seq[i]]);
    if (seq.length) out.push([seq.length - 1, seq[seq.length - 1]]);
    return out;
  };
  Game.prototype.linkFor = function (hero, card) {
    var prev = this.lastCard();
    return prev ? linkCard(prev.right, prev.free_right, card, hero.levels) : linkCard(this.enc_right, [], card, hero.levels);
  };
  Game.prototype.destroyLast = function () {
    if (!this.seq.length) return;
    var placed = this.seq.pop(), self = this;
    this.passives -= placed.card.passive ? 1 : 0;
    placed.links.forEach(function (a) { self.linked[a] -= 1; });
    this.heroes[placed.owner].discard.push(placed.card);
    this.say(placed.card.label + " is destroyed");
  };

  // ------------------------------------------------------------ options

  Game.prototype.options = function (hero) {
    var first = this.cards_this_activation === 0, self = this;
    if (first && hero.panicking()) return this.panicOptions(hero);
    var out = [];
    if (this.mayPlayMore(hero)) {
      var credit = this.creditSource();
      hero.hand.forEach(function (card, index) { self.cardOptions(hero, card, index, first, credit, out); });
    }
    if (this.charged.length) out.push.apply(out, this.chargeOptions());
    if (hero.items.length) out.push.apply(out, this.flipOptions(hero));
    out.push(STOP);
    out.push(ESCAPE);
    return out;
  };
  Game.prototype.flipOptions = function (hero) {
    var out = [], kind = this.kind;
    hero.items.forEach(function (item) {
      if (!item.abilities.length || hero.flipped.indexOf(item.name) >= 0) return;
      item.abilities.forEach(function (a) {
        if (a.trigger === "flip" || a.trigger === kind + " flip") out.push(new Option("flip", { ability: a, source: item.name }));
      });
    });
    return out;
  };
  Game.prototype.useFlip = function (hero, option) {
    hero.flipped.push(option.source);
    this.say(hero.name + " flips " + option.source + ": " + option.ability.text);
    this.run(option.ability.effects, hero);
  };
  Game.prototype.powers = function (hero, trigger) {
    var self = this;
    hero.powers(trigger, this.kind).forEach(function (pair) {
      self.say(hero.name + ", " + pair[0] + ": " + pair[1].text);
      self.run(pair[1].effects, hero);
    });
  };
  function connects(ability) { return ability.effects.some(function (e) { return e.verb === "play_connected"; }); }
  Game.prototype.chargeOptions = function () {
    var out = [];
    this.visible().forEach(function (pair) {
      pair[1].card.abilities.forEach(function (ability) {
        if (ability.trigger === "charge" && pair[1].charges >= ability.cost && !connects(ability)) {
          out.push(new Option("charge", { card: pair[1].card, charge: pair[0], ability: ability }));
        }
      });
    });
    return out;
  };
  Game.prototype.react = function (hero, effects) {
    this.threat = effects;
    while (this.charged.length || hero.items.length) {
      var options = this.charged.length ? this.chargeOptions() : [];
      if (hero.items.length) options = options.concat(this.flipOptions(hero));
      if (!options.length) return;
      var choice = this.policy.react(this, hero, options.concat([STOP]));
      if (choice.kind === "charge") this.useCharge(hero, choice);
      else if (choice.kind === "flip") this.useFlip(hero, choice);
      else return;
    }
  };
  Game.prototype.suffer = function (hero, effects, unpreventable) {
    var self = this;
    this.prevent = {};
    try {
      this.visible().forEach(function (pair) {
        pair[1].card.on_attack.forEach(function (ability) { self.run(ability.effects, hero, pair[1]); });
      });
      if (hero.skills.length || hero.items.length) this.powers(hero, "attack");
      this.react(hero, effects);
      (unpreventable || []).forEach(function (what) { delete self.prevent[what]; });
      this.run(effects, hero);
    } finally {
      this.prevent = null;
    }
  };
  Game.prototype.panicOptions = function (hero) {
    if (!hero.deck.length) return [ESCAPE];
    var out = [];
    this.cardOptions(hero, hero.deck[hero.deck.length - 1], -1, true, -1, out);
    out.push(ESCAPE);
    return out;
  };
  Game.prototype.mayPlayMore = function () { return true; };
  Game.prototype.creditSource = function () {
    if (this.credit) return -2;
    if (!this.charged.length) return -1;
    var visible = this.visible();
    for (var i = 0; i < visible.length; i++) {
      var placed = visible[i][1];
      for (var j = 0; j < placed.card.abilities.length; j++) {
        var ability = placed.card.abilities[j];
        if (ability.trigger === "charge" && placed.charges >= ability.cost && connects(ability)) return visible[i][0];
      }
    }
    return -1;
  };
  Game.prototype.cardOptions = function (hero, card, index, first, credit, out) {
    var link = this.linkFor(hero, card), rows = link.magic;
    function option(gained, magic, charge) {
      return new Option("play", { card: card, hand: index, magic: magic, charge: charge, gain: gained,
                                  links: link.links, stages: link.stages, link: link });
    }
    if (!rows.length) {
      if (first || link.base.again) out.push(option(link.base, [], -1));
      else if (credit !== -1) out.push(option(link.base, [], credit));
      return;
    }
    var magic = this.partyMagic(hero);
    for (var size = 0; size <= Math.min(rows.length, magic); size++) {
      combinations(rows, size).forEach(function (paid) {
        var g = link.base;
        paid.forEach(function (p) { g = add(g, p[1]); });
        var numbers = paid.map(function (p) { return p[0]; });
        if (first || g.again) out.push(option(g, numbers, -1));
        else if (credit !== -1) out.push(option(g, numbers, credit));
      });
    }
  };

  // ------------------------------------------------------------ playing

  Game.prototype.play = function (hero, option) {
    var card = option.card, self = this;
    if (option.hand >= 0) hero.hand.splice(option.hand, 1);
    else hero.deck.pop();
    if (option.charge >= 0) this.payCredit(option.charge);
    else if (option.charge === -2) this.credit = false;
    if (option.magic.length) this.payFor(hero, "magic", option.magic.length);
    var last = this.last();
    if (last && !last.card.passive && last.tokens) last.tokens = 0;
    var placed = new Placed(card, hero.index, option.links);
    this.seq.push(placed);
    this.passives += card.passive ? 1 : 0;
    option.links.forEach(function (a) { self.linked[a] = (self.linked[a] || 0) + 1; });
    this.cards_this_activation += 1;
    hero.played += 1;
    this.say(hero.name + " plays " + card.label + (option.magic.length ? ", paying " + option.magic.length + " magic" : ""));
    this.resolveCard(hero, placed, option);
  };
  Game.prototype.partyMagic = function (hero) {
    var total = hero.res.magic;
    this.inPlay().forEach(function (h) { if (h !== hero) total += h.res.magic; });
    return total;
  };
  Game.prototype.payFor = function (hero, what, amount) {
    var self = this, own = Math.min(amount, this.valueOf(what, hero));
    this.spend(hero, what, own);
    var left = amount - own;
    while (left > 0) {
      var others = this.inPlay().filter(function (h) { return h !== hero && self.valueOf(what, h) > 0; });
      if (!others.length) return;
      var payer = others[0];
      others.forEach(function (h) {
        var a = self.valueOf(what, h), b = self.valueOf(what, payer);
        if (a > b || (a === b && -h.number > -payer.number)) payer = h;
      });
      var paid = Math.min(left, this.valueOf(what, payer));
      this.say(payer.name + " pays " + paid + " " + what + " for " + hero.name);
      this.spend(payer, what, paid);
      left -= paid;
    }
  };
  Game.prototype.spend = function (hero, what, amount) {
    if (amount <= 0) return;
    if (what === "magic") { hero.res.magic -= amount; hero.spent_magic += amount; }
    else this.change(hero, what, -amount);
  };
  Game.prototype.payCredit = function (seqIndex) {
    var placed = this.seq[seqIndex];
    for (var i = 0; i < placed.card.abilities.length; i++) {
      var ability = placed.card.abilities[i];
      if (ability.trigger === "charge" && connects(ability)) {
        placed.charges -= ability.cost;
        this.say(placed.card.label + " pays " + ability.cost + " charge(s) to play as connected");
        return;
      }
    }
  };
  Game.prototype.resolveCard = function (hero, placed, option) {
    this.applyKeys(hero, option);
    var card = placed.card, self = this;
    card.on_placement.forEach(function (ability) {
      if (ability.trigger === "placement") {
        self.say(card.label + ": " + ability.text);
        self.run(ability.effects, hero, placed);
      } else if (ability.trigger === "delayed") {
        placed.tokens = ability.tokens;
      }
    });
  };
  Game.prototype.useCharge = function (hero, option) {
    var placed = this.seq[option.charge];
    placed.charges -= option.ability.cost;
    this.say(hero.name + " uses " + placed.card.label + ": " + option.ability.text);
    this.run(option.ability.effects, hero, placed);
  };
  Game.prototype.delayed = function (hero) {
    var self = this;
    this.seq.slice().forEach(function (placed) {
      if (!placed.tokens) return;
      placed.tokens -= 1;
      if (placed.tokens === 0) {
        abilitiesOn(placed.card, "delayed").forEach(function (ability) {
          self.say(placed.card.label + " (delayed): " + ability.text);
          self.run(ability.effects, hero, placed);
        });
      }
    });
  };
  Game.prototype.playingStep = function (hero) {
    for (;;) {
      var options = this.options(hero);
      var choice = options.length > 1 ? this.policy.choose(this, hero, options) : options[0];
      if (choice.kind === "stop") return;
      if (choice.kind === "escape") { this.escape(hero); return; }
      if (choice.kind === "charge") this.useCharge(hero, choice);
      else if (choice.kind === "flip") this.useFlip(hero, choice);
      else this.play(hero, choice);
    }
  };
  Game.prototype.offerEscape = function (hero, moment) {
    if (hero.out === null && this.policy.escapeNow(this, hero, moment)) {
      this.escape(hero);
      throw new HeroOut();
    }
  };

  // ------------------------------------------------------------ hands and decks

  Game.prototype.deal = function () {
    var size = (this.heroes.length >= 4 ? 2 : 3) + this.extraStartCards(), self = this;
    this.heroes.forEach(function (hero) {
      self.draw(hero, size);
      while (hero.hand.length > 1 && self.policy.mulligan(self, hero)) {
        var count = hero.hand.length - 1;
        hero.discard.push.apply(hero.discard, hero.hand);
        hero.hand = [];
        self.say(hero.name + " redraws " + count);
        self.draw(hero, count);
      }
    });
    this.heroes.forEach(function (hero) {
      hero.afflictions.slice().forEach(function (card) {
        if (card.encounter.length && hero.out === null) {
          self.say(hero.name + ", " + card.name + ": " + describe(card.encounter));
          self.run(card.encounter, hero);
        }
      });
      if (hero.out === null && (hero.skills.length || hero.items.length)) self.powers(hero, "start");
    });
  };
  Game.prototype.extraStartCards = function () { return 0; };
  Game.prototype.draw = function (hero, count) {
    if (count <= 0 || hero.out !== null) return;
    if (hero.deck.length < count) {
      this.say(hero.name + " has no cards left to draw");
      this.noCards(hero);
      return;
    }
    for (var i = 0; i < count; i++) hero.hand.push(hero.deck.pop());
  };
  Game.prototype.discardHand = function (hero, count) {
    var fromHand = Math.min(count, hero.hand.length);
    if (fromHand) {
      var picked = this.policy.discard(this, hero, fromHand).filter(function (v, i, all) { return all.indexOf(v) === i; });
      picked.sort(function (a, b) { return b - a; });
      picked.slice(0, fromHand).forEach(function (index) { hero.discard.push(hero.hand.splice(index, 1)[0]); });
    }
    this.discardDeck(hero, count - fromHand);
  };
  Game.prototype.discardDeck = function (hero, count) {
    for (var i = 0, n = Math.min(count, hero.deck.length); i < n; i++) hero.discard.push(hero.deck.pop());
  };
  Game.prototype.endTurnHands = function (extra) {
    var self = this;
    this.inPlay().forEach(function (hero) { if (hero.hand.length > 3) self.discardHand(hero, hero.hand.length - 3); });
    this.inPlay().forEach(function (hero) {
      self.draw(hero, (hero.panicking() ? 0 : 1) + extra);
      hero.activated = false;
    });
  };

  // ------------------------------------------------------------ effects

  Game.prototype.run = function (effects, hero, source) {
    for (var i = 0; i < effects.length; i++) {
      var effect = effects[i];
      if (hero.out !== null && ["gain", "lose", "pay"].indexOf(effect.verb) < 0) continue;
      if (effect.cond && !this.holds(effect.cond, hero, source)) continue;
      var amount = effect.amount;
      if (effect.per != null) amount *= this.linked[effect.per] || 0;
      VERBS[effect.verb](this, effect, amount, hero, source || null);
    }
  };
  Game.prototype.holds = function (cond, hero, source) {
    var result;
    if (cond.kind === "panic") result = hero.panicking();
    else if (cond.kind === "item") result = hero.hasItem(cond.name);
    else if (cond.kind === "affinity") result = this.affinityColour() === cond.name;
    else result = compare(this.valueOf(cond.name, hero, source), cond.op, cond.value);
    return result !== !!cond.negate;
  };
  Game.prototype.affinityColour = function () { return ""; };
  Game.prototype.valueOf = function (name, hero, source) {
    if (name === "health" || name === "energy" || name === "terror") return hero[name];
    if (has(hero.res, name)) return hero.res[name];
    if (name === "cards") return hero.hand.length;
    if (name === "charges") return source ? source.charges : 0;
    if (ATTRIBUTES.indexOf(name) >= 0) return hero.level(name);
    throw new Error("the " + this.kind + " engine cannot read `" + name + "` in a condition");
  };
  Game.prototype.loseHealth = function (hero, amount) {
    if (amount <= 0) return;
    amount = Math.min(amount, hero.health);
    hero.health -= amount;
    hero.lost_health += amount;
    this.say(hero.name + " loses " + amount + " health (" + hero.health + " left)");
    if (hero.energy > hero.health) hero.energy = hero.health;
    this.afterHealthLoss();
    if (hero.health <= 0 && hero.out === null) {
      this.attach(hero, "dying");
      this.remove(hero, "dying");
    }
  };
  Game.prototype.attach = function (hero, attach) {
    if (!Object.keys(this.cards).length || hero.attached(attach)) return;
    var card = afflictionFor(this.cards, attach, this.players);
    if (!card) return;
    hero.afflictions.push(card);
    this.say(hero.name + ": " + card.name + " is attached");
    hero.capItems();
    if (card.attached.length) this.settle(card.attached, hero);
  };
  Game.prototype.detach = function () {
    var self = this;
    this.heroes.forEach(function (hero) {
      hero.afflictions.slice().forEach(function (card) {
        if (card.remove.length && card.remove.every(function (c) { return self.holds(c, hero); })) {
          hero.afflictions.splice(hero.afflictions.indexOf(card), 1);
          self.say(hero.name + ": " + card.name + " comes off");
        }
      });
    });
  };
  Game.prototype.afterHealthLoss = function () {};
  Game.prototype.change = function (hero, what, amount) {
    var ch = hero.character;
    if (what === "health") {
      if (amount < 0) this.loseHealth(hero, -amount);
      else hero.health = Math.min(hero.health + amount, ch.health.length);
    } else if (what === "terror") {
      var before = hero.terror;
      hero.terror = Math.max(0, Math.min(hero.terror + amount, ch.terror.length));
      hero.gained_terror += Math.max(0, hero.terror - before);
      if (amount > 0) {
        this.say(hero.name + " gains " + (hero.terror - before) + " terror (" + hero.terror + ")");
        if (Object.keys(this.cards).length && hero.terror > ch.terror.length - ch.terror.red) this.attach(hero, "insane");
      }
    } else if (what === "energy") {
      hero.energy = Math.max(0, Math.min(hero.energy + amount, ch.energy.length, hero.health));
    } else {
      if (!has(hero.res, what)) throw new Error("unknown resource " + what);
      hero.res[what] = Math.max(0, hero.res[what] + amount);
    }
  };
  Game.prototype.markers = function () {};
  Game.prototype.moveAffinity = function () {};
  Game.prototype.opportunity = function () {};
  Game.prototype.settle = function (effects, hero) {
    try { this.run(effects, hero); } catch (err) { if (!(err instanceof EncounterOver || err instanceof HeroOut)) throw err; }
  };
  Game.prototype.outcome = function (outcome) {
    if (Object.keys(this.cards).length) this.detach();
    return new Outcome(this, outcome);
  };
  // The encounter's turns, shared by both kinds: activate the heroes waiting, in the
  // order the policy picks, then the end of the turn.
  Game.prototype.activations = function () {
    for (;;) {
      var waiting = this.inPlay().filter(function (h) { return !h.activated; });
      if (!waiting.length) return;
      this.activate(waiting.length === 1 ? waiting[0] : this.policy.pickActive(this, waiting));
    }
  };

  function describe(effects) { return effects.map(function (e) { return e.text; }).join("; ") || "nothing"; }
  function compare(left, op, right) {
    switch (op) {
      case ">=": return left >= right;
      case ">": return left > right;
      case "<=": return left <= right;
      case "<": return left < right;
      case "==": return left === right;
      default: return left !== right;
    }
  }

  // ---------------------------------------------------------------- the effect verbs

  function gainVerb(game, e, n, hero) {
    if (e.what === "marker") game.markers(hero, n); else game.change(hero, e.what, n);
  }
  function lose(game, e, n, hero) {
    if (e.what === "marker") game.markers(hero, -n); else game.change(hero, e.what, -n);
  }
  function damage(game, e, n, hero) {
    var prevent = game.prevent;
    if (prevent && prevent.damage) {
      var stopped = Math.min(n, prevent.damage);
      prevent.damage -= stopped;
      n -= stopped;
      if (stopped) game.say(stopped + " damage prevented");
    }
    game.loseHealth(hero, n);
  }
  function terror(game, e, n, hero) {
    var prevent = game.prevent;
    if (prevent && prevent.terror) {
      var stopped = Math.min(n, prevent.terror);
      prevent.terror -= stopped;
      n -= stopped;
    }
    game.change(hero, "terror", n);
  }
  function move(game, e, n) {
    var prevent = game.prevent;
    if (n < 0 && prevent && prevent.affinity) {
      var stopped = Math.min(-n, prevent.affinity);
      prevent.affinity -= stopped;
      n += stopped;
    }
    game.moveAffinity(n);
  }
  function charge(game, e, n, hero, source) {
    if (!source) return;
    source.charges += n;
    if (game.charged.indexOf(source) < 0) game.charged.push(source);
    game.say(source.card.label + " gains " + n + " charge(s)");
  }
  function item(game, e, n, hero) {
    if (e.verb === "lose_item") {
      for (var i = 0; i < hero.items.length; i++) {
        var it = hero.items[i];
        if (e.what === it.name || it.keywords.indexOf(e.what) >= 0) {
          hero.items.splice(i, 1);
          game.say(hero.name + " loses " + it.name);
          break;
        }
      }
    } else {
      game.story.push([hero.name, e]);
    }
  }
  var VERBS = {
    gain: function (game, e, n, hero, source) { if (e.what === "terror") terror(game, e, n, hero); else gainVerb(game, e, n, hero, source); },
    lose: lose, pay: lose, damage: damage,
    draw: function (game, e, n, hero) { game.draw(hero, n); },
    discard: function (game, e, n, hero) { game.discardHand(hero, n); },
    discard_deck: function (game, e, n, hero) { game.discardDeck(hero, n); },
    destroy_last: function (game) { game.destroyLast(); },
    move: move, charge: charge,
    prevent: function (game, e, n) { if (game.prevent) game.prevent[e.what] = (game.prevent[e.what] || 0) + n; },
    play_connected: function (game) { game.credit = true; },
    run_away: function (game) { game.say(game.encounter.name + " runs away"); throw new EncounterOver("run-away"); },
    opportunity: function (game, e, n, hero) { game.opportunity(hero); },
    lose_item: item, gain_item: item,
    gain_secret: function (game, e, n, hero) { game.story.push([hero.name, e]); },
    lose_secret: function (game, e, n, hero) { game.story.push([hero.name, e]); },
    nothing: function () {}
  };

  F.MAX_TURNS = MAX_TURNS; F.ESCAPE_COST = ESCAPE_COST; F.ITEM_LIMITED = ITEM_LIMITED;
  F.gain = gain; F.add = add; F.compileIcons = compileIcons; F.readyCard = readyCard; F.abilitiesOn = abilitiesOn;
  F.rowAt = rowAt; F.afflictionFor = afflictionFor; F.Hero = Hero; F.Game = Game; F.Option = Option; F.STOP = STOP; F.ESCAPE = ESCAPE;
  F.EncounterOver = EncounterOver; F.HeroOut = HeroOut; F.linkCard = linkCard; F.describe = describe; F.has = has;
})(typeof window !== "undefined" ? window : globalThis);
