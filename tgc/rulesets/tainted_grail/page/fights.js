// Tainted Grail in the web player, fights as `tgc play --fights MODE` plays them:
// engines/ruleset.py (the fight an encounter op starts: the encounter named or drawn from
// its deck, the party's members with their decks, items and skills, the fight's seed
// drawn from the story's one generator; the outcome written back to the state) and
// engines/table.py (`hand`: the reader plays every card, each answer replaying the fight
// from its seed up to the next question, with the same prompts, options and rows;
// `auto` or a policy's name: the policy plays it and its log is shown), ported line for
// line. It registers with the story player (TgcPlayer.fightMakers) and adds its modes to
// the page's Fights box; a fight played by hand waits in the story's `waiting`, so Undo
// and autosave keep it as they keep the rest of the story.
(function (root) {
  "use strict";
  var P = root.TgcPlayer, F = root.TgcFights;
  var MODES = ["hand", "auto", "random", "greedy", "planner"];  // table.py's FIGHT_MODES beside "ask"
  var AUTO_POLICY = "greedy", TRACKS = ["health", "energy", "terror"];
  var has = F.has;

  // ---------------------------------------------------------------- the rule data

  // The bundle's typed records, indexed as records.py's Rules and readied once.
  function Rules(bundle) {
    var data = bundle.rules || {}, self = this;
    this.characters = {};
    (data.characters || []).forEach(function (c) { self.characters[c.name.toLowerCase()] = c; });
    this.cards = { combat: {}, diplomacy: {} };
    (data.cards || []).forEach(function (card) { self.cards[card.kind][card.number] = F.readyCard(card); });
    this.encounters = {};
    (data.encounters || []).forEach(function (e) { if (e.kind !== "story") self.encounters[e.name] = e; });
    this.afflictions = {};
    (data.afflictions || []).forEach(function (a) { self.afflictions[a.name] = a; });
    this.items = {};
    (data.items || []).forEach(function (item) { self.items[item.name] = item.abilities; });
    this.skills = {};
    (data.skills || []).forEach(function (s) { self.skills[s.name] = s; });
    this.keywords = {};
    bundle.items.forEach(function (item) { self.keywords[item.name] = item.keywords; });
  }
  Rules.prototype.inDeck = function (deck, level) {
    var self = this;
    return Object.keys(this.encounters).sort(byCodePoint).map(function (n) { return self.encounters[n]; })
      .filter(function (e) { return e.deck === deck && (level == null || e.level === level); });
  };
  function byCodePoint(a, b) { return a < b ? -1 : a > b ? 1 : 0; }

  // ---------------------------------------------------------------- ruleset.py

  // `asks`: the reader names every outcome (`ask`, or no encounter has rule data); the
  // engine then only follows each story effect with the campaign's cards (settle).
  function Engine(bundle, words, mode) {
    this.bundle = bundle;
    this.rules = new Rules(bundle);
    this.words = words;
    this.hand = mode === "hand";
    this.asks = mode === "ask" || !Object.keys(this.rules.encounters).length;
    this.policy = MODES.indexOf(mode) > 1 ? mode : AUTO_POLICY;
  }
  // The story's Settling seam (engines/ruleset.py's settle, afflictions.js).
  Engine.prototype.settle = function (state) {
    if (!this.rules.outside) this.rules.outside = new P.taintedGrailOutside.Rules(this.bundle, this.words);
    return F.settle(this.rules, state);
  };
  // The encounter op's fight: null when the reader settles it (no rule data, nobody with
  // the cards to play it); {fight} to play by hand; {outcome} when a policy played it.
  Engine.prototype.encounter = function (story, op, outcomes) {
    if (this.asks) return null;
    var fight = this.prepare(op, story.state, story.rng);
    if (!fight) return null;
    story.emit({ kind: "effect", op: op, text: describeEncounter(op) });
    if (this.hand) {
      var played = this.replay(fight, []);
      logLines(story, played.game.log);
      if (played.question) return { fight: { data: fight, answers: [], log: played.game.log.length, question: played.question } };
      return { outcome: this.end(story, op, outcomes, played.outcome) };
    }
    var outcome = this.game(fight, new F.POLICIES[this.policy]()).playOut();
    logLines(story, outcome.log);
    return { outcome: this.end(story, op, outcomes, outcome) };
  };
  // The fight's outcome written back; the lines tgc play shows of it; the arm it follows.
  Engine.prototype.end = function (story, op, outcomes, outcome) {
    var before = JSON.parse(JSON.stringify(story.state));
    var arm = this.conclude(outcome, outcomes, story.state, story.rng);
    changeLines(before, story.state).forEach(function (text) { story.emit({ kind: "fight", text: text }); });
    story.emit({ kind: "effect", op: op, text: describeEncounter(op) + ": " + arm });
    return arm;
  };
  Engine.prototype.prepare = function (op, state, rng) {
    var chosen = this.pick(op, rng), self = this;
    if (!chosen) return null;
    var members = P.active(state).filter(function (c) { return self.declared(c) !== null; });
    var deck = chosen.kind === "combat" ? "combat" : "diplomacy";
    if (!members.length || !members.every(function (c) { return self.deck(c, deck).length; })) return null;
    return { encounter: chosen.name, members: JSON.parse(JSON.stringify(members)),
             seed: rng.random().randrange(1 << 30), players: state.players != null ? state.players : state.party.length };
  };
  Engine.prototype.pick = function (op, rng) {
    if (op.name != null) return has(this.rules.encounters, op.name) ? this.rules.encounters[op.name] : null;
    if (op.deck == null) return null;
    var deck = this.rules.inDeck(op.deck, op.level);
    return deck.length ? rng.pick(deck) : null;
  };
  Engine.prototype.declared = function (character) {
    var name = character.name.toLowerCase();
    return has(this.rules.characters, name) ? this.rules.characters[name] : null;
  };
  // The member's deck of `kind` as advanced (advancement.py's deck), else the starter deck.
  Engine.prototype.deck = function (character, kind) {
    var cards = this.rules.cards[kind], numbers = has(character.piles, kind) ? character.piles[kind]
      : this.declared(character)[kind];
    return numbers.filter(function (n) { return has(cards, n); }).map(function (n) { return cards[n]; });
  };
  Engine.prototype.member = function (character) {
    var rules = this.rules, self = this;
    return {
      character: this.declared(character), attributes: character.attributes, resources: character.resources,
      health: character.tracks.health, energy: character.tracks.energy, terror: character.tracks.terror,
      items: character.items.map(function (name) {
        return { name: name, keywords: has(rules.keywords, name) ? rules.keywords[name] : [],
                 abilities: has(rules.items, name) ? rules.items[name] : [] };
      }),
      combat_deck: this.deck(character, "combat"), diplomacy_deck: this.deck(character, "diplomacy"),
      afflictions: character.piles.afflictions || [],
      skills: (character.piles.skills || []).filter(function (n) { return has(rules.skills, n); })
        .map(function (n) { return self.rules.skills[n]; })
    };
  };
  Engine.prototype.game = function (fight, policy) {
    var encounter = this.rules.encounters[fight.encounter], self = this;
    var members = fight.members.map(function (c) { return self.member(JSON.parse(JSON.stringify(c))); });
    var rng = new root.TgcRandom.Random(fight.seed), Kind = encounter.kind === "combat" ? F.CombatGame : F.DiplomacyGame;
    return new Kind(members, encounter, policy, rng, true, this.rules.afflictions, fight.players);
  };
  Engine.prototype.conclude = function (outcome, outcomes, state, rng) {
    this.apply(outcome, state, rng);
    return outcomes.indexOf(outcome.arm) >= 0 ? outcome.arm : "lose";
  };
  // The fight's costs and gains written back: tracks, resources, items, secrets.
  Engine.prototype.apply = function (outcome, state, rng) {
    var byName = {}, words = this.words, self = this;
    state.party.forEach(function (c) { byName[c.name.toLowerCase()] = c; });
    outcome.heroes.forEach(function (hero) {
      var character = byName[hero.name.toLowerCase()];
      if (!character) return;
      TRACKS.forEach(function (track) { P.setTrack(character, track, hero[track], words); });
      Object.keys(hero.resources).forEach(function (r) { character.resources[r] = hero.resources[r]; });
      character.items = kept(character.items, hero.items);
      var was = character.piles.afflictions || [];
      if (hero.afflictions.join("\u0000") !== was.join("\u0000") || hero.afflictions.length !== was.length) {
        character.piles.afflictions = hero.afflictions.slice();
      }
    });
    outcome.story.forEach(function (pair) {
      var member = byName[pair[0].toLowerCase()] || null, effect = pair[1];
      if (effect.verb === "gain_secret") gainSecret(state, effect.amount, member);
      else if (effect.verb === "lose_secret") loseSecret(state, effect.amount);
      else if (effect.verb === "gain_item") {
        var item = self.itemFor(effect.what, state, rng);
        if (item !== null) (member || P.active(state)[0]).items.push(item);
      }
    });
  };
  Engine.prototype.itemFor = function (what, state, rng) {
    var keywords = this.rules.keywords;
    if (has(keywords, what)) return what;
    var carried = P.items(state), out = state.out_of_deck || [];
    var choices = Object.keys(keywords).filter(function (name) {
      return keywords[name].indexOf(what) >= 0 && carried.indexOf(name) < 0 && out.indexOf(name) < 0;
    }).sort(byCodePoint);
    return choices.length ? rng.pick(choices) : null;
  };
  function holder(state, number) { return state.party.filter(function (c) { return c.secrets.indexOf(number) >= 0; })[0] || null; }
  function gainSecret(state, number, member) {
    if (holder(state, number)) return;
    (member || P.active(state)[0]).secrets.push(number);
  }
  function loseSecret(state, number) {
    var c = holder(state, number);
    if (c) c.secrets.splice(c.secrets.indexOf(number), 1);
  }
  // The member's items that came out of the fight, in the order they were carried.
  function kept(carried, left) {
    var remaining = {};
    left.forEach(function (i) { remaining[i] = (remaining[i] || 0) + 1; });
    return carried.filter(function (item) {
      if (remaining[item] > 0) { remaining[item] -= 1; return true; }
      return false;
    });
  }

  // ---------------------------------------------------------------- a fight played by hand

  // A decision waiting for the reader (table.py's _Asked): the replay stops there.
  function Asked(prompt, options, kinds, hero) { this.prompt = prompt; this.options = options; this.kinds = kinds; this.hero = hero; }

  // table.py's TablePolicy: a HumanPolicy fed with the reader's answers so far.
  function TablePolicy(answers) {
    var self = this;
    F.HumanPolicy.call(this, function (prompt, options) { return self.answer(prompt, options); });
    this.answers = answers; this.used = 0; this.kinds = []; this.hero = null;
  }
  TablePolicy.prototype = Object.create(F.HumanPolicy.prototype);
  TablePolicy.prototype.answer = function (prompt, options) {
    var kinds = this.kinds, hero = this.hero;
    this.kinds = []; this.hero = null;
    if (this.used === this.answers.length) throw new Asked(prompt, options, kinds, hero);
    this.used += 1;
    return this.answers[this.used - 1];
  };
  TablePolicy.prototype.choose = function (game, hero, options) {
    this.kinds = options.map(function (o) { return o.kind; }); this.hero = hero;
    return options[this.ask(hero.name + "'s move", options.map(function (o) { return optionLabel(game, o); }))];
  };
  TablePolicy.prototype.react = function (game, hero, options) {
    this.kinds = options.map(function (o) { return o.kind; }); this.hero = hero;
    return F.HumanPolicy.prototype.react.call(this, game, hero, options);
  };
  TablePolicy.prototype.escapeNow = function (game, hero, moment) {
    this.kinds = ["stop", "escape"]; this.hero = hero;
    var escapes = F.HumanPolicy.prototype.escapeNow.call(this, game, hero, moment);
    this.kinds = []; this.hero = null;
    return escapes;
  };
  TablePolicy.prototype.discard = function (game, hero, n) {
    var picked = [], left = hero.hand.map(function (c, i) { return i; });
    for (var k = 0; k < n; k++) {
      this.hero = hero;
      var index = this.ask(hero.name + " discards (" + (k + 1) + " of " + n + ")",
        left.map(function (i) { return hero.hand[i].label; }));
      picked.push(left.splice(index, 1)[0]);
    }
    return picked;
  };
  TablePolicy.prototype.avoid = function (game) {
    var paying = game.encounter.avoid_costs.map(function (c) { return c[0] + " " + c[1]; }).join(", ");
    return this.ask("Avoid " + game.encounter.name + (paying ? " (" + paying + " each)" : "") + "?", ["face it", "avoid it"]) === 1;
  };

  // The fight replayed from its seed with `answers`: its game, and the next question or the outcome.
  Engine.prototype.replay = function (fight, answers) {
    var game = this.game(fight, new TablePolicy(answers));
    try {
      return { game: game, question: null, outcome: game.playOut() };
    } catch (err) {
      if (!(err instanceof Asked)) throw err;
      return { game: game, outcome: null,
               question: { prompt: err.prompt, options: err.options, kinds: err.kinds, rows: position(game, err.hero) } };
    }
  };

  // The reader's answer (option `index`, 0-based) in the fight the story waits on: the
  // fight goes on to its next question, or ends and the story follows its outcome's arm.
  P.Story.prototype.playFight = function (index) {
    var w = this.waiting;
    if (!w || w.kind !== "encounter" || !w.fight) throw new Error("no fight waits for an answer");
    // (a fight reloaded from autosave goes on by hand whatever the Fights box says now)
    var engine = this.handEngine = this.handEngine || new Engine(this.book.bundle, this.book.words, "hand");
    var fight = w.fight;
    if (!(index >= 0 && index < fight.question.options.length)) {
      throw new Error("there is no option " + (index + 1) + " (" + expected(fight.question) + ")");
    }
    var answers = fight.answers.concat([index]), played = engine.replay(fight.data, answers);
    logLines(this, played.game.log.slice(fight.log));
    if (played.question) {
      fight.answers = answers; fight.log = played.game.log.length; fight.question = played.question;
      return;
    }
    this.expect("encounter");
    this.finishEncounter(w.op, engine.end(this, w.op, w.outcomes, played.outcome));
  };
  // tgc play trades and runs the ruleset's commands only outside a fight.
  var give = P.Story.prototype.give, command = P.Story.prototype.command;
  function fighting(story) { return story.waiting && story.waiting.kind === "encounter" && story.waiting.fight; }
  P.Story.prototype.give = function (text) {
    if (fighting(this)) throw new Error("items are traded outside encounters: finish the fight first");
    return give.call(this, text);
  };
  P.Story.prototype.command = function (text) {
    if (fighting(this)) {
      var name = (P.shellWords(text)[0] || "").toLowerCase();
      throw new Error("finish the fight first: :" + name + " waits until it is over");
    }
    return command.call(this, text);
  };

  // ---------------------------------------------------------------- what the reader sees

  function describeEncounter(op) {
    if (op.name != null) return 'encounter "' + op.name + '"';
    if (op.level != null) return "encounter " + op.deck + " level " + op.level;
    return "encounter " + op.deck;
  }
  function logLines(story, log) { log.forEach(function (text) { story.emit({ kind: "fight", text: "| " + text }); }); }
  function effectsText(effects) { return effects.map(function (e) { return e.text; }).join("; ") || "nothing"; }

  function optionLabel(game, option) {
    if (option.kind === "stop") return "pass";
    if (option.kind !== "play" || !option.card) return String(option);
    var gives = gainText(game, option) || "no connected key";
    var abilities = option.card.on_placement.filter(function (a) { return a.text; }).map(function (a) { return "; " + a.text; });
    return String(option) + ": " + gives + abilities.join("");
  }
  function gainText(game, option) {
    var g = option.gain, parts = [];
    if (game.kind === "combat" && g.markers) parts.push(g.markers + " marker" + (g.markers !== 1 ? "s" : ""));
    if (game.kind === "diplomacy") {
      if (g.up - g.down) parts.push("affinity " + (g.up - g.down > 0 ? "+" : "") + (g.up - g.down));
      option.stages.forEach(function (pair) {
        var rules = game.stage().rules;
        parts.push("stage bonus" + (pair[1] > 1 ? " x" + pair[1] : "") + " (" + pair[0] + ": " +
          effectsText(has(rules, pair[0]) ? rules[pair[0]] : []) + ")");
      });
    }
    if (g.draws) parts.push("draw " + g.draws);
    if (g.discards) parts.push("destroys the last card");
    if (g.again) parts.push("play again");
    return parts.join(", ");
  }
  // The table as rows: the enemy and the pool (or the affinity), what it does now, each
  // member still in, the hand of the member asked, and the card to connect to.
  function position(game, hero) {
    var rows = [], enc = game.encounter;
    if (game.kind === "combat") {
      rows.push([enc.name, "pool " + game.pool + " of " + enc.value + (enc.traits.length ? " (" + enc.traits.slice().sort(byCodePoint).join(", ") + ")" : "")]);
      rows.push(["its attack", effectsText(F.rowAt(enc.attack, game.pool))]);
    } else {
      rows.push([enc.name, "stage " + game.stage().number + " of " + game.stages.length + ", affinity " + game.slot + " of " +
        game.top() + " (" + game.affinityColour() + ")"]);
      rows.push(["its response", effectsText(F.rowAt(game.stage().responses, game.slot))]);
    }
    game.inPlay().forEach(function (m) {
      rows.push([m.name, "health " + m.health + ", energy " + m.energy + ", terror " + m.terror + ", magic " + m.res.magic +
        (m.panicking() ? ", panicking" : "")]);
    });
    if (hero) {
      rows.push([game.heroes.length > 1 ? hero.name + "'s hand" : "hand",
        hero.hand.map(function (c) { return c.label; }).join(", ") || "empty"]);
    }
    var last = game.lastCard(), right = last ? last.right : game.enc_right;
    var keys = right.map(function (k) { return k == null ? "-" : k.attribute == null ? "magic" : k.attribute + " " + k.level; });
    rows.push(["connect to", (last ? last.label : "the encounter") + ": " + (keys.join(", ") || "no keys")]);
    return rows;
  }
  // What a question takes: `1-4, play N, pass or escape`.
  function expected(question) {
    var n = question.options.length, words = [n === 1 ? "1" : "1-" + n];
    if (question.kinds.indexOf("play") >= 0) words.push("play N");
    if (question.kinds.indexOf("stop") >= 0) words.push("pass");
    if (question.kinds.indexOf("escape") >= 0) words.push("escape");
    return words.length > 1 ? words.slice(0, -1).join(", ") + " or " + words[words.length - 1] : words[0];
  }
  // The question's lines as tgc play prints them (table.py's question_lines): the rows,
  // then the prompt; its options are the answer buttons.
  function questionLines(question) {
    return question.rows.map(function (r) { return r[0] + ": " + r[1]; })
      .concat(["? " + question.prompt + " (" + expected(question) + ")"]);
  }
  // What a fight wrote back to the state (table.py's change_lines).
  function changeLines(before, after) {
    var out = [], old = {};
    before.party.forEach(function (c) { old[c.name] = c; });
    after.party.forEach(function (member) {
      var was = old[member.name];
      if (!was) return;
      var changed = [];
      ["tracks", "resources"].forEach(function (part) {
        Object.keys(was[part]).forEach(function (k) {
          if (member[part][k] !== was[part][k]) changed.push(k + " " + was[part][k] + "->" + member[part][k]);
        });
      });
      if (changed.length) out.push("~ " + member.name + ": " + changed.join(", "));
    });
    var had = P.items(before), now = P.items(after);
    var moved = now.filter(function (i) { return had.indexOf(i) < 0; }).map(function (i) { return "+" + i; })
      .concat(had.filter(function (i) { return now.indexOf(i) < 0; }).map(function (i) { return "-" + i; }));
    if (moved.length) out.push("~ items: " + moved.join(", "));
    var held = P.secrets(before), secrets = P.secrets(after).filter(function (n) { return held.indexOf(n) < 0; });
    if (secrets.length) out.push("~ secrets: " + secrets.join(", "));
    return out;
  }

  // table.py's table_ruleset: none for a campaign with neither encounter rule data nor
  // Dying and Insane cards (the reader settles every encounter, nothing follows an effect).
  P.fightMakers.push(function (bundle, words, mode) {
    if (!bundle.rules || bundle.rules.ruleset !== "tainted-grail" || (mode !== "ask" && MODES.indexOf(mode) < 0)) return null;
    var engine = new Engine(bundle, words, mode);
    return engine.asks && !Object.keys(engine.rules.afflictions).length ? null : engine;
  });
  F.Engine = Engine;
  F.questionLines = questionLines;
  F.expected = expected;

  // ---------------------------------------------------------------- the page

  if (typeof document === "undefined") return;
  var bundle = JSON.parse(document.getElementById("tgc-bundle").textContent);
  if (!bundle.rules || bundle.rules.ruleset !== "tainted-grail") return;
  var select = document.getElementById("fights");
  MODES.forEach(function (mode) { select.appendChild(new Option(mode, mode)); });
  // The question is logged once when it is asked (answers() runs again on other changes:
  // `shown` is its last line), and again after Undo, as tgc play prints it again.
  var shown = null, undone = false;
  document.getElementById("undo").addEventListener("click", function () { shown = null; undone = true; });
  root.TgcPlayerPage.encounter.push(function (w, box) {
    if (!w.fight) return;
    var log = document.getElementById("log"), page = root.TgcPlayerPage;
    box.replaceChildren();
    if (!shown || log.lastChild !== shown) {
      questionLines(w.fight.question).forEach(function (text) {
        var p = document.createElement("p");
        p.className = "fight";
        p.textContent = text;
        if (undone) p.dataset.again = "undo";
        log.appendChild(p);
        shown = p;
      });
      undone = false;
      shown.scrollIntoView({ block: "nearest" });
    }
    w.fight.question.options.forEach(function (text, i) {
      var b = document.createElement("button");
      b.type = "button";
      b.textContent = (i + 1) + ". " + text;
      b.dataset.kind = w.fight.question.kinds[i] || "";
      b.addEventListener("click", function () { page.step(function () { page.story().playFight(i); }); });
      box.appendChild(b);
    });
  });
})(typeof window !== "undefined" ? window : globalThis);
