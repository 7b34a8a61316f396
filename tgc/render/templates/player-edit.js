// tgc web player, the state by hand: `tgc play`'s `:set` and `:unset` (tgc/playtest/edit.py,
// ported check for check and message for message), `:give` (its give_item), `:goto`
// (tgc/playtest/places.py's find_place) and the ruleset's own commands (`:advance`, from
// the ruleset's story_page scripts), so a tester edits the page's state as
// in the terminal and a recorded transcript's edits replay here. A command that does not
// fit the campaign throws its message and changes nothing. Also Python's shlex.split (the
// words of a command) and difflib.get_close_matches (the "did you mean" hints).
(function (root) {
  "use strict";
  var P = root.TgcPlayer, MAX_NUMBER = 999999999;

  function EditError(message) { this.message = message; }
  EditError.prototype = Object.create(Error.prototype);

  // ------------------------------------------------------------ shlex.split (POSIX)

  function shellWords(text) {
    var out = [], token = null, i = 0, ch;
    while (i < text.length) {
      ch = text[i];
      if (" \t\r\n".indexOf(ch) >= 0) { if (token !== null) { out.push(token); token = null; } i++; continue; }
      token = token === null ? "" : token;
      if (ch === "\\") {
        if (i + 1 >= text.length) throw new EditError("No escaped character");
        token += text[i + 1]; i += 2;
      } else if (ch === "'") {
        var end = text.indexOf("'", i + 1);
        if (end < 0) throw new EditError("No closing quotation");
        token += text.slice(i + 1, end); i = end + 1;
      } else if (ch === '"') {
        for (i++; ; i++) {
          if (i >= text.length) throw new EditError("No closing quotation");
          ch = text[i];
          if (ch === '"') { i++; break; }
          if (ch === "\\" && (text[i + 1] === '"' || text[i + 1] === "\\")) { token += text[++i]; continue; }
          token += ch;
        }
      } else {
        token += ch; i++;
      }
    }
    if (token !== null) out.push(token);
    return out;
  }

  // ------------------------------------------------------------ difflib.get_close_matches

  // SequenceMatcher(None, a, b).ratio() for short strings (no junk: b is under 200 long).
  function ratio(a, b) {
    a = Array.from(a); b = Array.from(b);
    var b2j = {}, matched = 0, queue = [[0, a.length, 0, b.length]];
    b.forEach(function (ch, j) { (b2j[ch] = b2j[ch] || []).push(j); });
    while (queue.length) {
      var span = queue.pop(), alo = span[0], ahi = span[1], blo = span[2], bhi = span[3];
      var besti = alo, bestj = blo, size = 0, j2len = {};
      for (var i = alo; i < ahi; i++) {
        var next = {}, js = b2j[a[i]] || [];
        for (var n = 0; n < js.length; n++) {
          var j = js[n];
          if (j < blo) continue;
          if (j >= bhi) break;
          var k = next[j] = (j2len[j - 1] || 0) + 1;
          if (k > size) { besti = i - k + 1; bestj = j - k + 1; size = k; }
        }
        j2len = next;
      }
      if (size) {
        matched += size;
        if (alo < besti && blo < bestj) queue.push([alo, besti, blo, bestj]);
        if (besti + size < ahi && bestj + size < bhi) queue.push([besti + size, ahi, bestj + size, bhi]);
      }
    }
    return a.length + b.length ? 2 * matched / (a.length + b.length) : 1;
  }
  // The best match at or above the cutoff (0.6 unless given), ties to the greater string
  // (heapq.nlargest of (score, x)).
  function closeMatch(word, options, cutoff) {
    var best = null, score = -1, least = cutoff == null ? 0.6 : cutoff;
    options.forEach(function (x) {
      var r = ratio(x, word);
      if (r >= least && (r > score || (r === score && x > best))) { best = x; score = r; }
    });
    return best;
  }

  // ------------------------------------------------------------ numbers and words

  function isNumber(text) { return /^[0-9]+$/.test(text); }
  // tgc.limits.as_number(text, low=-MAX_NUMBER, signed=True): null when no number.
  function asNumber(text) {
    var digits = text.charAt(0) === "-" ? text.slice(1) : text;
    if (!isNumber(digits) || digits.length > 9) return null;
    return parseInt(text, 10);
  }
  function number(text, what, low, high) {
    low = low == null ? 0 : low;
    var value = asNumber(text);
    if (value === null) {
      var limit = isNumber(text.replace(/^-/, "")) ? " (a whole number up to " + MAX_NUMBER + ")" : "";
      throw new EditError("expected " + what + limit + ", not '" + text.slice(0, 40) + "'");
    }
    if (value < low || (high != null && value > high)) {
      throw new EditError(what + " must be " + (high != null ? low + ".." + high : low + " or more") + ", not " + value);
    }
    return value;
  }
  function arg(args, index, what) {
    if (index >= args.length) throw new EditError("missing " + what);
    return args[index];
  }
  function usage(unset) {
    return unset ? "':unset status NAME [PARTS]', 'secret N', 'item NAME' ..." : "see ':help set'";
  }
  function fold(text) { return String(text).toLowerCase(); }
  function quoted(name) { return '"' + name + '"'; }

  // ------------------------------------------------------------ :set and :unset

  // Apply one `:set` (or `:unset`) to `state` and say what the state now holds.
  function editState(state, book, words, unset) {
    var vocab = book.words;
    if (!words.length) throw new EditError("what should change? " + usage(unset));
    var member = words.length > 2 ? memberNamed(state, words[0]) : null;
    if (member) words = words.slice(1);
    var head = fold(words[0]), args = words.slice(1);
    var numbers = vocab.attributes.concat(vocab.resources, vocab.tracks, vocab.facts);
    if (numbers.indexOf(head) >= 0 && vocab.counters.indexOf(head) < 0) {
      if (unset) throw new EditError("write ':set " + head + " N' to change " + head);
      return setValue(state, book, member ? [member] : state.party, head, arg(args, 0, "a number"));
    }
    if (member && head !== "item") {
      throw new EditError("only an item, an attribute, a resource or a track belongs to " + member.name);
    }
    if (head === "item") return item(state, book, args, unset, member);
    var handler = HANDLERS[head];
    if (!handler) {
      var close = closeMatch(head, vocab.attributes.concat(vocab.resources, vocab.tracks, Object.keys(HANDLERS)));
      throw new EditError("cannot " + (unset ? "un" : "") + "set '" + words[0] + "'" +
        (close ? " (did you mean '" + close + "'?)" : "") + "; " + usage(unset));
    }
    return handler(state, book, args, unset, head);
  }

  function memberNamed(state, word) {
    var wanted = fold(word);
    return state.party.filter(function (c) { return fold(c.name) === wanted; })[0] || null;
  }

  function setValue(state, book, members, name, text) {
    var value = number(text, name), vocab = book.words;
    members.forEach(function (m) {
      if (name in m.tracks) P.setTrack(m, name, value, vocab);
      else if (vocab.attributes.indexOf(name) >= 0) m.attributes[name] = value;
      else m.resources[name] = value;
    });
    return name + ": " + members.map(function (m) {
      var now = name in m.tracks ? m.tracks[name] : vocab.attributes.indexOf(name) >= 0 ? m.attributes[name] : m.resources[name];
      return m.name + " " + now;
    }).join(", ");
  }

  function statusText(name, parts, book) {
    var status = book.statuses[name];
    if (!status || status.shape === "parts") return quoted(name) + " " + parts.join(", ") + (status ? " of " + status.size : "");
    if (status.shape === "boxes") return quoted(name) + " " + parts.length + " of " + status.size + " boxes";
    return quoted(name);
  }
  function range(low, high) { var out = []; for (var n = low; n <= high; n++) out.push(n); return out; }
  function union(a, b) { return a.concat(b.filter(function (n) { return a.indexOf(n) < 0; })); }

  function status(state, book, args, unset) {
    var name = arg(args, 0, "a status name"), declared = book.statuses[name];
    if (!declared) {
      var close = closeMatch(name, book.bundle.statuses.map(function (s) { return s.name; }));
      throw new EditError("the campaign declares no status " + quoted(name) + (close ? " (did you mean " + quoted(close) + "?)" : ""));
    }
    var spec = args.length > 1 ? args[1] : null, marked = (state.statuses[name] || []).slice();
    if (spec === "none" || spec === "off" || (unset && spec === null)) {
      marked = [];
    } else if (declared.shape === "boxes") {
      if (spec === null) marked = range(1, Math.min(marked.length + 1, declared.size));
      else if (unset) throw new EditError(quoted(name) + " has boxes: write ':set status " + quoted(name) + " N' for N ticked");
      else marked = range(1, number(spec, "the number of ticked boxes", 0, declared.size));
    } else if (declared.shape === "flag") {
      if (spec !== null && spec !== "on") throw new EditError(quoted(name) + " is a flag: it has no parts");
      marked = unset ? [] : [1];
    } else {
      if (spec === null) throw new EditError(quoted(name) + " has " + declared.size + " parts: write which (3, 1-3, 1,4 or all)");
      var parts = partsOf(spec, declared.size);
      marked = unset ? marked.filter(function (n) { return parts.indexOf(n) < 0; }) : union(marked, parts);
    }
    marked.sort(function (a, b) { return a - b; });
    state.statuses[name] = marked;
    return "status " + (marked.length ? statusText(name, marked, book) : quoted(name) + " unmarked");
  }
  function partsOf(spec, size) {
    if (spec === "all") return range(1, size);
    var parts = [];
    spec.split(",").forEach(function (piece) {
      var at = piece.indexOf("-"), low = at < 0 ? piece : piece.slice(0, at), high = at < 0 ? "" : piece.slice(at + 1);
      var first = number(low, "a part number", 1, size);
      var last = high ? number(high, "a part number", 1, size) : first;
      parts = union(parts, range(first, last));
    });
    return parts;
  }

  function secret(state, book, args, unset) {
    var n = number(arg(args, 0, "a secret number"), "a secret number");
    var known = book.bundle.secrets.some(function (s) { return s.number === n; });
    if (!known && !unset) throw new EditError("the campaign declares no secret " + n);
    // each member holds their own (GameState.gain_secret / lose_secret): a new one goes to the
    // first member still in the exploration, a held one stays with its holder
    var holder = state.party.filter(function (c) { return c.secrets.indexOf(n) >= 0; })[0] || null;
    if (unset && holder) holder.secrets.splice(holder.secrets.indexOf(n), 1);
    if (!unset && !holder) P.active(state)[0].secrets.push(n);
    return "secret " + n + ": " + (unset ? "not held" : "held");
  }

  function itemsText(state) {
    if (state.party.length === 1) return P.items(state).join(", ") || "none";
    var out = [];
    state.party.forEach(function (c) { c.items.forEach(function (i) { out.push(i + " (" + c.name + ")"); }); });
    return out.join(", ") || "none";
  }
  function item(state, book, args, unset, member) {
    var name = arg(args, 0, "an item name");
    if (unset) {
      var holder = member || state.party.filter(function (c) { return c.items.indexOf(name) >= 0; })[0] || null;
      if (!holder || holder.items.indexOf(name) < 0) {
        throw new EditError((holder ? holder.name : "the party") + " holds no " + quoted(name));
      }
      holder.items.splice(holder.items.indexOf(name), 1);
    } else {
      var known = book.bundle.items.map(function (i) { return i.name; });
      if (known.indexOf(name) < 0 && !(name.charAt(0) === "[" && name.charAt(name.length - 1) === "]")) {
        var close = closeMatch(name, known), keyword = book.words.item_keywords[0] || "KEYWORD";
        throw new EditError("the campaign declares no item " + quoted(name) +
          (close ? " (did you mean " + quoted(close) + "?)" : " (write [" + keyword + "] for an unnamed one)"));
      }
      (member || P.active(state)[0]).items.push(name);
    }
    return "items: " + itemsText(state);
  }

  function dial(state, book, args, unset) {
    var name = arg(args, 0, "a dial name");
    var value = unset ? 0 : number(arg(args, 1, "the dial's value"), "a dial value", 0, book.words.dial_max);
    state.dials[name] = value;
    return "dial " + quoted(name) + ": " + value;
  }

  function visited(state, book, args, unset) {
    var verse = arg(args, 0, "a verse id");
    if (!book.verses[verse]) throw new EditError("the campaign has no verse " + verse);
    var at = state.visited.indexOf(verse);
    if (unset && at >= 0) state.visited.splice(at, 1);
    if (!unset && at < 0) state.visited.push(verse);
    return verse + ": " + (unset ? "not " : "") + "visited";
  }

  function task(state, book, args, unset) {
    var text = args.join(" ");
    if (!text) throw new EditError("missing the task's text");
    var at = state.tasks.indexOf(text);
    if (unset) {
      if (at < 0) throw new EditError("no task " + quoted(text));
      state.tasks.splice(at, 1);
    } else if (at < 0) {
      state.tasks.push(text);
    }
    return "tasks: " + (state.tasks.join("; ") || "none");
  }

  // tgc/runtime/state.py's Chapter.parse: 7, 3A, 4B-4.
  function parseChapter(text) {
    var trimmed = text.trim(), dash = trimmed.indexOf("-");
    var head = dash < 0 ? trimmed : trimmed.slice(0, dash), part = dash < 0 ? "" : trimmed.slice(dash + 1);
    var digits = head.replace(/[A-Z]+$/, ""), letter = head.slice(digits.length) || null;
    var n = isNumber(digits) && digits.length <= 9 ? parseInt(digits, 10) : null;
    var shown = pyRepr(text.slice(0, 40));
    if (n === null || (letter !== null && letter.length !== 1)) {
      throw new EditError("not a chapter id: " + shown + " (expected 3, 3A or 7-2)");
    }
    var partNumber = part && isNumber(part) && part.length <= 9 ? parseInt(part, 10) : null;
    if (part && partNumber === null) throw new EditError("not a chapter id: " + shown + " (the part after '-' is a number)");
    return { number: n, letter: letter, part: partNumber };
  }
  // Python's repr of a str, as its messages quote one.
  function pyRepr(text) {
    var quote = text.indexOf("'") >= 0 && text.indexOf('"') < 0 ? '"' : "'";
    var body = text.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/\r/g, "\\r").replace(/\t/g, "\\t")
      .replace(/[\x00-\x1f\x7f]/g, function (c) { return "\\x" + ("0" + c.charCodeAt(0).toString(16)).slice(-2); });
    return quote + (quote === "'" ? body.replace(/'/g, "\\'") : body) + quote;
  }
  function chapterText(ch) { return ch.number + (ch.letter || "") + (ch.part != null ? "-" + ch.part : ""); }

  function counter(state, book, args, unset, name) {
    if (unset) throw new EditError("write ':set " + name + " N' to change " + name);
    var text = arg(args, 0, "a value");
    if (name === "chapter") {
      state.chapter = parseChapter(text);
      return "chapter " + chapterText(state.chapter);
    }
    if (name === "location") {
      var n = number(text, "a location number");
      if (!book.locations[n]) throw new EditError("the campaign has no location " + n);
      state.location = n;
      return "location " + n + " " + book.locations[n].title;
    }
    var value = number(text, name, name === "day" || name === "players" ? 1 : 0);
    if (name === "day") state.day = value;
    else if (name === "players") state.players = value;
    else state.time_tokens = value;
    return name + " " + value;
  }

  var HANDLERS = { status: status, secret: secret, item: item, dial: dial, visited: visited, task: task,
                   day: counter, chapter: counter, players: counter, tokens: counter, location: counter };

  // The story's side of `:set` (tgc/playtest/session.py's cmd_set): the edit is made on a
  // copy and kept only when it fits; then every trigger the new state makes true fires
  // (Story.set_state), and between explorations what fired is read at once.
  P.Story.prototype.edit = function (text, unset) {
    var command = (unset ? "unset " : "set ") + text, words;
    try {
      words = shellWords(text);
    } catch (err) {
      throw new Error("cannot read ':" + command + "': " + err.message);
    }
    var state = JSON.parse(JSON.stringify(this.state)), said;
    try {
      said = editState(state, this.book, words, !!unset);
    } catch (err) {
      if (err instanceof EditError) throw new Error(err.message);
      throw err;
    }
    adopt(this, state);
    return said;
  };

  // ------------------------------------------------------------ :goto

  // tgc/playtest/places.py's find_place: a location number, or [verse id, block] from
  // SECTION.VERSE (a printed number or a name, with .BLOCK), or VERSE in the section read.
  function findPlace(book, text, current, location) {
    text = text.trim();
    var n = isNumber(text) && text.length <= 9 ? parseInt(text, 10) : null;
    if (n !== null && book.locations[n]) return n;
    var dot = text.indexOf("."), section = dot < 0 ? text : text.slice(0, dot), rest = dot < 0 ? "" : text.slice(dot + 1);
    var sections = {};
    book.bundle.verses.forEach(function (v) { sections[v.section] = true; });
    var found;
    if (rest && sections[section]) {
      found = inSection(book, section, rest);
      if (!found) throw new EditError("the campaign has no verse " + section + "." + rest + verseHint(book, section + "." + rest));
      return found;
    }
    var here = current ? current.split(".")[0] : (location != null ? String(location) : null);
    if (here === null) throw new EditError("no verse '" + text + "': write SECTION.VERSE, such as 201.3 or bos.12");
    found = inSection(book, here, text);
    if (found) return found;
    if (rest) {
      var close = closeMatch(section, Object.keys(sections).sort());
      throw new EditError("the campaign has no section " + section + ", so no verse " + text +
        (close ? " (did you mean " + close + "." + rest + "?)" : ""));
    }
    if (isNumber(text)) {
      throw new EditError(text + " is neither a location nor a verse of section " + here + verseHint(book, here + "." + text));
    }
    throw new EditError("the campaign has no verse " + here + "." + text + verseHint(book, here + "." + text));
  }
  function inSection(book, section, rest) {
    var printed = {};
    book.bundle.verses.forEach(function (v) { if (v.section === section) printed[v.printed] = v.id; });
    var candidates = [[rest, null]], cut = rest.lastIndexOf(".");
    if (cut >= 0) candidates.push([rest.slice(0, cut), rest.slice(cut + 1)]);
    for (var i = 0; i < candidates.length; i++) {
      var head = candidates[i][0], block = candidates[i][1], verse = section + "." + head;
      if (!book.verses[verse]) verse = has(printed, head) ? printed[head] : null;
      if (verse !== null && hasBody(book, verse, block)) return [verse, block];
    }
    return null;
  }
  function has(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }
  function hasBody(book, verse, block) {
    var v = book.verses[verse];
    return !!v && (block === null || v.blocks.some(function (b) { return b.name === block; }));
  }
  function verseHint(book, text) {
    var close = closeMatch(text, Object.keys(book.verses), 0.7);
    return close ? " (did you mean " + close + "?)" : "";
  }

  // `:goto PLACE`: a new exploration there, the state carried on (a location is entered
  // by its Explore hook).
  P.Story.prototype.goPlace = function (text) {
    var place;
    try {
      place = findPlace(this.book, text, this.cursor ? this.cursor.verse : null, this.state.location);
    } catch (err) {
      if (err instanceof EditError) throw new Error(err.message);
      throw err;
    }
    if (typeof place === "number") this.enter(place, "explore");
    else this.goto(place[0], place[1]);
  };

  // ------------------------------------------------------------ :give and a ruleset's commands

  // tgc/playtest/edit.py's give_item: `ITEM to MEMBER`, `ITEM from A to B` or `secret N to
  // B`, a trade between members (outside a campaign played by its days the whole party
  // stands on one location); a secret bound to its holder never changes hands.
  function giveItem(state, book, words) {
    var lowered = words.map(fold);
    if (words.length < 3 || lowered.slice(1).indexOf("to") < 0) {
      throw new EditError("write ':give ITEM to MEMBER' (or ':give ITEM from MEMBER to MEMBER', ':give secret N to MEMBER')");
    }
    var to = lowered.lastIndexOf("to"), head = words.slice(0, to), giver = null;
    if (head.length >= 3 && fold(head[head.length - 2]) === "from") {
      giver = namedMember(state, head[head.length - 1]);
      head = head.slice(0, -2);
    }
    var receiver = namedMember(state, words.slice(to + 1).join(" "));
    if (head.length === 2 && fold(head[0]) === "secret") {
      return giveSecret(state, book, number(head[1], "a secret number"), giver, receiver);
    }
    var name = head.join(" ");
    giver = giver || state.party.filter(function (c) { return c.items.indexOf(name) >= 0; })[0] || null;
    if (!giver) throw new EditError("nobody in the party carries " + quoted(name));
    if (giver.items.indexOf(name) < 0) throw new EditError(giver.name + " carries no " + quoted(name));
    if (giver === receiver) throw new EditError(receiver.name + " already carries " + quoted(name));
    giver.items.splice(giver.items.indexOf(name), 1);
    receiver.items.push(name);
    return giver.name + " gives " + quoted(name) + " to " + receiver.name + "; items: " + itemsText(state);
  }
  function giveSecret(state, book, n, giver, receiver) {
    var holder = state.party.filter(function (c) { return c.secrets.indexOf(n) >= 0; })[0] || null;
    if (!holder || (giver && giver !== holder)) {
      throw new EditError(giver ? giver.name + " holds no secret " + n : "nobody in the party holds secret " + n);
    }
    if (holder === receiver) throw new EditError(receiver.name + " already holds secret " + n);
    var bound = book.words.bound_secret_keyword;
    var known = book.bundle.secrets.filter(function (s) { return s.number === n; })[0];
    if (bound && known && known.keywords.some(function (k) { return fold(k) === bound; })) {
      throw new EditError("secret " + n + " is " + bound + ": it never changes hands (" + holder.name + " keeps it)");
    }
    holder.secrets.splice(holder.secrets.indexOf(n), 1);
    receiver.secrets.push(n);
    return holder.name + " gives secret " + n + " to " + receiver.name;
  }
  function namedMember(state, name) {
    var found = memberNamed(state, name);
    if (found) return found;
    var names = state.party.map(function (c) { return c.name; }), close = closeMatch(name, names);
    throw new EditError("no member " + quoted(name) + " in the party" +
      (close ? " (did you mean " + quoted(close) + "?)" : " (the party: " + names.join(", ") + ")"));
  }

  // The state a command changed, adopted as tgc play's Story.set_state does: every trigger
  // the new state makes true fires, and between explorations what fired is read at once.
  function adopt(story, state) {
    story.out = [];
    story.state = state;
    story.book.bundle.statuses.forEach(function (s) { story.checkTriggers(s.name); });
    if (!story.cursor && !story.waiting && story.queue.length) {
      state.answers = {}; state.dropped = [];
      story.ending = null; story.steps = 0;
      story.transfer(story.queue.shift());
    }
  }

  // `:give ...` (tgc/playtest/session.py's cmd_give): made on a copy, kept only when it fits.
  P.Story.prototype.give = function (text) {
    var words;
    try {
      words = shellWords(text);
    } catch (err) {
      throw new Error("cannot read ':give " + text + "': " + err.message);
    }
    var state = JSON.parse(JSON.stringify(this.state)), said;
    try {
      said = giveItem(state, this.book, words);
    } catch (err) {
      if (err instanceof EditError) throw new Error(err.message);
      throw err;
    }
    adopt(this, state);
    return said;
  };

  // A ruleset's own commands (`tgc play`'s `:advance`: RulesetSpec.story_page's scripts
  // push a maker here, which gives a bundle's commands by name, or null), run as tgc
  // play's session runs them: on a copy of the state, with the story's one generator,
  // the copy kept only when the command fits (CommandError: its message, nothing changed).
  function CommandError(message) { this.message = message; }
  CommandError.prototype = Object.create(Error.prototype);
  P.CommandError = CommandError;
  P.commandMakers = [];
  P.commandsOf = function (bundle, words) {
    var out = {};
    P.commandMakers.forEach(function (make) {
      var made = make(bundle, words);
      if (made) Object.keys(made).forEach(function (name) { out[name] = made[name]; });
    });
    return out;
  };
  P.Story.prototype.command = function (text) {
    var words;
    try {
      words = shellWords(text);
    } catch (err) {
      throw new Error("cannot read ':" + text + "': " + err.message);
    }
    if (!words.length) throw new Error("a command follows ':' (:help lists them)");
    if (!this.commands) this.commands = P.commandsOf(this.book.bundle, this.book.words);
    var name = fold(words[0]);
    if (!has(this.commands, name)) throw new Error("unknown command ':" + words[0] + "' (:help lists them)");
    var state = JSON.parse(JSON.stringify(this.state)), said;
    try {
      said = this.commands[name].run(state, words.slice(1), this.rng);
    } catch (err) {
      if (err instanceof CommandError || err instanceof EditError) throw new Error(err.message);
      throw err;
    }
    adopt(this, state);
    return said;
  };

  // `:help set` (tgc/playtest/edit.py's set_help), with the ruleset's own words as examples.
  function setHelp(rules) {
    var examples = rules.example_numbers.length ? rules.example_numbers
      : rules.attributes.concat(rules.resources, rules.tracks).slice(0, 3);
    var numbers = examples.length ? ":set [MEMBER] " + examples.join("|") + "|... N   an attribute, resource or track " +
      "(every member, or MEMBER)\n" : "";
    return [":set status NAME [PARTS]   mark parts (3, 1-3, 1,4, all); a boxes status: how many ticked; a flag: no PARTS",
            ":set secret N | item NAME | visited VERSE | task TEXT",
            ":set dial NAME N | day N | chapter 3A | players N | tokens N | location N",
            numbers + ":unset status NAME [PARTS] | secret N | item NAME | visited VERSE | task TEXT | dial NAME"].join("\n");
  }

  P.setHelp = setHelp;
  P.findPlace = function (book, text, current, location) {
    try { return findPlace(book, text, current, location); } catch (err) {
      if (err instanceof EditError) throw new Error(err.message);
      throw err;
    }
  };
  P.shellWords = shellWords;
  P.closeMatch = closeMatch;
})(typeof window !== "undefined" ? window : globalThis);
