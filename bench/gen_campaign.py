"""Benchmark input, stage 2: renders the planned campaign as .tgj files valid under LANGUAGE.md.

Real campaigns of 1k-20k verses are private, so the benchmark measures look-alikes.
They exercise every hot path of the checker (long prose, choices with guards and costs,
effects, conditional diverts, dice rolls with inline blocks, declarations with property
lines) and are built to check clean: a benchmark that mostly measures diagnostics
rendering would say nothing about the everyday case. ``campaign_plan`` decides the
structure; this module turns it into text in the layout a writer keeps.

Usage: python bench/gen_campaign.py N OUTDIR [--seed S] [--statuses K] [--json FILE] [--force]

Only ``random.Random(seed)`` feeds the output and nothing iterates over a set or a
hash-ordered container, so the same arguments give byte-identical files.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import shutil
import sys
import time
from pathlib import Path

from campaign_plan import (
    BOS,
    CHOICE_VERBS,
    END,
    ITEMS,
    STATUSES,
    WORDS,
    Campaign,
    Verse,
    plan_campaign,
)

BOS_FILE_VERSES = 200

# ---------------------------------------------------------------- rendering text


def sentence(rng: random.Random, words: int) -> str:
    picked = rng.choices(WORDS, k=words)
    if words > 8 and rng.random() < 0.4:
        picked[words // 2] += ","
    if rng.random() < 0.03:
        picked.append(rng.choice((":food:", ":wealth:", ":courage:", ":terror:")))
    text = " ".join(picked)
    return text[0].upper() + text[1:] + "."


def paragraph(rng: random.Random, words: int) -> str:
    """Sentences of 5-14 words up to ``words``, wrapped at 80 columns like hand-written prose."""
    parts: list[str] = []
    while words > 0:
        size = min(words, rng.randint(5, 14))
        parts.append(sentence(rng, size))
        words -= size
    return wrap(" ".join(parts))


def wrap(text: str, width: int = 80) -> str:
    """Greedy wrap; textwrap does the same but takes most of the generation time."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return "\n".join(lines)


