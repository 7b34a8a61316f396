// Tainted Grail in the web player, a campaign played by its days: the map (geometry.py's
// cells, connections and legacy chains), the world on the table and the map's rules
// (campaign/world.py's World and Table) and the map and world as lines
// (campaign/view.py), ported line for line so the page shows what `tgc play --campaign`
// shows. Plain data throughout: the world is what a save file's `world` holds
// (campaign/save.py), so a snapshot is its JSON. campaign-day.js plays the day on it.
(function (root) {
  "use strict";
  var P = root.TgcPlayer;
  var DELTA = { up: [0, 1], down: [0, -1], left: [-1, 0], right: [1, 0] };
  var OPPOSITE = { up: "down", down: "up", left: "right", right: "left" };
  var DIAL_TOP = 8, WIDTH = 9;

  function has(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }
  function byCodePoint(a, b) { return a < b ? -1 : a > b ? 1 : 0; }
  function byNumber(a, b) { return a - b; }
  function cheb(a, b) { return Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1])); }
  function d2(a, b) { return (a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]); }
  function step(cell, direction) { var d = DELTA[direction]; return [cell[0] + d[0], cell[1] + d[1]]; }
  function same(a, b) { return a[0] === b[0] && a[1] === b[1]; }
  function directionBetween(a, b) {
    var names = Object.keys(DELTA);
    for (var i = 0; i < names.length; i++) if (same(step(a, names[i]), b)) return names[i];
    return null;
  }

  // ------------------------------------------------------------ geometry (geometry.py)

  function Geometry(bundle) {
    var cards = {}, self = this;
    bundle.locations.forEach(function (l) {
      cards[l.number] = { number: l.number, title: l.title, legacy: l.legacy, keys: l.keys, seals: l.seals || [] };
    });
    this.start = bundle.campaign.start;
    this.cards = cards;
    this.cells = {};
    this.root = {};
    this.newer = {};
    Object.keys(cards).map(Number).forEach(function (n) { self.root[n] = self.rootOf(n); });
    Object.keys(cards).map(Number).sort(byNumber).forEach(function (n) {
      var legacy = cards[n].legacy;
      if (legacy != null) (self.newer[legacy] = self.newer[legacy] || []).push(n);
    });
    if (!has(cards, this.start)) return;
    var families = {}, owner = {}, queue = [];
    Object.keys(cards).map(Number).sort(byNumber).forEach(function (n) {
      (families[self.root[n]] = families[self.root[n]] || []).push(n);
    });
    function place(card, cell) {
      var family = self.root[card];
      if (families[family].some(function (n) { return has(self.cells, n); })) return;
      var key = cell[0] + "," + cell[1];
      if (has(owner, key)) return;
      owner[key] = family;
      families[family].forEach(function (member) { self.cells[member] = cell; queue.push(member); });
    }
    place(this.start, [0, 0]);
    while (queue.length) {
      var card = queue.shift();
      Object.keys(cards[card].keys).sort(byCodePoint).forEach(function (direction) {
        var key = cards[card].keys[direction];
        if (has(cards, key)) place(key, step(self.cells[card], direction));
      });
    }
  }
  Geometry.prototype.rootOf = function (card) {
    var seen = {}, cards = this.cards;
    seen[card] = true;
    while (cards[card].legacy != null && has(cards, cards[card].legacy) && !seen[cards[card].legacy]) {
      card = cards[card].legacy;
      seen[card] = true;
    }
    return card;
  };
  Geometry.prototype.chain = function (card) {
    var out = [], seen = {}, cards = this.cards;
    seen[card] = true;
    var legacy = has(cards, card) ? cards[card].legacy : null;
    while (legacy != null && !seen[legacy]) {
      out.push(legacy);
      seen[legacy] = true;
      legacy = has(cards, legacy) ? cards[legacy].legacy : null;
    }
    return out;
  };
  Geometry.prototype.names = function (key, card) { return key === card || this.chain(card).indexOf(key) >= 0; };
  Geometry.prototype.connected = function (a, b) {
    var ca = this.cells[a], cb = this.cells[b];
    if (!ca || !cb) return false;
    var direction = directionBetween(ca, cb);
    if (direction === null) return false;
    var ab = this.cards[a].keys[direction], ba = this.cards[b].keys[OPPOSITE[direction]];
    return (ab != null && this.names(ab, b)) || (ba != null && this.names(ba, a));
  };
  // The card a key brings to the table (MAP-5, A30), or null.
  Geometry.prototype.current = function (key, gone) {
    var todo = [key], seen = {};
    while (todo.length) {
      var card = todo.shift();
      if (seen[card] || !has(this.cards, card)) continue;
      seen[card] = true;
      if (gone.indexOf(card) < 0) return card;
      todo = todo.concat(this.newer[card] || []);
    }
    return null;
  };

  // ------------------------------------------------------------ the world (world.py)

  function newWorld() {
    return { positions: {}, numbers: {}, menhirs: [], guardians: [], time_dials: {}, holders: {}, time_tokens: {},
             quest_tokens: {}, kept: {}, passed: [], turned: [], phase: "dawn", dreamt: [], events: null, dead: [],
             lying: {}, bequest: [], ending: null };
  }
  function menhirOn(world, card) { return world.menhirs.filter(function (m) { return m.card === card; })[0] || null; }
  // The characters by character number (TRN-2, SET-8), then by name.
  function order(world) {
    return Object.keys(world.positions).sort(function (a, b) {
      var na = has(world.numbers, a) ? world.numbers[a] : 99, nb = has(world.numbers, b) ? world.numbers[b] : 99;
      return na !== nb ? na - nb : byCodePoint(a, b);
    });
  }
  function on(world, card) { return order(world).filter(function (n) { return world.positions[n] === card; }); }
  function happening(rule, text) { return "[" + rule + "] " + text; }
  function add(list, value) { if (list.indexOf(value) < 0) list.push(value); }
  function drop(list, value) { var i = list.indexOf(value); if (i >= 0) list.splice(i, 1); }

  // The map's rules over one world (world.py's Table): the state's placed cards.
  function Table(geo, state, world) { this.geo = geo; this.state = state; this.world = world; }
  Table.prototype.placed = function () {
    var geo = this.geo;
    return this.state.in_play.filter(function (n) { return has(geo.cells, n); }).sort(byNumber);
  };
  Table.prototype.cardAt = function (cell) {
    var geo = this.geo;
    return this.placed().filter(function (n) { return same(geo.cells[n], cell); })[0] || null;
  };
  Table.prototype.inRange = function (cell) {
    var geo = this.geo;
    return this.world.menhirs.some(function (m) { return has(geo.cells, m.card) && cheb(cell, geo.cells[m.card]) <= 1; });
  };
  Table.prototype.connectedPlaced = function (card) {
    var geo = this.geo;
    return this.placed().filter(function (n) { return n !== card && geo.connected(card, n); });
  };
  Table.prototype.attach = function (card) {
    var cell = this.geo.cells[card], state = this.state, world = this.world;
    if (!cell || state.in_play.indexOf(card) >= 0 || state.removed.indexOf(card) >= 0) return false;
    if (this.cardAt(cell) !== null) return false;
    state.in_play.push(card);
    if (has(world.kept, card)) { world.quest_tokens[card] = world.kept[card]; delete world.kept[card]; }
    return true;
  };
  // ARR-1: each key of the arrival card attaches its card if the cell is in range.
  Table.prototype.revealAround = function (card) {
    var out = [], geo = this.geo, location = geo.cards[card], here = geo.cells[card], self = this;
    if (!here) return out;
    Object.keys(location.keys).sort(byCodePoint).forEach(function (direction) {
      var cell = step(here, direction);
      if (self.cardAt(cell) !== null) return;
      if (!self.inRange(cell)) {
        out.push(happening("ARR-1", direction + " of " + card + " lies out of every menhir's range: nothing is revealed there"));
        return;
      }
      var found = geo.current(location.keys[direction], self.state.removed);
      if (found !== null && geo.cells[found] && same(geo.cells[found], cell) && self.attach(found)) {
        out.push(happening("ARR-1", found + " " + geo.cards[found].title + " is revealed " + direction + " of " + card));
      }
    });
    return out;
  };
  // MAP-7 with A10: back to the location deck.
  Table.prototype.discard = function (card) {
    var world = this.world;
    drop(this.state.in_play, card);
    delete world.time_tokens[card];
    delete world.lying[card];
    if (has(world.quest_tokens, card)) { world.kept[card] = world.quest_tokens[card]; delete world.quest_tokens[card]; }
    var out = [happening("SOD-2", card + " " + this.geo.cards[card].title + " lies out of every menhir's range and is discarded")];
    world.guardians.filter(function (g) { return g.card === card; }).forEach(function (g) {
      drop(world.guardians, g);
      out.push(happening("GRD-8", 'the guardian "' + g.name + '" goes back to its deck'));
    });
    return out;
  };
  // A9: the card nearest a cell by straight-line distance, ties to the lowest number.
  Table.prototype.nearest = function (cell, among) {
    var geo = this.geo, best = null;
    among.filter(function (n) { return has(geo.cells, n); }).forEach(function (n) {
      if (best === null) { best = n; return; }
      var dn = d2(geo.cells[n], cell), db = d2(geo.cells[best], cell);
      if (dn < db || (dn === db && n < best)) best = n;
    });
    return best;
  };

  // ------------------------------------------------------------ drawn (view.py)

  function pad(text, width) { while (text.length < width) text += " "; return text; }
  function rstrip(text) { return text.replace(/\s+$/, ""); }
  function mapLines(campaign) {
    var table = campaign.table(), geo = campaign.geo, world = campaign.world, placed = table.placed();
    if (!placed.length) return ["(no card on the table)"];
    var cells = placed.map(function (n) { return geo.cells[n]; });
    var xs = cells.map(function (c) { return c[0]; }), ys = cells.map(function (c) { return c[1]; });
    var x0 = Math.min.apply(null, xs) - 1, x1 = Math.max.apply(null, xs) + 1;
    var y0 = Math.max.apply(null, ys) + 1, y1 = Math.min.apply(null, ys) - 1;
    var rows = [];
    for (var y = y0; y >= y1; y--) {
      var top = "", below = "";
      for (var x = x0; x <= x1; x++) { top += cellText(campaign, table, [x, y]); below += who(campaign, table, [x, y]); }
      top = rstrip(top); below = rstrip(below);
      if (top || below) { rows.push(top); if (below) rows.push(below); }
    }
    var legend = order(world).map(function (n) { return n + " on " + world.positions[n]; }).join(", ");
    return rows.concat(["day " + campaign.state.day + " (" + world.phase + "): " + legend]);
  }
  function cellText(campaign, table, cell) {
    var card = table.cardAt(cell);
    if (card === null) return table.inRange(cell) ? "    .    " : pad("", WIDTH);
    var marks = "", menhir = menhirOn(campaign.world, card);
    if (menhir) marks += " M" + (menhir.dial != null ? menhir.dial : "-");
    campaign.world.guardians.forEach(function (g) { if (g.card === card) marks += " G"; });
    return pad("[" + card + marks + "]", WIDTH);
  }
  function who(campaign, table, cell) {
    var card = table.cardAt(cell);
    if (card === null) return pad("", WIDTH);
    var initials = on(campaign.world, card).map(function (n) { return n.charAt(0); }).join("");
    return initials ? pad(" " + initials, WIDTH) : pad("", WIDTH);
  }
  function chapterText(ch) { return String(ch.number) + (ch.letter || "") + (ch.part != null ? "-" + ch.part : ""); }
  function numberEntries(object) {
    return Object.keys(object).map(Number).sort(byNumber).map(function (k) { return [k, object[k]]; });
  }
  function worldLines(campaign) {
    var world = campaign.world, state = campaign.state;
    var menhirs = world.menhirs.map(function (m) { return m.card + " (" + (m.dial != null ? m.dial : "no dial") + ")"; }).join(", ") || "none";
    var guardians = world.guardians.map(function (g) { return '"' + g.name + '" on ' + g.card; }).join(", ") || "none";
    var tokens = numberEntries(world.time_tokens).map(function (e) { return e[0] + ": " + e[1]; }).join(", ") || "none";
    var dials = Object.keys(world.time_dials).sort(byCodePoint).map(function (d) { return d + " " + world.time_dials[d]; }).join(", ") || "none";
    var out = ["day " + state.day + " (" + world.phase + ")", "menhirs: " + menhirs, "guardians: " + guardians,
               "time tokens: " + tokens, "time dials: " + dials, "placed: " + campaign.table().placed().join(", ")];
    var piles = world.events;
    if (piles) {
      var quests = piles.active.map(function (q) { return '"' + q + '"'; }).join(", ") || "none";
      out.push("chapter " + chapterText(state.chapter) + ": " + piles.deck.length + " card(s) in the Event deck, " +
               piles.discard.length + " discarded, " + piles.random.length + " Random");
      out.push("today's Event: " + (piles.today != null ? '"' + piles.today + '"' : "none") + "; Active Quests: " + quests);
    }
    if (world.dead.length) out.push("dead: " + world.dead.join(", "));
    numberEntries(world.lying).forEach(function (e) { out.push("lying on " + e[0] + ": " + e[1].join(", ")); });
    if (world.bequest.length) {
      out.push("the dead's Secrets to share (:share): " + world.bequest.slice().sort(byNumber).join(", "));
    }
    if (world.ending != null) out.push("the game has ended: " + world.ending);
    order(world).forEach(function (name) {
      var member = campaign.character(name), passed = world.passed.indexOf(name) >= 0 ? " (passed)" : "";
      var tracks = Object.keys(member.tracks).map(function (t) { return t + " " + member.tracks[t]; }).join(", ");
      out.push(name + " on " + world.positions[name] + passed + ": " + tracks);
    });
    return out;
  }

  // ------------------------------------------------------------ saved (save.py)

  function sortedObject(object, numeric) {
    var out = {};
    Object.keys(object).sort(numeric ? function (a, b) { return a - b; } : byCodePoint)
      .forEach(function (k) { out[k] = object[k]; });
    return out;
  }
  // The world as a save file's `world` (world_data): sorted, the unset parts left out.
  function worldData(world, readings) {
    var data = {
      positions: sortedObject(world.positions), numbers: sortedObject(world.numbers),
      menhirs: world.menhirs.map(function (m) { return { card: m.card, dial: m.dial }; }),
      guardians: world.guardians.map(function (g) { return { card: g.card, name: g.name }; }),
      time_dials: sortedObject(world.time_dials), holders: sortedObject(world.holders),
      time_tokens: sortedObject(world.time_tokens, true), quest_tokens: sortedObject(world.quest_tokens, true),
      kept: sortedObject(world.kept, true), passed: world.passed.slice().sort(byCodePoint),
      turned: world.turned.slice().sort(byCodePoint), phase: world.phase,
      readings: readings.map(function (r) {
        var out = { card: r.card, hook: r.hook, members: r.members.slice() };
        if (r.event != null) out.event = r.event;
        return out;
      })
    };
    if (world.events) data.events = JSON.parse(JSON.stringify(world.events));
    if (world.dead.length) data.dead = world.dead.slice();
    if (Object.keys(world.lying).length) data.lying = sortedObject(world.lying, true);
    if (world.bequest.length) data.bequest = world.bequest.slice().sort(byNumber);
    if (world.ending != null) data.ending = world.ending;
    return data;
  }
  var WORLD_KEYS = ["positions", "numbers", "menhirs", "guardians", "time_dials", "holders", "time_tokens",
                    "quest_tokens", "kept", "passed", "turned", "phase", "readings", "events", "dead", "lying",
                    "bequest", "ending"];
  var PHASES = ["dawn", "day", "dusk", "over"];
  function numbered(object) {
    var out = {};
    Object.keys(object || {}).forEach(function (k) { out[Number(k)] = object[k]; });
    return out;
  }
  // A saved world, checked against the campaign (world_from_data); throws its message.
  function worldFromData(data, book, names, cards) {
    if (data === null || typeof data !== "object" || Array.isArray(data)) throw new Error("at world: the world is an object");
    Object.keys(data).forEach(function (k) {
      if (WORLD_KEYS.indexOf(k) < 0) throw new Error("at world." + k + ": Extra inputs are not permitted");
    });
    if (data.phase != null && PHASES.indexOf(data.phase) < 0) {
      throw new Error("at world.phase: Input should be 'dawn', 'day', 'dusk' or 'over'");
    }
    var world = newWorld();
    world.positions = JSON.parse(JSON.stringify(data.positions || {}));
    world.numbers = JSON.parse(JSON.stringify(data.numbers || {}));
    world.menhirs = (data.menhirs || []).map(function (m) {
      if (m.dial != null && !(m.dial >= 1 && m.dial <= DIAL_TOP)) {
        throw new Error("at world.menhirs.dial: a menhir dial shows 1-" + DIAL_TOP);
      }
      return { card: m.card, dial: m.dial == null ? null : m.dial };
    });
    world.guardians = (data.guardians || []).map(function (g) { return { name: g.name, card: g.card }; });
    world.time_dials = JSON.parse(JSON.stringify(data.time_dials || {}));
    world.holders = JSON.parse(JSON.stringify(data.holders || {}));
    world.time_tokens = numbered(data.time_tokens);
    world.quest_tokens = numbered(data.quest_tokens);
    world.kept = numbered(data.kept);
    world.passed = (data.passed || []).slice();
    world.turned = (data.turned || []).slice();
    world.phase = data.phase || "dawn";
    world.events = data.events ? JSON.parse(JSON.stringify(data.events)) : null;
    if (world.events) {
      ["deck", "discard", "random", "active", "done", "removed"].forEach(function (k) { world.events[k] = world.events[k] || []; });
      world.events.begun = !!world.events.begun;
      if (world.events.today === undefined) world.events.today = null;
    }
    world.dead = (data.dead || []).slice();
    world.lying = numbered(data.lying);
    world.bequest = (data.bequest || []).slice();
    world.ending = data.ending == null ? null : data.ending;
    var known = book.bundle.locations.map(function (l) { return l.number; });
    var named = Object.keys(world.positions).map(function (n) { return world.positions[n]; })
      .concat(world.menhirs.map(function (m) { return m.card; }), world.guardians.map(function (g) { return g.card; }),
              Object.keys(world.time_tokens).map(Number), Object.keys(world.quest_tokens).map(Number));
    named.forEach(function (card) {
      if (known.indexOf(card) < 0) throw new Error("the world names location " + card + ", which this campaign does not declare");
    });
    world.bequest.forEach(function (n) {
      if (!book.bundle.secrets.some(function (s) { return s.number === n; })) {
        throw new Error("the world names secret " + n + ", which this campaign does not declare");
      }
    });
    world.guardians.forEach(function (g) {
      if (!has(book.encounters, g.name) && !has(book.typed, g.name)) {  // an @encounter or typed rule data
        throw new Error('the world names the guardian "' + g.name + '", which this campaign does not declare');
      }
    });
    var missing = names.filter(function (n) { return !has(world.positions, n); });
    if (missing.length) throw new Error("the world does not say where " + missing.join(", ") + " stands");
    var piles = world.events;
    if (piles) {
      piles.deck.concat(piles.discard, piles.random, piles.active, piles.done, piles.removed, piles.today ? [piles.today] : [])
        .forEach(function (name) {
          if (!has(cards, name)) throw new Error('the world names the event "' + name + '", which this campaign does not declare');
        });
    }
    var readings = (data.readings || []).map(function (r) {
      return { card: r.card, hook: r.hook, members: r.members.slice(), event: r.event == null ? null : r.event };
    });
    return { world: world, readings: readings };
  }

  P.taintedGrailMap = {
    Geometry: Geometry, Table: Table, newWorld: newWorld, menhirOn: menhirOn, order: order, on: on,
    happening: happening, add: add, drop: drop, step: step, DELTA: DELTA, DIAL_TOP: DIAL_TOP,
    mapLines: mapLines, worldLines: worldLines, worldData: worldData, worldFromData: worldFromData
  };
})(typeof window !== "undefined" ? window : globalThis);
