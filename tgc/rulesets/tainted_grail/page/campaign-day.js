// Tainted Grail in the web player, a campaign played by its days: the day played by the
// rules (campaign/day.py: Start of the Day, the actions of the rounds, End of the Day),
// the Event deck and quests (campaign/events.py, header.py), parties and their Energy
// (campaign/party.py) and death (campaign/death.py, engines/afflictions.py), ported line
// for line. Each procedure returns the lines `tgc play --campaign` prints (`[SOD-3] ...`)
// and queues the journal readings it causes; every random answer (a guardian die, a fight
// nobody plays, the Random pile's shuffle) comes from the story's one generator.
(function (root) {
  "use strict";
  var P = root.TgcPlayer, M = P.taintedGrailMap, happening = M.happening, add = M.add, drop = M.drop;
  var GUARDIAN_DIE = ["up", "down", "left", "right", "nothing", "discard"];
  var STARTING_DIAL = [8, 7, 6, 5], WYRDNESS = 2, CAMPAIGN = "campaign", BY_PART = "by part", SAVED = "Saved by the Goddess";
  var LIMITED = ["weapon", "armor", "shield", "companion", "relic"];
  var TRADED = ["food", "wealth"];  // RES-3: what changes hands at the End of the Day

  function CampaignError(message) { this.message = message; }
  CampaignError.prototype = Object.create(Error.prototype);
  function fail(message) { throw new CampaignError(message); }
  function has(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }
  function byCodePoint(a, b) { return a < b ? -1 : a > b ? 1 : 0; }
  function byNumber(a, b) { return a - b; }
  function they(names, verb) { return names.length > 1 ? names.join(" and ") + " " + verb : names[0] + " " + verb + "s"; }
  function get(c, what) { return has(c.tracks, what) ? c.tracks[what] : (c.resources[what] || 0); }
  function copy(value) { return JSON.parse(JSON.stringify(value)); }

  // ------------------------------------------------------------ cards (events.py, header.py)

  function text(value) { return typeof value === "string" ? value.trim() : null; }
  function asNumber(value) { return /^[0-9]{1,9}$/.test(value || "") ? parseInt(value, 10) : null; }
  function cardOf(record, kind) {
    var data = record.data || {}, links = {};
    (record.links || []).forEach(function (l) { links[l.key] = l.target; });
    return { name: record.name, kind: kind, chapter: text(data.chapter), part: asNumber(text(data.part) || "0") || 0,
             quest: kind === "quest" || (text(data.quest) || "no").toLowerCase() === "yes",
             random: (record.args || []).slice(1).indexOf("random") >= 0, links: links,
             succeed: (record.conditions || {}).succeed || null, secret: asNumber(text(data.secret) || "") };
  }
  function cardsOf(bundle) {
    var cards = {};
    (bundle.events || []).forEach(function (r) { cards[r.name] = cardOf(r, "event"); });
    (bundle.quests || []).forEach(function (r) { cards[r.name] = cardOf(r, "quest"); });
    return cards;
  }
  function chaptersOf(bundle) {
    var out = {};
    ((bundle.records || {}).chapter || []).forEach(function (record) {
      var deck = record.data.deck, listed = Array.isArray(deck) ? deck : String(deck).split(",");
      var order = deck == null || (typeof deck === "string" && deck.trim() === BY_PART) ? null
        : listed.map(function (d) { return String(d).trim(); });
      var setup = (record.links || []).filter(function (l) { return l.key === "setup"; })[0];
      out[record.name] = { id: record.name, title: record.args.length > 1 ? String(record.args[1]) : "Chapter " + record.name,
                           deck: order, setup: setup ? setup.target : null };
    });
    return out;
  }
  function chapterKey(chapter) { return String(chapter.number) + (chapter.letter || ""); }
  function newPiles(chapter, cards, random) {
    var deck;
    if (chapter.deck !== null) deck = chapter.deck.filter(function (n) { return has(cards, n); });
    else {
      deck = Object.keys(cards).map(function (n) { return cards[n]; }).filter(function (c) {
        return c.kind === "event" && !c.random && c.chapter === chapter.id;
      }).sort(function (a, b) { return a.part !== b.part ? a.part - b.part : byCodePoint(a.name, b.name); })
        .map(function (c) { return c.name; });
    }
    return { chapter: chapter.id, begun: false, deck: deck, discard: [], random: random.slice(), active: [], today: null,
             done: [], removed: [] };
  }
  function headerOf(bundle) {
    var data = bundle.campaign.data || {}, dials = String(data.menhir || "").split(",").map(function (p) { return asNumber(p.trim()); });
    var starting = dials.every(function (d) { return d !== null; }) ? dials : [];
    var chapter = { number: 1, letter: null, part: null };
    if (has(data, "chapter")) { try { chapter = P.readChapter(data.chapter); } catch (err) { /* TGC410: the default */ } }
    var mercy = (bundle.campaign.links || []).filter(function (l) { return l.key === "mercy"; })[0];
    return { starting: starting.length ? starting : STARTING_DIAL, chapter: chapter, mercy: mercy ? mercy.target : null };
  }
  function timeDialsOf(bundle) {
    var out = {};
    ((bundle.records || {}).dial || []).forEach(function (record) {
      if ((record.args || []).slice(1).indexOf("time") < 0) return;
      var expired = (record.links || []).filter(function (l) { return l.key === "expired"; })[0];
      out[record.name] = expired ? expired.target : null;
    });
    return out;
  }

  // ------------------------------------------------------------ parties (party.py)

  // The campaign state as the party sees it: the same objects but the party (write_back
  // copies the rest home when the reading ends).
  function view(state, members) {
    var out = {};
    Object.keys(state).forEach(function (k) { out[k] = state[k]; });
    out.party = members.slice();
    out.dropped = [];
    out.answers = {};
    return out;
  }
  function writeBack(seen, state) {
    Object.keys(seen).forEach(function (k) {
      if (["party", "dropped", "answers"].indexOf(k) < 0) state[k] = seen[k];
    });
    var outside = [];
    state.party.forEach(function (m) {
      if (seen.party.indexOf(m) < 0) outside = outside.concat(m.secrets);
    });
    seen.party.forEach(function (m) { m.secrets = m.secrets.filter(function (n) { return outside.indexOf(n) < 0; }); });
  }
  function energyShares(members, perMember, payer) {
    var shares = {};
    if (payer === null) {
      members.forEach(function (m) { if (m.tracks.energy >= perMember) shares[m.name] = perMember; });
      return { shares: shares, dropped: members.filter(function (m) { return m.tracks.energy < perMember; }).map(function (m) { return m.name; }) };
    }
    Object.keys(payer).forEach(function (name) {
      var member = members.filter(function (m) { return m.name.toLowerCase() === name.toLowerCase(); })[0];
      if (!member) fail(name + " is not in this party, so cannot pay its Energy");
      if (payer[name] > member.tracks.energy) fail(member.name + " has " + member.tracks.energy + " Energy, not " + payer[name]);
      shares[member.name] = (shares[member.name] || 0) + payer[name];
    });
    var total = perMember * members.length, given = Object.keys(shares).reduce(function (s, k) { return s + shares[k]; }, 0);
    if (given !== total) fail("the party owes " + total + " Energy (" + perMember + " per member), and the payers give " + given);
    return { shares: shares, dropped: [] };
  }

  // ------------------------------------------------------------ the campaign (day.py)

  // options: rng (the story's one generator), decide (a Question -> an answer), dice,
  // state and world (a saved day), settle (a story's rules after each effect).
  function Campaign(bundle, words, party, options) {
    var maker = new P.Story(bundle, { rules: words });
    this.bundle = bundle;
    this.words = words;
    this.book = maker.book;
    this.geo = new M.Geometry(bundle);
    this.cards = cardsOf(bundle);
    this.header = headerOf(bundle);
    this.timeDials = timeDialsOf(bundle);
    this.chapters = chaptersOf(bundle);
    this.outside = P.taintedGrailOutside ? new P.taintedGrailOutside.Rules(bundle, words) : null;
    this.rng = options.rng;
    this.decide = options.decide;
    this.dice = options.dice || "random";
    this.fights = options.fights || "ask";  // the readings' fights (the page's Fights box)
    this.readings = [];
    this.busy = null;
    this.movedFrom = null;
    if (options.state && options.world) {
      this.state = options.state;
      this.world = options.world;
    } else {
      this.state = P.newState(bundle, words, party);
      this.world = M.newWorld();
      this.setup();
    }
  }
  Campaign.prototype.table = function (state) { return new M.Table(this.geo, state || this.state, this.world); };
  Campaign.prototype.playerCount = function () { return this.state.players != null ? this.state.players : this.state.party.length; };
  Campaign.prototype.declared = function (name) {
    var wanted = name.toLowerCase();
    return ((this.bundle.rules || {}).characters || []).filter(function (c) { return c.name.toLowerCase() === wanted; })[0] || null;
  };
  Campaign.prototype.hook = function (card, hook) {
    var location = this.book.locations[card];
    return location && location.hooks[hook] ? location.hooks[hook] : null;
  };

  // SET-5: the party on the start card, its menhir, its four neighbours; SET-6 the Event deck.
  Campaign.prototype.setup = function () {
    var start = this.geo.start, state = this.state, world = this.world, self = this;
    state.players = state.party.length;
    state.in_play = has(this.geo.cells, start) ? [start] : [];
    state.location = null;
    state.party.forEach(function (c) {
      world.positions[c.name] = start;
      var declared = self.declared(c.name);
      if (declared) world.numbers[c.name] = declared.number;
    });
    var dials = this.header.starting, players = Math.min(Math.max(this.playerCount(), 1), dials.length);
    world.menhirs.push({ card: start, dial: dials[players - 1] });
    state.chapter = copy(this.header.chapter);
    var table = this.table(), keys = this.geo.cards[start].keys;
    Object.keys(keys).forEach(function (k) {
      var found = self.geo.current(keys[k], state.removed);
      if (found !== null) table.attach(found);
    });
    var chapter = this.chapters[chapterKey(state.chapter)];
    if (chapter) {
      var pile = Object.keys(this.cards).filter(function (n) { return self.cards[n].random; }).sort(byCodePoint);
      for (var i = pile.length - 1; i > 0; i--) {
        var options = [];
        for (var n = 0; n <= i; n++) options.push(n);
        var j = this.rng.pick(options), kept = pile[i];
        pile[i] = pile[j]; pile[j] = kept;
      }
      world.events = newPiles(chapter, this.cards, pile);
    }
  };

  Campaign.prototype.character = function (name) {
    var wanted = name.toLowerCase(), found = this.state.party.filter(function (m) { return m.name.toLowerCase() === wanted; })[0];
    if (!found) {
      fail('no character "' + name + '" in this campaign (characters: ' + this.state.party.map(function (m) { return m.name; }).join(", ") + ")");
    }
    return found;
  };
  // The named characters as a party: on one card, not passed, not yet turned this round.
  Campaign.prototype.party = function (names) {
    var self = this, world = this.world;
    if (!names.length) fail("name the characters who act");
    var members = names.map(function (n) { return self.character(n); });
    var unique = {};
    members.forEach(function (m) { unique[m.name] = true; });
    if (Object.keys(unique).length !== members.length) fail("a character is named twice in the party");
    var cards = {};
    members.forEach(function (m) { cards[world.positions[m.name]] = true; });
    if (Object.keys(cards).length > 1) {
      fail("a party stands on one card (" + members.map(function (m) { return m.name + " on " + world.positions[m.name]; }).join(", ") + ")");
    }
    members.forEach(function (m) {
      if (world.passed.indexOf(m.name) >= 0) fail(m.name + " has passed today and takes no more actions (TRN-4)");
      if (world.turned.indexOf(m.name) >= 0) fail(m.name + " has taken a turn this round; the others act first (TRN-1)");
    });
    return members;
  };
  Campaign.prototype.notOver = function () {
    if (this.world.phase === "over") {
      fail("the game has ended in " + (this.world.ending === "death" ? "a solo death" : "failure") + "; the mercy may be asked (:mercy)");
    }
  };
  Campaign.prototype.duringDay = function () {
    this.notOver();
    if (this.busy || this.readings.length) fail("a journal reading is under way; finish it first (TRN-6)");
    if (this.world.phase !== "day") {
      fail("no actions now: " + (this.world.phase === "dawn" ? "the Start of the Day comes first (:sod)" : "the day is over"));
    }
  };
  Campaign.prototype.turn = function (members) {
    var world = this.world;
    members.forEach(function (m) { add(world.turned, m.name); });
    if (Object.keys(world.positions).every(function (n) { return world.turned.indexOf(n) >= 0 || world.passed.indexOf(n) >= 0; })) {
      world.turned = [];
    }
  };

  // ------------------------------------------------------------ Start of the Day

  Campaign.prototype.startOfDay = function () {
    this.notOver();
    if (this.world.phase !== "dawn" || this.busy || this.readings.length) fail("day " + this.state.day + " has already started");
    var out = [happening("SOD-0", "day " + this.state.day + " begins")];
    out = out.concat(this.expireMenhirs(), this.wyrdness(), this.afflict(), this.tickMenhirs(), this.tickTime(),
                     this.revealEvent(), this.moveGuardians(), this.equipment());
    this.world.passed = [];
    this.world.turned = [];
    this.world.bequest = [];
    this.world.phase = "day";
    return out.concat(this.checkQuests());
  };
  Campaign.prototype.expireMenhirs = function () {
    var gone = this.world.menhirs.filter(function (m) { return m.dial === null; });
    this.world.menhirs = this.world.menhirs.filter(function (m) { return m.dial !== null; });
    return gone.map(function (m) { return happening("SOD-1", "the menhir on " + m.card + " goes dark"); });
  };
  Campaign.prototype.wyrdness = function () {
    var self = this, table = this.table(), geo = this.geo, out = [];
    if (!this.world.menhirs.length) {
      return [happening("MEN-8", "no menhir is lit: the wyrdness hurts everyone")]
        .concat(this.state.party.map(function (m) { return self.hurt(m); }));
    }
    var gone = table.placed().filter(function (n) { return !table.inRange(geo.cells[n]); });
    gone.forEach(function (card) { out = out.concat(table.discard(card)); });
    gone.forEach(function (card) {
      var names = M.on(self.world, card);
      if (!names.length) return;
      names.forEach(function (n) { out.push(self.hurt(self.character(n))); });
      var dest = table.nearest(geo.cells[card], table.placed());
      if (dest === null) return;
      out.push(happening("MEN-9", "the wyrdness takes " + names.join(" and ") + " to " + dest + " " + geo.cards[dest].title));
      out = out.concat(self.arrive(names, dest));
    });
    return out;
  };
  Campaign.prototype.hurt = function (member) {
    P.setTrack(member, "health", member.tracks.health - WYRDNESS, this.words);
    P.setTrack(member, "terror", member.tracks.terror + WYRDNESS, this.words);
    return happening("SOD-2", member.name + " loses " + WYRDNESS + " Health and gains " + WYRDNESS + " Terror (Health " +
      member.tracks.health + ", Terror " + member.tracks.terror + ")");
  };
  Campaign.prototype.tickMenhirs = function () {
    return this.world.menhirs.map(function (menhir) {
      if (menhir.dial > 1) {
        menhir.dial -= 1;
        return happening("SOD-3", "the menhir on " + menhir.card + " drops to " + menhir.dial);
      }
      menhir.dial = null;
      return happening("SOD-3", "the menhir on " + menhir.card + " loses its dial: it goes dark tomorrow");
    });
  };
  Campaign.prototype.tickTime = function () {
    var out = [], state = this.state, world = this.world, self = this;
    Object.keys(this.timeDials).filter(function (n) { return (state.dials[n] || 0) > 0; }).sort(byCodePoint).forEach(function (name) {
      var value = state.dials[name];
      if (value > 1) {
        state.dials[name] = value - 1;
        out.push(happening("SOD-4", 'the time dial "' + name + '" drops to ' + (value - 1)));
        return;
      }
      delete state.dials[name];
      out.push(happening("SOD-4", 'the time dial "' + name + '" runs out and is removed'));
      if (self.timeDials[name] !== null) self.owe("dial " + name, "expired");
    });
    Object.keys(world.time_dials).sort(byCodePoint).forEach(function (name) {
      var value = world.time_dials[name];
      if (value > 1) {
        world.time_dials[name] = value - 1;
        out.push(happening("SOD-4", 'the time dial "' + name + '" drops to ' + (value - 1)));
      } else {
        delete world.time_dials[name];
        delete world.holders[name];
        out.push(happening("SOD-4", 'the time dial "' + name + '" runs out and is removed'));
      }
    });
    Object.keys(world.time_tokens).map(Number).sort(byNumber).forEach(function (card) {
      var left = world.time_tokens[card] - 1;
      if (left > 0) world.time_tokens[card] = left; else delete world.time_tokens[card];
      out.push(happening("SOD-4", "a time token comes off " + card + " (" + left + " left)"));
    });
    return out;
  };

  // SOD-8: one Item face up per limited keyword, the first listed.
  Campaign.prototype.equipment = function () {
    var self = this, out = [];
    M.order(this.world).forEach(function (name) {
      var split = self.faceUp(self.character(name));
      if (split.down.length) {
        out.push(happening("SOD-8", name + " keeps " + split.up.join(", ") + " face up; " + split.down.join(", ") + " wait(s) face down"));
      }
    });
    return out;
  };
  Campaign.prototype.faceUp = function (member) {
    var up = [], down = [], taken = [], book = this.book;
    member.items.forEach(function (item) {
      var limited = book.keywords(item).filter(function (k) { return LIMITED.indexOf(k) >= 0; });
      var clash = limited.some(function (k) { return taken.indexOf(k) >= 0; });
      (clash ? down : up).push(item);
      if (!clash) taken = taken.concat(limited);
    });
    return { up: up, down: down };
  };
  Campaign.prototype.equip = function (name, item) {
    var member = this.character(name), wanted = item.toLowerCase();
    var held = member.items.filter(function (i) { return i.toLowerCase() === wanted; })[0];
    if (held == null) fail(member.name + ' holds no Item "' + item + '" (Items: ' + (member.items.join(", ") || "none") + ")");
    drop(member.items, held);
    member.items.unshift(held);
    var down = this.faceUp(member).down;
    return happening("ITM-3", member.name + " turns " + held + " face up" + (down.length ? "; " + down.join(", ") + " wait(s) face down" : ""));
  };

  // ------------------------------------------------------------ death (death.py, afflictions.py)

  Campaign.prototype.afflictions = function () { return ((this.bundle.rules || {}).afflictions || []); };
  // engines/afflictions.py's update: attach what the tracks call for, take off what may go.
  Campaign.prototype.update = function (member, state) {
    var said = [], cards = this.afflictions(), players = state.players != null ? state.players : state.party.length;
    if (!cards.length || !this.outside) return said;
    var outside = this.outside, byName = {};
    cards.forEach(function (c) { byName[c.name] = c; });
    var names = member.piles.afflictions || [];
    this.due(member).forEach(function (kind) {
      if (names.some(function (n) { return has(byName, n) && byName[n].attach === kind; })) return;
      var mode = players <= 1 ? "solo" : "coop";
      var card = cards.filter(function (c) { return c.attach === kind && c.mode === mode; })[0];
      if (!card) return;
      (member.piles.afflictions = member.piles.afflictions || []).push(card.name);
      names = member.piles.afflictions;
      said.push(member.name + ": " + card.name + " is attached");
      said = said.concat(P.taintedGrailOutside.apply(outside, member, card.attached, state, null));
    });
    (member.piles.afflictions || []).filter(function (n) { return has(byName, n); }).map(function (n) { return byName[n]; })
      .forEach(function (card) {
        if (card.remove.length && card.remove.every(function (c) { return P.taintedGrailOutside.holds(outside, c, member); })) {
          drop(member.piles.afflictions, card.name);
          said.push(member.name + ": " + card.name + " comes off");
        }
      });
    return said;
  };
  Campaign.prototype.due = function (member) {
    var declared = this.declared(member.name), red = declared ? declared.terror.red : 2, kinds = [];
    if ((has(member.tracks, "health") ? member.tracks.health : 1) <= 0) kinds.push("dying");
    var limit = member.limits.terror;
    if (limit != null && (member.tracks.terror || 0) > limit - red) kinds.push("insane");
    return kinds;
  };
  // The story's Settling seam (engines/ruleset.py's settle): every member of its party.
  Campaign.prototype.settle = function (state) {
    var self = this, said = [];
    if (!this.afflictions().length) return said;
    state.party.forEach(function (c) { said = said.concat(self.update(c, state)); });
    return said;
  };
  Campaign.prototype.afflict = function () {
    var self = this, out = [];
    M.order(this.world).forEach(function (name) {
      self.update(self.character(name), self.state).forEach(function (line) {
        out.push(happening(/insane/i.test(line) ? "DTH-9" : "DTH-1", line));
      });
    });
    return out;
  };
  Campaign.prototype.dying = function (member) {
    var cards = this.afflictions();
    if (!cards.some(function (c) { return c.attach === "dying"; })) return member.tracks.health <= 0;
    return (member.piles.afflictions || []).some(function (n) {
      return cards.some(function (c) { return c.name === n && c.attach === "dying"; });
    });
  };
  Campaign.prototype.deathsAtNight = function () {
    var self = this, out = [];
    M.order(this.world).forEach(function (name) {
      if (self.world.ending === null && self.dying(self.character(name))) out = out.concat(self.die(name));
    });
    return out;
  };
  Campaign.prototype.die = function (name) {
    var world = this.world, state = this.state, member = this.character(name), card = world.positions[member.name];
    delete world.positions[member.name];
    drop(world.passed, member.name);
    drop(world.turned, member.name);
    world.dead.push(member.name);
    drop(state.party, member);
    var out = [happening(this.playerCount() > 1 ? "DTH-3" : "DTH-2", member.name + " dies on " + card)];
    if (member.items.length) {
      world.lying[card] = (world.lying[card] || []).concat(member.items);
      out.push(happening("DTH-4", member.name + "'s Items lie on " + card + ": " + member.items.join(", ")));
    }
    out = out.concat(this.bequeath(member));
    if (this.playerCount() <= 1) {
      world.ending = "death"; world.phase = "over";
      return out.concat([happening("DTH-2", "the game ends with the death (the mercy may be asked, DTH-7)")]);
    }
    var free = this.unclaimed();
    if (!free.length) {
      world.ending = "failure"; world.phase = "over";
      return out.concat([happening("DTH-6", "every other character is in play or dead: the game ends in failure for everyone (the mercy may be asked, DTH-7)")]);
    }
    if (!state.party.length) {
      world.ending = "failure"; world.phase = "over";
      return out.concat([happening("DTH-6", "nobody is left standing: the game ends in failure")]);
    }
    return out.concat([happening("DTH-3", member.name + "'s player may claim " + free.join(", ") + " (:claim)")]);
  };
  Campaign.prototype.boundSecret = function (number) {
    var word = this.words.bound_secret_keyword, known = this.bundle.secrets.filter(function (s) { return s.number === number; })[0];
    return !!word && !!known && known.keywords.some(function (k) { return k.toLowerCase() === word; });
  };
  Campaign.prototype.bequeath = function (member) {
    var self = this, world = this.world, out = [];
    var personal = member.secrets.filter(function (n) { return self.boundSecret(n); }).sort(byNumber);
    if (personal.length) out.push(happening("DTH-5", member.name + "'s Personal Secrets vanish for good: " + personal.join(", ")));
    var shared = member.secrets.filter(function (n) { return personal.indexOf(n) < 0; }).sort(byNumber);
    member.secrets = [];
    var living = M.order(world).filter(function (n) { return self.state.party.some(function (m) { return m.name === n; }); });
    if (shared.length && living.length) {
      var heir = this.character(living[0]);
      shared.forEach(function (n) { add(heir.secrets, n); });
      world.bequest = world.bequest.concat(shared);
      out.push(happening("DTH-5", member.name + "'s Secrets go to " + heir.name + ": " + shared.join(", ") +
        " (until the next day, :share N to B hands one to any living character)"));
    }
    return out;
  };
  Campaign.prototype.share = function (number, name) {
    var world = this.world;
    if (world.bequest.indexOf(number) < 0) {
      fail("secret " + number + " is not a dead or departed character's to share (to share until the next day: " +
        (world.bequest.join(", ") || "none") + "; DTH-5)");
    }
    var receiver = this.character(name);
    this.state.party.forEach(function (m) { drop(m.secrets, number); });
    add(receiver.secrets, number);
    return happening("DTH-5", "secret " + number + " goes to " + receiver.name);
  };
  Campaign.prototype.unclaimed = function () {
    var world = this.world, taken = Object.keys(world.positions).concat(world.dead).map(function (n) { return n.toLowerCase(); });
    return ((this.bundle.rules || {}).characters || []).map(function (c) { return c.name; })
      .filter(function (n) { return taken.indexOf(n.toLowerCase()) < 0; }).sort(byCodePoint);
  };
  Campaign.prototype.claim = function (name) {
    if (!this.world.dead.length) fail("nobody has died: there is no player to claim a character (DTH-3)");
    if (this.world.ending !== null) fail("the game is over; ask for the mercy (:mercy) or start again");
    var free = {};
    this.unclaimed().forEach(function (n) { free[n.toLowerCase()] = n; });
    var chosen = free[name.toLowerCase()];
    if (chosen == null) {
      fail('"' + name + '" cannot be claimed (in the box: ' + (Object.keys(free).map(function (k) { return free[k]; }).join(", ") || "nobody") + ")");
    }
    if (this.state.party.length >= this.playerCount()) fail("every player has a character");
    this.state.party.push(P.newState(this.bundle, this.words, [chosen]).party[0]);
    var card = Math.min.apply(null, this.table().placed());
    this.world.positions[chosen] = card;
    var declared = this.declared(chosen);
    if (declared) this.world.numbers[chosen] = declared.number;
    add(this.world.passed, chosen);
    return happening("DTH-3", chosen + " is claimed and stands on " + card + ", the lowest-numbered placed card");
  };
  Campaign.prototype.takeItem = function (name, item) {
    if (this.busy || this.readings.length) fail("a journal reading is under way; finish it first (TRN-6)");
    var member = this.character(name), card = this.world.positions[member.name], lying = this.world.lying[card] || [];
    var found = lying.filter(function (i) { return i.toLowerCase() === item.toLowerCase(); })[0];
    if (found == null) fail('no Item "' + item + '" lies on ' + card + " (lying there: " + (lying.join(", ") || "none") + ")");
    drop(lying, found);
    if (!lying.length) delete this.world.lying[card];
    member.items.push(found);
    return happening("DTH-4", member.name + " takes " + found + " from " + card);
  };
  Campaign.prototype.mercy = function () {
    var world = this.world, state = this.state, self = this;
    if (world.ending === null) fail("the mercy is asked only when the game has ended (DTH-7)");
    if (this.header.mercy === null) fail("the campaign declares no `mercy ->` verse on @campaign");
    var saved = state.statuses[SAVED] = state.statuses[SAVED] || [];
    add(saved, 1);
    var start = this.geo.start;
    world.dead.slice().forEach(function (name) {
      if (!state.party.some(function (m) { return m.name === name; })) state.party.push(P.newState(self.bundle, self.words, [name]).party[0]);
    });
    state.party.forEach(function (m) { world.positions[m.name] = start; });
    world.dead = [];
    world.ending = null; world.phase = "dawn";
    world.passed = []; world.turned = [];
    add(state.in_play, start);
    this.readings.push({ card: start, hook: "mercy", members: M.order(world), event: CAMPAIGN });
    return [happening("DTH-8", '"' + SAVED + '" is marked: the All-Mother takes the group back to ' + start),
            happening("DTH-8", "the mercy verse is read")];
  };

  // ------------------------------------------------------------ events and quests

  Campaign.prototype.revealEvent = function () {
    var piles = this.world.events, out = [];
    if (!piles) return [];
    if (!piles.begun) {
      piles.begun = true;
      var chapter = this.chapters[piles.chapter];
      out.push(happening("SET-6", (chapter ? chapter.title : "Chapter " + piles.chapter) + " begins: its Event deck holds " +
        piles.deck.length + " card(s)"));
      if (chapter && chapter.setup) this.owe("chapter " + piles.chapter, "setup");
    }
    if (piles.today !== null) {
      var gone = piles.today;
      piles.today = null;
      if (this.cards[gone].random) {
        piles.random.push(gone);
        out.push(happening("EVT-4", 'yesterday\'s Event "' + gone + '" goes to the bottom of the Random pile'));
      } else {
        piles.discard.push(gone);
        out.push(happening("EVT-4", 'yesterday\'s Event "' + gone + '" goes to the discard pile'));
      }
    }
    if (!piles.deck.length) return out.concat([happening("SOD-5", "the Event deck is empty: no Event is revealed (A15)")]);
    return out.concat(this.resolveEvent(piles.deck.shift(), "SOD-5"));
  };
  Campaign.prototype.resolveEvent = function (name, rule) {
    var piles = this.world.events, card = this.cards[name], said;
    if (card.part && card.chapter === piles.chapter) {
      this.state.chapter = { number: this.state.chapter.number, letter: this.state.chapter.letter, part: card.part };
    }
    if (card.quest) {
      piles.active.push(name);
      said = 'the Event "' + name + '" is revealed: a quest, kept in the Active Quests (EVT-5)';
    } else {
      if (piles.today !== null) piles.discard.push(piles.today);
      piles.today = name;
      said = 'the Event "' + name + '" is revealed: in force today';
    }
    if (has(card.links, "read")) this.owe(name, "read");
    return [happening(rule, said)];
  };
  Campaign.prototype.owe = function (event, hook) {
    var names = M.order(this.world), card = names.length ? this.world.positions[names[0]] : this.geo.start;
    this.readings.push({ card: card, hook: hook, members: names, event: event });
  };
  Campaign.prototype.target = function (reading) {
    var event = reading.event;
    if (event.indexOf("chapter ") === 0) {
      var chapter = this.chapters[event.slice(8)];
      return chapter ? chapter.setup : null;
    }
    if (event === CAMPAIGN) {
      var link = (this.bundle.campaign.links || []).filter(function (l) { return l.key === reading.hook; })[0];
      return link ? link.target : null;
    }
    if (event.indexOf("dial ") === 0) return this.timeDials[event.slice(5)] || null;
    var card = this.cards[event];
    return card && has(card.links, reading.hook) ? card.links[reading.hook] : null;
  };
  Campaign.prototype.eventsKnown = function (state) {
    var piles = this.world.events;
    state.quests = piles ? piles.active.slice() : [];
    state.event = piles ? piles.today : null;
  };
  Campaign.prototype.checkQuests = function () {
    var piles = this.world.events, out = [], self = this;
    if (!piles || this.busy) return [];
    var held = P.secrets(this.state);
    Object.keys(this.cards).forEach(function (name) {
      var card = self.cards[name];
      if (card.secret === null || piles.done.indexOf(name) >= 0) return;
      var holds = held.indexOf(card.secret) >= 0;
      if (holds && piles.active.indexOf(name) < 0) {
        piles.active.push(name);
        out.push(happening("EVT-8", 'the quest "' + name + '" on Secret ' + card.secret + " is active"));
      } else if (!holds && piles.active.indexOf(name) >= 0) {
        drop(piles.active, name);
        out.push(happening("EVT-8", "Secret " + card.secret + ' is gone: the quest "' + name + '" is no longer active'));
      }
    });
    piles.active.slice().forEach(function (name) {
      self.eventsKnown(self.state);
      var card = self.cards[name];
      if (card.succeed === null || !P.holds(card.succeed, self.state, self.book, function () { return false; })) return;
      drop(piles.active, name);
      piles.done.push(name);
      out.push(happening("EVT-6", 'the quest "' + name + '" succeeds'));
      if (has(card.links, "success")) self.owe(name, "success");
    });
    this.eventsKnown(this.state);
    return out;
  };
  Campaign.prototype.piles = function () {
    if (!this.world.events) fail("this campaign declares no chapter setup (`@chapter`), so it has no Event deck");
    return this.world.events;
  };
  Campaign.prototype.takeEvent = function (name) {
    var piles = this.piles();
    if (piles.deck.indexOf(name) < 0) fail('the Event deck holds no card "' + name + '"');
    drop(piles.deck, name);
    return this.resolveEvent(name, "EVT-1");
  };
  Campaign.prototype.putRandomEvents = function (numbers) {
    var piles = this.piles();
    if (numbers.length !== 1) fail("write how many: `put random events on top 2`");
    var taken = piles.random.splice(0, numbers[0]);
    piles.deck = taken.concat(piles.deck);
    if (!taken.length) return happening("EVT-2", "the Random pile is empty: no Random Event goes on the Event deck");
    var short = taken.length < numbers[0] ? " (the Random pile held " + taken.length + ")" : "";
    return happening("EVT-2", taken.length + " Random Event(s) put on top of the Event deck" + short + ": " + taken.join(", "));
  };
  Campaign.prototype.removeEvent = function (name) {
    var piles = this.piles(), found = false;
    [piles.deck, piles.discard, piles.random, piles.active].forEach(function (pile) {
      if (!found && pile.indexOf(name) >= 0) { drop(pile, name); found = true; }
    });
    if (!found) {
      if (piles.today !== name) fail('no Event card "' + name + '" is in play');
      piles.today = null;
    }
    piles.removed.push(name);
    return happening("CRD-3", 'the Event "' + name + '" is removed from the game');
  };
  Campaign.prototype.discardQuest = function (name) {
    var piles = this.piles();
    if (piles.active.indexOf(name) < 0) fail('no active quest "' + name + '"');
    drop(piles.active, name);
    piles.done.push(name);
    piles.discard.push(name);
    return happening("EVT-7", 'the quest "' + name + '" is discarded');
  };
  Campaign.prototype.activateQuest = function (name) {
    var piles = this.piles(), card = this.cards[name];
    if (!card || !card.quest) fail('the campaign declares no quest "' + name + '"');
    if (piles.active.indexOf(name) >= 0) fail('the quest "' + name + '" is already active');
    drop(piles.deck, name);
    piles.active.push(name);
    drop(piles.done, name);
    return happening("EVT-5", 'the quest "' + name + '" joins the Active Quests');
  };
  Campaign.prototype.nextChapter = function () {
    var piles = this.world.events, key = chapterKey(this.state.chapter);
    if (!piles || key === piles.chapter) return [];
    var chapter = this.chapters[key];
    if (!chapter) return [happening("SET-6", "chapter " + key + " declares no setup card: its Event deck is empty")];
    var fresh = newPiles(chapter, this.cards, piles.random);
    fresh.active = piles.active; fresh.done = piles.done; fresh.removed = piles.removed;
    this.world.events = fresh;
    return [happening("SET-6", "the chapter ends; " + chapter.title + " is set up at the next Start of the Day")];
  };

  // ------------------------------------------------------------ guardians (GRD-2..7)

  Campaign.prototype.moveGuardians = function () {
    var self = this, out = [];
    this.world.guardians.slice().forEach(function (g) {
      if (self.world.guardians.indexOf(g) >= 0) out = out.concat(self.moveGuardian(g));
    });
    return out;
  };
  Campaign.prototype.moveGuardian = function (guardian) {
    var face = this.decide({ kind: "guardian-die", about: '"' + guardian.name + '" on ' + guardian.card, options: GUARDIAN_DIE });
    var out = [happening("SOD-6", 'the guardian die for "' + guardian.name + '" shows ' + face)], table = this.table();
    if (face === "discard") {
      drop(this.world.guardians, guardian);
      return out.concat([happening("GRD-2", '"' + guardian.name + '" goes back to its deck')]);
    }
    if (face !== "nothing") {
      var target = table.cardAt(M.step(this.geo.cells[guardian.card], face));
      if (target === null || !this.geo.connected(guardian.card, target)) {
        var options = table.connectedPlaced(guardian.card);
        target = options.length ? Math.max.apply(null, options) : guardian.card;
        out.push(happening("GRD-3", "no connected card lies " + face + ": it goes to " + target));
      }
      if (target !== guardian.card) {
        guardian.card = target;
        out.push(happening("GRD-2", '"' + guardian.name + '" moves to ' + target + " " + this.geo.cards[target].title));
      }
    }
    var there = M.on(this.world, guardian.card);
    return there.length ? out.concat(this.fight(guardian, there)) : out;
  };
  // A guardian fight: the page plays no fight's cards, so the answer is decided (:fight,
  // else the generator), as `tgc play --fights ask` decides it.
  Campaign.prototype.fight = function (guardian, names) {
    var outcomes = this.book.outcomes(null, guardian.name);
    var outcome = this.decide({ kind: "fight", about: '"' + guardian.name + '" against ' + names.join(" and "), options: outcomes });
    var out = [happening("ARR-2", they(names, "fight") + ' "' + guardian.name + '": ' + outcome)].concat(this.afflict());
    if (outcome === "win") {
      drop(this.world.guardians, guardian);
      out.push(happening("GRD-7", '"' + guardian.name + '" is defeated and goes back to its deck'));
    }
    return out;
  };
  Campaign.prototype.placeGuardian = function (name, card) {
    if (!has(this.book.encounters, name) && !has(this.book.typed, name)) fail('the campaign declares no encounter "' + name + '"');
    this.world.guardians.push({ name: name, card: card });
    return happening("GRD-1", 'the guardian "' + name + '" now roams ' + card);
  };

  // ------------------------------------------------------------ the actions

  Campaign.prototype.travel = function (names, where, payer) {
    this.duringDay();
    var members = this.party(names), here = this.world.positions[members[0].name], dest = this.destination(here, where);
    var split = energyShares(members, 1, payer);
    var going = members.filter(function (m) { return split.dropped.indexOf(m.name) < 0; });
    if (!going.length) fail("nobody in the party has the Energy to travel (1 each)");
    this.payEnergy(going, split.shares);
    var out = split.dropped.map(function (n) { return happening("PTY-4", n + " cannot pay 1 Energy and stays behind"); });
    var goers = going.map(function (m) { return m.name; });
    out.push(happening("ACT-3", they(goers, "travel") + " to " + dest + " " + this.geo.cards[dest].title));
    this.turn(members);
    return out.concat(this.arrive(goers, dest));
  };
  Campaign.prototype.payEnergy = function (members, shares) {
    var words = this.words;
    members.forEach(function (m) { P.setTrack(m, "energy", m.tracks.energy - (shares[m.name] || 0), words); });
  };
  Campaign.prototype.destination = function (here, where) {
    var table = this.table(), dest;
    if (typeof where === "string" && has(M.DELTA, where)) {
      dest = table.cardAt(M.step(this.geo.cells[here], where));
      if (dest === null) fail("no card lies " + where + " of " + here);
    } else if (typeof where === "string") {
      fail("'" + where + "' is not a direction (up, down, left, right) nor a card's number");
    } else {
      dest = where;
      if (table.placed().indexOf(dest) < 0) fail(where + " is not on the table");
    }
    if (!this.geo.connected(here, dest)) {
      fail(here + " and " + dest + " are not joined by a key: travel goes orthogonally between connected cards (MAP-2)");
    }
    return dest;
  };
  Campaign.prototype.arrive = function (names, card) {
    var self = this, world = this.world;
    names.forEach(function (n) { world.positions[n] = card; });
    var out = this.table().revealAround(card);
    world.guardians.filter(function (g) { return g.card === card; }).forEach(function (g) {
      out = out.concat(self.fight(g, names.filter(function (n) { return world.positions[n] === card; })));
    });
    if (this.hook(card, "instant") !== null) {
      this.readings.push({ card: card, hook: "instant", members: names.slice(), event: null });
      out.push(happening("ARR-3", "the instant rule of " + card + " is read"));
    }
    return out;
  };
  Campaign.prototype.explore = function (names, payer) {
    this.duringDay();
    var members = this.party(names), card = this.world.positions[members[0].name];
    if (this.hook(card, "explore") === null) fail(card + " has nothing to explore");
    var split = energyShares(members, 1, payer);
    var going = members.filter(function (m) { return split.dropped.indexOf(m.name) < 0; });
    if (!going.length) fail("nobody in the party has the Energy to explore (1 each)");
    this.payEnergy(going, split.shares);
    this.turn(members);
    return this.read({ card: card, hook: "explore", members: going.map(function (m) { return m.name; }), event: null });
  };
  Campaign.prototype.act = function (names, action) {
    this.duringDay();
    var members = this.party(names), card = this.world.positions[members[0].name], story = this.story(members);
    story.state.location = card;
    this.facts(story.state);
    try { story.act(card, action); } catch (err) { fail(err.message); }
    this.turn(members);
    this.busy = story;
    return story;
  };
  Campaign.prototype.inspect = function (names) {
    this.duringDay();
    var members = this.party(names), card = this.world.positions[members[0].name];
    if (this.geo.cards[card].seals.indexOf("menhir") < 0 || this.hook(card, "menhir") === null) {
      fail(card + " has no menhir to inspect (it needs the menhir seal)");
    }
    this.turn(members);
    return this.read({ card: card, hook: "menhir", members: members.map(function (m) { return m.name; }), event: null });
  };
  Campaign.prototype.activateMenhir = function (card, dial) {
    if (this.geo.cards[card].seals.indexOf("menhir") < 0) fail(card + " has no menhir seal: no menhir can be lit there (MEN-5)");
    var dials = typeof dial === "number" ? [dial] : dial, value = dials[Math.min(this.playerCount(), dials.length) - 1];
    if (!(value >= 1 && value <= M.DIAL_TOP)) fail("a menhir dial shows 1-" + M.DIAL_TOP + ", not " + value);
    var menhir = M.menhirOn(this.world, card);
    if (!menhir) {
      this.world.menhirs.push({ card: card, dial: value });
      return happening("MEN-5", "a menhir is lit on " + card + " with its dial at " + value);
    }
    menhir.dial = value;
    return happening("MEN-7", "the menhir on " + card + " is fed: its dial is set to " + value);
  };
  Campaign.prototype.pass = function (name) {
    this.duringDay();
    var member = this.party([name])[0];
    add(this.world.passed, member.name);
    this.turn([member]);
    return happening("TRN-4", member.name + " passes");
  };

  // ------------------------------------------------------------ End of the Day

  Campaign.prototype.dayOver = function () {
    var self = this;
    return Object.keys(this.world.positions).every(function (n) {
      return self.world.passed.indexOf(n) >= 0 || self.character(n).tracks.energy === 0;
    });
  };
  Campaign.prototype.endOfDay = function (eat, give) {
    this.duringDay();
    var self = this, world = this.world;
    if (!this.dayOver()) {
      var waiting = M.order(world).filter(function (n) { return world.passed.indexOf(n) < 0 && self.character(n).tracks.energy > 0; });
      fail("the day goes on until everyone has passed: " + waiting.join(", ") + " may still act (TRN-5)");
    }
    var out = give.map(function (g) { return self.give(g[0], g[1], g[2], g[3] || "food"); });
    M.order(world).forEach(function (name) {
      var member = self.character(name);
      var eats = eat !== null && has(eat, name) ? eat[name] : (member.resources.food || 0) > 0;
      out.push(self.rest(member, eats));
      out.push(self.restore(member));
    });
    out = out.concat(this.afflict(), this.deathsAtNight());
    if (world.phase === "over") return out;
    world.phase = "dusk";
    world.dreamt = [];
    var cards = [];
    Object.keys(world.positions).forEach(function (n) { add(cards, world.positions[n]); });
    cards.sort(byNumber).forEach(function (card) { out = out.concat(self.dreams(card)); });
    Object.keys(world.positions).forEach(function (n) { add(world.passed, n); });
    return out;
  };
  // RES-3: Food and Wealth change hands between characters on one card (RES-4: Rep, Exp
  // and Magic never do).
  Campaign.prototype.give = function (giver, amount, taker, resource) {
    var a = this.character(giver), b = this.character(taker), what = resource.charAt(0).toUpperCase() + resource.slice(1);
    if (TRADED.indexOf(resource) < 0) fail(what + " is never traded: only Food and Wealth change hands (RES-4)");
    if (this.world.positions[a.name] !== this.world.positions[b.name]) {
      fail(a.name + " and " + b.name + " are not on one card: no " + what + " changes hands");
    }
    if ((a.resources[resource] || 0) < amount) fail(a.name + " has " + (a.resources[resource] || 0) + " " + what + ", not " + amount);
    a.resources[resource] -= amount;
    b.resources[resource] = (b.resources[resource] || 0) + amount;
    return happening("RES-3", a.name + " gives " + amount + " " + what + " to " + b.name);
  };
  Campaign.prototype.rest = function (member, eats) {
    var words = this.words;
    if (eats) {
      if ((member.resources.food || 0) < 1) fail(member.name + " has no Food to eat");
      member.resources.food -= 1;
      P.setTrack(member, "health", member.tracks.health + 1, words);
      P.setTrack(member, "terror", member.tracks.terror - 1, words);
      return happening("EOD-1", member.name + " eats: Health " + member.tracks.health + ", Terror " + member.tracks.terror);
    }
    if (member.tracks.energy > 0) {
      P.setTrack(member, "energy", 0, words);
      return happening("EOD-1", member.name + " goes hungry: Energy drops to 0");
    }
    P.setTrack(member, "health", member.tracks.health - 1, words);
    return happening("EOD-1", member.name + " goes hungry with no Energy: Health " + member.tracks.health);
  };
  Campaign.prototype.restore = function (member) {
    var start = P.newState(this.bundle, this.words, [member.name]).party[0].tracks.energy;
    var energy = member.tracks.energy, exhausted = energy <= 1;
    P.setTrack(member, "energy", exhausted ? Math.min(energy + 4, start) : start, this.words);
    return happening("EOD-2", member.name + "'s Energy is " + member.tracks.energy + " (" +
      (exhausted ? "exhausted, regains up to 4" : "back to the starting slot") + ")");
  };
  Campaign.prototype.insane = function (member) { return member.tracks.terror >= member.limits.terror - 1; };
  Campaign.prototype.dreams = function (card) {
    if (this.geo.cards[card].seals.indexOf("dreams") < 0) return [];
    var self = this, names = M.on(this.world, card), out = [];
    [["dream", names.filter(function (n) { return !self.insane(self.character(n)); })],
     ["nightmare", names.filter(function (n) { return self.insane(self.character(n)); })]].forEach(function (pair) {
      if (pair[1].length && self.hook(card, pair[0]) !== null) {
        self.readings.push({ card: card, hook: pair[0], members: pair[1], event: null });
        out.push(happening("EOD-5", they(pair[1], "read") + " the " + pair[0] + " of " + card));
      }
    });
    this.world.dreamt.push(card);
    return out;
  };
  Campaign.prototype.dawn = function () {
    this.notOver();
    if (this.world.phase !== "dusk" || this.busy || this.readings.length) fail("the night is not over yet");
    this.state.day += 1;
    this.world.phase = "dawn";
    return happening("EOD-6", "day " + this.state.day + " dawns");
  };

  // ------------------------------------------------------------ readings (explorations)

  Campaign.prototype.nextReading = function () {
    if (this.busy) fail("finish the reading under way first");
    return this.readings.length ? this.read(this.readings.shift()) : null;
  };
  // A Story on the party's view of the state, with the one generator; each effect is
  // told to the campaign first (a `move to` remembers the placed cards) and followed by
  // the ruleset's rules (the Dying and Insane cards), as the Python story's seams do.
  Campaign.prototype.story = function (members) {
    var self = this, story = new P.Story(this.bundle, { rules: this.words, dice: this.dice, fights: this.fights });
    story.book = this.book;
    story.rng = this.rng;
    story.state = view(this.state, members);
    story.truth = story.triggerTruth();
    story.apply = function (op, pick) {
      if (op.kind === "move-to") self.movedFrom = this.state.in_play.slice();
      var at = this.out.length;
      P.Story.prototype.apply.call(this, op, pick);
      // the rules followed come right after the effect's line, as RulesFollowed does
      var followed = self.settle(this.state).map(function (line) { return { kind: "effect", op: { kind: "rules" }, text: line }; });
      Array.prototype.splice.apply(this.out, [at + 1, 0].concat(followed));
    };
    return story;
  };
  Campaign.prototype.read = function (reading) {
    var self = this, story = this.story(reading.members.map(function (n) { return self.character(n); }));
    if (reading.event !== null) {
      var target = this.target(reading);
      if (target === null) fail(reading.event + " has no `" + reading.hook + " ->` to read");
      story.state.location = reading.card;
      story.begin(target);
    } else {
      story.enter(reading.card, reading.hook);
    }
    this.facts(story.state);
    this.busy = story;
    return story;
  };
  Campaign.prototype.facts = function (state) {
    var card = state.location, menhir = card != null ? M.menhirOn(this.world, card) : null;
    this.eventsKnown(state);
    state.facts = { menhirs: this.world.menhirs.length, menhir: menhir ? 1 : 0,
                    menhir_dial: menhir ? menhir.dial || 0 : 0,
                    time_tokens: card != null ? this.world.time_tokens[card] || 0 : 0 };
  };
  // What a reading's event does to the world (day.py's observe).
  Campaign.prototype.observe = function (story, event) {
    var op = event.op, world = this.world, self = this;
    if (event.kind === "effect" && (op.kind === "phrase" || op.kind === "place-time-token" || op.kind === "remove-time-token")) {
      var out = this.play(story, op);
      this.facts(story.state);
      return out;
    }
    if (event.kind === "effect" && op.kind === "move-to") {
      var card = op.location, names = story.state.party.map(function (m) { return m.name; });
      if (this.movedFrom !== null) {
        var keep = this.movedFrom.concat([card]);
        story.state.in_play = story.state.in_play.filter(function (n) { return keep.indexOf(n) >= 0; });
        this.state.in_play = story.state.in_play;
        this.movedFrom = null;
      }
      names.forEach(function (n) { world.positions[n] = card; });
      var moved = [happening("MOV-1", they(names, "move") + " to " + card)].concat(this.table(story.state).revealAround(card));
      world.guardians.filter(function (g) { return g.card === card; }).forEach(function (g) { moved = moved.concat(self.fight(g, names)); });
      this.facts(story.state);
      return moved;
    }
    if (event.kind === "resolved" && event.outcome !== "win" && event.op.name) {
      var declared = this.book.typed[event.op.name];
      if (declared && declared.kind === "combat" && (declared.traits || []).indexOf("guardian") >= 0 &&
          !world.guardians.some(function (g) { return g.name === event.op.name; }) && story.state.location != null) {
        return [this.placeGuardian(event.op.name, story.state.location)];
      }
    }
    return [];
  };
  Campaign.prototype.play = function (story, op) {
    var card = story.state.location, world = this.world;
    if (op.kind !== "phrase") {
      if (card == null) return [];
      var left = (world.time_tokens[card] || 0) + (op.kind === "place-time-token" ? 1 : -1);
      if (left > 0) world.time_tokens[card] = left; else delete world.time_tokens[card];
      return [happening("EVT-12", card + " holds " + Math.max(left, 0) + " time token(s)")];
    }
    var name = op.name || "";
    try {
      switch (op.phrase) {
        case "take event": return this.takeEvent(name);
        case "remove event": return [this.removeEvent(name)];
        case "discard quest": return [this.discardQuest(name)];
        case "activate quest": return [this.activateQuest(name)];
        case "put random events on top": return [this.putRandomEvents(op.numbers)];
      }
    } catch (err) {
      if (!(err instanceof CampaignError)) throw err;
      return [happening("EVT-1", "`" + op.phrase + "` does nothing: " + err.message)];
    }
    var where = op.at != null ? op.at : card;
    if (where == null) return [happening("MEN-5", "`" + op.phrase + "` needs a card: this reading is on none")];
    try {
      switch (op.phrase) {
        case "activate menhir": return [this.activateMenhir(where, op.numbers)];
        case "extinguish menhir": return [this.extinguishMenhir(where)];
        case "place guardian": return [this.placeGuardian(name, where)];
        case "remove guardian": return [this.removeGuardian(name, op.at)];
      }
    } catch (err) {
      if (!(err instanceof CampaignError)) throw err;
      return [happening("MEN-5", "`" + op.phrase + "` does nothing: " + err.message)];
    }
    return [];
  };
  Campaign.prototype.extinguishMenhir = function (card) {
    var menhir = M.menhirOn(this.world, card);
    if (!menhir) fail("no menhir stands on " + card);
    drop(this.world.menhirs, menhir);
    return happening("MEN-1", "the menhir on " + card + " goes dark");
  };
  Campaign.prototype.removeGuardian = function (name, card) {
    var found = this.world.guardians.filter(function (g) { return g.name === name && (card == null || g.card === card); })[0];
    if (!found) fail('no guardian "' + name + '" roams the map');
    drop(this.world.guardians, found);
    return happening("GRD-7", '"' + name + '" goes back to its deck');
  };
  // The reading is over: its changes go home; who stood on a replaced card stands on its replacement.
  Campaign.prototype.finish = function (story) {
    if (story !== this.busy) fail("that is not the reading under way");
    writeBack(story.state, this.state);
    this.busy = null;
    var out = this.afflict().concat(this.nextChapter()), world = this.world, state = this.state;
    Object.keys(world.positions).sort(byCodePoint).forEach(function (name) {
      var card = world.positions[name];
      if (has(state.replaced, card)) {
        world.positions[name] = state.replaced[card];
        out.push(happening("MAP-6", name + " now stands on " + state.replaced[card] + ", which replaced " + card));
      }
    });
    return out.concat(this.checkQuests());
  };

  P.taintedGrailCampaign = { Campaign: Campaign, CampaignError: CampaignError, GUARDIAN_DIE: GUARDIAN_DIE };
})(typeof window !== "undefined" ? window : globalThis);
