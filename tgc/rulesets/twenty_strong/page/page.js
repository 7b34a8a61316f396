// 20 Strong in the web player, the page: a section of its own beside the story, where one
// game of the deck is played by hand as `tgc deck play` plays it (engine.js): the hero,
// the boss (each chosen here or asked as the game's first question), the rank, the seed,
// and "I roll the dice" for physical dice. The game's lines are shown as `tgc` prints
// them; each question's choices are buttons, anything else may be typed; undo takes the
// last answer back. The transcript box holds the game as `tgc play --script` replays it,
// and a transcript pasted there is replayed by "Replay" (the game its header sets up, on
// its answers), as `tgc play --script` replays it.
// Author text only ever reaches the page through textContent. The parts a test drives
// carry ``data-own`` (log, answers, typed, give, transcript, replay), the names every
// ruleset's own page uses (tests/player/own.js).
(function () {
  "use strict";
  var bundle = JSON.parse(document.getElementById("tgc-bundle").textContent);
  var rules = bundle.rules;
  var E = window.TgcTwentyStrong;
  if (!rules || rules.ruleset !== "twenty-strong" || !rules.heroes.length || !rules.bosses.length) return;

  var setup = null, answers = [], shown = null;

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text != null) node.textContent = String(text);
    return node;
  }
  function labelled(text, control) {
    var label = el("label", null, text + " ");
    label.appendChild(control);
    return label;
  }
  function select(id, options) {
    var node = el("select");
    node.id = id;
    options.forEach(function (o) {
      var option = el("option", null, o[1]);
      option.value = o[0];
      node.appendChild(option);
    });
    return node;
  }
  function button(id, text, act, own) {
    var b = el("button", null, text);
    b.type = "button";
    if (id) b.id = id;
    if (own) b.setAttribute("data-own", own);
    b.addEventListener("click", act);
    return b;
  }

  var ASKED = "";
  var section = el("section", "deck-game");
  section.id = "deck-game";
  section.appendChild(el("h2", null, "A game of the deck"));
  var controls = el("p", "controls");
  var hero = select("deck-hero", [[ASKED, "asked"]].concat(rules.heroes.map(function (h) { return [h.name, h.name]; })));
  var boss = select("deck-boss", [[ASKED, "asked"]].concat(rules.bosses.map(function (b) { return [b.name, b.name]; })));
  var rank = select("deck-rank", [1, 2, 3, 4, 5].map(function (r) { return [String(r), String(r)]; }));
  var seed = el("input");
  seed.id = "deck-seed";
  seed.type = "number";
  seed.min = "0";
  seed.value = "0";
  var dice = el("input");
  dice.id = "deck-dice";
  dice.type = "checkbox";
  controls.appendChild(labelled("Hero", hero));
  controls.appendChild(labelled("Boss", boss));
  controls.appendChild(labelled("Rank", rank));
  controls.appendChild(labelled("Seed", seed));
  var rolled = el("label");
  rolled.appendChild(dice);
  rolled.appendChild(document.createTextNode(" I roll the dice"));
  controls.appendChild(rolled);
  controls.appendChild(button("deck-begin", "Play the deck", begin));
  controls.appendChild(button("deck-undo", "Undo", undo));
  section.appendChild(controls);
  var log = el("div", "deck-log");
  log.id = "deck-log";
  log.setAttribute("data-own", "log");
  var box = el("div", "deck-answers");
  box.id = "deck-answers";
  box.setAttribute("data-own", "answers");
  var transcript = el("textarea");
  transcript.id = "deck-transcript";
  transcript.setAttribute("data-own", "transcript");
  transcript.rows = 4;
  transcript.setAttribute("aria-label", "Transcript");
  section.appendChild(log);
  section.appendChild(box);
  section.appendChild(labelled("Transcript", transcript));
  section.appendChild(button("deck-replay", "Replay", replay, "replay"));
  document.querySelector("main").appendChild(section);

  function begin() {
    var seedValue = /^[0-9]{1,15}$/.test(seed.value) ? parseInt(seed.value, 10) : 0;
    setup = { hero: hero.value === ASKED ? null : hero.value, boss: boss.value === ASKED ? null : boss.value,
              rank: parseInt(rank.value, 10), seed: seedValue, dice: dice.checked };
    answers = [];
    show();
  }

  // A transcript's game: its header sets the controls up, its answers are given at once.
  function replay() {
    var text = transcript.value.replace(/\r\n/g, "\n"), header = E.readHeader(text);
    if (header == null) {
      log.textContent = "";
      log.appendChild(el("div", "error", "A transcript of a game of the deck starts with \"" + E.headerText({}) + "\"."));
      return;
    }
    hero.value = header.hero != null ? header.hero : ASKED;
    boss.value = header.boss != null ? header.boss : ASKED;
    rank.value = String(header.rank);
    seed.value = String(header.seed);
    dice.checked = header.dice;
    setup = header;
    answers = text.split("\n").filter(function (l) { return l.indexOf("> ") === 0; }).map(function (l) { return l.slice(2); });
    show();
  }

  function undo() {
    if (!setup || !answers.length) return;
    answers.pop();
    show();
  }

  function give(answer) {
    answers.push(answer);
    show();
  }

  // The game played again on every answer so far: the engine is deterministic from its
  // seed, so this is the game the answers make (and undo is one answer fewer).
  function show() {
    try {
      shown = E.play(rules, setup, answers);
    } catch (err) {  // a header naming a hero or boss the deck lacks
      shown = { lines: [String(err.message)], question: null, result: null };
    }
    log.textContent = "";
    shown.lines.forEach(function (line) {
      var kind = line.indexOf("> ") === 0 ? "answer" : line.indexOf("? ") === 0 ? "question" : "line";
      log.appendChild(el("div", kind, line));
    });
    transcript.value = shown.lines.join("\n") + "\n";
    box.textContent = "";
    var q = shown.question;
    if (q == null) return;
    if (q.faces) {
      [["m", "miss"], ["h", "hit"], ["c", "crit"]].forEach(function (face) {
        var b = button(null, face[1], function () { give(face[0]); });
        b.setAttribute("data-answer", face[0]);
        box.appendChild(b);
      });
    } else {
      q.choices.forEach(function (label, i) {
        var b = button(null, (i + 1) + ". " + label, function () { give(String(i + 1)); });
        b.setAttribute("data-answer", String(i + 1));
        box.appendChild(b);
      });
    }
    var typed = el("input");
    typed.id = "deck-typed";
    typed.setAttribute("data-own", "typed");
    typed.setAttribute("aria-label", "Answer");
    typed.addEventListener("keydown", function (event) { if (event.key === "Enter") give(typed.value); });
    box.appendChild(typed);
    box.appendChild(button("deck-give", "Answer", function () { give(typed.value); }, "give"));
  }

  window.TgcDeckGame = { begin: begin, give: give, undo: undo, replay: replay, shown: function () { return shown; } };
})();
