// tgc web player, a ruleset's own part of the page: for a ruleset that plays its own way
// (RulesetSpec.page: a game of dice, a duel of cards), a section below the story
// where one game is played by hand as `tgc play` plays it. The ruleset's script gives
// its controls (what a transcript's header fixes), how to read a header, and `play`, its
// engine run on the answers so far; this part shows the game's lines as `tgc` prints
// them, each question's answers as buttons (anything else may be typed), Undo for the
// last answer, and the Transcript box: the game so far as `tgc play --script` replays it,
// where a pasted transcript is replayed by Replay (its header sets the controls up, its
// answers are given at once, and the game goes on by hand from where they end). Every
// answer plays the game again from its seed: the engines are deterministic, so Undo is
// one answer fewer. `start(setup)` begins a game another part of the page sets up (a game
// a verse starts), and `part.played`, if given, hears every game's state as it is shown.
// Author text only ever reaches the page through textContent. The parts
// a test drives carry `data-own` (log, answers, typed, give, transcript, replay:
// tests/player/own.js).
(function (root) {
  "use strict";

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text != null) node.textContent = String(text);
    return node;
  }
  function own(node, part) { node.setAttribute("data-own", part); return node; }
  function button(text, act) {
    var b = el("button", null, text);
    b.type = "button";
    b.addEventListener("click", act);
    return b;
  }
  function labelled(text, control) {
    var label = el("label", null, text + " ");
    label.appendChild(control);
    return label;
  }

  // One control: a select, a number, a checkbox, or a row of checkboxes (a party).
  function control(spec) {
    var node;
    switch (spec.kind) {
      case "select":
        node = el("select");
        spec.options.forEach(function (o) {
          var option = el("option", null, o[1]);
          option.value = o[0];
          node.appendChild(option);
        });
        return { node: labelled(spec.label, node), get: function () { return node.value; },
                 set: function (v) { node.value = v; } };
      case "number":
        node = el("input");
        node.type = "number";
        node.min = "0";
        node.value = String(spec.value || 0);
        return { node: labelled(spec.label, node), get: function () { return /^[0-9]{1,15}$/.test(node.value) ? parseInt(node.value, 10) : 0; },
                 set: function (v) { node.value = String(v); } };
      case "checkbox":
        node = el("input");
        node.type = "checkbox";
        var box = el("label");
        box.appendChild(node);
        box.appendChild(document.createTextNode(" " + spec.label));
        return { node: box, get: function () { return node.checked; }, set: function (v) { node.checked = !!v; } };
      case "checks":
        var row = el("span", null, spec.label + ":"), ticks = [];
        spec.options.forEach(function (name) {
          var tick = el("input");
          tick.type = "checkbox";
          tick.value = name;
          ticks.push(tick);
          var one = el("label");
          one.appendChild(tick);
          one.appendChild(document.createTextNode(" " + name));
          row.appendChild(document.createTextNode(" "));
          row.appendChild(one);
        });
        return { node: row,
                 get: function () { return ticks.filter(function (t) { return t.checked; }).map(function (t) { return t.value; }); },
                 set: function (names) { ticks.forEach(function (t) { t.checked = names.indexOf(t.value) >= 0; }); } };
    }
    throw new Error("a control this page does not know: " + spec.kind);
  }

  function mount(part) {
    var setup = null, answers = [], shown = null, controls = {};
    var section = el("section", "own-game");
    section.id = part.id;
    section.appendChild(el("h2", null, part.title));
    var bar = el("p", "controls");
    part.controls.forEach(function (spec) {
      controls[spec.key] = control(spec);
      bar.appendChild(controls[spec.key].node);
    });
    bar.appendChild(button(part.begin, begin));
    bar.appendChild(button("Undo", undo));
    section.appendChild(bar);
    var log = own(el("div", "own-log"), "log");
    var box = own(el("div", "own-answers"), "answers");
    var transcript = own(el("textarea"), "transcript");
    transcript.rows = 4;
    transcript.setAttribute("aria-label", "Transcript");
    section.appendChild(log);
    section.appendChild(box);
    section.appendChild(labelled("Transcript", transcript));
    section.appendChild(own(button("Replay", replay), "replay"));
    document.querySelector("main").appendChild(section);

    function values() {
      var out = {};
      Object.keys(controls).forEach(function (key) { out[key] = controls[key].get(); });
      return out;
    }
    function begin() {
      setup = part.setup(values());
      answers = [];
      show();
    }
    function start(given) {
      var shownValues = part.values(given);
      Object.keys(shownValues).forEach(function (key) { controls[key].set(shownValues[key]); });
      setup = given;
      answers = [];
      show();
      section.scrollIntoView({ block: "nearest" });
    }
    function undo() {
      if (!setup || !answers.length) return;
      answers.pop();
      show();
    }
    function give(answer) {
      if (!setup) return;
      answers.push(answer);
      show();
    }
    function replay() {
      var text = transcript.value.replace(/\r\n/g, "\n"), header = part.readHeader(text);
      if (header == null) {
        log.textContent = "";
        log.appendChild(el("div", "error", part.headerHint));
        return;
      }
      var shownValues = part.values(header);
      Object.keys(shownValues).forEach(function (key) { controls[key].set(shownValues[key]); });
      setup = header;
      answers = text.split("\n").filter(function (l) { return l.indexOf("> ") === 0; })
        .map(function (l) { return l.slice(2); });
      show();
    }
    function show() {
      try {
        shown = part.play(setup, answers);
      } catch (err) {  // a header naming what the rule data lacks
        shown = { lines: [String(err.message)], question: null };
      }
      // The lines already shown stay when the game only went on (most answers), so a
      // long game is not drawn again line by line at every answer.
      var kept = log.childNodes.length <= shown.lines.length ? log.childNodes.length : 0;
      for (var i = 0; i < kept; i++) if (log.childNodes[i].textContent !== shown.lines[i]) { kept = i; break; }
      while (log.childNodes.length > kept) log.removeChild(log.lastChild);
      shown.lines.slice(kept).forEach(function (line) {
        var kind = line.indexOf("> ") === 0 ? "answer" : line.indexOf("? ") === 0 ? "question" : "line";
        log.appendChild(el("div", kind, line));
      });
      transcript.value = shown.lines.join("\n") + "\n";
      box.textContent = "";
      if (part.played) part.played(setup, shown);
      var q = shown.question;
      if (q == null) return;
      var offered = q.buttons || q.choices.map(function (label, i) { return [String(i + 1), (i + 1) + ". " + label]; });
      offered.forEach(function (o) {
        var b = button(o[1], function () { give(o[0]); });
        b.setAttribute("data-answer", o[0]);
        box.appendChild(b);
      });
      var typed = own(el("input"), "typed");
      typed.setAttribute("aria-label", "Answer");
      typed.addEventListener("keydown", function (event) { if (event.key === "Enter") give(typed.value); });
      box.appendChild(typed);
      box.appendChild(own(button("Answer", function () { give(typed.value); }), "give"));
    }
    return { begin: begin, start: start, give: give, undo: undo, replay: replay, shown: function () { return shown; } };
  }

  root.TgcOwnPage = { mount: mount };
})(window);
