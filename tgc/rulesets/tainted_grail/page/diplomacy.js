// Tainted Grail in the web player, the diplomacy engine: engines/diplomacy.py ported line
// for line (avoiding, the approaches, the Affinity track numbered from 1, stage bonuses,
// the opponent's response, key by key in the rulebook's order). A party, a diplomacy
// encounter's record, a policy and the fight's own generator in; an Outcome out.
(function (root) {
  "use strict";
  var F = root.TgcFights;
  var SHAREABLE = ["magic", "energy"];

  function DiplomacyGame(members, encounter, policy, rng, log, afflictions, players) {
    this.kind = "diplomacy";
    this.init(members, encounter, policy, rng, log, afflictions, players);
    this.slot = encounter.affinity.indexOf("gray") + 1;
    this.stage_index = 0;
    this.stages = encounter.stages;
  }
  DiplomacyGame.prototype = Object.create(F.Game.prototype);
  DiplomacyGame.prototype.deckOf = function (member) { return (member.diplomacy_deck || []).slice(); };
  DiplomacyGame.prototype.stage = function () { return this.stages[this.stage_index]; };
  DiplomacyGame.prototype.top = function () { return this.encounter.affinity.length; };
  DiplomacyGame.prototype.start = function () { return this.encounter.affinity.indexOf("gray") + 1; };
  function approaches(enc) { return enc.second.length ? [enc.stages, enc.second] : [enc.stages]; }

  DiplomacyGame.prototype.playOut = function () {
    var enc = this.encounter, self = this;
    try {
      this.say("Diplomacy with " + enc.name + ": " + enc.stages.length + " stage(s), affinity " + this.slot + "/" +
        this.top() + (enc.second.length ? "; or a second approach of " + enc.second.length + " stage(s)" : ""));
      if (this.mayAvoid() && this.policy.avoid(this)) {
        this.heroes.forEach(function (hero) {
          enc.avoid_costs.forEach(function (cost) {
            if (SHAREABLE.indexOf(cost[1]) >= 0) self.payFor(hero, cost[1], cost[0]);
            else self.change(hero, cost[1], -cost[0]);
          });
        });
        this.say("the party avoids the encounter");
        return this.outcome("avoid");
      }
      if (enc.second.length) {
        var choice = this.policy.approach(this, approaches(enc));
        this.stages = approaches(enc)[choice];
        this.say("the party takes the " + ["first", "second"][choice] + " approach");
      }
      this.deal();
      while (this.turn < F.MAX_TURNS) {
        this.turn += 1;
        this.say("-- turn " + this.turn + ", stage " + this.stage().number + ", affinity " + this.slot);
        this.activations();
        this.endTurnHands(0);
      }
      return this.finish("failure");
    } catch (err) {
      if (err instanceof F.EncounterOver) return this.finish(err.outcome);
      throw err;
    }
  };
  DiplomacyGame.prototype.mayAvoid = function () {
    var enc = this.encounter, self = this;
    if (!enc.can_avoid) return false;
    for (var i = 0; i < enc.avoid_if.length; i++) {
      var cond = enc.avoid_if[i];
      if (!this.heroes.some(function (h) { return self.holds(cond, h); })) return false;
    }
    for (var j = 0; j < enc.avoid_costs.length; j++) {
      var amount = enc.avoid_costs[j][0], what = enc.avoid_costs[j][1];
      if (SHAREABLE.indexOf(what) >= 0) {
        var total = 0;
        this.heroes.forEach(function (h) { total += self.valueOf(what, h); });
        if (total < amount * this.heroes.length) return false;
      } else if (!this.heroes.every(function (h) { return self.valueOf(what, h) >= amount; })) {
        return false;
      }
    }
    return true;
  };
  DiplomacyGame.prototype.activate = function (hero) {
    hero.activated = true;
    this.active = hero;
    this.cards_this_activation = 0;
    this.credit = false;
    try {
      this.offerEscape(hero, "start");
      this.delayed(hero);
      this.playingStep(hero);
      if (this.affinityCheck()) return;
      this.respond(hero);
      this.affinityCheck();
      this.offerEscape(hero, "attack");
    } catch (err) {
      if (!(err instanceof F.HeroOut)) throw err;
    } finally {
      this.active = null;
    }
  };
  DiplomacyGame.prototype.affinityCheck = function () {
    if (this.slot <= 1) {
      this.say("the affinity marker reaches the lowest slot: failure");
      throw new F.EncounterOver("failure");
    }
    if (this.slot >= this.top()) {
      if (this.stage_index + 1 >= this.stages.length) {
        this.say("the affinity marker reaches the top: success");
        throw new F.EncounterOver("win");
      }
      this.stage_index += 1;
      this.slot = this.start();
      this.say("stage won: stage " + this.stage().number + " begins at the gray slot");
      return true;
    }
    return false;
  };
  DiplomacyGame.prototype.respond = function (hero) {
    var effects = F.rowAt(this.stage().responses, this.slot);
    this.say("response at affinity " + this.slot + ": " + (effects.map(function (e) { return e.text; }).join("; ") || "nothing"));
    this.suffer(hero, effects);
  };
  DiplomacyGame.prototype.applyKeys = function (hero, option) {
    var self = this;
    option.keyGains().forEach(function (pair) {
      var attribute = pair[0], g = pair[1];
      if (g.up) self.moveAffinity(g.up);
      if (g.down) self.moveAffinity(-g.down);
      if (attribute !== null && g.stage) {
        var rule = F.has(self.stage().rules, attribute) ? self.stage().rules[attribute] : [];
        for (var i = 0; i < g.stage; i++) self.run(rule, hero);
      }
      if (g.draws) self.draw(hero, g.draws);
      for (var j = 0; j < g.discards; j++) self.destroyLast();
    });
  };
  DiplomacyGame.prototype.moveAffinity = function (amount) {
    this.slot = Math.max(1, Math.min(this.top(), this.slot + amount));
    this.say("affinity " + (amount >= 0 ? "+" : "") + amount + ": " + this.slot);
  };
  DiplomacyGame.prototype.affinityColour = function () { return this.encounter.affinity[this.slot - 1]; };
  DiplomacyGame.prototype.valueOf = function (name, hero, source) {
    return name === "affinity" ? this.slot : F.Game.prototype.valueOf.call(this, name, hero, source);
  };
  DiplomacyGame.prototype.escape = function (hero) {
    this.say(hero.name + " escapes: the party takes the failure penalty");
    throw new F.EncounterOver("escape");
  };
  DiplomacyGame.prototype.noCards = function () { throw new F.EncounterOver("failure"); };
  DiplomacyGame.prototype.remove = function (hero, why) {
    hero.out = why;
    this.say(hero.name + " is dying: the encounter ends");
    throw new F.EncounterOver("dying");
  };
  DiplomacyGame.prototype.finish = function (outcome) {
    var enc = this.encounter, self = this;
    if (outcome === "failure" || outcome === "escape") this.heroes.forEach(function (h) { self.settle(enc.failure, h); });
    else if (outcome === "win") this.heroes.forEach(function (h) { self.settle(enc.reward, h); });
    return this.outcome(outcome);
  };

  F.DiplomacyGame = DiplomacyGame;
  F.approaches = approaches;
})(typeof window !== "undefined" ? window : globalThis);
