// The answers tests/test_web_player.py gives both engines, and the trace of what the
// web player's engine does with them: drive(TgcPlayer, bundle, rules, runs) -> [{trace, state}].
// A run is [seed, explorations, first verse or null, party names, between]: with
// `between`, a day or a chapter may pass and a location's action may be taken between
// explorations, drawn from the same generator as the answers.
// Runs under node (drive.js) and in headless Chromium (the test's harness page).
"use strict";
const MAX_ANSWERS = 200;

function Lcg(seed) { this.x = seed; }
Lcg.prototype.next = function (n) { this.x = (this.x * 48271) % 2147483647; return this.x % n; };

function record(trace, events) {
  for (const e of events) {
    switch (e.kind) {
      case "verse": trace.push("verse:" + e.id + (e.block ? "." + e.block : "")); break;
      case "text": trace.push("text:" + e.text); break;
      case "effect": trace.push("effect:" + e.op.kind); break;
      case "rolled": trace.push("roll:" + e.total); break;
      case "tossed": trace.push("toss:" + e.side); break;
      case "resolved": trace.push("encounter:" + e.outcome); break;
      case "trigger": trace.push("trigger:" + e.status); break;
      case "choices": trace.push("choices:" + e.choices.map((c) => c.text).join("|") + "/" + e.locked.length); break;
      case "ask": trace.push("ask:" + e.question); break;
      case "roll": trace.push("roll?" + e.dice + "d" + e.sides + "+" + e.modifier); break;
      case "toss": trace.push("toss?"); break;
      case "encounter": trace.push("encounter?" + e.outcomes.join(",")); break;
      default: trace.push("stop:" + e.kind + ":" + (e.where || ""));
    }
  }
}

function answer(story, lcg) {
  const w = story.waiting;
  if (w.kind === "choices") story.choose(lcg.next(w.choices.length));
  else if (w.kind === "ask") story.answer(lcg.next(2) === 0);
  else if (w.kind === "roll") story.giveRoll(w.dice + lcg.next(w.dice * (w.sides - 1) + 1));
  else if (w.kind === "toss") story.giveToss(lcg.next(2) === 0 ? "heads" : "tails");
  else story.resolve(w.outcomes[lcg.next(w.outcomes.length)]);
}

function summary(state) {
  const sorted = (xs) => [...xs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const statuses = {};
  for (const name of sorted(Object.keys(state.statuses))) {
    if (state.statuses[name].length) statuses[name] = sorted(state.statuses[name]);
  }
  return {
    party: state.party.map((c) => ({ name: c.name, tracks: c.tracks, resources: c.resources, attributes: c.attributes })),
    statuses, secrets: sorted(state.party.flatMap((c) => c.secrets)), items: state.party.flatMap((c) => c.items), visited: sorted(state.visited),
    dials: state.dials, tasks: state.tasks, in_play: sorted(state.in_play), location: state.location,
    time_tokens: state.time_tokens, chapter: state.chapter.number, day: state.day, acted: state.acted,
  };
}

function attempt(trace, what, move) {
  try { move(); trace.push(what); return true; } catch (err) { trace.push("refused:" + what.split(":")[0]); return false; }
}

// Between explorations: maybe a day or a chapter passes; maybe an action is taken
// (true: it was, and its exploration is under way).
function between(story, bundle, lcg, trace) {
  const kind = lcg.next(6);
  if (kind === 0) attempt(trace, "day:" + (story.state.day + 1), () => story.nextDay());
  if (kind === 1) attempt(trace, "chapter:" + (story.state.chapter.number + 1), () => story.nextChapter());
  const actions = [];
  for (const l of [...bundle.locations].sort((a, b) => a.number - b.number)) {
    if (story.state.in_play.includes(l.number)) for (const a of l.actions) actions.push([l.number, a.name]);
  }
  if (!actions.length || lcg.next(3) !== 0) return false;
  const [where, name] = actions[lcg.next(actions.length)];
  return attempt(trace, "act:" + where + "/" + name, () => story.act(where, name));
}

function drive(P, bundle, rules, runs) {
const out = [];
for (const [seed, explorations, first, party, moves] of runs) {
  const lcg = new Lcg(seed);
  const story = new P.Story(bundle, { dice: "ask", rules, party: party || [] });
  const trace = [];
  for (let n = 0; n < explorations; n++) {
    if (n > 0 && moves && between(story, bundle, lcg, trace)) {
      // the action's exploration is under way
    } else if (n === 0 && first) {
      trace.push("goto:" + first);
      story.goto(first);
    } else {
    const places = bundle.locations.filter((l) => l.hooks.explore && story.state.in_play.includes(l.number))
      .map((l) => l.number).sort((a, b) => a - b);
    if (!places.length) break;
    const where = n === 0 && places.includes(bundle.campaign.start) ? bundle.campaign.start : places[lcg.next(places.length)];
    trace.push("explore:" + where);
    story.enter(where, "explore");
    }
    record(trace, story.run());
    let answers = 0;
    while (story.waiting && answers++ < MAX_ANSWERS) {
      answer(story, lcg);
      record(trace, story.run());
    }
    if (story.waiting) break;
  }
  out.push({ trace, state: summary(story.state), save: story.exportSave(null) });
}
return out;
}
