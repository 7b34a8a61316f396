"""What an editor integration keeps between edits: the open buffers (texts that stand for
the files on disk), one parse cache per campaign, and the latest snapshot of each
campaign (the pipeline's Result, with its Analysis, and the name index).

Incremental on purpose, and simple: an edit replaces one buffer; the next snapshot
re-parses only the files whose text changed (the parse cache keeps every other file's
tree). When only words of prose or of a choice's text changed (syntax.shape), the
pipeline keeps the previous run's resolution and check diagnostics, which such an edit
cannot change, and collects
the symbols again from the new trees; any other edit collects the symbols again and runs
every check on a fresh Analysis, replaying for each verse the edit left alone its
resolution, its bodies in the graph, its usage rows and its endings
(semantics.incremental), also when the edit added or removed a verse. Either way the
report is exactly a full `tgc check`'s (tests/test_shape.py, tests/test_lsp_parity.py).
"""

from __future__ import annotations

import gc
import os
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from tgc.collector import paused_gc
from tgc.diagnostics.model import Diagnostic
from tgc.editor.index import Index, Sections, build_index, build_sections
from tgc.pipeline import Job, Result, run
from tgc.project.workspace import SUFFIX, ParseCache, WorkspaceError, display_name
from tgc.semantics.analysis import Analysis
from tgc.semantics.model import Campaign

_HEADER = re.compile(r"^@campaign(?![\w])", re.M)


@dataclass
class Snapshot:
    """One campaign as the editor's buffers say it is."""

    root: Path
    result: Result
    # The snapshot whose checks this one reused (the campaign had the same shape: only
    # prose differs), or None. Its name index and its graph and flow hold for this one.
    same_shape: Snapshot | None = None
    # The last name index built for this campaign (shared by its snapshots): the next
    # index takes the parts of it that an edit left alone (editor.index).
    kept: KeptIndex | None = None

    @property
    def campaign(self) -> Campaign:
        assert self.result.campaign is not None
        return self.result.campaign

    @property
    def analysis(self) -> Analysis:
        assert self.result.analysis is not None
        return self.result.analysis

    @property
    def structure(self) -> Analysis:
        """An analysis for questions about the graph and the flow (how a verse is reached):
        the earlier snapshot's of the same shape when there is one, with what it has
        computed already, else this one's. Never for prose: read ``campaign`` for that."""
        return self.same_shape.structure if self.same_shape is not None else self.analysis

    @cached_property
    def index(self) -> Index:
        """Where every name is declared and used: the same for a campaign of the same shape
        (names are never in prose), so it is built once per shape; after any other edit,
        from the last index built, walking again only the files the edit changed."""
        if self.same_shape is not None:
            return self.same_shape.index
        earlier = self.kept.index if self.kept is not None else None
        found = build_index(self.campaign, self.result.sources, self.result.resolution, earlier)
        if self.kept is not None:
            self.kept.index = found
        return found

    @cached_property
    def sections(self) -> Sections:
        """The verses of each section and the section of each file, for completion: the
        same while the campaign keeps its shape (no verse is added, removed or moved)."""
        if self.same_shape is not None:
            return self.same_shape.sections
        return build_sections(self.campaign)

    def path_of(self, name: str) -> Path:
        """The absolute path a diagnostic's or a span's file name stands for."""
        return Path(os.path.abspath(name))

    def name_of(self, path: Path) -> str:
        return display_name(path, self.root)

    def diagnostics_by_path(self) -> dict[Path, list[Diagnostic]]:
        found: dict[Path, list[Diagnostic]] = {}
        for d in self.result.diagnostics:
            found.setdefault(self.path_of(d.span.file), []).append(d)
        return found

    def files(self) -> list[Path]:
        """Every file of the campaign (sources and tgc.lock when read)."""
        return [self.path_of(name) for name in self.result.sources]


@dataclass
class KeptIndex:
    """The last name index built for one campaign, whichever snapshot built it."""

    index: Index | None = None


