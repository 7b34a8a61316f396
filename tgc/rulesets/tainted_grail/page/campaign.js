// Tainted Grail in the web player, a campaign played by its days: `tgc play --campaign`'s
// commands (campaign/play.py's CampaignPlay: :sod, :travel, :explore, :act, :inspect,
// :pass, :eod, :claim, :take, :share, :mercy, :equip, :guardian, :fight, :map, :world)
// with the same words, refusals and replies, over the day of campaign-day.js. It
// registers the layer with the page (TgcPlayer.campaignMakers, player-days.js), which
// plays the journal readings the layer hands it, as tgc/playtest/session.py does.
(function (root) {
  "use strict";
  var P = root.TgcPlayer, M = P.taintedGrailMap, C = P.taintedGrailCampaign;
  var HELP = [
    [":sod", "the Start of the Day (after the night: the next day's)"],
    [":travel A,B DIR|N [pay A=2]", "the party travels (up, down, left, right or a card); pay: who covers whose Energy"],
    [":explore A,B [pay A=2]", "the party explores its card"],
    [":act A,B ACTION", "the party takes its card's action"],
    [":inspect A,B", "the party inspects its card's menhir"],
    [":pass A[,B]", "a character passes for the day"],
    [":eod [eat A,B] [fast C] [give A 1 B] [give A 2 wealth B]",
     "the End of the Day (by default who has Food eats; Food or Wealth changes hands on one card)"],
    [":equip A ITEM", "the character turns an Item face up (one per weapon, armor, shield, companion and relic)"],
    [":claim NAME", "after a death in co-op, the dead character's player takes a character still in the box"],
    [":take A ITEM", "the character takes a dead character's Item lying on its card"],
    [":share N to B", "until the next :sod, a dead character's Secret N goes to any living B"],
    [":mercy", "after a solo death or a failure, the All-Mother's mercy"],
    [":guardian FACE ...", "the next guardian die rolls (up down left right nothing discard)"],
    [":fight OUTCOME ...", "the next guardian fights' outcomes, when no engine plays them (win, lose)"],
    [":map", "the map"],
    [":world", "menhirs, guardians, tokens, who stands where"]
  ];

  function InputError(message) { this.message = message; }
  InputError.prototype = Object.create(Error.prototype);
  function fail(message) { throw new InputError(message); }
  function asNumber(text) { return /^[0-9]{1,9}$/.test(text) ? parseInt(text, 10) : null; }
  function names(text) {
    var out = text.split(",").map(function (n) { return n.trim(); }).filter(function (n) { return n; });
    if (!out.length) fail("name the characters, separated by commas (Ailei,Beor)");
    return out;
  }
  function payer(args) {
    if (!args.length) return null;
    if (args[0].toLowerCase() !== "pay" || args.length < 2) {
      fail("after the party, write 'pay A=2,B=0': the Energy each member pays in all");
    }
    var out = {};
    args.slice(1).join(" ").replace(/ /g, "").split(",").forEach(function (part) {
      var at = part.indexOf("="), name = at < 0 ? part : part.slice(0, at), value = at < 0 ? null : asNumber(part.slice(at + 1));
      if (!name || value === null) fail("'" + part + "': write NAME=N (the Energy that member pays)");
      out[name] = (out[name] || 0) + value;
    });
    return out;
  }
  function noArgs(args, usage) { if (args.length) fail("write '" + usage + "' alone"); }

  // options: rng (the story's generator), dice, and for a saved day state and world.
  function CampaignPlay(bundle, words, party, options) {
    var self = this;
    this.faces = [];
    this.outcomes = [];
    this.started = null;
    this.rng = options.rng;
    var world = null, readings = [];
    if (options.state) {
      if (options.world == null) {
        throw new Error("this save holds no campaign world (it was written by `tgc play` without --campaign)");
      }
      var loaded = M.worldFromData(options.world, new P.Story(bundle, { rules: words }).book,
        options.state.party.map(function (c) { return c.name; }), cardNames(bundle));
      world = loaded.world;
      readings = loaded.readings;
    }
    this.campaign = new C.Campaign(bundle, words, party, { rng: options.rng, dice: options.dice, fights: options.fights,
      state: options.state,
      world: world, decide: function (question) { return self.decide(question); } });
    this.campaign.readings = readings;
  }
  function cardNames(bundle) {
    var out = {};
    (bundle.events || []).concat(bundle.quests || []).forEach(function (r) { out[r.name] = true; });
    return out;
  }
  CampaignPlay.prototype.help = HELP;
  CampaignPlay.prototype.state = function () { return this.campaign.state; };
  CampaignPlay.prototype.has = function (name) { return typeof this["cmd_" + name] === "function"; };
  CampaignPlay.prototype.opening = function () {
    var when = { dawn: ":sod starts the day", day: "the day goes on",
                 dusk: "the night's readings are done: :sod starts the next day",
                 over: "the game has ended (:mercy asks for the All-Mother's mercy)" }[this.campaign.world.phase];
    return M.mapLines(this.campaign).concat(["day " + this.campaign.state.day + ": " + when + " (:help lists the commands)"]);
  };
  CampaignPlay.prototype.worldData = function () { return M.worldData(this.campaign.world, this.campaign.readings); };

  // `:name args`: the lines to show; throws (nothing changed) when it does not fit.
  CampaignPlay.prototype.command = function (name, args) {
    var snapshot = this.snapshot();
    try {
      return this["cmd_" + name](args);
    } catch (err) {
      if (!(err instanceof C.CampaignError) && !(err instanceof InputError)) throw err;
      this.restore(snapshot);
      throw new Error(err.message);
    }
  };
  CampaignPlay.prototype.nextStory = function () {
    if (this.started) { var story = this.started; this.started = null; return story; }
    return this.campaign.nextReading();
  };
  CampaignPlay.prototype.observe = function (story, event) { return this.campaign.observe(story, event); };
  CampaignPlay.prototype.finish = function (story) { return this.campaign.finish(story); };

  // ------------------------------------------------------------ the commands

  CampaignPlay.prototype.cmd_sod = function (args) {
    noArgs(args, ":sod");
    var out = [];
    if (this.campaign.world.phase === "dusk") out.push(this.campaign.dawn());
    return out.concat(this.campaign.startOfDay());
  };
  CampaignPlay.prototype.cmd_travel = function (args) {
    if (args.length < 2) fail("write ':travel A,B DIRECTION' (up, down, left, right) or ':travel A,B CARD'");
    var number = asNumber(args[1]);
    return this.campaign.travel(names(args[0]), number !== null ? number : args[1].toLowerCase(), payer(args.slice(2)));
  };
  CampaignPlay.prototype.cmd_explore = function (args) {
    if (!args.length) fail("write ':explore A,B'");
    this.started = this.campaign.explore(names(args[0]), payer(args.slice(1)));
    return [];
  };
  CampaignPlay.prototype.cmd_act = function (args) {
    if (args.length < 2) fail("write ':act A,B ACTION' (the action's name)");
    var party = names(args[0]), card = this.campaign.world.positions[this.campaign.character(party[0]).name];
    var location = this.campaign.book.locations[card], actions = location ? location.actions || [] : [];
    var wanted = args.slice(1).join(" ").toLowerCase();
    var hits = actions.filter(function (a) { return a.name.toLowerCase().indexOf(wanted) === 0; });
    if (hits.length !== 1) {
      fail("card " + card + " has no action '" + args.slice(1).join(" ") + "' (its actions: " +
        (actions.map(function (a) { return a.name; }).join(", ") || "none") + ")");
    }
    this.started = this.campaign.act(party, hits[0].name);
    return [];
  };
  CampaignPlay.prototype.cmd_inspect = function (args) {
    if (args.length !== 1) fail("write ':inspect A,B'");
    this.started = this.campaign.inspect(names(args[0]));
    return [];
  };
  CampaignPlay.prototype.cmd_pass = function (args) {
    if (args.length !== 1) fail("write ':pass A' (or ':pass A,B')");
    var campaign = this.campaign;
    return names(args[0]).map(function (n) { return campaign.pass(n); });
  };
  CampaignPlay.prototype.cmd_eod = function (args) {
    var eat = null, give = [], rest = args.slice(), campaign = this.campaign, resources = campaign.words.resources;
    while (rest.length) {
      var word = rest.shift().toLowerCase(), amount;
      if ((word === "eat" || word === "fast") && rest.length) {
        names(rest.shift()).forEach(function (n) { (eat = eat || {})[campaign.character(n).name] = word === "eat"; });
      } else if (word === "give" && rest.length >= 3 && (amount = asNumber(rest[1])) !== null) {
        var named = rest.length >= 4 && resources.indexOf(rest[2].toLowerCase()) >= 0;  // give A 2 wealth B
        give.push([rest[0], amount, named ? rest[3] : rest[2], named ? rest[2].toLowerCase() : "food"]);
        rest.splice(0, named ? 4 : 3);
      } else {
        fail("write ':eod [eat A,B] [fast C] [give A 1 B] [give A 2 wealth B]'");
      }
    }
    return campaign.endOfDay(eat, give);
  };
  CampaignPlay.prototype.cmd_equip = function (args) {
    if (args.length < 2) fail("write ':equip A ITEM' (the Item's name)");
    return [this.campaign.equip(args[0], args.slice(1).join(" "))];
  };
  CampaignPlay.prototype.cmd_claim = function (args) {
    if (args.length !== 1) fail("write ':claim NAME' (a character still in the box)");
    return [this.campaign.claim(args[0])];
  };
  CampaignPlay.prototype.cmd_take = function (args) {
    if (args.length < 2) fail("write ':take A ITEM' (an Item lying on A's card)");
    return [this.campaign.takeItem(args[0], args.slice(1).join(" "))];
  };
  CampaignPlay.prototype.cmd_share = function (args) {
    var number = args.length ? asNumber(args[0]) : null;
    if (args.length !== 3 || number === null || args[1].toLowerCase() !== "to") {
      fail("write ':share N to B' (a dead character's Secret, a living character)");
    }
    return [this.campaign.share(number, args[2])];
  };
  CampaignPlay.prototype.cmd_mercy = function (args) {
    noArgs(args, ":mercy");
    return this.campaign.mercy();
  };
  CampaignPlay.prototype.cmd_guardian = function (args) {
    var faces = args.map(function (a) { return a.toLowerCase(); });
    if (!faces.length || faces.some(function (f) { return C.GUARDIAN_DIE.indexOf(f) < 0; })) {
      fail("the guardian die shows " + C.GUARDIAN_DIE.join(", "));
    }
    this.faces = this.faces.concat(faces);
    return ["the next guardian roll" + (faces.length > 1 ? "s" : "") + ": " + faces.join(", ")];
  };
  CampaignPlay.prototype.cmd_fight = function (args) {
    var outcomes = args.map(function (a) { return a.toLowerCase(); });
    if (!outcomes.length || outcomes.some(function (o) { return ["win", "lose", "avoid"].indexOf(o) < 0; })) {
      fail("write ':fight win' or ':fight lose' (one per fight to come)");
    }
    this.outcomes = this.outcomes.concat(outcomes);
    return ["the next guardian fight" + (outcomes.length > 1 ? "s" : "") + ": " + outcomes.join(", ")];
  };
  CampaignPlay.prototype.cmd_map = function () { return M.mapLines(this.campaign); };
  CampaignPlay.prototype.cmd_world = function () { return M.worldLines(this.campaign); };

  // ------------------------------------------------------------ answers and undo

  // A given answer (:guardian, :fight), else the seeded generator's.
  CampaignPlay.prototype.decide = function (question) {
    var queue = question.kind === "guardian-die" ? this.faces : this.outcomes;
    while (queue.length) {
      var answer = queue.shift();
      if (question.options.indexOf(answer) >= 0) return answer;
    }
    return this.rng.pick(question.options);
  };
  // Everything but the reading under way, as JSON (the page's Undo and autosave).
  CampaignPlay.prototype.snapshot = function () {
    var c = this.campaign;
    return JSON.stringify({ state: c.state, world: c.world, readings: c.readings, faces: this.faces,
                            outcomes: this.outcomes, rng: this.rng.getstate() });
  };
  // The reading under way when the snapshot was taken, on the restored campaign's members.
  CampaignPlay.prototype.resume = function (snapshot, members) {
    var c = this.campaign, party = members.map(function (n) { return c.character(n); }), story = c.story(party);
    story.restore(snapshot);
    story.state.party = party;
    c.busy = story;
    return story;
  };
  CampaignPlay.prototype.restore = function (text) {
    var saved = JSON.parse(text), c = this.campaign;
    c.state = saved.state; c.world = saved.world; c.readings = saved.readings;
    this.faces = saved.faces; this.outcomes = saved.outcomes;
    this.rng.setstate(saved.rng);
    c.busy = null; this.started = null;
  };

  // The page's maker (the ruleset's page is in play.html only for its own campaigns).
  P.campaignMakers.push(function (bundle, words, party, options) {
    return new CampaignPlay(bundle, words, party, options);
  });
})(typeof window !== "undefined" ? window : globalThis);
