// Grimslingers in the web player, a sitting: session.py's `play` and hand.py ported line for
// line: the party, "What do you play", then the Tall Tale turn by turn (the area's grid,
// the move, the part read, the tile or a bounty, the Rest phase: tale.js holds its rules)
// or a duel alone; each duel fought by hand card by card or by the greedy or random
// policy (duel.js). Every question is written as `tgc play` writes it and answered by
// number or by its words, so the page's transcript is the one `tgc play --script`
// replays. Like 20 Strong's page part, `play` runs the sitting on a list of answers and
// stops at the question it has no answer for.
(function (root) {
  "use strict";

  var D = root.TgcGrimDuel, L = D.LIMITS, T = root.TgcGrimTale;
  var WIDTH = 88;  // a part's text is wrapped to this many columns
  var PART_ENDS = {
    completed: "The part is completed.", failed: "The part is not completed: it can be read again (GS-A6).",
    game_over: "The game is over.", chapter_over: "The part is completed, and the chapter is over." };
  var BOUNTY_ENDS = {
    completed: "is done.", failed: "is not done: it stays active and blocks the story (GS-14.7).",
    game_over: "ends the game.", chapter_over: "is done, and the chapter is over." };
  var MAGIC = "# tgc Grimslingers transcript: ";
  var QUIT = ":quit";
  var FIGHTS = ["by hand"].concat(Object.keys(D.POLICIES).map(function (n) { return n + " policy"; }));
  var FREE_ROAM = "Free Roam (no story booklet, GS-11.1)";
  var END_SESSION = "end the session here";

  function NeedAnswer(question) { this.question = question; }
  function Quit() {}

  // hand.py's Asker: the question, its numbered options, an answer read until it names one.
  function Asker(lines, answers) { this.lines = lines; this.answers = answers; this.used = 0; }
  Asker.prototype.write = function (text) { this.lines.push(text); };
  Asker.prototype.choose = function (question, options) {
    var self = this;
    this.write("? " + question);
    options.forEach(function (o, i) { self.write("  " + (i + 1) + ". " + o); });
    while (true) {
      if (this.used >= this.answers.length) throw new NeedAnswer({ text: question, choices: options.slice() });
      var raw = this.answers[this.used++];
      this.write("> " + raw);
      var answer = raw.trim();
      if (answer === QUIT) throw new Quit();
      var found = answerOf(answer, options);
      if (found !== null) return found;
      this.write("error: answer with a number from 1 to " + options.length + ", or " + QUIT);
    }
  };

  function answerOf(answer, options) {
    if (/^[0-9]+$/.test(answer)) {
      if (answer.length > String(options.length).length) return null;
      var n = parseInt(answer, 10);
      return n >= 1 && n <= options.length ? n - 1 : null;
    }
    var lowered = answer.toLowerCase(), matches = [];
    options.forEach(function (o, i) { if (o.toLowerCase() === lowered) matches.push(i); });
    return matches.length === 1 ? matches[0] : null;
  }

  // hand.py's HandPolicy: every Standoff action, card and pick asked of the person.
  function HandPolicy(asker) { this.asker = asker; this.name = "hand"; this.shown = 0; }
  HandPolicy.prototype.flush = function (duel) {
    for (var i = this.shown; i < duel.log.length; i++) this.asker.write("  " + duel.log[i]);
    this.shown = duel.log.length;
  };
  HandPolicy.prototype.table = function (duel, p) {
    this.flush(duel);
    var foes = duel.seats.filter(function (s) { return s !== p && s.team !== p.team && !s.defeated; });
    this.asker.write("  " + [p].concat(foes).map(D.duelistWords).join("; "));
    if (p.hand.length) this.asker.write("  hand: " + p.hand.map(function (c) { return c.name; }).join(", "));
  };
  HandPolicy.prototype.standoff = function* (duel, player) {
    var left = L.ACTIONS, loaded = 0, self = this;
    while (left > 0) {
      this.table(duel, player);
      var offered = this.actions(duel, player, left, loaded).filter(function (a) { return D.allowed(player, a[1]); });
      var labels = ["end the Standoff"].concat(offered.map(function (a) { return a[0]; }));
      var pick = this.asker.choose(player.name + "'s Standoff (" + left + " of " + L.ACTIONS + " actions left)", labels);
      if (pick === 0) return;
      var action = self.cardsFor(duel, player, offered[pick - 1][1]);
      if (action.kind === "load") loaded += action.bullets;
      else left -= action.kind === "feast" ? L.ACTIONS : 1;
      yield action;
    }
  };
  HandPolicy.prototype.actions = function (duel, p, left, loaded) {
    var out = [];
    if ("ammo" in p.res && p.belt && p.res.ammo < L.CHAMBER && loaded < L.LOAD_PER_STANDOFF) {
      var n = Math.min(L.LOAD_PER_STANDOFF - loaded, p.belt, L.CHAMBER - p.res.ammo);
      out.push(["load " + n + " bullets (free)", { kind: "load", bullets: n }]);
    }
    [1, 2].forEach(function (k) { out.push(["sacrifice " + k + " HP for " + k + " EP", { kind: "sacrifice", amount: k }]); });
    p.hand.forEach(function (c) { if (c.types.indexOf("standoff") >= 0) out.push(["use " + D.cardWords(c), { kind: "card", card: c }]); });
    D.timed(p, "standoff").forEach(function (part) { out.push(["use " + D.abilityLabel(part), part]); });
    var spellsBack = p.discard.filter(function (c) { return c.kind === "spell"; });
    var spells = p.hand.filter(function (c) { return c.kind === "spell"; });
    if (spellsBack.length) {
      out.push(["Reload: 3 EP, spells from the discard pile back to the hand",
                { kind: "reload", cards: spellsBack.slice(0, L.RELOAD_CARDS) }]);
    }
    if (spells.length) out.push(["Purge: discard up to 2 spells, 1 EP each", { kind: "purge", cards: spells.slice(0, L.PURGE_CARDS) }]);
    out.push(["Surge: deactivate 3 spells, the next spell +1 NV", { kind: "surge", cards: spells.slice(0, L.SURGE_CARDS) }]);
    if (left === L.ACTIONS) out.push(["Feast (both actions)", { kind: "feast" }]);
    if (p.deactivated.length) {
      out.push(["Reactivate: 3 EP, deactivated cards back to the hand",
                { kind: "reactivate", cards: p.deactivated.slice(0, L.REACTIVATE_CARDS) }]);
    }
    duel.field.forEach(function (c) {
      out.push(["scavenge " + D.cardWords(c) + " (" + (D.scavengeCost(c) ? "1 EP" : "free") + ")", { kind: "scavenge", card: c }]);
    });
    return out;
  };
  HandPolicy.prototype.cardsFor = function (duel, p, action) {
    var spells = p.hand.filter(function (c) { return c.kind === "spell"; });
    switch (action.kind) {
      case "reload":
        return { kind: "reload", cards: this.pick(duel, p, p.discard.filter(function (c) { return c.kind === "spell"; }), L.RELOAD_CARDS, "reload") };
      case "purge":
        var count = spells.length > 1 ? 1 + this.asker.choose("How many spells to purge", ["one", "two"]) : 1;
        return { kind: "purge", cards: this.pick(duel, p, spells, count, "purge") };
      case "surge":
        return { kind: "surge", cards: this.pick(duel, p, spells, L.SURGE_CARDS, "surge") };
      case "reactivate":
        return { kind: "reactivate", cards: this.pick(duel, p, p.deactivated.slice(), L.REACTIVATE_CARDS, "reactivate") };
      default:
        return action;
    }
  };
  HandPolicy.prototype.play = function (duel, player) {
    this.table(duel, player);
    var cards = player.hand.filter(D.drawable);
    var pick = this.asker.choose(player.name + " plays", cards.map(D.cardWords).concat(["pass (+2 EP)"]));
    if (pick === cards.length) return null;
    var main = cards[pick], combined = [];
    while (true) {
      var extra = player.hand.filter(function (c) {
        return c !== main && combined.indexOf(c) < 0 && c.types.indexOf("combine") >= 0 &&
          (c.combines_with === null || c.combines_with === main.kind);
      });
      if (!extra.length) break;
      var more = this.asker.choose("Combine with " + main.name, ["nothing more"].concat(extra.map(D.cardWords)));
      if (more === 0) break;
      combined.push(extra[more - 1]);
    }
    return { card: main, combined: combined, abilities: this.drawParts(player, main) };
  };
  // The Draw-timed parts of the passive space used with the card (GS-6.7), asked one at a
  // time until the player says nothing more.
  HandPolicy.prototype.drawParts = function (player, main) {
    var left = D.timed(player, "draw"), used = [];
    while (left.length) {
      var more = this.asker.choose("Use with " + main.name, ["nothing more"].concat(left.map(D.abilityLabel)));
      if (more === 0) break;
      used.push(left.splice(more - 1, 1)[0]);
    }
    return used;
  };
  HandPolicy.prototype.choose = function (duel, player, why, options) {
    this.table(duel, player);
    return this.asker.choose(player.name + ": " + why, options.map(function (o) { return o.label; }));
  };
  HandPolicy.prototype.pick = function (duel, player, cards, count, why) {
    if (cards.length <= count) return cards.slice();
    var left = cards.slice(), chosen = [];
    for (var n = 0; n < count; n++) {
      var i = this.asker.choose(player.name + ": card " + (n + 1) + " of " + count + " to " + why, left.map(D.cardWords));
      chosen.push(left.splice(i, 1)[0]);
    }
    return chosen;
  };

  // hand.py's TableHands: the players' choices inside an Instant item drawn between duels;
  // what it did so far is shown before each question, as a duel's table is.
  function TableHands(asker) { HandPolicy.call(this, asker); }
  TableHands.prototype = Object.create(HandPolicy.prototype);
  TableHands.prototype.constructor = TableHands;
  TableHands.prototype.pick = function (duel, player, cards, count, why) {
    this.flush(duel);
    return HandPolicy.prototype.pick.call(this, duel, player, cards, count, why);
  };

  // ------------------------------------------------------------ the sitting (session.py)

  function headerLine(setup) {
    return MAGIC + (setup.party.length ? ["party " + setup.party.join(", ")] : []).concat(["seed " + setup.seed]).join("; ");
  }

  function readHeader(text) {
    var first = text.split("\n")[0].replace(/\r$/, "");
    if (first.indexOf(MAGIC) !== 0) return null;
    var setup = { party: [], seed: 0 };
    var parts = first.slice(MAGIC.length).split("; ");
    for (var i = 0; i < parts.length; i++) {
      var at = parts[i].indexOf(" "), key = at < 0 ? parts[i] : parts[i].slice(0, at), value = at < 0 ? "" : parts[i].slice(at + 1);
      if (key === "party") setup.party = value.split(",").map(function (n) { return n.trim(); }).filter(Boolean);
      else if (key === "seed" && /^[0-9]{1,15}$/.test(value)) setup.seed = parseInt(value, 10);
      else return null;
    }
    return setup;
  }

  // session.py's party_problem: why this party cannot sit down, or null.
  function partyProblem(tale, party) {
    var known = tale.grimslingers.map(function (g) { return g.name; });
    var unknown = party.filter(function (n) { return known.indexOf(n) < 0; });
    if (unknown.length) return "no Grimslinger \"" + unknown[0] + "\" (Grimslingers: " + known.join(", ") + ")";
    if (new Set(party).size !== party.length) return "a Grimslinger rides once in a party";
    if (party.length > tale.players[1]) return "the Tall Tale is for " + tale.players[0] + "-" + tale.players[1] + " players";
    return null;
  }

  function Sitting(rules, texts, asker, rng) {
    this.rules = rules; this.texts = texts; this.asker = asker; this.rng = rng; this.turn = 0; this.state = null;
    this.ended = false;  // the players ended the session in the Movement phase
    this.hand = null;  // asking the players inside an Instant item (told)
  }

  // session.py's seat: the players decide for the party between duels: who takes an item,
  // and the choices inside an Instant item as it resolves, whose notes are written then.
  Sitting.prototype.seat = function (state) {
    var self = this;
    state.taker = this.takeItem.bind(this);
    state.hands = function () { self.hand = new TableHands(self.asker); return self.hand; };
    state.tell = function (notes) {
      var shown = self.hand !== null ? self.hand.shown : 0;
      notes.slice(shown).forEach(function (line) { self.asker.write("  " + line); });
      self.hand = null;
    };
  };

  // adventure.py's new_party: new characters with their default builds' cards.
  function newParty(rules, names) {
    return names.map(function (n) {
      var setup = D.playerSetup(rules, n), g = setup.grimslinger, c = T.character(n);
      c.hand = setup.hand.slice();
      c.stash = setup.stash.slice();
      c.passive = setup.passive.slice();
      c.resource = g ? g.start : null;
      c.belt = g !== null && g.resource === "ammo" ? 10 : null;
      return c;
    });
  }

  function shown(value) { return value === null ? "None" : String(value); }

  // session.py's _record: what a part, a bounty or a tile changed, said after it.
  function record(state) {
    var items = state.party.filter(function (c) { return T.items(c).length; }).map(function (c) {
      return c.name + ": " + T.sortedStrings(T.items(c).map(function (x) { return x.name; })).join(", ");
    });
    return [
      ["path", state.path || "none"], ["markers", T.sortedStrings(state.markers).join(", ") || "none"],
      ["items", items.join("; ") || "none"],
      ["PP", state.party.map(function (c) { return c.name + " " + c.pp; }).join(", ")],
      ["achievements", T.sortedStrings(state.achievements).join(", ") || "none"],
      ["bounty", state.active_bounty || "none"], ["bounties done", T.sortedStrings(state.bounties_done).join(", ") || "none"],
      ["area", shown(state.area) + " " + shown(state.tile)]];
  }

  Sitting.prototype.changes = function (work) {
    var before = record(this.state), result = work(), self = this;
    record(this.state).forEach(function (kv, i) {
      if (kv[1] !== before[i][1]) self.asker.write("  ~ " + kv[0] + ": " + kv[1]);
    });
    return result;
  };

  // Sessions one after another (GS-14.4), in one chapter or the next, until the players
  // leave the table.
  Sitting.prototype.tale = function (names, freeRoam) {
    var state = this.state = T.newState(this.rules.tale, names);
    state.party = newParty(this.rules, names);
    state.free_roam = freeRoam;
    this.seat(state);
    while (this.whatNext(names, this.session())) { /* the next session or chapter */ }
  };

  // Adventure turns until the chapter or the game is over, the party cannot move, or the
  // players end the session (GS-16.10).
  Sitting.prototype.session = function () {
    var tale = this.rules.tale, state = this.state, asker = this.asker, rules = this.rules;
    var names = state.party.map(function (c) { return c.name; }).join(", ");
    var chapter = tale.chapters.find(function (c) { return c.number === state.chapter; }) || null;
    asker.write(tale.title + ", " + (state.free_roam ? "Free Roam" : "chapter " + state.chapter +
                (chapter ? " \"" + chapter.title + "\"" : "")) + ": " + names + "; " + state.defeats_left + " defeats allowed");
    this.turn = 0; this.ended = false;
    while (!(state.game_over || state.chapter_over)) if (!this.adventureTurn()) break;
    var end = state.game_over ? "game over" : state.chapter_over ? "chapter over" : this.ended ? "session ended" : "nowhere to move";
    asker.write("");
    asker.write("end: " + end + " after " + this.turn + " turns; completed " + (T.sortedStrings(state.completed).join(", ") || "nothing") +
                "; markers " + (T.sortedStrings(state.markers).join(", ") || "none"));
    state.party.forEach(function (c) { asker.write("  " + T.characterWords(c, rules.grimslingers[c.name] || null)); });
    return end;
  };

  // After a session: the next chapter (the same characters, or remade, GS-11.6), a new
  // session that continues this one (GS-14.4; remade after a game over or a chapter's
  // end, GS-16.9), or leave the table. Asked only when there is something to go on with.
  Sitting.prototype.whatNext = function (names, end) {
    var state = this.state, tale = this.rules.tale, self = this;
    var following = end === "chapter over" ? state.chapter + 1 : state.chapter;
    var more = tale.chapters.some(function (c) { return c.number === following; }) || state.free_roam;
    if (end === "nowhere to move" || !more) return false;
    var options = [];
    if (end === "chapter over") {
      options.push(["begin chapter " + following + " with the same characters", function () { self.nextChapter(following, false); }],
                   ["begin chapter " + following + ", remaking the characters (GS-11.6)", function () { self.nextChapter(following, true); }]);
    }
    options.push(["end the session; a new session continues it (GS-14.4)", function () { self.nextSession(names, following, false); }]);
    if (end !== "session ended") {
      options.push(["end the session; a new session continues it, the characters remade (GS-11.6)",
                    function () { self.nextSession(names, following, true); }]);
    }
    var pick = this.asker.choose("What now", ["leave the table"].concat(options.map(function (o) { return o[0]; })));
    if (pick === 0) return false;
    this.asker.write("");
    options[pick - 1][1]();
    return true;
  };

  // The same session goes on into the next chapter; items are kept (GS-16.3).
  Sitting.prototype.nextChapter = function (number, remade) {
    this.state.chapter = number;
    this.state.chapter_over = false;
    if (remade) this.remakeAll();
  };

  // GS-16.10 then GS-14.4: the record written, every card put away; new characters set
  // up from their Progress Trackers, the area laid out afresh.
  Sitting.prototype.nextSession = function (names, chapter, remade) {
    var old = this.state, record = T.endSession(old), asker = this.asker;
    T.recordWords(record).forEach(function (line) { asker.write(line); });
    var state = this.state = T.continueSession(this.rules.tale, record, newParty(this.rules, names));
    state.chapter = chapter; state.free_roam = old.free_roam;
    this.seat(state);
    if (remade) this.remakeAll();
  };

  Sitting.prototype.remakeAll = function () {
    var fresh = newParty(this.rules, this.state.party.map(function (c) { return c.name; }));
    this.state.party.forEach(function (c, i) { T.remake(c, fresh[i]); });
    this.asker.write("  ~ the characters are remade: every PP earned is there to spend again");
  };

  // GS-16.1: the players decide who takes an item; Nyunyo may refuse it for bullets
  // (GS-6.10). Asked only when there is a choice.
  Sitting.prototype.takeItem = function (state, card) {
    var party = state.party, refusers = party.filter(function (c) { return c.belt !== null; });
    var instant = card.types.indexOf("instant") >= 0;
    var options = party.map(function (c) {
      return instant ? c.name + " (an Instant item: it resolves at once)" : c.name + " (to the " + T.whereTo(c, card) + ")";
    })
      .concat(refusers.map(function (c) { return c.name + " refuses it: +" + T.REFUSED_BULLETS + " bullets on the belt"; }));
    if (options.length === 1) return { who: party[0], refused: false };
    var pick = this.asker.choose("Who takes " + card.name, options);
    if (pick < party.length) return { who: party[pick], refused: false };
    return { who: refusers[pick - party.length], refused: true };
  };

  Sitting.prototype.adventureTurn = function () {
    var state = this.state, area = T.currentArea(state), options = T.moves(state), asker = this.asker, self = this;
    if (area === null || state.tile === null || !options.length) return false;
    this.turn += 1;
    asker.write("");
    asker.write("-- turn " + this.turn + ": area " + area.number + " \"" + area.title + "\", on " + state.tile + "; " +
                state.defeats_left + " defeats allowed");
    T.areaGrid(area, state).forEach(function (line) { asker.write(line); });
    state.party.forEach(function (c) { asker.write("  " + T.characterWords(c, self.rules.grimslingers[c.name] || null)); });
    var rested = new Set(), pick, rests;
    while (true) {
      rests = this.turn > 1 ? this.restOffers(rested) : [];
      pick = asker.choose("Move", options.map(function (code) { return self.moveWords(area, code); }).concat([END_SESSION],
                                                                                                    rests.map(function (r) { return r[0]; })));
      if (pick <= options.length) break;
      rests[pick - options.length - 1][1]();
    }
    if (pick === options.length) {
      this.ended = true;
      this.turn -= 1;  // the turn was not played
      return false;
    }
    T.move(state, options[pick]);
    var tile = T.currentTile(state);
    asker.write("You enter " + tile.card.code + ": " + T.tileWords(tile) + ".");
    this.narrative();
    if (!(state.game_over || state.chapter_over)) {
      this.tileResolution();
      this.spendPp();
      this.tradeSets();
    }
    T.rest(state);
    return true;
  };

  // The Rest phase on a Landmark: PP spent on cards and the tracker's other purchases (GS-11.5).
  // session.py's rest_offers: the last turn's Rest phase (GS-14.1 step 4), offered with
  // this turn's move: a Standoff phase for each player once, and hand and stash reorganised.
  Sitting.prototype.restOffers = function (rested) {
    var self = this, offers = [];
    this.state.party.forEach(function (c, i) {
      if (!rested.has(i)) offers.push(["rest: " + c.name + " takes a Standoff phase", function () { rested.add(i); self.restStandoff(c); }]);
      if (T.canReorganise(c)) offers.push(["rest: " + c.name + " reorganises hand and stash", function () { self.reorganise(c); }]);
    });
    return offers;
  };

  Sitting.prototype.restStandoff = function (c) {
    var hand = new HandPolicy(this.asker), asker = this.asker;
    var notes = T.restStandoff(this.state, c, hand, this.rng, hand.standoff.bind(hand));
    notes.slice(hand.shown).forEach(function (line) { asker.write("  " + line); });
  };

  Sitting.prototype.reorganise = function (c) {
    var asker = this.asker, names = function (pile) { return pile.map(function (x) { return x.name; }).join(", "); };
    while (true) {
      asker.write("  " + c.name + "'s hand (" + c.hand.length + " of " + c.hand_limit + "): " + (names(c.hand) || "empty") +
                  "; stash (" + c.stash.length + " of " + c.stash_limit + "): " + (names(c.stash) || "empty"));
      var shifts = c.hand.map(function (x) { return [x, "stash"]; }).concat(c.stash.map(function (x) { return [x, "hand"]; }));
      var pick = asker.choose(c.name + " reorganises hand and stash", ["done"].concat(shifts.map(function (m) { return m[0].name + " to the " + m[1]; })));
      if (pick === 0) return;
      var card = shifts[pick - 1][0], into = shifts[pick - 1][1];
      var full = into === "hand" ? c.hand : c.stash, swap = null;
      if (full.length >= (into === "hand" ? c.hand_limit : c.stash_limit)) {
        swap = full[asker.choose("The " + into + " is full: " + card.name + " trades places with", full.map(function (x) { return x.name; }))];
      }
      T.shift(c, card, into, swap);
    }
  };

  Sitting.prototype.spendPp = function () {
    var state = this.state;
    while (true) {
      var offers = [];
      state.party.forEach(function (c) {
        T.forSale(state, c).forEach(function (card) { offers.push([c, card, card.pp, D.cardWords(card), false]); });
        T.upgradesForSale(state, c).forEach(function (o) {
          var u = o[0], now = T.limit(c, u.raises);
          offers.push([c, u, o[1], u.name + " (" + T.STAT_WORDS[u.raises] + " " + now + " to " + (now + u.by) + ")", true]);
        });
      });
      if (!offers.length) return;
      var pick = this.asker.choose("Rest on landmark " + T.landmark(state) + ": spend PP", ["nothing more"].concat(offers.map(function (o) {
        return o[0].name + " buys " + o[3] + " for " + o[2] + " PP (" + o[0].pp + " PP)";
      })));
      if (pick === 0) return;
      var c = offers[pick - 1][0], bought = offers[pick - 1][1];
      if (offers[pick - 1][4]) {
        var now = T.buyUpgrade(state, c, bought);
        this.asker.write("  ~ " + c.name + " buys " + bought.name + ": " + c.pp + " PP left; " + T.STAT_WORDS[bought.raises] + " now " + now);
        continue;
      }
      var where = T.buy(state, c, bought);
      this.asker.write("  ~ " + c.name + " buys " + bought.name + ": " + c.pp + " PP left; the card goes to the " + where);
    }
  };

  Sitting.prototype.tradeSets = function () {
    var offers;
    while ((offers = T.trades(this.state)).length) {
      var pick = this.asker.choose("Trade a set in", ["nothing more"].concat(offers.map(function (c) {
        return (c.trade ? c.trade.count : 0) + " " + c.name;
      })));
      if (pick === 0) return;
      var card = offers[pick - 1], gained = T.trade(this.state, card, this.rng);
      this.asker.write("  ~ " + card.name + " traded in: " + (gained || "nothing left to gain"));
    }
  };

  Sitting.prototype.moveWords = function (area, code) {
    var revealed = this.state.revealed.get(area.number), seen = revealed ? revealed.has(code) : false;
    var tile = area.tiles.find(function (t) { return t.card.code === code; });
    return T.direction(area, this.state.tile, code) + " to " + (seen ? code : "a face-down tile") + (seen ? " (" + T.tileWords(tile) + ")" : "");
  };

  Sitting.prototype.narrative = function () {
    var parts = T.eligibleParts(this.rules.tale, this.state);
    if (!parts.length) return;
    var part = parts[0];
    if (parts.length > 1) {
      part = parts[this.asker.choose("Which part do you read", parts.map(function (p) { return p.id + " \"" + p.title + "\""; }))];
    }
    this.read(part);
  };

  Sitting.prototype.read = function (part) {
    var asker = this.asker, self = this;
    asker.write("== part " + part.id + " \"" + part.title + "\"");
    (this.texts[part.read || ""] || []).forEach(function (paragraph) {
      T.wrap(paragraph, WIDTH).forEach(function (line) { asker.write(line); });
    });
    if (part.objective) asker.write("Objective: " + part.objective);
    var result = this.changes(function () { return T.resolvePart(self.state, part, self.fighter(), self.rng); });
    asker.write(PART_ENDS[result]);
  };

  Sitting.prototype.tileResolution = function () {
    var state = this.state, self = this, bounties = T.startableBounties(state);
    var options = ["resolve the tile"].concat(bounties.map(function (b) { return "begin the bounty \"" + b.name + "\""; }));
    if (state.active_bounty !== null) options.push("abandon the bounty \"" + state.active_bounty + "\"");
    var pick = options.length > 1 ? this.asker.choose("Tile resolution", options) : 0;
    this.changes(function () {
      if (pick > 0 && pick <= bounties.length) {
        var result = T.runBounty(state, bounties[pick - 1], self.fighter(), self.rng);
        self.asker.write("The bounty \"" + bounties[pick - 1].name + "\" " + BOUNTY_ENDS[result]);
        return;
      }
      if (pick > bounties.length) {
        self.asker.write("You abandon the bounty \"" + state.active_bounty + "\".");
        state.active_bounty = null;
      }
      var happened = T.resolveTile(state, self.fighter(), self.rng);
      self.asker.write("The tile: " + happened.kind + (happened.detail ? ", " + happened.detail : "") + ".");
    });
  };

  // adventure.py's duel_setup: the party as it stands, the area's modifiers drawn.
  Sitting.prototype.fighter = function () {
    var self = this, rules = this.rules;
    return function (state, action) {
      var area = T.currentArea(state);
      var pool = (area ? area.modifiers : []).filter(function (m) { return m in rules.modifiers; })
        .map(function (m) { return rules.modifiers[m]; });
      var modifiers = self.rng.sample(pool, Math.min(action.modifiers, pool.length));
      var players = state.party.map(function (c) { return T.playerOf(rules, c); });
      return self.fight({ creature: rules.creatures[action.creature], players: players, modifiers: modifiers,
                          dispositions: action.dispositions, all_general_skills: !action.dispositions,
                          defeats_left: state.defeats_left, laid_out: T.laidOut(state).sort() }, state);
    };
  };

  Sitting.prototype.chooseParty = function () {
    var tale = this.rules.tale, names = [];
    while (names.length < tale.players[1]) {
      var left = tale.grimslingers.map(function (g) { return g.name; }).filter(function (n) { return names.indexOf(n) < 0; });
      if (!left.length) break;
      var options = left.concat(names.length >= tale.players[0] ? ["ride out"] : []);
      var pick = this.asker.choose("Who rides (the party: " + (names.join(", ") || "nobody yet") + ")", options);
      if (pick === left.length) break;
      names.push(left[pick]);
    }
    return names;
  };

  Sitting.prototype.duelAlone = function (names, creature) {
    var rules = this.rules;
    var players = names.map(function (n) { return D.playerSetup(rules, n); });
    var state = this.state = T.newState(rules.tale, names);
    state.party = newParty(rules, names);
    var outcome = this.fight({ creature: rules.creatures[creature], players: players, modifiers: [], dispositions: true,
                               all_general_skills: false, defeats_left: null }, state);
    this.asker.write("end: the duel is a " + outcome);
  };

  Sitting.prototype.fight = function (setup, state) {
    var asker = this.asker, name = setup.creature.name;
    var withMods = setup.modifiers.length ? " with " + setup.modifiers.map(function (m) { return m.name; }).join(", ") : "";
    asker.write("== duel: " + name + withMods);
    var how = asker.choose("How do you fight " + name, FIGHTS);
    var hand = how === 0 ? new HandPolicy(asker) : null;
    var policy = hand || new D.POLICIES[FIGHTS[how].replace(/ policy$/, "")]();
    var duel = new D.Duel(this.rules, setup, policy, this.rng, true);
    asker.write("  " + D.duelistWords(duel.creature) +
                (duel.in_play.length ? "; dispositions: " + duel.in_play.map(function (d) { return d.name; }).join(", ") : ""));
    var result = duel.run();
    if (hand !== null) hand.flush(duel);
    else duel.log.forEach(function (line) { asker.write("  " + line); });
    T.writeBack(state, duel);
    asker.write("The duel is a " + result.outcome + " after " + result.turns + " turns: " +
                state.party.map(function (c) { return c.name + " " + c.hp + " HP " + c.ep + " EP"; }).join(", ") + ".");
    return result.outcome;
  };

  // One sitting on ``answers``: its transcript's lines, and the question it waits on (or
  // null when it is over). ``setup`` is a transcript's header: the party (empty: asked)
  // and the seed.
  function play(tale, texts, setup, answers) {
    var lines = [], asker = new Asker(lines, answers), rules = new D.Rules(tale);
    var sitting = new Sitting(rules, texts, asker, new root.TgcRandom.Random(setup.seed));
    asker.write(headerLine(setup));
    try {
      var problem = partyProblem(tale, setup.party);
      if (problem !== null) throw new Error(problem);
      var names = setup.party.length ? setup.party.slice() : sitting.chooseParty();
      var creatures = tale.creatures.map(function (c) { return c.name; });
      var roam = tale.start_area !== null ? [FREE_ROAM] : [];
      var what = asker.choose("What do you play", ["the Tall Tale"].concat(creatures.map(function (c) { return "a duel with " + c; }), roam));
      if (what === 0 || what > creatures.length) sitting.tale(names, what > 0);
      else sitting.duelAlone(names, creatures[what - 1]);
    } catch (err) {
      if (err instanceof NeedAnswer) return { lines: lines, question: err.question };
      if (err instanceof Quit) asker.write("You leave the table.");
      else throw err;
    }
    return { lines: lines, question: null };
  }

  // What a part's ``read -> VERSE`` prints: each verse's paragraphs, as `tgc play` reads them.
  function texts(bundle, icons) {
    var out = {};
    bundle.verses.forEach(function (v) {
      out[v.id] = v.ops.filter(function (op) { return op.kind === "text"; }).map(function (op) { return T.plain(op.text, icons); });
    });
    return out;
  }

  root.TgcGrimslingers = { play: play, readHeader: readHeader, headerLine: headerLine, partyProblem: partyProblem,
                           texts: texts };
})(typeof window !== "undefined" ? window : globalThis);
