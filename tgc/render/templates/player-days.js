// tgc web player, a campaign played by its days (`tgc play --campaign`): the ruleset's
// campaign layer (its page scripts push a maker on TgcPlayer.campaignMakers) owns the
// day and its commands, and this session plays the journal readings the layer hands it,
// telling the layer each event and each reading's end, as tgc/playtest/session.py's
// campaign mode does. It names none of the layer's words. `Days` stands in for a Story
// in the page (player-ui.js): the answers go to the reading under way, the commands to
// the layer, and the layer's lines are shown as they are (`campaign` events).
(function (root) {
  "use strict";
  var P = root.TgcPlayer;
  // The story's commands a campaign played by its days keeps (session.py's CAMPAIGN_SAFE
  // the page has); the others would step around the day.
  var SAFE = ["give"];

  P.campaignMakers = [];
  P.daysOf = function (bundle, words) { return P.campaignMakers.length > 0 && !!bundle && !!words; };

  function has(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }
  function refuse(name) {
    throw new Error("':" + name + "' is not for a campaign played by its days (:help lists the campaign's commands)");
  }

  // options as a Story's: rules, party, seed, dice.
  function Days(bundle, options) {
    this.days = true;
    this.bundle = bundle;
    this.options = options;
    this.base = new P.Story(bundle, options);  // between readings: the whole campaign's state
    this.rng = this.base.rng;
    this.book = this.base.book;
    this.layer = null;
    this.reading = null;
    this.out = [];
    this.loaded = null;  // a save's state and world, to open from
  }
  Object.defineProperty(Days.prototype, "waiting", { get: function () { return this.reading ? this.reading.waiting : null; } });
  Object.defineProperty(Days.prototype, "state", {
    get: function () { return this.reading ? this.reading.state : this.layer ? this.layer.state() : this.base.state; }
  });
  Object.defineProperty(Days.prototype, "cursor", { get: function () { return this.reading ? this.reading.cursor : null; } });

  Days.prototype.make = function (state, world) {
    var options = this.options, made = null, self = this;
    P.campaignMakers.forEach(function (make) {
      if (!made) made = make(self.bundle, options.rules, options.party || [], { rng: self.rng, dice: options.dice, fights: options.fights,
                                                                       state: state, world: world });
    });
    if (!made) throw new Error("the `" + this.bundle.campaign.ruleset + "` ruleset plays no campaign by its days");
    return made;
  };
  // The campaign's beginning (or the saved day): its map and what to type, its readings.
  Days.prototype.open = function () {
    var loaded = this.loaded;
    this.layer = loaded ? this.make(loaded.state, loaded.world) : this.make(null, null);
    this.loaded = null;
    var self = this;
    this.layer.opening().forEach(function (line) { self.say(line); });
  };
  Days.prototype.say = function (line) { this.out.push({ kind: "campaign", text: line }); };

  // Every event up to the next wait: the reading under way, then each reading the
  // campaign owes, in turn (session.py's _readings).
  Days.prototype.run = function () {
    if (!this.layer) this.open();
    var out = this.out;
    this.out = [];
    if (this.reading) this.pump(out);
    this.readings(out);
    return out;
  };
  Days.prototype.pump = function (out) {
    var story = this.reading, layer = this.layer;
    for (;;) {
      var events = story.out;
      story.out = [];
      events.forEach(function (e) {
        out.push(e);
        layer.observe(story, e).forEach(function (line) { out.push({ kind: "campaign", text: line }); });
      });
      if (story.waiting || !story.cursor) return;
      story.advance();
    }
  };
  Days.prototype.readings = function (out) {
    var layer = this.layer;
    while (!this.reading || (!this.reading.cursor && !this.reading.waiting)) {
      if (this.reading) {
        var story = this.reading;
        this.reading = null;
        layer.finish(story).forEach(function (line) { out.push({ kind: "campaign", text: line }); });
      }
      var next = layer.nextStory();
      if (!next) return;
      this.reading = next;
      this.pump(out);
    }
  };

  // ------------------------------------------------------------ answers and commands

  Days.prototype.answering = function () {
    if (!this.reading || !this.reading.waiting) throw new Error("nothing waits for an answer: type a command (:help)");
    return this.reading;
  };
  Days.prototype.choose = function (index) { this.answering().choose(index); };
  Days.prototype.answer = function (yes) { this.answering().answer(yes); };
  Days.prototype.giveRoll = function (sum) { this.answering().giveRoll(sum); };
  Days.prototype.giveToss = function (side) { this.answering().giveToss(side); };
  Days.prototype.resolve = function (outcome) { this.answering().resolve(outcome); };
  Days.prototype.playFight = function (index) { this.answering().playFight(index); };  // a fight by hand (a ruleset's)

  // `:name args`: the layer's commands first, then the ruleset's (:advance) on a copy of
  // the campaign's state put back in place (session.py's _campaign_command).
  Days.prototype.command = function (text) {
    var words;
    try { words = P.shellWords(text); } catch (err) { throw new Error("cannot read ':" + text + "': " + err.message); }
    if (!words.length) throw new Error("a command follows ':' (:help lists them)");
    if (!this.layer) this.open();
    var name = words[0].toLowerCase(), args = words.slice(1), self = this;
    if (this.layer.has(name)) {
      if (this.reading && (this.reading.cursor || this.reading.waiting)) {
        throw new Error("a reading is under way: answer it before :" + name);
      }
      this.layer.command(name, args).forEach(function (line) { self.say(line); });
      return [];
    }
    if (SAFE.indexOf(name) >= 0 || !has(P.commandsOf(this.bundle, this.options.rules), name)) refuse(words[0]);
    if (this.reading) throw new Error("a reading is under way: :" + name + " waits until it is over");
    this.base.state = this.layer.state();
    var said = this.base.command(text), state = this.layer.state(), changed = this.base.state;
    Object.keys(changed).forEach(function (k) { state[k] = changed[k]; });
    this.base.state = state;
    return said;
  };
  Days.prototype.enter = function () { refuse("enter"); };
  Days.prototype.act = function () { refuse("act"); };
  Days.prototype.goto = function () { refuse("goto"); };
  Days.prototype.goPlace = function () { refuse("goto"); };
  Days.prototype.nextDay = function () { refuse("day"); };
  Days.prototype.nextChapter = function () { refuse("chapter"); };
  Days.prototype.edit = function (text, unset) { refuse(unset ? "unset" : "set"); };
  Days.prototype.give = function () { refuse("give"); };

  // ------------------------------------------------------------ undo, autosave, save files

  Days.prototype.snapshot = function () {
    var reading = this.reading;
    return JSON.stringify({ days: true, layer: this.layer ? this.layer.snapshot() : null, rng: this.rng.getstate(),
      reading: reading ? { story: reading.snapshot(), members: reading.state.party.map(function (m) { return m.name; }) } : null });
  };
  Days.prototype.restore = function (text) {
    var saved = JSON.parse(text);
    if (!saved.days) throw new Error("this autosave is not of a campaign played by its days");
    if (!this.layer) this.layer = this.make(null, null);
    if (saved.layer) this.layer.restore(saved.layer);
    this.rng.setstate(saved.rng);
    this.out = [];
    this.reading = null;
    if (saved.reading) this.reading = this.layer.resume(saved.reading.story, saved.reading.members);
  };
  // A save file with its campaign world (`tgc play --campaign --state FILE`), between readings.
  Days.prototype.importSave = function (text) {
    var data = JSON.parse(text);
    if (data && data.position) {
      throw new Error("this save was written in the middle of an exploration: a campaign played by its days " +
        "resumes from a save made between readings");
    }
    this.base.importSave(text);
    this.loaded = { state: this.base.state, world: data.world == null ? null : data.world };
    this.open();
  };
  Days.prototype.exportSave = function (seed) {
    if (this.reading) throw new Error("a campaign is saved between readings: finish this one first");
    this.base.state = this.layer.state();
    var text = this.base.exportSave(seed), data = JSON.parse(text);
    data.world = this.layer.worldData();
    return P.pythonJson(data) + "\n";
  };

  P.Days = Days;
})(typeof window !== "undefined" ? window : globalThis);
