// tgc web player: plays a bundle in the browser as `tgc play --fights ask` does (the
// rules of tgc/runtime/story.py, state.py, effects.py and conditions.py, line for line
// where they are ported). The engine below touches no page; the interface after it sets
// author text with textContent only, never as markup. Tests run the engine under node.
//
// The engine names no ruleset's words: the ruleset's attributes, resources, tracks,
// facts, defaults, decks and declared characters come in as `rules`
// (tgc/render/web.py's player_rules, inlined beside the bundle).
(function (root) {
  "use strict";

  var DEFAULT_NAME = "Adventurer";
  var MAX_STEPS = 100000;
  var COMPARE = {
    ">=": function (a, b) { return a >= b; }, ">": function (a, b) { return a > b; },
    "<=": function (a, b) { return a <= b; }, "<": function (a, b) { return a < b; },
    "==": function (a, b) { return a === b; }, "!=": function (a, b) { return a !== b; }
  };

  function NeedAnswer(question) { this.question = question; }

  // ------------------------------------------------------------ the book

  function Book(bundle, rules) {
    var self = this;
    this.bundle = bundle;
    this.words = rules;
    this.verses = {};
    this.byPrinted = {};
    bundle.verses.forEach(function (v) {
      self.verses[v.id] = v;
      self.byPrinted[v.section + "." + v.printed] = v.id;
    });
    this.statuses = {};
    bundle.statuses.forEach(function (st) { self.statuses[st.name] = st; });
    this.locations = {};
    bundle.locations.forEach(function (l) { self.locations[l.number] = l; });
    this.items = {};
    bundle.items.forEach(function (i) { self.items[i.name] = i; });
    this.encounters = {};
    bundle.encounters.forEach(function (e) { self.encounters[e.name] = e; });
    this.typed = {};  // the rule data's encounters (bundle.rules, typed: no data to read)
    ((bundle.rules && bundle.rules.encounters) || []).forEach(function (e) { self.typed[e.name] = e; });
  }
  Book.prototype.body = function (verse, block) {
    var v = this.verses[verse];
    if (!v) throw new Error("no verse " + verse);
    if (block == null) return { verse: v, ops: v.ops };
    for (var i = 0; i < v.blocks.length; i++) {
      if (v.blocks[i].name === block) return { verse: v, ops: v.blocks[i].ops };
    }
    throw new Error("no block " + block + " in verse " + verse);
  };
  Book.prototype.keywords = function (item) {
    var declared = this.items[item];
    return declared ? declared.keywords : [];
  };
  Book.prototype.itemsWith = function (keyword) {
    return this.bundle.items.filter(function (i) { return i.keywords.indexOf(keyword) >= 0; })
      .map(function (i) { return i.name; });
  };
  // As tgc/runtime/book.py's outcomes: what the rules say of a named encounter (fixed
  // outcomes, or the deck its record names), else the deck's, else the plain ones.
  Book.prototype.outcomes = function (deck, name) {
    var words = this.words, known = name != null ? words.encounters[name] : null;
    if (known && known.outcomes) return known.outcomes.slice();
    if (known && deck == null) deck = known.deck;
    return (deck != null && words.decks[deck] ? words.decks[deck] : words.outcomes).slice();
  };
  Book.prototype.action = function (location, name) {
    var loc = this.locations[location], wanted = String(name).toLowerCase();
    var actions = loc ? loc.actions || [] : [];
    for (var i = 0; i < actions.length; i++) if (actions[i].name.toLowerCase() === wanted) return actions[i];
    throw new Error("location " + location + ' has no action "' + name + '"');
  };

  // ------------------------------------------------------------ the state

  function has(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }

  // As tgc/runtime/state.py's new_character: a declared member's numbers, each falling
  // back to the ruleset's default adventurer.
  function newCharacter(name, member, words) {
    var given = member || { name: name, tracks: {}, limits: {}, attributes: {}, resources: {} };
    var c = { name: given.name, tracks: {}, limits: {}, attributes: {}, resources: {}, items: [], piles: {},
              secrets: [] };
    words.tracks.forEach(function (t) {
      c.tracks[t] = has(given.tracks, t) ? given.tracks[t] : (has(words.defaults, t) ? words.defaults[t] : 0);
    });
    words.tracks.forEach(function (t) {
      c.limits[t] = has(given.limits, t) ? given.limits[t]
        : Math.max(has(words.limits, t) ? words.limits[t] : c.tracks[t], c.tracks[t]);
    });
    words.start_limited.forEach(function (t) { if (!has(given.limits, t)) c.limits[t] = c.tracks[t]; });
    words.attributes.forEach(function (a) {
      c.attributes[a] = has(given.attributes, a) ? given.attributes[a] : words.attribute_default;
    });
    words.resources.forEach(function (r) {
      c.resources[r] = has(given.resources, r) ? given.resources[r] : (has(words.defaults, r) ? words.defaults[r] : 0);
    });
    Object.keys(words.caps).forEach(function (low) { setTrack(c, low, c.tracks[low], words); });
    return c;
  }

  // Clamp to 0..limit, then to every track that caps another.
  function setTrack(c, track, value, words) {
    var limit = c.limits[track] != null ? c.limits[track] : value;
    c.tracks[track] = Math.max(0, Math.min(value, limit));
    Object.keys(words.caps).forEach(function (low) {
      var high = words.caps[low];
      if (c.tracks[low] > c.tracks[high]) c.tracks[low] = c.tracks[high];
    });
  }

  // The named characters (declared ones, or the default adventurer under that name), or
  // one default adventurer; as tgc/runtime/state.py's new_state.
  function newState(bundle, words, party) {
    var numbers = bundle.locations.map(function (l) { return l.number; });
    var inPlay = bundle.locations.filter(function (l) {
      return l.legacy == null || numbers.indexOf(l.legacy) < 0;
    }).map(function (l) { return l.number; });
    var start = bundle.campaign.start;
    var members = (party || []).map(function (name) { return newCharacter(name, declared(words, name), words); });
    return {
      party: members.length ? members : [newCharacter(DEFAULT_NAME, null, words)], statuses: {},
      visited: [], dials: {}, time_tokens: 0, day: 1, chapter: { number: 1, letter: null, part: null }, tasks: [],
      in_play: inPlay, removed: [], replaced: {}, location: numbers.indexOf(start) >= 0 ? start : null,
      answers: {}, dropped: [], players: null, acted: {}, facts: {}
    };
  }
  function declared(words, name) {
    var wanted = String(name).toLowerCase();
    return words.members.filter(function (m) { return m.name.toLowerCase() === wanted; })[0] || null;
  }

  // Why a party cannot start (tgc/runtime/state.py's party_problem), or null.
  function partyProblem(bundle, words, party) {
    var names = words.members.map(function (m) { return m.name; }), seen = {};
    for (var i = 0; i < party.length; i++) {
      if (names.length && !declared(words, party[i])) {
        return 'no character "' + party[i] + '" in this campaign (characters: ' + names.join(", ") + ")";
      }
    }
    var players = bundle.campaign.players;
    if (party.length > players.max) {
      return "the party has " + party.length + " characters; this campaign is for " + players.min + "-" +
        players.max + " players";
    }
    for (var j = 0; j < party.length; j++) {
      var key = String(party[j]).toLowerCase();
      if (names.length && seen[key]) return '"' + party[j] + '" is named twice: each character plays once in a party';
      seen[key] = true;
    }
    return null;
  }

  function active(state) {
    var members = state.party.filter(function (c) { return state.dropped.indexOf(c.name) < 0; });
    return members.length ? members : state.party;
  }
  // Every item the party carries, member by member in party order.
  function items(state) {
    return state.party.reduce(function (all, c) { return all.concat(c.items); }, []);
  }
  // Every secret the party holds, whoever holds it (tgc/runtime/state.py's GameState.secrets).
  function secrets(state) {
    return sortedNumbers(state.party.reduce(function (all, c) { return all.concat(c.secrets); }, []));
  }
  function secretHolder(state, number) {
    return state.party.filter(function (c) { return c.secrets.indexOf(number) >= 0; })[0] || null;
  }
  function get(c, what) { return has(c.tracks, what) ? c.tracks[what] : (c.resources[what] || 0); }
  function put(c, what, value, words) {
    if (has(c.tracks, what)) setTrack(c, what, value, words); else c.resources[what] = Math.max(0, value);
  }
  function partyTotal(state, what, words) {
    var tracks = words.tracks.indexOf(what) >= 0;
    return active(state).reduce(function (sum, c) { return sum + (tracks ? c.tracks[what] : (c.resources[what] || 0)); }, 0);
  }
  function partyValue(state, name, words) {
    var members = active(state);
    function best(pick) { return members.map(pick).reduce(function (a, b) { return Math.max(a, b); }); }
    if (words.attributes.indexOf(name) >= 0) return best(function (c) { return c.attributes[name] || 0; });
    if (words.resources.indexOf(name) >= 0) return best(function (c) { return c.resources[name] || 0; });
    if (words.worst_high.indexOf(name) >= 0) return best(function (c) { return c.tracks[name]; });
    if (words.tracks.indexOf(name) >= 0) return -best(function (c) { return -c.tracks[name]; });
    if (name === "players") return state.players != null ? state.players : state.party.length;
    if (name === "day") return state.day;
    if (words.facts.indexOf(name) >= 0) return (state.facts || {})[name] || 0;
    throw new Error("unknown quantity '" + name + "' in a condition");
  }
  function marked(state, status) { return state.statuses[status] || []; }
  function addUnique(list, value) { if (list.indexOf(value) < 0) list.push(value); }
  function remove(list, value) { var i = list.indexOf(value); if (i >= 0) list.splice(i, 1); }
  function split(amount, count) {
    var base = Math.floor(amount / count), extra = amount % count, out = [];
    for (var i = 0; i < count; i++) out.push(base + (i < extra ? 1 : 0));
    return out;
  }
  function takeFromParty(members, what, amount, words) {
    for (var n = 0; n < amount; n++) {
      var richest = members[0];
      members.forEach(function (m) { if (get(m, what) > get(richest, what)) richest = m; });
      if (get(richest, what) === 0) return;
      put(richest, what, get(richest, what) - 1, words);
    }
  }

  // ------------------------------------------------------------ conditions

  function holds(cond, state, book, ask) {
    switch (cond.kind) {
      case "status": {
        var parts = marked(state, cond.status);
        if (cond.at_least != null) return parts.length >= cond.at_least;
        if (cond.low == null) return parts.length > 0;
        var high = cond.high != null ? cond.high : cond.low;
        for (var p = cond.low; p <= high; p++) if (parts.indexOf(p) < 0) return false;
        return true;
      }
      case "secret": return secretHolder(state, cond.number) !== null;
      case "item":
        if (!cond.keyword) return items(state).indexOf(cond.item) >= 0;
        return items(state).some(function (i) { return book.keywords(i).indexOf(cond.item) >= 0; });
      case "compare": return COMPARE[cond.op](partyValue(state, cond.name, book.words), cond.value);
      case "dial": return COMPARE[cond.op](state.dials[cond.dial] || 0, cond.value);
      case "character":
        return active(state).some(function (c) { return c.name.toLowerCase() === cond.character.toLowerCase(); });
      case "event":  // a campaign layer's; the page plays no campaign by its days
        return cond.quest ? (state.quests || []).indexOf(cond.event) >= 0 : state.event === cond.event;
      case "visited": return state.visited.indexOf(cond.verse) >= 0;
      case "chapter": {
        var now = state.chapter;
        if (cond.op != null) return COMPARE[cond.op](now.number, cond.number);
        if (now.number !== cond.number || (now.letter || null) !== (cond.letter || null)) return false;
        return cond.part == null || cond.part === now.part;
      }
      case "ask":
        if (!(cond.question in state.answers)) state.answers[cond.question] = !!ask(cond.question);
        return state.answers[cond.question];
      case "not": return !holds(cond.operand, state, book, ask);
      case "and": return cond.operands.every(function (c) { return holds(c, state, book, ask); });
      case "or": return cond.operands.some(function (c) { return holds(c, state, book, ask); });
    }
    throw new Error("unknown condition " + cond.kind);
  }

  function affordable(costs, state, words) {
    for (var i = 0; i < costs.length; i++) {
      if (partyTotal(state, costs[i].resource, words) < costAmount(costs[i], state)) return costs[i];
    }
    return null;
  }

  // ------------------------------------------------------------ effects

  function itemOptions(op, state, book) {
    if (!op.keyword) return [op.item];
    if (op.kind === "gain-item") {
      var declared = book.itemsWith(op.item);
      if (book.words.item_deck) {  // the cards the party carries are not in the Item deck
        var carried = items(state);
        declared = declared.filter(function (i) { return carried.indexOf(i) < 0; });
      }
      return declared.length ? declared : ["[" + op.item + "]"];
    }
    var held = [];
    items(state).forEach(function (i) { if (book.keywords(i).indexOf(op.item) >= 0) addUnique(held, i); });
    return held;
  }

  function applyEffect(op, state, book, pick) {
    var members = active(state), words = book.words;
    switch (op.kind) {
      case "gain": case "lose": case "pay": {
        var what = op.what, amount = op.amount, track = words.tracks.indexOf(what) >= 0;
        if (!track && words.resources.indexOf(what) < 0) {
          throw new Error("cannot " + op.kind + " '" + what + "': not a resource or a survival track");
        }
        var mode = op.party || (track ? "each" : "shared");
        if (op.kind === "gain") {
          var shares = mode === "each" ? members.map(function () { return amount; }) : split(amount, members.length);
          members.forEach(function (m, i) { put(m, what, get(m, what) + shares[i], words); });
        } else if (mode === "each") {
          var short = members.filter(function (m) { return get(m, what) < amount; }).map(function (m) { return m.name; });
          members.forEach(function (m) { put(m, what, get(m, what) - amount, words); });
          if (op.kind === "pay" && short.length && short.length < members.length) {
            short.forEach(function (n) { addUnique(state.dropped, n); });
          }
        } else if (track) {
          split(amount, members.length).forEach(function (share, i) {
            put(members[i], what, get(members[i], what) - share, words);
          });
        } else {
          takeFromParty(members, what, amount, words);
        }
        return op.kind + " " + amount + " " + what;
      }
      case "mark": case "unmark": {
        var status = book.statuses[op.status];
        var parts = state.statuses[op.status] || (state.statuses[op.status] = []);
        if (op.low != null) {
          var high = op.high != null ? op.high : op.low;
          for (var p = op.low; p <= high; p++) {
            if (op.kind === "mark") addUnique(parts, p); else remove(parts, p);
          }
        } else if (op.kind === "mark") {
          if (parts.length < status.size) parts.push(parts.length + 1);
        } else if (parts.length) {
          remove(parts, Math.max.apply(null, parts));
        }
        parts.sort(function (a, b) { return a - b; });
        return op.kind + " " + op.status;
      }
      case "gain-secret":  // to the first member still in, as an item; a held secret stays where it is
        if (!secretHolder(state, op.number)) members[0].secrets.push(op.number);
        return "gain secret " + op.number;
      case "lose-secret": {
        var holder = secretHolder(state, op.number);
        if (holder) remove(holder.secrets, op.number);
        return "lose secret " + op.number;
      }
      case "gain-item": case "lose-item": {
        var options = itemOptions(op, state, book);
        var chosen = pick != null ? pick : (options.length ? options[0] : null);
        if (chosen == null) return "lose item " + op.item + " (none held)";
        if (op.kind === "gain-item") {
          members[0].items.push(chosen);  // a new item is carried by the first member still in
          return "gain item " + chosen;
        }
        var carrier = state.party.filter(function (c) { return c.items.indexOf(chosen) >= 0; })[0];
        if (carrier) remove(carrier.items, chosen);
        return "lose item " + chosen;
      }
      case "raise": case "lower": {
        var sign = op.kind === "raise" ? 1 : -1;
        members.forEach(function (m) {
          m.attributes[op.attribute] = Math.max(0, (m.attributes[op.attribute] || 0) + sign * op.amount);
        });
        return op.kind + " " + op.attribute + " " + op.amount;
      }
      case "task": addUnique(state.tasks, op.text); return "task: " + op.text;
      case "note": return op.text;
      case "remove-location":
        remove(state.in_play, op.location); addUnique(state.removed, op.location);
        return "remove location " + op.location;
      case "reveal-location": case "move-to": {
        addUnique(state.in_play, op.location); remove(state.removed, op.location);
        if (op.kind === "reveal-location") return "reveal location " + op.location;
        state.location = op.location;
        var loc = book.locations[op.location];
        if (loc) {
          Object.keys(loc.keys).forEach(function (k) {
            if (state.removed.indexOf(loc.keys[k]) < 0) addUnique(state.in_play, loc.keys[k]);
          });
        }
        return "move to " + op.location;
      }
      case "replace-location":
        remove(state.in_play, op.old); addUnique(state.removed, op.old);
        addUnique(state.in_play, op["new"]); remove(state.removed, op["new"]);
        state.replaced[op.old] = op["new"];
        if (state.location === op.old) state.location = op["new"];
        return "replace location " + op.old + " with " + op["new"];
      case "set-dial":
        state.dials[op.dial] = Math.max(0, Math.min(words.dial_max, op.value));
        return "set dial " + op.dial + " to " + state.dials[op.dial];
      case "advance-dial":
        state.dials[op.dial] = Math.min(words.dial_max, (state.dials[op.dial] || 0) + 1);
        return "advance dial " + op.dial;
      case "place-time-token": state.time_tokens += 1; return "place time token";
      case "remove-time-token": state.time_tokens = Math.max(0, state.time_tokens - 1); return "remove time token";
      case "phrase": return phraseText(op);  // the campaign layer's own effect: nothing changes here
    }
    throw new Error("unknown effect " + op.kind);
  }

  function phraseText(op) {
    var words = [op.phrase];
    if (op.numbers && op.numbers.length) words.push(op.numbers.join(", "));
    if (op.name != null) words.push('"' + op.name + '"');
    if (op.at != null) words.push("at " + op.at);
    return words.join(" ");
  }
  function costAmount(cost, state) {
    var players = state.players != null ? state.players : state.party.length;
    return cost.per_player ? cost.amount * players : cost.amount;
  }

  function triggerHolds(status, trigger, state) {
    var parts = marked(state, status.name);
    if (trigger.when === "marked") return parts.length > 0;
    if (trigger.when === "full") return parts.length >= status.size;
    if (trigger.when === "any") return parts.length >= (trigger.low || 1);
    var low = trigger.low || 1, high = trigger.high != null ? trigger.high : low;
    for (var p = low; p <= high; p++) if (parts.indexOf(p) < 0) return false;
    return true;
  }

  // ------------------------------------------------------------ the story

  // The one seeded generator, as tgc/runtime/rng.py's Rng: Python's random.Random(seed)
  // (rng.js, TgcRandom) made on first use, so a seed rolls the dice tgc play rolls.
  function Rng(seed) { this.seed = seed; this.made = null; }
  Rng.prototype.random = function () {
    if (!this.made) this.made = new root.TgcRandom.Random(this.seed);
    return this.made;
  };
  Rng.prototype.roll = function (dice, sides) {
    var faces = [];
    for (var i = 0; i < dice; i++) faces.push(this.random().randint(1, sides));
    return faces;
  };
  Rng.prototype.toss = function () { return this.random().random() < 0.5 ? "heads" : "tails"; };
  Rng.prototype.pick = function (options) { return options[this.random().randrange(options.length)]; };
  Rng.prototype.getstate = function () { return { seed: this.seed, state: this.made ? this.made.getstate() : null }; };
  Rng.prototype.setstate = function (saved) {
    if (typeof saved !== "object" || saved === null) { this.seed = saved; this.made = null; return; }
    this.seed = saved.seed;
    this.made = null;
    if (saved.state) { this.random().setstate(saved.state); }
  };

  // options: rules (player_rules), party (names; none: the default adventurer), seed,
  // dice ("random", or "ask": the reader types the roll).
  function Story(bundle, options) {
    options = options || {};
    if (!options.rules) throw new Error("the player needs the ruleset's rules beside the bundle");
    this.book = new Book(bundle, options.rules);
    this.state = newState(bundle, options.rules, options.party);
    this.rng = new Rng(options.seed == null ? 0 : options.seed);
    this.dice = options.dice || "random";  // "random" or "ask" (the reader types the roll)
    this.fights = options.fights || "ask";  // as tgc play --fights: "ask" (win/lose/avoid) or the ruleset's modes
    this.cursor = null;
    this.queue = [];
    this.waiting = null;
    this.ending = null;
    this.out = [];
    this.offers = [];
    this.picks = [];
    this.steps = 0;
    this.truth = this.triggerTruth();
  }

  Story.prototype.emit = function (event) { this.out.push(event); };
  Story.prototype.label = function () {
    var c = this.cursor;
    return c ? (c.block ? c.verse + "." + c.block : c.verse) : "?";
  };
  Story.prototype.currentBody = function () { return this.book.body(this.cursor.verse, this.cursor.block); };

  Story.prototype.begin = function (target) {
    this.out = [];
    this.state.answers = {};
    this.state.dropped = [];
    this.waiting = null; this.ending = null; this.steps = 0;
    if (this.queue.length) { this.queue.push(target); target = this.queue.shift(); }
    this.transfer(target);
  };
  Story.prototype.goto = function (verse, block) {
    this.book.body(verse, block);
    this.begin({ kind: "goto", verse: verse, block: block == null ? null : block });
  };
  Story.prototype.enter = function (location, hook) {
    var loc = this.book.locations[location];
    var target = loc ? loc.hooks[hook || "explore"] : null;
    if (!target) throw new Error("location " + location + " has no '" + (hook || "explore") + "' hook");
    this.state.location = location;
    this.begin(target);
  };

  // A new exploration through a location's action (tgc/runtime/story.py's act): an
  // action taken once per day and taken today, or costs the party cannot pay, throw and
  // change nothing; otherwise the party pays together and the exploration begins at its target.
  Story.prototype.act = function (location, name) {
    var action = this.book.action(location, name), state = this.state, self = this;
    var key = location + "/" + action.name;
    if (action.once_per_day && state.acted[key] === state.day) {
      throw new Error('"' + action.name + '" is taken once per day, and was taken on day ' + state.day);
    }
    var short = affordable(action.costs, state, this.book.words);
    if (short) {
      throw new Error('"' + action.name + '" costs ' + costAmount(short, state) + " " + short.resource +
        " (the party has " + partyTotal(state, short.resource, this.book.words) + ")");
    }
    this.out = [];
    state.location = location;
    state.answers = {}; state.dropped = [];
    this.waiting = null; this.ending = null; this.steps = 0;
    state.acted[key] = state.day;
    action.costs.forEach(function (c) {
      self.apply({ kind: "pay", amount: costAmount(c, state), what: c.resource, party: "shared" });
    });
    var target = action.target;
    if (this.queue.length) { this.queue.push(target); target = this.queue.shift(); }
    this.transfer(target);
  };

  // The campaign clock, between explorations (tgc/runtime/story.py's next_day and
  // next_chapter): the day moves on (once-per-day actions may be taken again); the
  // chapter moves on to the next number, or to a chapter the reader names.
  Story.prototype.between = function (what) {
    if (this.cursor || this.waiting) {
      throw new Error(what + " ends between explorations (this one goes on at " + this.label() + ")");
    }
  };
  Story.prototype.nextDay = function (day) {
    this.between("a day");
    day = day == null ? this.state.day + 1 : day;
    if (day <= this.state.day) {
      throw new Error("the days only move on: today is day " + this.state.day + ", not before day " + day);
    }
    this.state.day = day;
  };
  Story.prototype.nextChapter = function (chapter) {
    this.between("a chapter");
    var now = this.state.chapter;
    chapter = chapter == null ? { number: now.number + 1, letter: null, part: null } : chapter;
    if (sameChapter(chapter, now) || !reachable(chapter, now)) {
      throw new Error("chapters only move on: chapter " + chapterText(now) + " cannot come to chapter " +
        chapterText(chapter));
    }
    this.state.chapter = chapter;
  };

  // Every event up to the next wait or the end.
  Story.prototype.run = function () {
    while (!this.waiting && this.cursor) this.advance();
    var events = this.out;
    this.out = [];
    return events;
  };

  Story.prototype.advance = function () {
    var body = this.currentBody(), cursor = this.cursor;
    if (cursor.index >= body.ops.length) {
      return this.stop({ kind: "dead-end", where: this.label(), why: "the verse ends without a divert or a choice" });
    }
    if (++this.steps > MAX_STEPS) return this.stop({ kind: "loop", where: this.label() });
    var op = body.ops[cursor.index];
    try {
      switch (op.kind) {
        case "text": this.emit({ kind: "text", text: op.text }); cursor.index += 1; break;
        case "if-effect":
          if (this.holds(op.cond)) this.runEffect(op.effect); else cursor.index += 1;
          break;
        case "if-divert":
          if (this.holds(op.cond)) this.transfer(op.target); else cursor.index += 1;
          break;
        case "divert": this.transfer(op.target); break;
        case "choice": this.runChoices(); break;
        case "roll": this.runRoll(op); break;
        case "toss": this.runToss(op); break;
        case "encounter": this.runEncounter(op); break;
        default: this.runEffect(op);
      }
    } catch (err) {
      if (!(err instanceof NeedAnswer)) throw err;
      this.waiting = { kind: "ask", question: err.question };
      this.emit(this.waiting);
    }
  };

  Story.prototype.holds = function (cond) {
    return holds(cond, this.state, this.book, function (question) { throw new NeedAnswer(question); });
  };

  Story.prototype.runEffect = function (op) {
    if ((op.kind === "gain-item" || op.kind === "lose-item") && op.keyword) {
      var options = itemOptions(op, this.state, this.book);
      if (options.length > 1) {
        this.picks = options;
        this.waiting = { kind: "choices", purpose: "item", choices: options.map(function (name, i) {
          return { index: i, text: name, costs: [] };
        }), locked: [] };
        this.emit(this.waiting);
        return;
      }
    }
    this.apply(op);
    this.cursor.index += 1;
  };

  Story.prototype.apply = function (op, pick) {
    var text = applyEffect(op, this.state, this.book, pick), engine = this.fightEngine(), self = this;
    this.emit({ kind: "effect", op: op, text: text });
    if (engine && engine.settle) {  // a Settling ruleset's rules follow every effect (story.py's RulesFollowed)
      engine.settle(this.state).forEach(function (line) { self.emit({ kind: "effect", op: { kind: "rules" }, text: line }); });
    }
    if (op.kind === "mark" || op.kind === "unmark") {
      this.checkTriggers(op.status);
    } else if (op.kind === "move-to") {
      var loc = this.book.locations[op.location];
      if (loc && loc.hooks.instant) this.queue.push(loc.hooks.instant);
    }
  };

  Story.prototype.runChoices = function () {
    var ops = this.currentBody().ops, offers = [], shown = [], locked = [];
    for (var line = this.cursor.index; line < ops.length; line++) {
      var choice = ops[line];
      if (choice.kind !== "choice") throw new Error("in " + this.label() + ": a '" + choice.kind + "' line after a choice");
      if (choice.guard && !this.holds(choice.guard)) { locked.push({ text: choice.text, why: "locked" }); continue; }
      var short = affordable(choice.costs, this.state, this.book.words);
      if (short) {
        locked.push({ text: choice.text, why: "costs " + costAmount(short, this.state) + " " + short.resource +
          " (the party has " + partyTotal(this.state, short.resource, this.book.words) + ")" });
        continue;
      }
      shown.push({ index: offers.length, text: choice.text, costs: choice.costs });
      offers.push({ line: line, choice: choice });
    }
    if (!offers.length) return this.stop({ kind: "dead-end", where: this.label(), why: "every choice is locked" });
    this.offers = offers;
    this.waiting = { kind: "choices", purpose: "choice", choices: shown, locked: locked };
    this.emit(this.waiting);
  };

  Story.prototype.runRoll = function (op) {
    var modifier = 0, state = this.state, words = this.book.words;
    op.modifiers.forEach(function (m) { modifier += m.sign * (m.attribute ? partyValue(state, m.attribute, words) : m.value); });
    if (this.dice === "ask") {
      this.waiting = { kind: "roll", dice: op.dice, sides: op.sides, modifier: modifier };
      this.emit(this.waiting);
      return;
    }
    var faces = this.rng.roll(op.dice, op.sides);
    this.finishRoll(op, faces, faces.reduce(function (a, b) { return a + b; }, 0) + modifier, modifier);
  };
  Story.prototype.finishRoll = function (op, faces, total, modifier) {
    this.emit({ kind: "rolled", dice: op.dice, sides: op.sides, faces: faces, modifier: modifier, total: total });
    for (var i = 0; i < op.arms.length; i++) {
      var arm = op.arms[i];
      if (total >= arm.low && (arm.high == null || total <= arm.high)) return this.transfer(arm.target);
    }
    this.stop({ kind: "dead-end", where: this.label(), why: "no arm of the roll covers " + total });
  };

  Story.prototype.runToss = function (op) {
    if (this.dice === "ask") { this.waiting = { kind: "toss" }; this.emit(this.waiting); return; }
    this.finishToss(op, this.rng.toss());
  };
  Story.prototype.finishToss = function (op, side) {
    this.emit({ kind: "tossed", side: side });
    for (var i = 0; i < op.arms.length; i++) if (op.arms[i].side === side) return this.transfer(op.arms[i].target);
    this.stop({ kind: "dead-end", where: this.label(), why: "the toss has no " + side + " arm" });
  };

  // As tgc/runtime/story.py's encounter op: the ruleset's engine in the page (a maker on
  // TgcPlayer.fightMakers, for the story's `fights` mode) may play it and name the
  // outcome, or leave a fight to be played by hand (`fight`); else the reader settles it.
  Story.prototype.runEncounter = function (op) {
    var outcomes = this.book.outcomes(op.deck, op.name), engine = this.fightEngine();
    var played = engine ? engine.encounter(this, op, outcomes) : null;
    if (played && played.outcome) return this.finishEncounter(op, played.outcome);
    this.waiting = { kind: "encounter", op: op, outcomes: outcomes, fight: played ? played.fight : null };
    this.emit(this.waiting);
  };
  Story.prototype.fightEngine = function () {
    if (this.engine === undefined) {
      var self = this;
      this.engine = null;
      root.TgcPlayer.fightMakers.forEach(function (make) {
        if (!self.engine) self.engine = make(self.book.bundle, self.book.words, self.fights) || null;
      });
    }
    return this.engine;
  };
  Story.prototype.finishEncounter = function (op, outcome) {
    this.emit({ kind: "resolved", op: op, outcome: outcome });
    for (var i = 0; i < op.arms.length; i++) if (op.arms[i].outcome === outcome) return this.transfer(op.arms[i].target);
    this.cursor.index += 1;
  };

  // ------------------------------------------------------------ answers

  Story.prototype.expect = function (kind) {
    if (!this.waiting || this.waiting.kind !== kind) {
      throw new Error("the story is not waiting for " + kind + " (it waits for " + (this.waiting ? this.waiting.kind : "nothing") + ")");
    }
    var waiting = this.waiting;
    this.waiting = null;
    this.steps = 0;
    return waiting;
  };
  Story.prototype.choose = function (index) {
    var offered = this.waiting;
    if (!offered || offered.kind !== "choices" || index < 0 || index >= offered.choices.length) {
      throw new Error("there is no choice " + (index + 1));
    }
    this.expect("choices");
    var op = this.currentBody().ops[this.cursor.index];
    if (offered.purpose === "item") {
      this.apply(op.kind === "if-effect" ? op.effect : op, this.picks[index]);
      this.cursor.index += 1;
      return;
    }
    var choice = this.offers[index].choice, self = this;
    choice.costs.forEach(function (c) {
      self.apply({ kind: "pay", amount: costAmount(c, self.state), what: c.resource, party: "shared" });
    });
    this.transfer(choice.target);
  };
  Story.prototype.answer = function (yes) { this.state.answers[this.expect("ask").question] = !!yes; };
  Story.prototype.giveRoll = function (sum) {
    var wanted = this.waiting;
    if (!wanted || wanted.kind !== "roll") throw new Error("the story is not waiting for a roll");
    if (!(sum >= wanted.dice && sum <= wanted.dice * wanted.sides)) {
      throw new Error(wanted.dice + "d" + wanted.sides + " cannot show " + sum);
    }
    this.expect("roll");
    this.finishRoll(this.currentBody().ops[this.cursor.index], [], sum + wanted.modifier, wanted.modifier);
  };
  Story.prototype.giveToss = function (side) {
    if (side !== "heads" && side !== "tails") throw new Error("a toss is heads or tails");
    this.expect("toss");
    this.finishToss(this.currentBody().ops[this.cursor.index], side);
  };
  Story.prototype.resolve = function (outcome) {
    var started = this.waiting;
    if (!started || started.kind !== "encounter" || started.outcomes.indexOf(outcome) < 0) {
      throw new Error("this encounter does not end in " + outcome);
    }
    this.expect("encounter");
    this.finishEncounter(started.op, outcome);
  };

  // ------------------------------------------------------------ triggers and moving on

  Story.prototype.triggerTruth = function () {
    var truth = {}, state = this.state;
    this.book.bundle.statuses.forEach(function (st) {
      st.triggers.forEach(function (t, i) { truth[st.name + "\u0000" + i] = triggerHolds(st, t, state); });
    });
    return truth;
  };
  Story.prototype.checkTriggers = function (name) {
    var status = this.book.statuses[name], self = this;
    if (!status) return;
    status.triggers.forEach(function (t, i) {
      var key = name + "\u0000" + i, now = triggerHolds(status, t, self.state);
      if (now && !self.truth[key]) {
        self.queue.push(t.target);
        self.emit({ kind: "trigger", status: name, when: t.when });
      }
      self.truth[key] = now;
    });
  };

  Story.prototype.transfer = function (target) {
    if (target.kind === "goto") {
      var body = this.book.body(target.verse, target.block);
      this.cursor = { verse: target.verse, block: target.block == null ? null : target.block, index: 0 };
      if (target.block == null) addUnique(this.state.visited, target.verse);
      this.emit({ kind: "verse", id: body.verse.id, printed: body.verse.printed, section: body.verse.section,
        block: target.block == null ? null : target.block });
      return;
    }
    var where = this.label();
    if (target.kind === "end" && this.queue.length) return this.transfer(this.queue.shift());
    if (target.kind === "end") return this.stop({ kind: "end", where: where });
    if (target.kind === "end-chapter") {
      this.state.chapter = { number: this.state.chapter.number + 1, letter: null, part: null };
      return this.stop({ kind: "end-chapter", where: where });
    }
    this.stop({ kind: "game-over", where: where });
  };
  Story.prototype.stop = function (ending) {
    this.cursor = null;
    this.queue = [];
    this.ending = ending;
    this.emit(ending);
  };

  // A snapshot for undo and autosave: everything but the book.
  Story.prototype.snapshot = function () {
    return JSON.stringify({ state: this.state, cursor: this.cursor, queue: this.queue, waiting: this.waiting,
      ending: this.ending, offers: this.offers, picks: this.picks, truth: this.truth, rng: this.rng.getstate() });
  };
  Story.prototype.restore = function (text) {
    var saved = JSON.parse(text);
    this.state = saved.state; this.cursor = saved.cursor; this.queue = saved.queue; this.waiting = saved.waiting;
    this.ending = saved.ending; this.offers = saved.offers; this.picks = saved.picks; this.truth = saved.truth;
    this.rng.setstate(saved.rng); this.out = []; this.steps = 0;
  };

  // ------------------------------------------------------------ tgc's save file

  // The save format tgc/runtime/save.py writes and reads (SAVE_FORMAT): a browser's
  // export loads in `tgc play --state` and `:load`, and a save of tgc play loads here.
  var SAVE_FORMAT = 4, SAVE_KIND = "tgc-save";

  function sortedNumbers(list) { return list.slice().sort(function (a, b) { return a - b; }); }
  function sortedKeys(object) { return Object.keys(object).sort(byCodePoint); }
  function byCodePoint(a, b) { return a < b ? -1 : a > b ? 1 : 0; }
  function chapterText(ch) {
    var text = String(ch.number) + (ch.letter || "");
    return ch.part != null ? text + "-" + ch.part : text;
  }
  function parseChapter(text) {
    var m = /^([0-9]{1,6})([A-Za-z]?)(?:-([0-9]{1,6}))?$/.exec(String(text));
    if (!m) throw new Error("the save's chapter " + JSON.stringify(text) + " is not a chapter");
    return { number: parseInt(m[1], 10), letter: m[2] || null, part: m[3] ? parseInt(m[3], 10) : null };
  }
  // A chapter as a reader writes it (tgc/runtime/state.py's Chapter.parse): 3, 3A, 4B-4.
  function readChapter(text) {
    var m = /^([0-9]{1,9})([A-Z]?)(?:-([0-9]{1,9}))?$/.exec(String(text).trim());
    if (!m) throw new Error("not a chapter id: " + JSON.stringify(String(text).slice(0, 40)) + " (expected 3, 3A or 7-2)");
    return { number: parseInt(m[1], 10), letter: m[2] || null, part: m[3] ? parseInt(m[3], 10) : null };
  }
  function sameChapter(a, b) {
    return a.number === b.number && (a.letter || null) === (b.letter || null) && (a.part == null ? null : a.part) ===
      (b.part == null ? null : b.part);
  }
  // Chapters only move on: a higher number, or the same number with its letter kept or
  // learnt and its event deck at the same part or further (Chapter.reachable_from).
  function reachable(to, from) {
    if (to.number !== from.number) return to.number > from.number;
    if (from.letter != null && to.letter !== from.letter) return false;
    return (to.part || 0) >= (from.part || 0);
  }
  function numberKeys(object) {
    var out = {};
    Object.keys(object).map(Number).sort(function (a, b) { return a - b; })
      .forEach(function (k) { out[k] = object[k]; });
    return out;
  }

  // JSON as Python's json.dumps(sort_keys=True, indent=2, ensure_ascii=False) writes it,
  // so the same state gives the same bytes from either engine.
  function pythonJson(value, indent) {
    indent = indent || "";
    var inner = indent + "  ";
    if (value === null || value === undefined) return "null";
    if (Array.isArray(value)) {
      if (!value.length) return "[]";
      return "[\n" + value.map(function (v) { return inner + pythonJson(v, inner); }).join(",\n") + "\n" + indent + "]";
    }
    if (typeof value === "object") {
      var keys = Object.keys(value);
      var numeric = keys.length && keys.every(function (k) { return /^-?[0-9]+$/.test(k); });
      keys.sort(numeric ? function (a, b) { return Number(a) - Number(b); } : byCodePoint);
      if (!keys.length) return "{}";
      return "{\n" + keys.map(function (k) {
        return inner + JSON.stringify(k) + ": " + pythonJson(value[k], inner);
      }).join(",\n") + "\n" + indent + "}";
    }
    return JSON.stringify(value);
  }

  Story.prototype.exportSave = function (seed) {
    var s = this.state, self = this;
    var party = s.party.map(function (c) {
      return { attributes: c.attributes, items: c.items.slice().sort(byCodePoint), limits: c.limits, name: c.name,
               piles: c.piles || {}, resources: c.resources, secrets: sortedNumbers(c.secrets), tracks: c.tracks };
    });
    var statuses = {};
    sortedKeys(s.statuses).forEach(function (k) { if (s.statuses[k].length) statuses[k] = sortedNumbers(s.statuses[k]); });
    var state = {
      acted: s.acted, answers: s.answers, chapter: chapterText(s.chapter), day: s.day, dials: s.dials,
      dropped: s.dropped.slice().sort(byCodePoint), in_play: sortedNumbers(s.in_play), location: s.location,
      party: party, players: s.players, removed: sortedNumbers(s.removed), replaced: numberKeys(s.replaced),
      statuses: statuses, tasks: s.tasks, time_tokens: s.time_tokens,
      visited: s.visited.slice().sort(byCodePoint)
    };
    var position = null;
    if (this.cursor) {
      position = { block: this.cursor.block || null, index: this.cursor.index, verse: this.cursor.verse,
                   queue: this.queue.map(function (t) { return self.targetJson(t); }) };
    }
    return pythonJson({ campaign: this.book.bundle.campaign.title, format: SAVE_FORMAT, kind: SAVE_KIND,
                        position: position, seed: seed == null ? null : seed, state: state }) + "\n";
  };
  Story.prototype.targetJson = function (t) {
    return t.kind === "goto" ? { block: t.block || null, kind: "goto", verse: t.verse } : { kind: t.kind };
  };

  // A tgc save file (format 1 to 4; a campaign's world is not played here) in place of the state; a file tgc would refuse is
  // refused here too, with the reason, and changes nothing.
  Story.prototype.importSave = function (text) {
    var data = JSON.parse(text);
    // as tgc's own reader: a file without a kind (format 1 wrote none) is a save
    if (!data || (data.kind === undefined ? SAVE_KIND : data.kind) !== SAVE_KIND) {
      throw new Error("not a tgc save file (its kind is not \"tgc-save\")");
    }
    if (data.format !== 1 && data.format !== 2 && data.format !== 3 && data.format !== SAVE_FORMAT) {
      throw new Error("save format " + JSON.stringify(data.format) + " (this player reads formats 1 to " + SAVE_FORMAT + ")");
    }
    var book = this.book, words = book.words, saved = data.state || {}, state = newState(book.bundle, words);
    if (saved.party && saved.party.length) {
      var players = book.bundle.campaign.players;
      if (saved.party.length > players.max) {
        throw new Error("the party has " + saved.party.length + " characters; this campaign is for " +
          players.min + "-" + players.max + " players");
      }
      state.party = saved.party.map(function (m) { return savedCharacter(m, words); });
    }
    if (data.format !== 1 && saved.items && saved.items.length) {
      throw new Error("at state.items: save format " + data.format + " keeps items with the member who carries them");
    }
    (saved.items || []).forEach(function (i) { state.party[0].items.push(i); });  // format 1: the first member's
    if (data.format === SAVE_FORMAT && saved.secrets && saved.secrets.length) {
      throw new Error("at state.secrets: save format " + SAVE_FORMAT + " keeps secrets with the member who holds them");
    }
    var holders = {};
    state.party.forEach(function (c) {
      c.secrets.forEach(function (n) {
        if (has(holders, n)) {
          throw new Error("secret " + n + " is held by " + holders[n] + " and " + c.name + ": a secret is one card, held by one character");
        }
        holders[n] = c.name;
      });
    });
    (saved.secrets || []).forEach(function (n) {  // formats 1-3: the party's secrets go to the first member
      if (!secretHolder(state, n)) state.party[0].secrets.push(n);
    });
    if (saved.acted) state.acted = JSON.parse(JSON.stringify(saved.acted));
    ["visited", "tasks", "removed", "dropped"].forEach(function (k) { if (saved[k]) state[k] = saved[k].slice(); });
    ["statuses", "dials", "answers"].forEach(function (k) { if (saved[k]) state[k] = JSON.parse(JSON.stringify(saved[k])); });
    if (saved.replaced) Object.keys(saved.replaced).forEach(function (k) { state.replaced[Number(k)] = saved.replaced[k]; });
    if (saved.in_play != null) state.in_play = saved.in_play.slice();
    if (saved.time_tokens != null) state.time_tokens = saved.time_tokens;
    if (saved.day != null) state.day = saved.day;
    if (saved.chapter != null) state.chapter = parseChapter(saved.chapter);
    if ("location" in saved) state.location = saved.location;
    if ("players" in saved) state.players = saved.players;
    var position = data.position || null;
    if (position && !book.verses[position.verse]) throw new Error("the save is at verse " + position.verse + ", which this campaign does not have");
    this.state = state;
    this.cursor = position ? { verse: position.verse, block: position.block || null, index: position.index || 0 } : null;
    this.queue = position ? (position.queue || []) : [];
    this.waiting = null; this.ending = null; this.out = []; this.offers = []; this.picks = []; this.steps = 0;
    if (typeof data.seed === "number") this.rng.setstate(data.seed);
    this.truth = this.triggerTruth();
  };

  // A member as a save gives it (tgc/runtime/save.py's _character): what it leaves out
  // comes from the campaign's character of that name, else the default adventurer.
  function savedCharacter(m, words) {
    var c = newCharacter(m.name, declared(words, m.name), words);
    [["tracks", words.tracks], ["limits", words.tracks], ["attributes", words.attributes],
     ["resources", words.resources]].forEach(function (pair) {
      var part = pair[0], names = pair[1], values = m[part] || {};
      Object.keys(values).forEach(function (key) {
        if (names.indexOf(key) < 0) throw new Error(m.name + ": '" + key + "' is not one of the " + part + " (" + names.join(", ") + ")");
        if (values[key] < 0) throw new Error(m.name + ": " + key + " cannot be negative (" + values[key] + ")");
        c[part][key] = values[key];
      });
    });
    words.start_limited.forEach(function (t) {
      if (has(m.tracks || {}, t) && !has(m.limits || {}, t)) c.limits[t] = Math.max(c.limits[t], m.tracks[t]);
    });
    Object.keys(m.piles || {}).forEach(function (pile) {
      if (words.piles.indexOf(pile) < 0) {
        throw new Error(m.name + ": '" + pile + "' is not one of the piles (" + (words.piles.join(", ") || "none in this ruleset") + ")");
      }
      c.piles[pile] = m.piles[pile].slice();
    });
    c.items = (m.items || []).slice();
    c.secrets = (m.secrets || []).slice();
    return c;
  }

  root.TgcPlayer = { Story: Story, newState: newState, holds: holds, applyEffect: applyEffect, items: items, secrets: secrets,
                     partyProblem: partyProblem, readChapter: readChapter, active: active, setTrack: setTrack,
                     fightMakers: [], pythonJson: pythonJson };
})(typeof window !== "undefined" ? window : globalThis);
