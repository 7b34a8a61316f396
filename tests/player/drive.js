// Runs trace.js under node: node drive.js PLAYER_JS TRACE_JS BUNDLE_JSON RULES_JSON RUNS_JSON,
// where RUNS is [[seed, explorations, first verse or null, party, between], ...] (null: the
// first exploration explores the start location); prints the traces as JSON.
"use strict";
const fs = require("fs");
const vm = require("vm");
const [playerJs, traceJs, bundlePath, rulesJson, runsJson] = process.argv.slice(2);
const context = {};
context.globalThis = context;
// rng.js (the seeded generator) sits beside player.js and is loaded before it, as in the page.
const rngJs = require("path").join(require("path").dirname(playerJs), "rng.js");
vm.runInNewContext(fs.readFileSync(rngJs, "utf8") + "\n" + fs.readFileSync(playerJs, "utf8") + "\n" + fs.readFileSync(traceJs, "utf8") +
  "\nglobalThis.drive = drive;", context);
const bundle = JSON.parse(fs.readFileSync(bundlePath, "utf8"));
process.stdout.write(JSON.stringify(context.drive(context.TgcPlayer, bundle, JSON.parse(rulesJson), JSON.parse(runsJson))));
