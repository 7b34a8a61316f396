// tgc web player, the page: reads the bundle from its JSON script element, runs the
// engine (player.js) and shows what happens. Author text only ever reaches the page
// through textContent; no markup is built from strings.
(function () {
  "use strict";
  var bundle = JSON.parse(document.getElementById("tgc-bundle").textContent);
  var rules = JSON.parse(document.getElementById("tgc-rules").textContent);
  var P = window.TgcPlayer;
  // The page's own words, in the edition's language (tgc/render/web.py's player_words):
  // each an English template whose {fields} are filled here.
  function say(phrase, fields) {
    var text = rules.words[phrase] != null ? rules.words[phrase] : phrase;
    return text.replace(/\{(\w+)\}/g, function (all, name) { return fields && name in fields ? String(fields[name]) : all; });
  }
  var DEFAULT_NAMES = "Ada, Bran";  // an example of the names field, no ruleset's word
  var KEY = "tgc-player:2:" + bundle.campaign.title;  // 2: items per member, actions taken
  var story, history = [];
  // A ruleset's part of the page (RulesetSpec.page) may offer another way through an
  // encounter (a game a verse starts, played by hand): each `encounter` entry is given
  // the wait and the answers box; `step` is one undoable step of the story.
  var page = window.TgcPlayerPage = { encounter: [], step: function (act) { step(act); },
                                      story: function () { return story; } };

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text != null) node.textContent = String(text);
    return node;
  }
  function $(id) { return document.getElementById(id); }

  // An icon: its drawing (tgc's own, as data from the rules: built element by element,
  // never parsed from markup), named for screen readers; an icon without one, its name.
  var SVG = "http://www.w3.org/2000/svg";
  function glyph(node) {
    var out = document.createElementNS(SVG, node[0]), attrs = node[1];
    Object.keys(attrs).forEach(function (name) { out.setAttribute(name, attrs[name]); });
    node[2].forEach(function (child) { out.appendChild(glyph(child)); });
    return out;
  }
  function icon(word) {
    var known = rules.icons[word];
    if (!known) return el("span", "icon", word.toUpperCase());
    var span = el("span", "icon glyph");
    span.setAttribute("role", "img");
    span.setAttribute("aria-label", known.label);
    span.title = known.label;
    span.appendChild(glyph(known.art));
    return span;
  }

  // Prose with tgc's inline markup: **bold**, _italic_, :icon: (its glyph).
  function prose(text) {
    var out = el("span"), re = /\*\*([^*]+)\*\*|_([^_]+)_|:([a-z][a-z_]*):|\\(.)/g, at = 0, m;
    while ((m = re.exec(text)) !== null) {
      out.appendChild(document.createTextNode(text.slice(at, m.index)));
      if (m[1] != null) out.appendChild(el("strong", null, m[1]));
      else if (m[2] != null) out.appendChild(el("em", null, m[2]));
      else if (m[3] != null) out.appendChild(icon(m[3]));
      else out.appendChild(document.createTextNode(m[4]));
      at = re.lastIndex;
    }
    out.appendChild(document.createTextNode(text.slice(at)));
    return out;
  }

  function sectionName(section) {
    var known = bundle.sections.filter(function (s) { return s.name === section; })[0];
    if (!known || known.role === "location") return say("Location {number}", { number: section });
    return known.role === "bos" ? say("Secret Verse") : known.title;
  }

  function log(node) { $("log").appendChild(node); node.scrollIntoView({ block: "nearest" }); }

  function show(events) {
    events.forEach(function (e) {
      switch (e.kind) {
        case "verse":
          log(el("h3", "verse", sectionName(e.section) + " · " + e.printed + (e.block ? " · " + e.block : "")));
          break;
        case "text": { var p = el("p", "prose"); p.appendChild(prose(e.text)); log(p); break; }
        case "effect": log(el("p", "effect", e.text)); break;
        case "fight": log(el("p", "fight", e.text)); break;  // a fight's log, as tgc play prints it
        case "rolled":
          log(el("p", "roll", say("Rolled {dice} = {total}", { total: e.total, dice:
            (e.faces.length ? e.faces.join(" + ") : say("a sum")) +
            (e.modifier ? (e.modifier > 0 ? " + " : " - ") + Math.abs(e.modifier) : "") })));
          break;
        case "tossed": log(el("p", "roll", say("The coin shows {side}", { side: say(e.side === "heads" ? "Heads" : "Tails") }))); break;
        case "resolved": log(el("p", "roll", say("Encounter: {outcome}", { outcome: e.outcome }))); break;
        case "trigger": log(el("p", "effect", say("Status {status}: its trigger fires", { status: e.status }))); break;
        case "end": log(el("p", "ending", say("Exploration ends."))); break;
        case "end-chapter": log(el("p", "ending", say("The chapter ends."))); break;
        case "game-over": log(el("p", "ending", say("The game is over."))); break;
        case "dead-end": log(el("p", "ending", say("Dead end at {where}: {why}", { where: e.where, why: e.why }))); break;
        case "loop": log(el("p", "ending", say("The story loops at {where}", { where: e.where }))); break;
        case "campaign": log(el("p", "campaign", e.text)); break;  // a campaign layer's line (player-days.js)
      }
    });
    answers();
    panel();
    save();
  }

  // One step of play, undoable: a refused step (an error) changes nothing.
  function step(act, said) {
    if (!story) return;
    history.push({ story: story.snapshot(), lines: $("log").childNodes.length });
    try { act(); } catch (err) { history.pop(); log(el("p", "error", err.message)); return; }
    if (said) [].concat(said()).forEach(function (row) { log(el("p", "info", row)); });
    show(story.run());
  }

  function button(text, act) {
    var b = el("button", null, text);
    b.type = "button";
    b.addEventListener("click", function () { step(act); });
    return b;
  }

  function answers() {
    var box = $("answers"), w = story.waiting;
    box.replaceChildren();
    if (!w) return;
    if (w.kind === "choices") {
      w.choices.forEach(function (c, i) {
        var costs = c.costs.map(function (k) { return k.amount + " " + k.resource; }).join(", ");
        box.appendChild(button((i + 1) + ". " + c.text + (costs ? " (" + costs + ")" : ""), function () { story.choose(i); }));
      });
      if ($("show-locked").checked) {
        w.locked.forEach(function (c) { box.appendChild(el("p", "locked", say("Locked: {choice} ({why})", { choice: c.text, why: c.why }))); });
      }
    } else if (w.kind === "ask") {
      box.appendChild(el("p", "question", w.question));
      box.appendChild(button(say("Yes"), function () { story.answer(true); }));
      box.appendChild(button(say("No"), function () { story.answer(false); }));
    } else if (w.kind === "roll") {
      box.appendChild(el("p", "question", say("Roll {dice}d{sides}: I rolled", { dice: w.dice, sides: w.sides })));
      var input = el("input");
      input.type = "number"; input.min = String(w.dice); input.max = String(w.dice * w.sides);
      box.appendChild(input);
      box.appendChild(button(say("Go on"), function () { story.giveRoll(parseInt(input.value, 10)); }));
    } else if (w.kind === "toss") {
      box.appendChild(button(say("Heads"), function () { story.giveToss("heads"); }));
      box.appendChild(button(say("Tails"), function () { story.giveToss("tails"); }));
    } else if (w.kind === "encounter") {
      box.appendChild(el("p", "question", say("Encounter {name}: how did it end?", { name: w.op.name || w.op.deck || "" })));
      w.outcomes.forEach(function (o) { box.appendChild(button(o, function () { story.resolve(o); })); });
      page.encounter.forEach(function (part) { part(w, box); });
    }
  }

  function row(list, label, value) {
    var li = el("li");
    li.appendChild(el("b", null, label + ": "));
    li.appendChild(document.createTextNode(value));
    list.appendChild(li);
  }

  function panel() {
    var box = $("state"), s = story.state, list = el("ul");
    box.replaceChildren(list);
    row(list, say("Day"), say("{day}, chapter {chapter}", { day: s.day, chapter: chapterName(s.chapter) }));
    s.party.forEach(function (c) {
      row(list, c.name, Object.keys(c.tracks).map(function (k) { return k + " " + c.tracks[k]; })
        .concat(Object.keys(c.resources).map(function (k) { return k + " " + c.resources[k]; }))
        .concat(c.items.length && s.party.length > 1 ? [say("carries {items}", { items: c.items.join(", ") })] : []).join(", "));
    });
    Object.keys(s.statuses).forEach(function (name) {
      if (s.statuses[name].length) row(list, say("Status {name}", { name: name }), s.statuses[name].join(", "));
    });
    var held = P.secrets(s);
    if (held.length) row(list, say("Secrets"), held.join(", "));
    var items = P.items(s);
    if (items.length) row(list, say("Items"), items.join(", "));
    var today = Object.keys(s.acted).filter(function (k) { return s.acted[k] === s.day; });
    if (today.length) row(list, say("Actions taken today"), today.join(", "));
    Object.keys(s.dials).forEach(function (d) { row(list, say("Dial {name}", { name: d }), s.dials[d]); });
    s.tasks.forEach(function (t) { row(list, say("Task"), t); });
  }

  function save() {
    try { window.localStorage.setItem(KEY, story.snapshot()); } catch (err) { /* storage refused: no autosave */ }
  }

  // The party the picker names, in the order they were ticked, as `--party B,A` keeps its
  // order (none ticked: the default adventurer).
  var ticked = [];
  function chosenParty() {
    var names = [], typed = $("party-names");
    if (typed) {
      return typed.value.split(",").map(function (n) { return n.trim(); }).filter(function (n) { return n; });
    }
    var checked = [];
    $("party").querySelectorAll("input").forEach(function (box) { if (box.checked) checked.push(box.value); });
    ticked.forEach(function (name) { if (checked.indexOf(name) >= 0) names.push(name); });
    checked.forEach(function (name) { if (names.indexOf(name) < 0) names.push(name); });
    return names;
  }

  // The seed field as tgc play's --seed: a whole number (0 when empty), drawn as Python does.
  function seedValue() {
    var text = $("seed").value.trim();
    return /^[0-9]{1,15}$/.test(text) ? parseInt(text, 10) : 0;
  }

  // A new game: a fresh state for the chosen party, the seed and the dice mode.
  function start(target) {
    var party = chosenParty(), problem = P.partyProblem(bundle, rules, party);
    history = [];
    $("log").replaceChildren();
    if (problem) { log(el("p", "error", say("Party: {problem}", { problem: problem }))); return; }
    var options = { rules: rules, party: party, seed: seedValue(), dice: $("type-dice").checked ? "ask" : "random",
                    fights: $("fights").value };
    story = $("days").checked ? new P.Days(bundle, options) : new P.Story(bundle, options);  // by its days: --campaign
    try { target(); } catch (err) { log(el("p", "error", err.message)); return; }
    show(story.run());
  }

  // The picker: one box per character the campaign declares (tgc play --party).
  function partyPicker() {
    var box = $("party");
    if (!rules.members.length) {  // no declared characters: default adventurers by the names typed
      var label = el("label", null, say("Party") + " "), names = el("input");
      names.id = "party-names"; names.size = 16; names.placeholder = DEFAULT_NAMES;
      label.appendChild(names);
      box.appendChild(label);
      return;
    }
    box.appendChild(el("b", null, say("Party")));
    rules.members.forEach(function (m) {
      var label = el("label"), tick = el("input");
      tick.type = "checkbox"; tick.value = m.name; tick.checked = false;
      tick.addEventListener("change", function () {
        ticked = ticked.filter(function (name) { return name !== m.name; });
        if (tick.checked) ticked.push(m.name);
      });
      label.appendChild(tick);
      label.appendChild(document.createTextNode(" " + m.name));
      box.appendChild(label);
    });
  }

  // Between explorations, as tgc play's :enter, :act, :day and :chapter: the state carries on.
  function betweenControls() {
    var actions = $("action");
    bundle.locations.forEach(function (l) {
      (l.actions || []).forEach(function (a) {
        var costs = a.costs.map(function (k) {
          return k.per_player ? say("{cost} per player", { cost: k.amount + " " + k.resource }) : k.amount + " " + k.resource;
        });
        if (a.once_per_day) costs.push(say("once per day"));
        var option = new Option(say("Location {number}: {action}", { number: l.number, action: a.name }) +
          (costs.length ? " (" + costs.join(", ") + ")" : ""), String(l.number));
        option.dataset.name = a.name;
        actions.appendChild(option);
      });
    });
    if (!actions.options.length) { actions.parentNode.hidden = true; $("act").hidden = true; }
    // The hooks a location may be entered by (`:enter N HOOK`), from the bundle's locations.
    var hooks = [];
    bundle.locations.forEach(function (l) {
      Object.keys(l.hooks).forEach(function (h) { if (hooks.indexOf(h) < 0) hooks.push(h); });
    });
    hooks.sort(function (a, b) { return a === "explore" ? -1 : b === "explore" ? 1 : a < b ? -1 : a > b ? 1 : 0; });
    hooks.forEach(function (h) { $("hook").appendChild(new Option(h, h)); });
    $("explore").addEventListener("click", function () {
      step(function () { story.enter(parseInt($("where").value, 10), $("hook").value || "explore"); });
    });
    $("act").addEventListener("click", function () {
      var chosen = actions.options[actions.selectedIndex];
      if (chosen) step(function () { story.act(parseInt(chosen.value, 10), chosen.dataset.name); });
    });
    $("next-day").addEventListener("click", function () {
      step(function () { story.nextDay(); }, function () { return say("Day {day} begins.", { day: story.state.day }); });
    });
    // `:goto PLACE`: a new exploration at a verse (201.3, bos.12, 3 in this section) or a
    // location, with the state the game has reached.
    $("goto").addEventListener("click", function () {
      var text = $("verse").value;
      step(function () { story.goPlace(text); });
    });
    $("next-chapter").addEventListener("click", function () {
      var text = $("chapter").value.trim();
      step(function () { story.nextChapter(text ? P.readChapter(text) : null); },
        function () { return say("Chapter {chapter} begins.", { chapter: chapterName(story.state.chapter) }); });
    });
  }
  // The state by hand, as tgc play's :set and :unset: the same words, checks and messages
  // (player-edit.js); what the edit makes fire is read as tgc play reads it.
  function editControls() {
    $("edit").title = P.setHelp(rules);
    [["set", false], ["unset", true]].forEach(function (pair) {
      $(pair[0]).addEventListener("click", function () {
        var text = $("edit").value, said = "";
        step(function () { said = story.edit(text, pair[1]); }, function () { return said; });
      });
    });
  }
  // A trade between members (tgc play's :give) and the ruleset's own commands (its
  // `:advance`: RulesetSpec.story_page), each with tgc play's words and reply; a command
  // that does not fit is refused and changes nothing.
  function commandControls() {
    $("give").addEventListener("click", function () {
      var text = $("give-text").value, said = "";
      step(function () { said = story.give(text); }, function () { return said; });
    });
    var commands = P.commandsOf(bundle, rules), names = Object.keys(commands).sort();
    if (!names.length && !P.campaignMakers.length) { $("command-label").hidden = true; $("command").hidden = true; return; }
    $("command-text").placeholder = names.map(function (n) { return ":" + n; }).join(" ");
    $("command-text").title = names.map(function (n) { return commands[n].help.join("\n"); }).join("\n");
    $("command").addEventListener("click", function () {
      var text = $("command-text").value.replace(/^\s*:/, ""), said = [];
      step(function () { said = story.command(text); }, function () { return said; });
    });
  }
  function chapterName(ch) { return ch.number + (ch.letter || "") + (ch.part != null ? "-" + ch.part : ""); }

  function fromHash() {
    var wanted = decodeURIComponent(window.location.hash.slice(1)), id = null;
    bundle.verses.forEach(function (v) { if (v.section + "." + v.printed === wanted) id = v.id; });
    return id;
  }

  function setup() {
    var where = $("where");
    $("fights").parentNode.hidden = $("fights").options.length < 2;  // a ruleset's modes (its page scripts add them)
    partyPicker();
    betweenControls();
    editControls();
    commandControls();
    bundle.locations.forEach(function (l) {
      if (Object.keys(l.hooks).length) where.appendChild(new Option(say("Location {number}", { number: l.number }) + " " + l.title, String(l.number)));
    });
    where.value = String(bundle.campaign.start);
    $("begin").addEventListener("click", function () {
      start(function () { if (!story.days) story.enter(parseInt(where.value, 10), $("hook").value || "explore"); });
    });
    if (!P.campaignMakers.length) $("days").parentNode.hidden = true;  // the ruleset plays no campaign by its days
    // tgc play --at none: a fresh state for the party, waiting between explorations
    $("new-game").addEventListener("click", function () { start(function () { return null; }); });
    $("undo").addEventListener("click", function () {
      if (!history.length) return;
      var back = history.pop(), log = $("log");
      story.restore(back.story);
      while (log.childNodes.length > back.lines) log.removeChild(log.lastChild);
      answers(); panel(); save();
    });
    $("show-locked").addEventListener("change", answers);
    // Export and Import speak tgc's save file: `tgc play --state FILE` and `:load` read
    // what is exported, and a save of tgc play is imported here.
    $("export").addEventListener("click", function () {
      $("save-text").value = story ? story.exportSave(seedValue()) : "";
    });
    $("import").addEventListener("click", function () {
      var text = $("save-text").value;
      start(function () { story.importSave(text); });
    });
    window.addEventListener("hashchange", function () {
      var id = fromHash();
      if (id) start(function () { story.goto(id); });
    });
    var linked = fromHash(), saved = null;
    try { saved = window.localStorage.getItem(KEY); } catch (err) { saved = null; }
    try { if (saved && JSON.parse(saved).days) $("days").checked = true; } catch (err) { saved = null; }
    if (linked) start(function () { story.goto(linked); });
    else if (saved) start(function () { story.restore(saved); });
    else start(function () { story.enter(bundle.campaign.start, "explore"); });
  }

  document.addEventListener("DOMContentLoaded", setup);
})();