@dataclass
class Session:
    """The editor's buffers and the campaigns they belong to."""

    overlay: dict[Path, str] = field(default_factory=dict)
    caches: dict[Path, ParseCache] = field(default_factory=dict)
    snapshots: dict[Path, Snapshot] = field(default_factory=dict)
    # The last analysis of each campaign, even once stale: the next run reuses what an
    # edit of prose alone cannot change (pipeline ``Job.previous``).
    previous: dict[Path, Snapshot] = field(default_factory=dict)
    roots: dict[Path, Path] = field(default_factory=dict)  # a document's campaign root
    indexes: dict[Path, KeptIndex] = field(default_factory=dict)  # by campaign root
    fixed_root: Path | None = None  # set by the client (`initializationOptions.root`)
    # False: every snapshot is a full analysis (bench/lsp.py's "before", for comparison).
    incremental: bool = True

    def set_text(self, path: Path, text: str) -> Path:
        """An opened or edited buffer; the root of its campaign, marked for analysis."""
        path = path.absolute()
        self.overlay[path] = text
        root = self.root_of(path)
        self.snapshots.pop(root, None)
        return root

    def close(self, path: Path) -> Path:
        """A closed buffer: the file on disk counts again."""
        path = path.absolute()
        self.overlay.pop(path, None)
        root = self.root_of(path)
        self.snapshots.pop(root, None)
        return root

    def saved_elsewhere(self, path: Path) -> Path:
        """A file changed on disk (not through a buffer)."""
        root = self.root_of(path.absolute())
        self.snapshots.pop(root, None)
        return root

    def snapshot(self, root: Path) -> Snapshot | None:
        """The campaign at ``root`` as the buffers say it is (None when the folder holds
        no campaign files any more)."""
        found = self.snapshots.get(root)
        if found is not None:
            return found
        cache = self.caches.setdefault(root, {})
        try:
            with paused_gc():
                previous = self.previous.get(root) if self.incremental else None
                result = run(Job(root, "check", "none", memory=cache, overlay=self.overlay,
                                 previous=previous.result if previous is not None else None))
                # What the run made stays alive until the next edit: out of the collector's
                # sight (gc.freeze), the first allocation after a run no longer scans every
                # object of a large campaign. tidy() gives it back when the writer pauses.
                if self.incremental:
                    gc.freeze()
        except WorkspaceError:
            self.previous.pop(root, None)
            self.indexes.pop(root, None)
            return None
        earlier = None
        if result.reused and not result.moved and previous is not None:
            earlier = previous.same_shape or previous
        kept = self.indexes.setdefault(root, KeptIndex()) if self.incremental else None
        found = Snapshot(root, result, earlier, kept)
        self.previous[root] = found
        self.snapshots[root] = found
        return found

    def tidy(self) -> None:
        """A full collection over everything the runs froze (the cycles among what earlier
        edits dropped are freed); for a pause in typing, since it scans every object."""
        gc.unfreeze()
        gc.collect()

    def snapshot_of(self, path: Path) -> Snapshot | None:
        return self.snapshot(self.root_of(path.absolute()))

    # ------------------------------------------------------------ campaign roots

    def root_of(self, path: Path) -> Path:
        """The campaign a document belongs to: the client's root when it names one and
        the document is inside it; the file alone when its folder holds several files
        with an ``@campaign`` header (a folder of one-file campaigns, such as
        tests/cases/check); else the nearest folder that holds a file with an
        ``@campaign`` header; else the file."""
        known = self.roots.get(path)
        if known is not None:
            return known
        root = self._find_root(path)
        self.roots[path] = root
        return root

    def _find_root(self, path: Path) -> Path:
        if self.fixed_root is not None and path.is_relative_to(self.fixed_root):
            return self.fixed_root
        if _campaign_files(path.parent, self) > 1:
            return path
        for folder in path.parents:
            if _campaign_files(folder, self) >= 1:
                return folder
            if (folder / ".git").exists():
                break
        return path

    def text_of(self, path: Path) -> str:
        if path in self.overlay:
            return self.overlay[path]
        try:
            return path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""


def _has_header(text: str) -> bool:
    return _HEADER.search(text) is not None


def _campaign_files(folder: Path, session: Session) -> int:
    """How many ``.tgj`` files directly in ``folder`` hold an ``@campaign`` header."""
    try:
        names = sorted(p for p in folder.iterdir() if p.suffix == SUFFIX and p.is_file())
    except OSError:
        return 0
    names += [p for p in session.overlay if p.parent == folder and p not in names]
    return sum(1 for p in names if _has_header(session.text_of(p)))
