// Tainted Grail in the web player, `tgc play`'s `:advance` (000, "Character advancement")
// and `:use` (an Item's or a Skill's action; engines/outside.py's effects outside an
// encounter):
// engines/table_commands.py's AdvanceCommands and engines/advancement.py ported line for
// line, so a party member spends Exp on attributes (their Skills from the 3rd point), the
// Advancement Pools' cards (three off a shuffled pool, keep one) and the deck's cards set
// aside and put back, with the same words and refusals. It registers the command with the
// story player (TgcPlayer.commandMakers, tgc/render/templates/player-edit.js), which runs
// it on a copy of the state with the story's one generator.
(function (root) {
  "use strict";
  var P = root.TgcPlayer;
  var KINDS = ["combat", "diplomacy"];
  var PAIR_COSTS = [2, 4, 6, 8, 10];  // the nth point of an opposed pair; the 5th and later 10
  var CARD_COST = 2, OFFERED = 3, MIN_DECK = 15, SKILL_FROM = 3;
  var HELP = [
    ":advance [MEMBER]  what MEMBER (or each member) may buy with Exp, and at what cost",
    ":advance [MEMBER] ATTRIBUTE [SKILL]   one point (the 3rd and later come with a Skill)",
    ":advance [MEMBER] combat|diplomacy    2 Exp: three cards off the Advancement Pool",
    ":advance [MEMBER] keep CARD           keep one of them (the others go back)",
    ":advance [MEMBER] out CARD | in CARD  take a card out of the deck (15 at least) or back"
  ];

  function fail(message) { throw new P.CommandError(message); }
  function has(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }
  function byCodePoint(a, b) { return a < b ? -1 : a > b ? 1 : 0; }

  // The rule data the command reads (records.py's Rules, from the bundle's typed records).
  function Rules(bundle, words) {
    var data = bundle.rules || {}, self = this;
    this.words = words;
    this.characters = {};
    (data.characters || []).forEach(function (c) { self.characters[c.name.toLowerCase()] = c; });
    this.cards = { combat: {}, diplomacy: {} };
    (data.cards || []).forEach(function (card) { self.cards[card.kind][card.number] = card; });
    this.skills = (data.skills || []).slice();
    this.items = {};
    (data.items || []).forEach(function (item) { self.items[item.name] = item; });
    this.keywords = {};
    bundle.items.forEach(function (item) { self.keywords[item.name] = item.keywords; });
  }

  // ---------------------------------------------------------------- costs

  function opposite(rules, attribute) {
    for (var i = 0; i < rules.words.opposed.length; i++) {
      var pair = rules.words.opposed[i];
      if (pair.indexOf(attribute) >= 0) return attribute === pair[0] ? pair[1] : pair[0];
    }
    fail("'" + attribute + "' is not an attribute (" + rules.words.attributes.join(", ") + ")");
  }
  function attributeCost(rules, member, attribute) {
    var total = (member.attributes[attribute] || 0) + (member.attributes[opposite(rules, attribute)] || 0) + 1;
    return PAIR_COSTS[Math.min(total, PAIR_COSTS.length) - 1];
  }

  // ---------------------------------------------------------------- piles

  function declared(rules, member) {
    var character = has(rules.characters, member.name.toLowerCase()) ? rules.characters[member.name.toLowerCase()] : null;
    if (!character) fail(member.name + " is not a declared @character: nothing to advance");
    return character;
  }
  // The member's pile (the declared character's starting one until it changes).
  function pile(rules, member, name) {
    if (!has(member.piles, name)) {
      var character = declared(rules, member);
      var start = { combat: character.combat, diplomacy: character.diplomacy, combat_pool: character.combat_pool,
                    diplomacy_pool: character.diplomacy_pool }[name] || [];
      member.piles[name] = start.slice();
    }
    return member.piles[name];
  }
  function cardName(rules, number, kind) {
    var card = rules.cards[kind][number];
    return card ? card.name + " (" + card.number + ")" : number;
  }

  // ---------------------------------------------------------------- purchases

  function pay(member, cost, what) {
    var exp = member.resources.exp || 0;
    if (exp < cost) fail(member.name + " has " + exp + " Exp; " + what + " costs " + cost);
    member.resources.exp = exp - cost;
  }
  // Skills of the attribute nobody in the party has taken, on cards nobody has used.
  function availableSkills(rules, attribute, party) {
    var taken = [], used = [];
    party.forEach(function (m) { (m.piles.skills || []).forEach(function (n) { taken.push(n); }); });
    rules.skills.forEach(function (s) { if (taken.indexOf(s.name) >= 0) used.push(s.card); });
    return rules.skills.filter(function (s) {
      return s.attribute === attribute && taken.indexOf(s.name) < 0 && used.indexOf(s.card) < 0;
    });
  }
  function raiseAttribute(rules, member, attribute, skill, party) {
    declared(rules, member);
    var cost = attributeCost(rules, member, attribute), value = (member.attributes[attribute] || 0) + 1, chosen = null;
    if (value >= SKILL_FROM) {
      var free = availableSkills(rules, attribute, party);
      if (!free.length) {
        fail(attribute + " " + value + " is a Skill card of " + attribute + " (the 3rd and later points are), and " +
          (rules.skills.some(function (s) { return s.attribute === attribute; }) ? "every one the campaign declares is taken"
            : "the campaign declares none (`@skill NUMBER " + attribute + "`)"));
      }
      var wanted = skill === null ? null : skill.toLowerCase();
      chosen = free.filter(function (s) { return s.name.toLowerCase() === wanted; })[0] || null;
      if (!chosen) {
        var names = free.map(function (s) { return '"' + s.name + '"'; }).join(", ");
        var said = skill !== null ? '"' + skill + '" is not free' : "a Skill must be chosen";
        fail(attribute + " " + value + " comes with a Skill card: " + said + " (" + names + ")");
      }
    }
    pay(member, cost, attribute + " " + value);
    member.attributes[attribute] = value;
    if (chosen) {
      pile(rules, member, "skills").push(chosen.name);
      return member.name + ": " + attribute + " " + value + " for " + cost + ' Exp, with the Skill "' + chosen.name + '"';
    }
    return member.name + ": " + attribute + " " + value + " for " + cost + " Exp";
  }
  // Pay 2 Exp and take three cards off the shuffled pool (Python's random.Random(seed).sample).
  function drawCards(rules, member, kind, random) {
    var offer = pile(rules, member, kind + "_offer");
    if (offer.length) fail(member.name + " first keeps one of " + offer.join(", ") + " (keep CARD)");
    var pool = pile(rules, member, kind + "_pool");
    if (!pool.length) fail(member.name + "'s " + kind + " Advancement Pool is empty");
    pay(member, CARD_COST, "a " + kind + " card");
    var drawn = random.sample(pool.slice().sort(byCodePoint), Math.min(OFFERED, pool.length));
    drawn.forEach(function (n) { pool.splice(pool.indexOf(n), 1); offer.push(n); });
    return drawn;
  }
  function keepCard(rules, member, number) {
    for (var i = 0; i < KINDS.length; i++) {
      var kind = KINDS[i], offer = pile(rules, member, kind + "_offer");
      if (offer.indexOf(number) >= 0) {
        offer.splice(offer.indexOf(number), 1);
        pile(rules, member, kind).push(number);
        var pool = pile(rules, member, kind + "_pool");
        offer.forEach(function (n) { pool.push(n); });
        var back = offer.join(", ");
        offer.length = 0;
        return member.name + " keeps " + cardName(rules, number, kind) + (back ? "; " + back + " go back into the pool" : "");
      }
    }
    var offered = [];
    KINDS.forEach(function (kind) { (member.piles[kind + "_offer"] || []).forEach(function (n) { offered.push(n); }); });
    fail(number + " is not offered to " + member.name + (offered.length ? " (offered: " + offered.join(", ") + ")" : ""));
  }
  function setAside(rules, member, number) {
    for (var i = 0; i < KINDS.length; i++) {
      var kind = KINDS[i], cards = pile(rules, member, kind);
      if (cards.indexOf(number) >= 0) {
        if (cards.length <= MIN_DECK) {
          fail(member.name + "'s " + kind + " deck has " + cards.length + " cards: a deck keeps at least " + MIN_DECK);
        }
        cards.splice(cards.indexOf(number), 1);
        pile(rules, member, kind + "_spare").push(number);
        return member.name + " sets " + cardName(rules, number, kind) + " aside (" + cards.length + " in the deck)";
      }
    }
    fail(number + " is not in " + member.name + "'s decks");
  }
  function putBack(rules, member, number) {
    for (var i = 0; i < KINDS.length; i++) {
      var kind = KINDS[i], spare = pile(rules, member, kind + "_spare");
      if (spare.indexOf(number) >= 0) {
        spare.splice(spare.indexOf(number), 1);
        var cards = pile(rules, member, kind);
        cards.push(number);
        return member.name + " puts " + cardName(rules, number, kind) + " back (" + cards.length + " in the deck)";
      }
    }
    fail(number + " is not among " + member.name + "'s cards set aside");
  }

  // ---------------------------------------------------------------- the command

  function summary(rules, member) {
    declared(rules, member);
    var exp = member.resources.exp || 0;
    var costs = rules.words.attributes.map(function (a) {
      return a + " " + (member.attributes[a] || 0) + " (+1: " + attributeCost(rules, member, a) + ")";
    }).join(", ");
    var rows = [member.name + ": " + exp + " Exp; " + costs];
    KINDS.forEach(function (kind) {
      var deck = pile(rules, member, kind), pool = pile(rules, member, kind + "_pool");
      var spare = pile(rules, member, kind + "_spare"), offer = pile(rules, member, kind + "_offer");
      var row = "  " + kind + ": " + deck.length + " in the deck, " + spare.length + " set aside, " + pool.length +
        " in the pool (" + CARD_COST + " Exp for three)";
      if (offer.length) row += "; offered: " + offer.join(", ") + " (keep one)";
      rows.push(row);
    });
    var skills = pile(rules, member, "skills");
    if (skills.length) rows.push("  skills: " + skills.join(", "));
    var attached = member.piles.afflictions;
    if (attached && attached.length) rows.push("  attached: " + attached.join(", "));
    return rows;
  }

  function buy(rules, member, args, state, rng) {
    var word = args[0].toLowerCase(), rest = args.slice(1);
    if (rules.words.attributes.indexOf(word) >= 0) {
      return [raiseAttribute(rules, member, word, rest.length ? rest.join(" ") : null, state.party)];
    }
    if (KINDS.indexOf(word) >= 0) {
      // the pool's shuffle comes from its own generator, seeded from the story's
      var seed = rng.random().randrange(1 << 30);
      var drawn = drawCards(rules, member, word, new root.TgcRandom.Random(seed));
      return [member.name + " pays " + CARD_COST + " Exp and draws " +
                drawn.map(function (n) { return cardName(rules, n, word); }).join(", "),
              "keep one: :advance " + member.name + " keep CARD"];
    }
    if ((word === "keep" || word === "out" || word === "in") && rest.length === 1) {
      var act = { keep: keepCard, out: setAside, "in": putBack }[word];
      return [act(rules, member, rest[0].toUpperCase())];
    }
    fail("cannot advance '" + args.join(" ") + "': write an attribute, combat, diplomacy, keep CARD, out CARD or in CARD (:help)");
  }

  function advance(rules, state, args, rng) {
    var member = null;
    if (args.length) {
      var wanted = args[0].toLowerCase();
      member = state.party.filter(function (c) { return c.name.toLowerCase() === wanted; })[0] || null;
      if (member) args = args.slice(1);
    }
    if (!member && args.length) {
      if (state.party.length !== 1) {
        fail("which member advances? write ':advance MEMBER " + args.join(" ") + "' (" +
          state.party.map(function (c) { return c.name; }).join(", ") + ")");
      }
      member = state.party[0];
    }
    if (!member) {
      var rows = [];
      state.party.forEach(function (m) { summary(rules, m).forEach(function (r) { rows.push(r); }); });
      return rows;
    }
    return args.length ? buy(rules, member, args, state, rng) : summary(rules, member);
  }

  // ---------------------------------------------------------------- :use

  var USE_HELP = [":use [MEMBER] NAME  an Item's or a Skill's action (its `pay` costs first)"];

  function memberGet(c, what) { return has(c.tracks, what) ? c.tracks[what] : (c.resources[what] || 0); }
  function setTrack(rules, c, track, value) {
    var limit = c.limits[track] != null ? c.limits[track] : value;
    c.tracks[track] = Math.max(0, Math.min(value, limit));
    Object.keys(rules.words.caps).forEach(function (low) {
      var high = rules.words.caps[low];
      if (c.tracks[low] > c.tracks[high]) c.tracks[low] = c.tracks[high];
    });
  }
  function compare(left, op, right) {
    return { ">=": left >= right, ">": left > right, "<=": left <= right, "<": left < right,
             "==": left === right, "!=": left !== right }[op];
  }
  function keywordsOf(rules, item) { return has(rules.keywords, item) ? rules.keywords[item] : []; }
  // outside.py's holds: what can be read outside an encounter.
  function holds(rules, cond, member) {
    var result = false;
    if (cond.kind === "panic") result = (member.tracks.terror || 0) > (member.tracks.health || 0);
    else if (cond.kind === "item") {
      result = member.items.some(function (i) { return cond.name === i || keywordsOf(rules, i).indexOf(cond.name) >= 0; });
    } else if (cond.kind === "compare") {
      var value = has(member.attributes, cond.name) ? member.attributes[cond.name] : memberGet(member, cond.name);
      result = compare(value, cond.op, cond.value);
    }
    return result !== cond.negate;
  }
  function holder(state, number) { return state.party.filter(function (c) { return c.secrets.indexOf(number) >= 0; })[0] || null; }
  // outside.py's apply: each effect whose condition holds, in order, a line per change.
  function applyOutside(rules, member, effects, state, rng) {
    var said = [];
    effects.forEach(function (effect) {
      if (effect.cond && !holds(rules, effect.cond, member)) return;
      if ((effect.verb === "gain" || effect.verb === "lose" || effect.verb === "pay") && effect.what) {
        var sign = effect.verb === "gain" ? 1 : -1, before = memberGet(member, effect.what);
        if (has(member.tracks, effect.what)) setTrack(rules, member, effect.what, before + sign * effect.amount);
        else member.resources[effect.what] = Math.max(0, before + sign * effect.amount);
        said.push(member.name + ": " + effect.text);
      } else if (effect.verb === "gain_secret" || effect.verb === "lose_secret") {
        var held = holder(state, effect.amount);
        if (effect.verb === "gain_secret" && !held) member.secrets.push(effect.amount);
        if (effect.verb === "lose_secret" && held) held.secrets.splice(held.secrets.indexOf(effect.amount), 1);
        said.push(member.name + ": " + effect.text);
      } else if (effect.verb === "gain_item") {
        var item = itemFor(rules, effect.what, state, rng);
        if (item !== null) { member.items.push(item); said.push(member.name + " gains " + item); }
      } else if (effect.verb === "lose_item") {
        var lost = member.items.filter(function (i) {
          return effect.what === i || keywordsOf(rules, i).indexOf(effect.what) >= 0;
        })[0];
        if (lost !== undefined) { member.items.splice(member.items.indexOf(lost), 1); said.push(member.name + " loses " + lost); }
      }
    });
    return said;
  }
  function itemFor(rules, what, state, rng) {
    if (has(rules.keywords, what)) return what;
    var carried = [];
    state.party.forEach(function (c) { c.items.forEach(function (i) { carried.push(i); }); });
    var choices = Object.keys(rules.keywords).filter(function (n) {
      return rules.keywords[n].indexOf(what) >= 0 && carried.indexOf(n) < 0;
    }).sort(byCodePoint);
    return choices.length ? rng.pick(choices) : null;
  }
  // table_commands.py's use: `:use [MEMBER] NAME`, its `pay` costs affordable first.
  function use(rules, state, args, rng) {
    var party = state.party, member = party.length === 1 ? party[0] : null;
    if (args.length && party.length > 1) {
      var wanted = args[0].toLowerCase();
      member = party.filter(function (c) { return c.name.toLowerCase() === wanted; })[0] || null;
      if (member) args = args.slice(1);
    } else if (args.length && args[0].toLowerCase() === party[0].name.toLowerCase() && args.length > 1) {
      args = args.slice(1);
    }
    if (!member) {
      fail("who acts? write ':use MEMBER " + args.join(" ") + "' (" + party.map(function (c) { return c.name; }).join(", ") + ")");
    }
    var name = args.join(" ").replace(/^"+|"+$/g, "").toLowerCase(), actions = [];
    member.items.forEach(function (n) {
      (has(rules.items, n) ? rules.items[n].abilities : []).forEach(function (a) { actions.push([n, a]); });
    });
    (member.piles.skills || []).forEach(function (n) {
      var skill = rules.skills.filter(function (s) { return s.name === n; })[0];
      (skill ? skill.abilities || [] : []).forEach(function (a) { actions.push([n, a]); });
    });
    actions = actions.filter(function (pair) { return pair[1].trigger === "action"; });
    var found = actions.filter(function (pair) { return pair[0].toLowerCase() === name; })[0];
    if (!found) {
      fail(member.name + " has no Item or Skill '" + args.join(" ") + "' with an action (theirs: " +
        (actions.map(function (pair) { return pair[0]; }).join(", ") || "none") + ")");
    }
    found[1].effects.forEach(function (effect) {
      if (effect.verb === "pay" && !effect.cond && memberGet(member, effect.what) < effect.amount) {
        fail(member.name + " cannot pay " + effect.amount + " " + effect.what + " for " + found[0] + " (has " +
          memberGet(member, effect.what) + ")");
      }
    });
    return [member.name + " uses " + found[0] + ": " + found[1].text].concat(applyOutside(rules, member, found[1].effects, state, rng));
  }

  // outside.py's apply and holds for the campaign played by its days (campaign-day.js:
  // the Dying and Insane cards' rules), over the rule data read once.
  P.taintedGrailOutside = {
    Rules: Rules,
    apply: function (rules, member, effects, state, rng) { return applyOutside(rules, member, effects, state, rng); },
    holds: function (rules, cond, member) { return holds(rules, cond, member); }
  };

  // The commands for a campaign that declares characters (make_commands: none otherwise);
  // `:use` when some Item or Skill has an action.
  P.commandMakers.push(function (bundle, words) {
    var rules = new Rules(bundle, words);
    if (!Object.keys(rules.characters).length) return null;
    var commands = { advance: { help: HELP, run: function (state, args, rng) { return advance(rules, state, args, rng); } } };
    var abilities = [];
    Object.keys(rules.items).forEach(function (n) { abilities = abilities.concat(rules.items[n].abilities); });
    rules.skills.forEach(function (s) { abilities = abilities.concat(s.abilities || []); });
    if (abilities.some(function (a) { return a.trigger === "action"; })) {
      commands.use = { help: USE_HELP, run: function (state, args, rng) { return use(rules, state, args, rng); } };
    }
    return commands;
  });
})(typeof window !== "undefined" ? window : globalThis);