def prose(rng: random.Random) -> list[str]:
    """60-120 words in 1-3 paragraphs, paragraphs separated by a blank line."""
    total = rng.randint(60, 120)
    count = rng.choice((1, 2, 2, 3))
    sizes = [total // count] * count
    lines: list[str] = []
    for size in sizes:
        if lines:
            lines.append("")
        lines.append(paragraph(rng, size))
    return lines


def ref_text(ref: str, section: str) -> str:
    """Same-section refs are written relative (``-> 5``), others absolute (``-> bos.5``)."""
    if ref == END:
        return END
    target_section, _, num = ref.partition(".")
    return num if target_section == section else ref


def choice_text(rng: random.Random) -> str:
    words = rng.choices(WORDS, k=rng.randint(3, 6))
    return f"{rng.choice(CHOICE_VERBS)} {' '.join(words)}"


def render_choices(rng: random.Random, verse: Verse, checks: list[str]) -> list[str]:
    """Choices, guards on all but the last (which stays unguarded so the body never dead-ends)."""
    targets = verse.targets()
    lines: list[str] = []
    for i, ref in enumerate(targets):
        guard: list[str] = []
        if i < len(targets) - 1:
            if checks:
                guard.append(checks.pop())
            if rng.random() < 0.15:
                guard.append(f"pay {rng.randint(1, 3)} wealth")
        prefix = "{" + "; ".join(guard) + "} " if guard else ""
        lines.append(f"* {prefix}{choice_text(rng)} -> {ref_text(ref, verse.section)}")
    return lines


def render_roll(rng: random.Random, verse: Verse) -> list[str]:
    """``~ roll`` ends the body; each arm leads into an inline block that diverts on."""
    targets = verse.targets()
    if len(targets) == 3:
        arms = (("1-2", "low"), ("3-4", "mid"), ("5-6", "high"))
    elif rng.random() < 0.5:
        arms = (("1-3", "fail"), ("4-6", "pass"))
    else:
        arms = (("2-6", "low"), ("7-12", "high"))
    dice = "2d6" if arms[0][0] == "2-6" else "d6"
    spec = "; ".join(f"{span} -> .{name}" for span, name in arms)
    lines = [f"~ roll {dice}: {spec}"]
    for i, (_, name) in enumerate(arms):
        ref = targets[i % len(targets)]
        lines += [f"= {name}", paragraph(rng, rng.randint(10, 25))]
        lines.append(f"-> {ref_text(ref, verse.section)}")
    return lines


def render_conditionals(rng: random.Random, verse: Verse, checks: list[str]) -> list[str]:
    """Checks that found no guard become conditional diverts or conditional effects."""
    lines: list[str] = []
    for condition in checks:
        if rng.random() < 0.6:
            ref = rng.choice(verse.targets())
            lines.append(f"~ if {condition} -> {ref_text(ref, verse.section)}")
        else:
            lines.append(f"~ if {condition}: gain 1 exp")
    return lines


def render_verse(rng: random.Random, verse: Verse) -> str:
    lines = [f"== {verse.vid}", *prose(rng)]
    lines += [f"~ {effect}" for effect in verse.effects]
    checks = list(verse.checks)
    tail: list[str]
    if verse.ending == "choices":
        tail = render_choices(rng, verse, checks)
    elif verse.ending == "roll":
        tail = render_roll(rng, verse)
    else:
        tail = [f"-> {ref_text(verse.progress(), verse.section)}"]
    lines += render_conditionals(rng, verse, checks)
    return "\n".join(lines + tail) + "\n"


def grid_keys(campaign: Campaign, index: int) -> str:
    """Direction keys on a square grid, so each key is mirrored by its neighbour."""
    locs = campaign.locations
    width = math.ceil(math.sqrt(len(locs)))
    col = index % width
    keys: list[str] = []
    if index >= width:
        keys.append(f"up {locs[index - width]}")
    if col > 0:
        keys.append(f"left {locs[index - 1]}")
    if col + 1 < width and index + 1 < len(locs):
        keys.append(f"right {locs[index + 1]}")
    if index + width < len(locs):
        keys.append(f"down {locs[index + width]}")
    return ", ".join(keys)


def render_location(rng: random.Random, campaign: Campaign, index: int) -> str:
    num = campaign.locations[index]
    head = [f"// Location {num}: {campaign.names[num]}", f'@location {num} "{campaign.names[num]}"']
    if rng.random() < 0.3:
        head.append(f"  seals: {rng.choice(('menhir', 'dreams', 'friendly', 'unfriendly'))}")
    keys = grid_keys(campaign, index)
    if keys:
        head.append(f"  keys: {keys}")
    head.append(f"  explore -> {num}.1")
    text = wrap(sentence(rng, rng.randint(8, 16)), width=60).split("\n")
    head.append(f"  text: {text[0]}")
    head += [f"    {line}" for line in text[1:]]
    verses = [render_verse(rng, v) for v in campaign.sections[str(num)]]
    return "\n".join(head) + "\n\n" + "\n".join(verses)


def render_campaign_file(campaign: Campaign) -> str:
    return (
        f'@campaign "Synthetic Vale {campaign.seed}"\n'
        "  ruleset: tainted-grail\n"
        f"  start: {campaign.locations[0]}\n"
        "  players: 1-4\n\n"
        '@section bos "Book of Secrets"\n'
    )


def render_statuses(campaign: Campaign) -> str:
    blocks: list[str] = []
    for status in campaign.statuses:
        size = {"parts": " parts 6", "boxes": " boxes 4", "flag": ""}[status.kind]
        block = f'@status "{status.name}"{size}\n'
        if status.trigger:
            block += f"  {status.when} -> {status.trigger}\n"
        blocks.append(block)
    return "\n".join(blocks)


def render_secrets(rng: random.Random, campaign: Campaign) -> str:
    return "\n".join(
        f'@secret {num} "{name}"\n  text: {sentence(rng, rng.randint(6, 12))}\n'
        for num, name in campaign.secrets
    )


def render_items() -> str:
    return "\n".join(f'@item "{name}"\n  keywords: {kw}\n' for name, kw in ITEMS)


def render_files(campaign: Campaign, rng: random.Random) -> dict[str, str]:
    """Relative path -> text, in the layout a writer would keep (one file per location)."""
    files = {
        "campaign.tgj": render_campaign_file(campaign),
        "statuses.tgj": render_statuses(campaign),
        "secrets.tgj": render_secrets(rng, campaign),
        "items.tgj": render_items(),
    }
    for index, num in enumerate(campaign.locations):
        files[f"locations/{num}.tgj"] = render_location(rng, campaign, index)
    bos = campaign.sections[BOS]
    for start in range(0, len(bos), BOS_FILE_VERSES):
        chunk = bos[start : start + BOS_FILE_VERSES]
        name = f"bos/{start // BOS_FILE_VERSES + 1:02d}.tgj"
        files[name] = "\n".join(render_verse(rng, v) for v in chunk)
    return files


# ---------------------------------------------------------------- JSON and output


def campaign_json(campaign: Campaign, files: dict[str, str]) -> dict[str, object]:
    """The campaign as a JSON graph (the shape of a bundle), for the json.load baseline."""
    verses = []
    for path, text in files.items():
        for chunk in ("\n" + text).split("\n== ")[1:]:
            head, _, body = chunk.partition("\n")
            lines = body.splitlines()
            verses.append({
                "id": head.strip(), "file": path,
                "text": [ln for ln in lines if ln and ln[0] not in "*~=-"],
                "logic": [ln for ln in lines if ln[:1] == "~"],
                "choices": [{"text": ln[2:].rsplit(" -> ", 1)[0], "to": ln.rsplit(" -> ", 1)[1]}
                            for ln in lines if ln[:1] == "*"],
            })
    statuses = [{"name": s.name, "kind": s.kind, "trigger": s.trigger} for s in campaign.statuses]
    return {"format": 1, "locations": campaign.names, "statuses": statuses, "verses": verses}


def write_files(outdir: Path, files: dict[str, str]) -> int:
    """Writes UTF-8 with LF line ends whatever the platform; returns the total size in bytes."""
    total = 0
    for rel, text in files.items():
        path = outdir / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        data = text.encode("utf-8")
        path.write_bytes(data)
        total += len(data)
    return total


def prepare_outdir(outdir: Path, force: bool) -> None:
    """Refuses to mix with other files; ``--force`` only wipes a previously generated campaign."""
    if outdir.exists() and any(outdir.iterdir()):
        if not force:
            sys.exit(f"error: {outdir} is not empty (use --force to replace a generated campaign)")
        if not (outdir / "campaign.tgj").exists():
            sys.exit(f"error: {outdir} does not look like a generated campaign; not deleting it")
        shutil.rmtree(outdir)
    outdir.mkdir(parents=True, exist_ok=True)


def generate(n: int, outdir: Path, seed: int, json_path: Path | None = None,
             statuses: int = STATUSES) -> dict[str, float]:
    """Plans, renders and writes; returns the numbers the runner caches alongside."""
    started = time.perf_counter()
    campaign, rng = plan_campaign(n, seed, statuses)
    files = render_files(campaign, rng)
    size = write_files(outdir, files)
    if json_path is not None:
        data = json.dumps(campaign_json(campaign, files), indent=2)
        json_path.write_text(data, encoding="utf-8")
    verses = len(campaign.all_verses())
    return {"verses": verses, "bytes": size, "files": len(files),
            "seconds": time.perf_counter() - started}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int, help="number of verses")
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also write the verse graph as JSON here")
    parser.add_argument("--force", action="store_true", help="replace a generated campaign")
    parser.add_argument("--statuses", type=int, default=STATUSES,
                        help="how many statuses to declare (default 20; 4 gives a campaign "
                             "`tgc explore` finishes at 1,000 verses)")
    args = parser.parse_args(argv)
    if args.n < 2:
        parser.error("N must be at least 2 (one location verse and one Book of Secrets verse)")
    prepare_outdir(args.outdir, args.force)
    if args.statuses < 1:
        parser.error("--statuses must be at least 1")
    stats = generate(args.n, args.outdir, args.seed, args.json, args.statuses)
    print(f"{int(stats['verses'])} verses, {int(stats['files'])} files, "
          f"{int(stats['bytes'])} bytes ({stats['bytes'] / stats['verses']:.0f} B/verse), "
          f"generated in {stats['seconds']:.2f} s")


if __name__ == "__main__":
    main()
