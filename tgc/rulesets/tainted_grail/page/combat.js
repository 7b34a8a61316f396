// Tainted Grail in the web player, the combat engine: engines/combat.py ported line for
// line (the rulebook's Combat Turn step by step; the traits; escaping; loot shared by the
// policy). A party, a combat encounter's record, a policy and the fight's own generator
// in; an Outcome out, with the log tgc play prints.
(function (root) {
  "use strict";
  var F = root.TgcFights;
  var LIMITED = F.ITEM_LIMITED;

  function CombatGame(members, encounter, policy, rng, log, afflictions, players) {
    this.kind = "combat";
    this.init(members, encounter, policy, rng, log, afflictions, players);
    this.pool = 0;
    this.traits = encounter.traits;
    this.defensive_debt = 0;
  }
  CombatGame.prototype = Object.create(F.Game.prototype);
  CombatGame.prototype.deckOf = function (member) { return (member.combat_deck || []).slice(); };
  CombatGame.prototype.trait = function (name) { return this.traits.indexOf(name) >= 0; };

  CombatGame.prototype.playOut = function () {
    try {
      this.say("Combat against " + this.encounter.name + " (value " + this.encounter.value + ")");
      var self = this;
      this.heroes.forEach(function (hero) { self.equip(hero); });
      this.deal();
      while (this.turn < F.MAX_TURNS) {
        this.turn += 1;
        this.say("-- turn " + this.turn + ", pool " + this.pool);
        this.activations();
        this.endTurn();
      }
      return this.finish("escape");
    } catch (err) {
      if (err instanceof F.EncounterOver) return this.finish(err.outcome);
      throw err;
    }
  };
  CombatGame.prototype.activate = function (hero) {
    hero.activated = true;
    this.active = hero;
    this.cards_this_activation = 0;
    this.credit = false;
    try {
      if (this.first_activation) {
        this.first_activation = false;
        if (this.trait("ambush") && hero.hand.length > 1) {
          this.say("Ambush: discard down to 1 card");
          this.discardHand(hero, hero.hand.length - 1);
        }
        if (this.trait("rush")) {
          this.say("Rush: 2 damage");
          this.loseHealth(hero, 2);
        }
      }
      this.offerEscape(hero, "start");
      this.delayed(hero);
      this.playingStep(hero);
      var played = this.cards_this_activation;
      if (played === 0) {
        this.say("no card played: Opportunity attack");
        this.opportunity(hero);
        this.draw(hero, 1);
      } else if (played < 2 && this.trait("opportunist")) {
        this.say("Opportunist: fewer than 2 cards played");
        this.opportunity(hero);
      }
      this.victoryCheck();
      for (var i = 0; i < (this.trait("rage") ? 2 : 1); i++) {
        this.enemyAttack(hero);
        this.victoryCheck();
      }
      this.offerEscape(hero, "attack");
    } catch (err) {
      if (!(err instanceof F.HeroOut)) throw err;
    }
    this.active = null;
  };
  // 001, "Starting Combat": at most one item per limited keyword; the policy picks.
  CombatGame.prototype.equip = function (hero) {
    var owned = hero.items.concat(hero.aside);
    if (!owned.length) return;
    function limited(item) { return item.keywords.filter(function (k) { return LIMITED.indexOf(k) >= 0; }); }
    var used = owned.filter(function (i) { return !limited(i).length; }), taken = [], self = this;
    LIMITED.forEach(function (keyword) {
      var candidates = owned.filter(function (i) {
        return i.keywords.indexOf(keyword) >= 0 && used.indexOf(i) < 0 &&
          !i.keywords.some(function (k) { return taken.indexOf(k) >= 0; });
      });
      if (taken.indexOf(keyword) >= 0 || !candidates.length) return;
      var index = self.policy.equip(self, hero, keyword, candidates);
      if (index >= 0) {
        used.push(candidates[index]);
        limited(candidates[index]).forEach(function (k) { if (taken.indexOf(k) < 0) taken.push(k); });
      } else {
        taken.push(keyword);
      }
    });
    hero.items = used;
    hero.aside = owned.filter(function (i) { return used.indexOf(i) < 0; });
    hero.capItems();
  };
  CombatGame.prototype.mayPlayMore = function () { return !(this.trait("fast") && this.cards_this_activation >= 2); };
  CombatGame.prototype.resolveCard = function (hero, placed, option) {
    this.defensive_debt = this.trait("defensive") && this.cards_this_activation === 1 ? 1 : 0;
    F.Game.prototype.resolveCard.call(this, hero, placed, option);
    this.defensive_debt = 0;
  };
  CombatGame.prototype.applyKeys = function (hero, option) {
    var g = option.gain;
    if (g.markers) this.markers(hero, g.markers);
    if (g.draws) this.draw(hero, g.draws);
    for (var i = 0; i < g.discards; i++) this.destroyLast();
  };
  CombatGame.prototype.markers = function (hero, amount) {
    if (amount === 0) return;
    if (amount > 0) {
      if (this.defensive_debt) {
        var taken = Math.min(amount, this.defensive_debt);
        this.defensive_debt -= taken;
        amount -= taken;
        this.say("Defensive: one marker less");
      }
      this.pool += amount;
      this.say("+" + amount + " marker(s): pool " + this.pool);
      return;
    }
    var loss = -amount, covered = Math.min(loss, this.pool);
    this.pool -= covered;
    this.say("-" + covered + " marker(s): pool " + this.pool);
    if (loss > covered) {
      this.say((loss - covered) + " marker(s) missing: discard instead");
      this.discardHand(hero, loss - covered);
    }
  };
  CombatGame.prototype.valueOf = function (name, hero, source) {
    return name === "pool" ? this.pool : F.Game.prototype.valueOf.call(this, name, hero, source);
  };
  CombatGame.prototype.victoryCheck = function () {
    if (this.pool >= this.encounter.value) {
      this.say("pool " + this.pool + " reaches " + this.encounter.value + ": victory");
      throw new F.EncounterOver("win");
    }
  };
  CombatGame.prototype.enemyAttack = function (hero) {
    var effects = F.rowAt(this.encounter.attack, this.pool);
    this.say("enemy attack at pool " + this.pool + ": " + (effects.map(function (e) { return e.text; }).join("; ") || "nothing"));
    this.suffer(hero, effects, this.trait("feint") ? ["damage"] : []);
    if (this.trait("horde")) {
      this.say("Horde: discard 2 cards from the top of the deck");
      this.discardDeck(hero, 2);
    }
  };
  CombatGame.prototype.opportunity = function (hero) {
    var saved = this.prevent;
    this.prevent = null;
    try { this.run(this.encounter.opportunity, hero); } finally { this.prevent = saved; }
  };
  CombatGame.prototype.endTurn = function () { this.endTurnHands(this.trait("slow") ? 1 : 0); };
  CombatGame.prototype.extraStartCards = function () { return this.trait("slow") ? 1 : 0; };

  // Lose 1 Energy, suffer the Opportunity attack, leave the fight.
  CombatGame.prototype.escape = function (hero) {
    if (hero.out !== null) return;
    this.say(hero.name + " escapes");
    this.payFor(hero, F.ESCAPE_COST[0], F.ESCAPE_COST[1]);
    this.opportunity(hero);
    if (hero.out === null) this.remove(hero, "escaped");
  };
  CombatGame.prototype.noCards = function (hero) { this.escape(hero); };
  CombatGame.prototype.remove = function (hero, why) {
    hero.out = why;
    this.say(hero.name + " leaves the combat (" + why + ")");
    if (!this.inPlay().length) {
      throw new F.EncounterOver(this.heroes.every(function (h) { return h.out === "dying"; }) ? "dying" : "escape");
    }
    if (hero === this.active) throw new F.HeroOut();
  };
  CombatGame.prototype.afterHealthLoss = function () {
    if (this.trait("robber") && this.heroes.every(function (h) { return h.health <= 1; })) {
      this.heroes.forEach(function (hero) { hero.res.wealth = 0; hero.items = []; hero.aside = []; });
      this.say("Robber: the party is robbed of wealth and items");
      throw new F.EncounterOver("robbed");
    }
  };
  CombatGame.prototype.finish = function (outcome) {
    var self = this;
    if (this.trait("shatter")) {
      this.heroes.forEach(function (hero) {
        hero.items = hero.items.filter(function (i) { return i.keywords.indexOf("weapon") < 0; });
      });
    }
    if (outcome === "win") {
      this.heroes.forEach(function (hero) { if (hero.out === null) self.settle(self.encounter.reward, hero); });
      var takers = this.heroes.filter(function (h) { return h.out === null; });
      (takers.length ? this.encounter.loot : []).forEach(function (effect) {
        var taker = takers[0];
        if (takers.length > 1) {
          taker = self.policy.share(self, effect, takers);
          self.say(taker.name + " takes the loot: " + effect.text);
        }
        self.settle([effect], taker);
      });
    }
    var result = this.outcome(outcome);
    result.guardian_roams = this.trait("guardian") && outcome !== "win";
    return result;
  };

  F.CombatGame = CombatGame;
})(typeof window !== "undefined" ? window : globalThis);
