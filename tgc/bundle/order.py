"""Bundle stage, the natural order: sections and verses as a reader of the book expects
them (location numbers numerically, then named sections; numbered verses by number and
letter, then named verses by name). Everything the bundle and the lock list is sorted
with these keys, so nothing depends on dict or hash order.

Example:
    >>> sorted(["bos", "210", "22", "ash"], key=section_key)
    ['22', '210', 'ash', 'bos']
    >>> sorted(["forge", "10", "2a", "2"], key=verse_key)
    ['2', '2a', '10', 'forge']
"""

from __future__ import annotations

import re

from tgc.limits import is_number

# ASCII digits only: `²` is a digit to str.isdigit() but names a verse here.
_NUMBERED = re.compile(r"([0-9]{1,18})([a-z]*)")


def section_key(name: str) -> tuple[int, int, str]:
    return (0, int(name), "") if is_number(name) and len(name) <= 18 else (1, 0, name)


def verse_key(verse: str) -> tuple[int, int, str]:
    """``verse`` is the part after the section: ``2``, ``2a`` or a name."""
    match = _NUMBERED.fullmatch(verse)
    if match is not None:
        return (0, int(match[1]), match[2])
    return (1, 0, verse)


def verse_id_key(verse_id: str) -> tuple[tuple[int, int, str], tuple[int, int, str], str]:
    """The order of canonical ids (``201.2a``); a block id (``201.4.beaten``) follows its verse."""
    section, _, rest = verse_id.partition(".")
    verse, _, block = rest.partition(".")
    return section_key(section), verse_key(verse), block


def explicit_number(verse: str) -> int | None:
    """The number of a numbered verse (``2a`` -> 2); None for a named one."""
    match = _NUMBERED.fullmatch(verse)
    return int(match[1]) if match is not None else None
