// Grimslingers in the web player, the Tall Tale: the storylet and area engine (story.py),
// its state (tale.py), prerequisites (conditions.py's holds), the words a player reads
// (words.py: the area's grid, a tile, a sheet) and Python's textwrap.wrap, ported line for
// line. The sitting (sitting.js) plays the turns; every random outcome comes from its one
// generator in the order the Python engine draws it.
(function (root) {
  "use strict";

  var REVIVE = 3;  // GS-16.5
  var STAT_CAP = 10;  // GS-5.2: never more than 10 HP or EP
  var STAT_WORDS = { max_hp: "max HP", max_ep: "max EP", hand: "hand limit", stash: "stash limit", passive: "passive space" };
  var LIMITS = { max_hp: "max_hp", max_ep: "max_ep", hand: "hand_limit", stash: "stash_limit", passive: "passive_limit" };
  var REFUSED_BULLETS = 3;  // GS-6.10

  function has(list, value) { return list.indexOf(value) >= 0; }
  function sortedStrings(set) { return Array.from(set).sort(); }

  // ------------------------------------------------------------ the Rest phase (rest.py)

  // rest.py's rest_standoff: ``who`` takes a Standoff phase at the party's table. Its notes.
  function restStandoff(state, who, policy, rng, actions) {
    var D = root.TgcGrimDuel;
    var table = new Table(new D.Rules(state.tale), state, policy, rng);
    var g = table.rules.grimslingers[who.name] || null;
    var d = table.players[state.party.indexOf(who)], before = characterWords(who, g);
    D.takeStandoff(table, d, actions(table, d));
    table.finish();
    writeBack(state, table);
    var after = characterWords(who, g);
    if (after !== before) table.note("after the Standoff: " + after);
    return table.log.slice();
  }

  function canReorganise(c) { return c.stash.length > 0 || (c.hand.length > 0 && c.stash.length < c.stash_limit); }

  // rest.py's shift: a card from the other pile into ``into``; a full pile swaps ``swap`` back.
  function shift(c, card, into, swap) {
    var source = into === "hand" ? c.stash : c.hand, target = into === "hand" ? c.hand : c.stash;
    var room = (into === "hand" ? c.hand_limit : c.stash_limit) > target.length;
    take(source, card);
    if (!room) { take(target, swap); source.push(swap); }
    target.push(card);
  }

  // ------------------------------------------------------------ the state (tale.py)

  function character(name) {
    return { name: name, hp: 5, ep: 5, max_hp: 5, max_ep: 5, resource: null, belt: null, pp: 20, earned: 20,
             bought: [], upgrades: [], hand: [], stash: [], discard: [], deactivated: [], passive: [], hand_limit: 5, stash_limit: 3,
             passive_limit: 1 };
  }
  function gainPp(c, amount) { c.pp += amount; c.earned += amount; }
  // Every card the character holds (an item is never in the discard pile, GS-3.7).
  function owned(c) { return c.hand.concat(c.stash, c.passive, c.discard, c.deactivated); }
  var owned_ = owned;
  function items(c) { return owned(c).filter(function (x) { return x.kind === "item"; }); }
  function take(pile, card) {
    var at = pile.indexOf(card);
    if (at < 0) throw new Error(card.name + " is not in the pile");
    pile.splice(at, 1);
  }
  // GS-16.2: a card thrown away from the hand, the stash, the deactivate pile or the
  // passive space; where it went.
  function throwAway(c, card) {
    var pile = [c.hand, c.stash, c.deactivated, c.passive].find(function (p) { return p.indexOf(card) >= 0; });
    if (pile === undefined) throw new Error(c.name + " holds no " + card.name);
    take(pile, card);
    if (card.deactivate_on_use || card.keep) { c.deactivated.push(card); return "deactivate pile"; }
    if (card.kind === "item") return "item discard pile";
    c.discard.push(card);
    return "discard pile";
  }
  function returnAll(c) {
    [c.deactivated, c.discard].forEach(function (pile) {
      pile.slice().forEach(function (card) {
        if (c.hand.length < c.hand_limit) c.hand.push(card);
        else if (c.stash.length < c.stash_limit) c.stash.push(card);
        else return;
        pile.splice(pile.indexOf(card), 1);
      });
    });
  }

  // How many cards of each item the party holds, whoever holds them (a Counter).
  function heldItems(state) {
    var held = new Map();
    state.party.forEach(function (c) { items(c).forEach(function (x) { held.set(x.name, (held.get(x.name) || 0) + 1); }); });
    return held;
  }
  function itemCount(state, name) { return heldItems(state).get(name) || 0; }

  function newState(tale, names, chapter) {
    var state = { chapter: chapter === undefined ? 1 : chapter, party: names.map(character), completed: new Set(),
                  markers: new Set(), path: null, area: null, tile: null, previous: null, revealed: new Map(),
                  keys: new Map(), opened: new Set(), specials_done: new Set(), item_discard: [], defeated: new Set(),
                  active_bounty: null, bounties_done: new Set(), achievements: new Set(),
                  defeats_left: names.length + 1, game_over: false, chapter_over: false, free_roam: false,
                  entered_by: null, tale: tale, taker: null };
    if (tale.start_area !== null) enterArea(state, tale.start_area, tale.start_tile);
    return state;
  }
  function takeOf(state, card) { return (state.taker || firstWithRoom)(state, card); }

  function currentArea(state) {
    if (state.area === null) return null;
    return state.tale.areas.find(function (a) { return a.number === state.area; }) || null;
  }
  // The Fate cards of the current area's layout (Feast draws the others, GS-A25).
  function laidOut(state) {
    var area = currentArea(state);
    return area !== null ? area.tiles.map(function (t) { return t.card.code; }) : [];
  }
  function currentTile(state) {
    var area = currentArea(state);
    if (area === null || state.tile === null) return null;
    return area.tiles.find(function (t) { return t.card.code === state.tile; }) || null;
  }
  function landmark(state) {
    var tile = currentTile(state);
    return tile !== null ? tile.landmark : null;
  }
  function counter(state, name) {
    switch (name) {
      case "chapter": return state.chapter;
      case "players": return state.party.length;
      case "hp": return state.party.length ? Math.min.apply(null, state.party.map(function (c) { return c.hp; })) : 0;
      case "pp": return state.party.length ? Math.min.apply(null, state.party.map(function (c) { return c.pp; })) : 0;
    }
    throw new Error("a counter this page does not know: " + name);
  }

  function enterArea(state, area, tile) {
    state.area = area;
    state.tile = tile;
    state.previous = null;
    var found = currentArea(state);
    if (found === null) return;
    if (!state.revealed.has(area)) {
      state.revealed.set(area, new Set(found.tiles.filter(function (t) { return t.face_up; }).map(function (t) { return t.card.code; })));
    }
    state.keys.set(area, new Set());
    if (tile !== null) state.revealed.get(area).add(tile);
  }

  // GS-16.10, GS-16.3: the session's record; every card is put away, items included.
  function endSession(state) {
    var record = { area: state.area, portal: state.entered_by, chapter: state.chapter, completed: new Set(state.completed),
                   markers: new Set(state.markers), path: state.path, bounties_done: new Set(state.bounties_done),
                   achievements: new Set(state.achievements), defeated: new Set(state.defeated),
                   sheets: state.party.map(function (c) { return { name: c.name, pp: c.pp, earned: c.earned, bought: c.bought.slice(), upgrades: c.upgrades.slice() }; }) };
    state.item_discard = [];
    state.party.forEach(function (c) { c.hand = []; c.stash = []; c.discard = []; c.deactivated = []; c.passive = []; });
    return record;
  }

  // GS-14.4: new characters set up from their Progress Trackers, the story where it
  // stood, the last session's area laid out afresh, the party on the portal it came in by.
  function continueSession(tale, record, party) {
    var state = newState(tale, party.map(function (c) { return c.name; }), record.chapter);
    state.party = party;
    party.forEach(function (c) {
      var sheet = record.sheets.find(function (x) { return x.name === c.name; });
      if (sheet === undefined) return;
      c.pp = sheet.pp; c.earned = sheet.earned;
      sheet.bought.forEach(function (card) { place(c, card); });
      sheet.upgrades.forEach(function (name) {
        var found = tale.upgrades.find(function (u) { return u.name === name; });
        if (found !== undefined) { c.upgrades.push(name); upgrade(c, found); }
      });
    });
    state.completed = new Set(record.completed); state.markers = new Set(record.markers);
    state.path = record.path; state.bounties_done = new Set(record.bounties_done);
    state.achievements = new Set(record.achievements); state.defeated = new Set(record.defeated);
    if (record.area !== null) {
      state.revealed.delete(record.area);
      var area = tale.areas.find(function (a) { return a.number === record.area; }) || null;
      var tile = record.portal || (record.area === tale.start_area ? tale.start_tile : area ? area.entry : null);
      enterArea(state, record.area, tile);
      state.entered_by = record.portal;
    }
    return state;
  }

  function place(c, card) {
    var where = whereTo(c, card);
    ({ "passive space": c.passive, hand: c.hand, stash: c.stash, "deactivate pile": c.deactivated })[where].push(card);
    return where;
  }

  // A passive item to the passive space if there is room (GS-3.9, GS-16.3), else the
  // hand, else the stash, else the deactivate pile (GS-A31). A card kept on the board
  // (Vampyric Abilities) never enters the hand (GS-6.7): the passive space, or, while it
  // is full, the deactivate pile.
  function whereTo(c, card) {
    if (passiveRoom(c, card)) return "passive space";
    if (root.TgcGrimDuel.keptOnBoard(card)) return "deactivate pile";
    if (c.hand.length < c.hand_limit) return "hand";
    if (c.stash.length < c.stash_limit) return "stash";
    return "deactivate pile";
  }

  // A passive item fits the passive space: one legendary item at most, beside the slots
  // that every other passive card uses; a card kept on the board uses a slot too (GS-3.11).
  function passiveRoom(c, card) {
    if (!root.TgcGrimDuel.keptOnBoard(card) && (card.kind !== "item" || !has(card.types, "passive"))) return false;
    if (card.category === "legendary") return !c.passive.some(function (x) { return x.category === "legendary"; });
    return c.passive.filter(function (x) { return x.category !== "legendary"; }).length < c.passive_limit;
  }

  // The policy's answer to who takes an item: the first player with room outside the
  // deactivate pile, else the first, whom Nyunyo's belt lets refuse it (GS-6.10).
  function firstWithRoom(state, card) {
    for (var i = 0; i < state.party.length; i++) {
      var c = state.party[i];
      if (passiveRoom(c, card) || c.hand.length < c.hand_limit || c.stash.length < c.stash_limit) return { who: c, refused: false };
    }
    return { who: state.party[0], refused: state.party[0].belt !== null };
  }

  // story.py's give: the party gains this item card: whoever takes it places it, or
  // refuses it for bullets; an Instant item resolves as its taker draws it (instant.py).
  // What happened, in words.
  function gainItemCard(state, card, rng) {
    var taking = takeOf(state, card), who = taking.who;
    if (taking.refused && who.belt !== null) {
      who.belt += REFUSED_BULLETS;
      return who.name + " refuses " + card.name + ": +" + REFUSED_BULLETS + " bullets on the belt";
    }
    if (!has(card.types, "instant")) return who.name + " takes " + card.name + " to the " + place(who, card);
    var arrival = resolveInstant(state, who, card, rng);
    if (state.tell) state.tell(arrival.notes);
    return arrival.notes.join("; ");
  }

  // ------------------------------------------------------------ the party's table (instant.py, sheets.py)

  var Duel = root.TgcGrimDuel.Duel;

  // The party between duels: every player on one side and no foe. An Instant item's FX
  // reach its owner and the party; what it aims at a foe finds nobody.
  function Table(rules, state, policy, rng) {
    var self = this;
    this.rules = rules; this.policy = policy; this.rng = rng; this.logging = true; this.log = [];
    this.turn = 0; this.plays = []; this.defeats = 0; this.defeats_left = state.defeats_left; this.game_over = false;
    this.in_play = []; this.disposition_deck = []; this.creature_modifiers = [];
    this.feast_deck = []; this.item_discard = []; this.item_deck = []; this.field = [];
    this.laid_out = new Set(laidOut(state));
    this.players = state.party.map(function (c, seat) { return self.makePlayer(seat, playerOf(rules, c)); });
    this.seats = this.players.slice();
  }
  Table.prototype = Object.create(Duel.prototype);
  Table.prototype.constructor = Table;
  Table.prototype.outcome = function () { return null; };
  Table.prototype.playerTargets = function (p, c) {
    var standing = this.players.filter(function (q) { return !q.defeated; });
    switch (c.target) {
      case "single": case "all_foes": return [];
      case "self": return [p];
      default: return standing;
    }
  };
  Table.prototype.targetsFor = function (owner, c) { return this.playerTargets(owner, c); };
  Table.prototype.foesOf = function () { return []; };

  // sheets.py's player_of: the character as a duel seats them.
  function playerOf(rules, c) {
    return { grimslinger: rules.grimslingers[c.name] || null, hand: c.hand.slice(), stash: c.stash.slice(), passive: c.passive.slice(),
             hp: c.hp, ep: c.ep, max_hp: c.max_hp, max_ep: c.max_ep, hand_limit: c.hand_limit,
             stash_limit: c.stash_limit, resource: c.resource, belt: c.belt, discard: c.discard.slice(),
             deactivated: c.deactivated.slice() };
  }

  // sheets.py's write_back: the duel's end on the sheets, revival unless the game is over.
  function writeBack(state, duel) {
    state.party.forEach(function (c, i) {
      var d = duel.players[i];
      c.hp = d.hp; c.ep = d.ep; c.hand = d.hand; c.stash = d.stash; c.discard = d.discard; c.deactivated = d.deactivated;
      c.passive = d.passive;
      if (d.grimslinger !== null) {
        var resource = d.grimslinger.resource;
        c.resource = resource === "control" ? 0 : (resource in d.res ? d.res[resource] : null);
        if (resource === "ammo") c.belt = d.belt;
      }
    });
    state.item_discard.push.apply(state.item_discard, duel.item_discard);  // items used in the duel (GS-3.7)
    state.defeats_left = Math.max(0, duel.defeats_left);
    state.game_over = state.game_over || duel.game_over;
    if (!state.game_over) reviveAll(state);
  }

  // instant.py's resolve_instant: ``who`` draws ``card`` (GS-3.6) and it resolves at once
  // at the party's table; the choices inside it are ``state.hands``'s (else greedy's).
  function resolveInstant(state, who, card, rng) {
    var D = root.TgcGrimDuel;
    var policy = state.hands ? state.hands() : new D.POLICIES.greedy();
    var table = new Table(new D.Rules(state.tale), state, policy, rng);
    var d = table.players[state.party.indexOf(who)];
    table.note(who.name + " draws " + card.name + ", an Instant item: it resolves at once");
    var before = table.players.map(function (p) { return [p.hp, p.ep]; });
    D.enterHand(table, d, card);
    table.players.forEach(function (p, i) {
      if (p.hp !== before[i][0] || p.ep !== before[i][1]) {
        table.note(p.name + " now " + p.hp + "/" + p.max_hp + " HP, " + p.ep + "/" + p.max_ep + " EP");
      }
    });
    var kept = d.hand.indexOf(card) >= 0;
    if (kept) take(d.hand, card);
    table.finish();
    var fallen = state.party.filter(function (c, i) { return table.players[i].defeated; });
    writeBack(state, table);
    fallen.forEach(function (c) {
      table.note(!state.game_over ? c.name + " revives with " + c.hp + " HP and " + c.ep + " EP"
        : "no allowed defeat is left: the game is over");
    });
    var where;
    if (kept) {
      where = place(who, card);
      table.note(card.name + " stays, now a card like any other: to the " + where);
    } else {
      where = who.deactivated.indexOf(card) >= 0 ? "deactivate pile" : "item discard pile";
      table.note(card.name + " goes to the " + where);
    }
    return { notes: table.log.slice(), where: where };
  }

  // GS-11.6: the stats and cards of a new character, every PP earned to spend again;
  // items stay (GS-16.3).
  function remake(c, fresh) {
    var kept = items(c);
    c.hp = fresh.hp; c.ep = fresh.ep; c.max_hp = fresh.max_hp; c.max_ep = fresh.max_ep;
    c.hand_limit = fresh.hand_limit; c.stash_limit = fresh.stash_limit; c.passive_limit = fresh.passive_limit;
    c.hand = fresh.hand.slice(); c.stash = fresh.stash.slice(); c.passive = fresh.passive.slice();
    c.discard = []; c.deactivated = []; c.bought = []; c.upgrades = [];
    c.pp = c.earned;
    kept.forEach(function (card) { place(c, card); });
  }

  function reviveAll(state) {
    state.party.forEach(function (c) {
      if (c.hp === 0) {
        c.hp = Math.min(REVIVE, c.max_hp);
        c.ep = Math.min(REVIVE, c.max_ep);
        c.deactivated.slice().forEach(function (card) {
          if (c.hand.length < c.hand_limit) { c.hand.push(card); c.deactivated.splice(c.deactivated.indexOf(card), 1); }
        });
      }
    });
  }

  // ------------------------------------------------------------ prerequisites (conditions.py)

  function holds(cond, state) {
    if (cond === null || cond === undefined) return true;
    switch (cond.kind) {
      case "completed": return state.completed.has(cond.part);
      case "item": return itemCount(state, cond.item) >= cond.count;
      case "on_tile": return state.area === cond.area && state.tile === cond.tile;
      case "on_landmark": return landmark(state) === cond.landmark;
      case "in_area": return state.area === cond.area;
      case "marker": return state.markers.has(cond.marker);
      case "path": return state.path === cond.path;
      case "defeated": return state.defeated.has(cond.creature);
      case "bounty": return cond.status === "done" ? state.bounties_done.has(cond.bounty) : state.active_bounty === cond.bounty;
      case "counter":
        var left = counter(state, cond.name), right = cond.value;
        return { ">=": left >= right, ">": left > right, "<=": left <= right, "<": left < right, "==": left === right,
                 "!=": left !== right }[cond.op];
      case "character": return state.party.some(function (c) { return c.name === cond.name; });
      case "not": return !holds(cond.arg, state);
      case "and": return cond.args.every(function (a) { return holds(a, state); });
      case "or": return cond.args.some(function (a) { return holds(a, state); });
    }
    throw new Error("a condition this page does not know: " + cond.kind);
  }

  // ------------------------------------------------------------ the story (story.py)

  function eligibleParts(tale, state) {
    if (state.active_bounty !== null || state.free_roam) return [];
    return tale.parts.filter(function (p) {
      return p.chapter === state.chapter && !state.completed.has(p.id) && holds(p.requires, state);
    });
  }

  function resolvePart(state, part, duel, rng) {
    var result = runActions(state, part.actions, duel, rng);
    if (result === "completed" || result === "chapter_over") state.completed.add(part.id);
    if (result === "chapter_over") endChapter(state);
    return result;
  }

  function endChapter(state) {
    state.chapter_over = true;
    state.party.forEach(returnAll);
  }

  function runActions(state, actions, duel, rng) {
    for (var i = 0; i < actions.length; i++) {
      var step = applyAction(state, actions[i], duel, rng);
      if (step !== null) return step;
    }
    return "completed";
  }

  function applyAction(state, action, duel, rng) {
    var n;
    switch (action.kind) {
      case "duel": return fightFor(state, action, duel, rng);
      case "marker": state.markers.add(action.marker); break;
      case "item":
        for (n = 0; n < action.count; n++) {
          gainItem(state, action.item, rng);
          if (state.game_over) return "game_over";  // an Instant item took the last allowed defeat
        }
        break;
      case "pp": (action.everyone ? state.party : state.party.slice(0, 1)).forEach(function (c) { gainPp(c, action.amount); }); break;
      case "restore":
        state.party.forEach(function (c) { if (action.resource === "hp") c.hp = c.max_hp; else c.ep = c.max_ep; });
        break;
      case "path": state.path = action.path; break;
      case "bounty": bountyStep(state, action.bounty, action.step); break;
      case "move": enterArea(state, action.area, action.tile); break;
      case "end":
        if (action.what === "part") return "completed";
        if (action.what === "chapter") return "chapter_over";
        state.game_over = true;
        return "game_over";
      default: throw new Error("an action this page does not know: " + action.kind);
    }
    return null;
  }

  function fightFor(state, action, duel, rng) {
    var outcome = duel(state, action);
    if (outcome === "win") { won(state, action.creature, rng); return state.game_over ? "game_over" : null; }
    if (state.game_over) return "game_over";
    reviveAll(state);
    if (action.on_lose === "continue") return null;
    if (action.on_lose === "fail") return "failed";
    state.game_over = true;
    return "game_over";
  }

  function won(state, creature, rng) {
    var tale = state.tale;
    var found = tale.creatures.find(function (c) { return c.name === creature || has(c.aliases, creature); }) || null;
    if (found === null) return;
    if (!state.defeated.has(found.name) && found.achievement) {
      state.achievements.add(found.achievement);
      tale.achievements.forEach(function (a) {
        if (a.name === found.achievement) (a.everyone ? state.party : state.party.slice(0, 1)).forEach(function (c) { gainPp(c, a.pp); });
      });
    }
    state.defeated.add(found.name);
    found.reward.forEach(function (reward) {
      if (reward.kind === "item") { for (var n = 0; n < reward.count; n++) gainItem(state, reward.item, rng); } else if (reward.kind === "pp") {
        (reward.everyone ? state.party : state.party.slice(0, 1)).forEach(function (c) { gainPp(c, reward.amount); });
      }
    });
  }

  // GS-16.1: a named item from the deck or the item discard pile, none while a player
  // holds it; otherwise a random one from the deck. Its name, if one was gained or refused.
  function gainItem(state, item, rng) {
    var tale = state.tale, held = heldItems(state), card;
    if (item === null) {
      var deck = itemDeck(state, held);
      if (!deck.length) return null;
      card = rng.choice(deck);
    } else {
      card = tale.cards.find(function (c) { return c.kind === "item" && c.name === item; }) || null;
      if (card === null || held.get(item)) return null;
    }
    if (state.item_discard.indexOf(card) >= 0) take(state.item_discard, card);
    gainItemCard(state, card, rng);
    return card.name;
  }

  // The item deck: items not legendary, held by nobody, not in the item discard pile; an
  // empty deck takes the discard pile back (GS-16.1).
  function itemDeck(state, held) {
    var tale = state.tale, spent = new Set(state.item_discard.map(function (c) { return c.name; }));
    var deck = tale.cards.filter(function (c) {
      return c.kind === "item" && has(tale.items, c.name) && !held.get(c.name) && !spent.has(c.name);
    });
    if (!deck.length && state.item_discard.length) {
      deck = state.item_discard.filter(function (c) { return !held.get(c.name); });
      state.item_discard = [];
    }
    return deck;
  }

  // GS-10.9: the item cards with a ``trade`` that one player holds a full set of.
  function trades(state) {
    return state.tale.cards.filter(function (c) { return c.trade !== null && setHolder(state, c) !== null; });
  }

  function setHolder(state, card) {
    return state.party.find(function (c) {
      return items(c).filter(function (x) { return x.name === card.name; }).length >= card.trade.count;
    }) || null;
  }

  function trade(state, card, rng) {
    var holder = setHolder(state, card);
    for (var n = 0; n < card.trade.count; n++) {
      var given = items(holder).find(function (x) { return x.name === card.name; });
      throwAway(holder, given);
      state.item_discard.push(given);
    }
    if (card.trade.gives === "legendary") return gainLegendary(state, rng) || "";
    return gainItem(state, card.trade.item, rng) || "";
  }

  function gainLegendary(state, rng) {
    var held = heldItems(state);
    var legendary = state.tale.cards.filter(function (c) { return c.category === "legendary" && !held.get(c.name); });
    if (!legendary.length) return null;
    var card = rng.choice(legendary);
    gainItemCard(state, card, rng);
    return card.name;
  }

  function bountyStep(state, name, step) {
    if (step === "begin") state.active_bounty = name;
    else if (step === "complete") { state.active_bounty = null; state.bounties_done.add(name); } else state.active_bounty = null;
  }

  function startableBounties(state) {
    if (state.active_bounty !== null) return [];
    return state.tale.bounties.filter(function (b) {
      return b.area === state.area && !state.bounties_done.has(b.name) && holds(b.requires, state);
    });
  }

  function runBounty(state, bounty, duel, rng) {
    state.active_bounty = bounty.name;
    var result = runActions(state, bounty.actions, duel, rng);
    if (result === "completed" && state.active_bounty === bounty.name) bountyStep(state, bounty.name, "complete");
    if (result === "chapter_over") endChapter(state);
    return result;
  }

  function neighbours(area, code) {
    var here = area.tiles.find(function (t) { return t.card.code === code; });
    if (!here) return [];
    return area.tiles.filter(function (t) { return Math.abs(t.row - here.row) + Math.abs(t.col - here.col) === 1; });
  }

  function moves(state) {
    var area = currentArea(state);
    if (area === null || state.tile === null) return [];
    var around = neighbours(area, state.tile).map(function (t) { return t.card.code; });
    var onward = around.filter(function (c) { return c !== state.previous; });
    return onward.length ? onward : around;
  }

  function move(state, code) {
    state.previous = state.tile;
    state.tile = code;
    if (!state.revealed.has(state.area)) state.revealed.set(state.area, new Set());
    state.revealed.get(state.area).add(code);
  }

  function event(kind, detail) { return { kind: kind, detail: detail || "" }; }
  function pair(area, code) { return area + "\u0000" + code; }

  function resolveTile(state, duel, rng) {
    var tile = currentTile(state), area = currentArea(state), key;
    switch (tile.kind) {
      case "attack":
        var face = rng.randint(1, 6);
        var arm = area.attack.find(function (a) { return a.low <= face && face <= a.high; }) || null;
        if (arm === null) return event("attack", "roll " + face + ": no creature");
        fightFor(state, { kind: "duel", creature: arm.creature, dispositions: true, modifiers: area.modifiers_drawn,
                          on_lose: "continue" }, duel, rng);
        return event("attack", "roll " + face + ": " + arm.creature);
      case "landmark": return landmarkTile(state, tile, duel, rng);
      case "key":
        key = pair(area.number, tile.card.code);
        if (!state.opened.has(key)) {
          if (!state.keys.has(area.number)) state.keys.set(area.number, new Set());
          state.keys.get(area.number).add(tile.colour);
          state.opened.add(key);
          return event("key", tile.colour);
        }
        return event("nothing", "the key was already found");
      case "chest": return chest(state, area, tile, rng);
      case "special":
        key = pair(area.number, tile.card.code);
        if (state.specials_done.has(key)) return event("nothing", "the special event is over");
        state.specials_done.add(key);
        return event("special", tile.special || "");
      case "portal":
        enterArea(state, tile.portal_area, tile.portal_tile);
        state.entered_by = tile.portal_tile;
        return event("portal", "area " + tile.portal_area + " " + tile.portal_tile);
      case "event": return event("event", area.events.length ? rng.choice(area.events) : "");
      case "nothing": return event("nothing");
    }
    throw new Error("a tile this page does not know: " + tile.kind);
  }

  function landmarkTile(state, tile, duel, rng) {
    var mark = state.tale.landmarks.find(function (m) { return m.number === tile.landmark; }) || null;
    if (mark === null || !mark.actions.length) return event("landmark", String(tile.landmark));
    var result = runActions(state, mark.actions, duel, rng);
    if (result === "chapter_over") endChapter(state);
    return event("landmark", tile.landmark + ": " + result.replace(/_/g, " "));
  }

  function chest(state, area, tile, rng) {
    var key = pair(area.number, tile.card.code);
    if (!state.keys.has(area.number)) state.keys.set(area.number, new Set());
    var held = state.keys.get(area.number);
    if (state.opened.has(key)) return event("nothing", "the chest is open");
    if (!held.has(tile.colour)) return event("chest", "locked (" + tile.colour + ")");
    held.delete(tile.colour);
    state.opened.add(key);
    var item = gainLegendary(state, rng);
    return event("chest", item !== null ? "opened: " + item : "opened: the legendary deck is empty");
  }

  // GS-11.5: the cards the character may buy now: their own skills they do not own yet,
  // and the signature spells nobody in the party holds.
  function forSale(state, c) {
    if (landmark(state) === null) return [];
    var names = function (x) { return x.name; };
    var owned = new Set(owned_(c).map(names)), taken = new Set([].concat.apply([], state.party.map(owned_)).map(names));
    return state.tale.cards.filter(function (x) {
      return x.pp !== null && x.pp <= c.pp && ((x.kind === "skill" && x.owner === c.name && !owned.has(x.name)) ||
        (x.kind === "spell" && has(x.types, "signature") && !taken.has(x.name)));
    });
  }

  // GS-11.5: the Progress Tracker's other purchases the character may make now, with
  // their prices; none that would take HP or EP above 10 (GS-5.2).
  function upgradesForSale(state, c) {
    if (landmark(state) === null) return [];
    var out = [];
    state.tale.upgrades.forEach(function (u) {
      var bought = c.upgrades.filter(function (n) { return n === u.name; }).length;
      if (bought >= u.pp.length || u.pp[bought] > c.pp) return;
      if ((u.raises === "max_hp" || u.raises === "max_ep") && limit(c, u.raises) + u.by > STAT_CAP) return;
      out.push([u, u.pp[bought]]);
    });
    return out;
  }

  function buyUpgrade(state, c, u) {
    var offer = upgradesForSale(state, c).find(function (o) { return o[0] === u; });
    c.pp -= offer[1];
    c.upgrades.push(u.name);
    return upgrade(c, u);
  }

  function limit(c, stat) { return c[LIMITS[stat]]; }

  // tale.py's upgrade: the limit raised at once; HP and EP stay at most 10. The new limit.
  function upgrade(c, u) {
    var now = limit(c, u.raises) + u.by;
    if (u.raises === "max_hp" || u.raises === "max_ep") now = Math.min(now, STAT_CAP);
    c[LIMITS[u.raises]] = now;
    return now;
  }

  function buy(state, c, card) {
    c.pp -= card.pp;
    c.bought.push(card);
    return place(c, card);
  }

  function rest(state) {
    var tile = currentTile(state);
    var blocked = tile !== null && tile.card.face === "N" && (tile.card.suit === "S" || tile.card.suit === "C");
    state.party.forEach(function (c) {
      var g = state.tale.grimslingers.find(function (x) { return x.name === c.name; }) || null;
      if (g === null || !g.rest_gain || c.resource === null) return;
      if (!(blocked && tile !== null && has(g.rest_blocked_suits, tile.card.suit))) c.resource = Math.min(g.maximum, c.resource + g.rest_gain);
    });
  }

  // ------------------------------------------------------------ words (words.py)

  function characterWords(c, g) {
    var extra = "";
    if (c.resource !== null) extra += ", " + c.resource + " " + (g ? g.resource : "resource");
    if (c.belt !== null) extra += ", belt " + c.belt;
    var held = items(c).map(function (x) { return x.name; }).join(", ");
    return c.name + " " + c.hp + "/" + c.max_hp + " HP, " + c.ep + "/" + c.max_ep + " EP, " + c.pp + " PP" + extra +
      (held ? "; items " + held : "");
  }

  // What the end of a session writes down (GS-16.10), as the next session reads it.
  function recordWords(record) {
    var where = "area " + (record.area === null ? "None" : record.area) + (record.portal ? " by portal " + record.portal : "");
    var lines = ["  session record: " + where + "; chapter " + record.chapter + "; completed " +
                 (sortedStrings(record.completed).join(", ") || "nothing") + "; markers " +
                 (sortedStrings(record.markers).join(", ") || "none")];
    record.sheets.forEach(function (sheet) {
      var bought = sheet.bought.map(function (c) { return c.name; }).join(", ");
      lines.push("  " + sheet.name + ": " + sheet.pp + " PP unspent of " + sheet.earned + " earned" + (bought ? "; bought " + bought : "") +
                 (sheet.upgrades.length ? "; upgrades " + sheet.upgrades.join(", ") : ""));
    });
    return lines;
  }

  function tileWords(tile) {
    switch (tile.kind) {
      case "landmark": return "landmark " + tile.landmark;
      case "chest": case "key": return tile.colour + " " + tile.kind;
      case "portal": return "portal to area " + tile.portal_area;
      case "special": return "special event";
      default: return tile.kind;
    }
  }

  function pad(text, width) { while (text.length < width) text += " "; return text; }

  function areaGrid(area, state) {
    var seen = state.revealed.get(area.number) || new Set(), at = {}, rows = 0, cols = 0, lines = [];
    area.tiles.forEach(function (t) {
      rows = Math.max(rows, t.row + 1);
      cols = Math.max(cols, t.col + 1);
      at[t.row + "," + t.col] = t.card.code;
    });
    for (var r = 0; r < rows; r++) {
      var cells = [];
      for (var c = 0; c < cols; c++) {
        var code = at[r + "," + c], shown = code === undefined ? "" : seen.has(code) ? code : "??";
        cells.push(code !== undefined && code === state.tile ? "[" + shown + "]" : " " + pad(shown, 2) + " ");
      }
      lines.push(("  " + cells.map(function (cell) { return pad(cell, 4); }).join("")).replace(/\s+$/, ""));
    }
    return lines;
  }

  function direction(area, here, there) {
    var a = area.tiles.find(function (t) { return t.card.code === here; });
    var b = area.tiles.find(function (t) { return t.card.code === there; });
    if (b.row !== a.row) return b.row < a.row ? "north" : "south";
    return b.col < a.col ? "west" : "east";
  }

  // ------------------------------------------------------------ Python's textwrap.wrap

  var WS = "[\\t\\n\\x0b\\x0c\\r ]", NWS = "[^\\t\\n\\x0b\\x0c\\r ]", WORD = "[\\p{L}\\p{N}\\p{M}_]";
  var LT = "(?:(?!\\p{Nd})" + WORD + ")", WP = "(?:" + WORD + "|[!\"'&.,?])";
  var WORDSEP = new RegExp("(" + WS + "+|(?<=" + WP + ")-{2,}(?=" + WORD + ")|" + NWS + "+?(?:-(?:(?<=" + LT + "{2}-)|(?<=" +
    LT + "-" + LT + "-))(?=" + LT + "-?" + LT + ")|(?=" + WS + "|$)|(?<=" + WP + ")(?=-{2,}" + WORD + ")))", "u");

  function wrap(text, width) {
    text = text.replace(/\t/g, "        ").replace(/[\n\x0b\x0c\r]/g, " ");
    var chunks = text.split(WORDSEP).filter(function (c) { return c; }).reverse(), lines = [];
    function blank(s) { return s.trim() === ""; }
    while (chunks.length) {
      var line = [], len = 0;
      if (blank(chunks[chunks.length - 1]) && lines.length) chunks.pop();
      while (chunks.length) {
        var l = chunks[chunks.length - 1].length;
        if (len + l <= width) { line.push(chunks.pop()); len += l; } else break;
      }
      if (chunks.length && chunks[chunks.length - 1].length > width) {
        var left = width < 1 ? 1 : width - len, chunk = chunks[chunks.length - 1], end = left;
        if (chunk.length > left) {
          var hyphen = chunk.lastIndexOf("-", left - 1);
          if (hyphen > 0 && /[^-]/.test(chunk.slice(0, hyphen))) end = hyphen + 1;
        }
        line.push(chunk.slice(0, end));
        chunks[chunks.length - 1] = chunk.slice(end);
        len = line.reduce(function (s, x) { return s + x.length; }, 0);
      }
      if (line.length && blank(line[line.length - 1])) { len -= line[line.length - 1].length; line.pop(); }
      if (line.length) lines.push(line.join(""));
    }
    return lines;
  }

  // bundle/markup.py's plain for what a part reads: escapes decoded, known icons as
  // ``[name]``, emphasis kept as the writer marked it.
  function plain(text, icons) {
    return text.replace(/\\([_*:\\{])|:([A-Za-z_]\w*):/g, function (all, escaped, icon) {
      if (escaped != null) return escaped;
      return icons[icon] ? "[" + icon + "]" : all;
    });
  }

  root.TgcGrimTale = {
    newState: newState, currentArea: currentArea, laidOut: laidOut, currentTile: currentTile, landmark: landmark, moves: moves, move: move,
    eligibleParts: eligibleParts, resolvePart: resolvePart, startableBounties: startableBounties, runBounty: runBounty,
    resolveTile: resolveTile, rest: rest, forSale: forSale, buy: buy, upgradesForSale: upgradesForSale,
    buyUpgrade: buyUpgrade, limit: limit, STAT_WORDS: STAT_WORDS, trades: trades, trade: trade, reviveAll: reviveAll,
    characterWords: characterWords, tileWords: tileWords, areaGrid: areaGrid, direction: direction, wrap: wrap,
    plain: plain, sortedStrings: sortedStrings, character: character, items: items, whereTo: whereTo,
    endSession: endSession, continueSession: continueSession, remake: remake, recordWords: recordWords,
    REFUSED_BULLETS: REFUSED_BULLETS, restStandoff: restStandoff, canReorganise: canReorganise, shift: shift,
    writeBack: writeBack, playerOf: playerOf
  };
})(typeof window !== "undefined" ? window : globalThis);
