"""A small Tainted Grail map for the campaign layer's tests, compiled once per module.

    (-1,1) 110 ─ (0,1) 105 ─ (1,1) 106          (0,2) 108 menhir seal, above 105
       │            │           │
    (-1,0) 102 ─ (0,0) 101 ─ (1,0) 103 (113 replaces it)
       │            │           │
    (-1,-1) 107 ─ (0,-1) 104 ─ (1,-1) 109
                    │
                 (0,-2) 111   (out of the starting menhir's range)

101 has the starting menhir (menhir and dreams seals); 105 has an instant rule; 103
has a once-per-day action; "Mist Hound" is a guardian. 108's menhir section lights its menhir for 1 Magic per
player (and feeds it again while its dial is below 3); 111's exploration places the
guardian there."""

from __future__ import annotations

from pathlib import Path

from tgc.pipeline import compile_folder
from tgc.runtime import Book

MAP = '''@campaign "Campaign Test"
  ruleset: tainted-grail
  start: 101
  players: 1-4

@section bos "Book of Secrets"

@character "Ailei"
  number: 1
  colour: green
  health: 7
  energy: 5
  terror: 0
  max_energy: 8
  max_terror: 10
  food: 2
  wealth: 3
  rep: 1
  magic: 2

@character "Beor"
  number: 4
  colour: blue
  health: 9
  energy: 6
  terror: 0
  max_energy: 8
  max_terror: 10
  food: 1
  wealth: 3
  rep: 1
  magic: 2
  ability: action: pay 2 energy; pay 1 magic; gain 2 food

@encounter "Mist Hound"
  deck: gray
  level: 1
  kind: combat
  value: 4
  traits: guardian
  attack:
    0-8: damage 1

@location 101 "Hamlet"
  seals: menhir, dreams
  keys: up 105, left 102, right 103, down 104
  explore -> 1
  menhir -> menhir
  dream -> dream
  nightmare -> nightmare

== 101.1
You walk the hamlet's lanes.
~ gain 1 food
-> end

== 101.menhir
The stone hums.
-> end

== 101.dream
You dream of wheat.
~ gain 1 exp
-> end

== 101.nightmare
You dream of teeth.
~ gain 1 terror
-> end

@location 105 "Barrows"
  keys: down 101, up 108, left 110, right 106
  explore -> 1
  instant -> arrive

== 105.1
Mounds in the mist.
~ encounter "Mist Hound": win -> 2; lose -> 3
== 105.2
It flees.
-> end
== 105.3
It circles you.
-> end

== 105.arrive
The barrows chill you.
~ gain 1 terror
-> end

@location 108 "Tor"
  seals: menhir
  keys: down 105
  explore -> 1
  menhir -> menhir
== 108.1
Wind.
~ move to 105
-> end
== 108.menhir
~ if menhir >= 1 -> .lit
A cold stone.
* {pay 1 magic per player} Kindle it -> .kindle
* Leave it -> end
= lit
~ if menhir_dial >= 3 -> end
* {pay 1 magic per player} Feed it -> .kindle
* Leave it -> end
= kindle
~ activate menhir 6, 5, 4, 3
~ place time token
-> end

@location 102 "Mere"
  keys: right 101, up 110, down 107
  explore -> 1
== 102.1
Reeds.
~ replace location 103 with 113
-> end

@location 103 "Orchard"
  keys: left 101, up 106, down 109
  explore -> 1
  action "Barter" (1 energy, once per day) -> barter
== 103.1
Trees.
-> end
== 103.barter
You trade.
~ gain 2 food
-> end

@location 113 "Ash Orchard"
  legacy: 103
  keys: left 101, up 106, down 109
  explore -> 1
== 113.1
Ash.
-> end

@location 104 "Ford"
  keys: up 101, left 107, right 109, down 111
  explore -> 1
== 104.1
Water.
-> end

@location 106 "Watchtower"
  keys: left 105, down 103
  explore -> 1
== 106.1
Stairs.
-> end

@location 107 "Chapel"
  keys: up 102, right 104
  explore -> 1
== 107.1
Bells.
-> end

@location 109 "Stair"
  keys: up 103, left 104
  explore -> 1
== 109.1
Steps.
-> end

@location 110 "Sunken Way"
  keys: right 105, down 102
  explore -> 1
== 110.1
Mud.
-> end

@location 111 "Far Field"
  keys: up 104
  explore -> 1
== 111.1
Stubble.
~ place guardian "Mist Hound"
~ if menhirs >= 2: gain 1 wealth
-> end
'''


def compile_map(folder: Path, text: str = MAP) -> Book:
    (folder / "c.tgj").write_text(text, encoding="utf-8")
    return Book(compile_folder(folder))
