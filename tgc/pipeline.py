"""The one driver: a Job (a campaign folder, its configuration, a parse-cache policy and
the last stage wanted) in, one Result out (sources, parsed files, the resolved model, the
printed numbers, the bundle, what was written, every diagnostic). Every
command and the Python API (docs/api.md) go through ``run``; nothing here prints.

The stages, in the order ``run`` takes them (each only when the job asks for it):

0. press: with ``pdf`` or ``print_check``, the PDF worker processes start, and load
   WeasyPrint while the stages below run (tgc.render.pdf.open_press);
1. files: discover the ``.tgj`` files, read and parse them (through the parse cache);
2. model: symbols and resolution, a resolved (frozen) Campaign and its Analysis (the
   graph, usage, flow, endings, what errors hide: each computed when first read);
3. checks: every check family (semantics.checks), each reading the analysis;
4. numbers: tgc.lock read once, every verse numbered once;
5. report: suppressions, configured severities, sorted diagnostics;
6. bundle: compiled when nothing above is an error;
   translations: with ``langs``, each language's catalogue checked and its edition made
   (tgc.l10n; docs/localization.md);
7. write: tgc.lock (if it changed), the bundle and its HTML (and each edition's), with
   ``pdf`` the PDFs of every edition, atomically, or nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar, assert_never

from tgc.diagnostics.model import Diagnostic, Severity, in_order
from tgc.source import SourceFile, Span

if TYPE_CHECKING:
    from tgc.bundle.lock import Lock
    from tgc.bundle.numbering import Numbering
    from tgc.bundle.schema import Bundle
    from tgc.diagnostics.config import Config
    from tgc.diagnostics.suppress import Suppression
    from tgc.l10n.progress import Progress
    from tgc.l10n.project import Edition
    from tgc.project.facts import Facts, Numbered
    from tgc.project.parsecache import ParseStore
    from tgc.project.workspace import ParseCache, Workspace
    from tgc.render.pdf import Press, Setting
    from tgc.render.printcheck import Finding
    from tgc.render.profile import PrintProfile
    from tgc.semantics.analysis import Analysis
    from tgc.semantics.draft import Draft
    from tgc.semantics.incremental import Resolution
    from tgc.semantics.model import Campaign
    from tgc.syntax import ast

Stage = Literal["model", "check", "bundle", "write"]
CachePolicy = Literal["none", "disk"]
_ORDER: dict[Stage, int] = {"model": 0, "check": 1, "bundle": 2, "write": 3}


@dataclass(frozen=True)
class Job:
    """What to run. ``until`` is the last stage (each implies those before it); ``cache``
    says whether parses of earlier processes are reused (``"disk"``, the commands'
    default) and ``memory`` keeps parses between runs in one process (`tgc watch`);
    ``config`` overrides the ``[tool.tgc]`` configuration found from ``root``."""

    root: Path
    until: Stage = "check"
    cache: CachePolicy = "none"
    memory: ParseCache | None = field(default=None, compare=False)
    # Texts that stand for files on disk, by absolute path (an editor's unsaved buffers).
    overlay: Mapping[Path, str] | None = field(default=None, compare=False)
    config: Config | None = None
    jobs: int | None = None
    shuffle: int | None = None
    out_dir: Path | None = None
    html: bool = True
    langs: tuple[str, ...] = ()  # translated editions (language codes, or "all")
    pdf: bool = False  # also the press-ready PDFs, made with the printer profile
    web: bool = False  # also the web player, play.html
    print_check: bool = False  # the print checks of the laid-out pages (`tgc check --print`)
    # The last Result of the same campaign (an editor's): when every file has the shape it
    # had then (syntax.shape: only words of prose differ), its resolution and checks are
    # reused instead of run again, and the report is the same as a full run's.
    previous: Result | None = field(default=None, compare=False, repr=False)
    # The caller reads only the diagnostics and the sources (`tgc check`): with the disk
    # cache, the facts the last such run kept (tgc/project/facts.py) then stand in for the
    # model and the checks when every file has its shape of then, and campaign, analysis
    # and numbering stay None, and ``files`` holds only the trees of the files that changed
    # (the others' syntax diagnostics and suppressions are in the facts). Such a check
    # stores a text it sees for the first time as the text, not its tree (parsecache.py).
    diagnostics_only: bool = False

    def wants(self, stage: Stage) -> bool:
        return _ORDER[stage] <= _ORDER[self.until]


@dataclass(frozen=True)
class Written:
    """What the write stage replaced on disk."""

    bundle_path: Path
    bundle_bytes: int
    verses: int
    lock_path: Path | None = None  # set when tgc.lock changed
    html_dir: Path | None = None  # set when the HTML pages were written
    html_files: tuple[Path, ...] = ()
    editions: tuple[tuple[str, Path, Progress], ...] = ()  # each translated bundle written
    pdf_files: tuple[Path, ...] = ()  # set when the PDFs were written (into html_dir)
    player: Path | None = None  # set when play.html was written


@dataclass
class Result:
    """Everything one run produced; a stage the job did not ask for leaves its part None."""

    job: Job
    sources: dict[str, SourceFile]
    files: list[ast.File]
    diagnostics: list[Diagnostic]
    campaign: Campaign | None = None
    analysis: Analysis | None = None  # of ``campaign``; what the checks computed is kept
    numbering: Numbering | None = None
    bundle: Bundle | None = None
    editions: list[Edition] = field(default_factory=list)
    profile: PrintProfile | None = None  # read from the configuration when the job wants PDFs
    written: Written | None = None
    notes: list[str] = field(default_factory=list)  # warnings about the run, not the campaign
    # What the model and the checks said (before hints, numbers and the report), kept so
    # a later run with ``Job.previous`` can reuse it; ``reused`` when this run did.
    checked: list[Diagnostic] | None = None
    reused: bool = False
    moved: bool = False  # reused, and a reference's position changed (a choice's text did)
    # For the next run of an editor (``Job.previous``) after a structural edit
    # (semantics.incremental): what resolving each verse found, and the analysis of the
    # run that found it, whose graph holds those verses' bodies.
    resolution: Resolution | None = None
    resolution_analysis: Analysis | None = None
    press: Press | None = None  # the run's PDF workers (job.pdf, job.print_check); gone after it

    @property
    def root(self) -> Path:
        return self.job.root

    def count(self, severity: Severity) -> int:
        return sum(1 for d in self.diagnostics if d.severity is severity)

    @property
    def errors(self) -> int:
        return self.count(Severity.ERROR)


class BuildError(Exception):
    """The build cannot go on for a reason that is not a diagnostic (an output path that
    is not a folder, a campaign whose errors were silenced); meant for the user."""


class CampaignError(Exception):
    """The campaign cannot be loaded; the message is meant for the user. ``details`` holds
    the rendered diagnostics (plain text) when the check found errors."""

    def __init__(self, message: str, details: str = "") -> None:
        super().__init__(message)
        self.details = details


# ---------------------------------------------------------------- the driver


def run(job: Job) -> Result:
    """Run the job's stages in order. The cyclic garbage collector is paused meanwhile
    (and restored however the run ends): the AST and the bundle hold millions of small
    objects and no cycles, and full collections over them cost a third of the run. Each
    run has its own budget of large did-you-mean searches."""
    from tgc.collector import paused_gc
    from tgc.diagnostics.codes import hint_budget

    with paused_gc(), hint_budget(), _press(job) as press:
        result = _run(job, press)
        result.press = None  # closed as the run ends
    if job.previous is not None:  # else each Result would keep every earlier one alive
        from dataclasses import replace

        result.job = replace(job, previous=None)
    return result


def _press(job: Job) -> AbstractContextManager[Press | None]:
    """The PDF workers, started first when the job will lay pages out: they load
    WeasyPrint while this process reads and checks the campaign."""
    if not (job.pdf or job.print_check):
        return nullcontext()
    from tgc.render.pdf import open_press

    return open_press()


def _run(job: Job, press: Press | None = None) -> Result:
    workspace, notes, store, facts = _files(job)
    result = Result(job, workspace.sources, workspace.files, list(workspace.diagnostics), notes=notes,
                    press=press)
    if facts is not None and store is not None and _from_facts(result, store, facts, workspace):
        _keep_facts(result, store, workspace, facts.numbered, facts)
        _report(result, _suppressions(workspace, facts))
        return result
    if workspace.deferred:  # the facts do not hold: every tree is needed after all
        from tgc.project.workspace import complete

        complete(workspace, store, job.jobs)
        result.files = workspace.files
    reusable = _reusable(job, workspace.files)
    if reusable is not None:
        campaign, checked, result.moved = reusable
        result.reused = True
        result.analysis = _analysis(campaign)
        if job.previous is not None:  # the records stay those of the last structural run
            result.resolution = job.previous.resolution
            result.resolution_analysis = job.previous.resolution_analysis
    elif job.memory is not None:  # an editor's or `tgc watch`'s: there will be a next run
        campaign, diags, result.analysis = _model_again(job, workspace.files, result)
    else:
        campaign, diags = _model(workspace.files)
        result.analysis = _analysis(campaign)
    result.campaign = campaign
    if not job.wants("check"):
        return result  # drawing the graph needs the model only; nothing is reported
    if reusable is None:
        checked = _once(diags + _checks(result.analysis))
        result.analysis.earlier = None  # what it reused is built; the last run may go
    result.checked = checked
    result.diagnostics += checked
    result.diagnostics = with_campaign_hints(campaign, result.diagnostics)
    lock, numbered = _numbers(result)
    if store is not None and _keeps_facts(job):
        _keep_facts(result, store, workspace, numbered)
    _report(result, _suppressions(workspace))
    if not job.wants("bundle") or result.errors:
        return result
    if job.shuffle is not None:
        from tgc.bundle.numbering import number_verses

        result.numbering, _ = number_verses(campaign, lock, job.shuffle)  # a new book: no diagnostics
    target = _bundle_target(job, campaign) if job.wants("write") else None
    result.bundle = _compile(result)
    if job.print_check and not job.pdf and result.profile is not None:  # --pdf checks as it prints
        from tgc.render.pdf import check_print

        _print_diagnostics(result, _pdf_call(check_print, result.bundle, result.profile, None,
                                             result.press))
    if job.langs:
        _translations(result)
        if result.errors:
            return result
    if target is not None:
        result.written = _write_or_fail(result, lock, target)
    return result


_T = TypeVar("_T")

# ---------------------------------------------------------------- stages


def _files(job: Job) -> tuple[Workspace, list[str], ParseStore | None, Facts | None]:
    """Stage 1: the campaign's files, read and parsed (a WorkspaceError when the folder
    itself is unusable), with the parse cache on disk and the facts it kept, if any."""
    from tgc.diagnostics.config import load_config
    from tgc.project.workspace import load

    store = facts = None
    if job.cache == "disk":
        from tgc.project.parsecache import ParseStore

        store = ParseStore(job.root, texts_first=_keeps_facts(job))
        facts = store.get_facts() if _keeps_facts(job) else None
        if facts is not None:  # the versions they were checked against stay in the cache
            store.retain(f.entry for f in facts.files)
    # Only `links` and `include` are needed this early; the report stage reads the rest
    # (and reports it).
    config = job.config if job.config is not None else load_config(job.root)[0]
    known = {f.name: f for f in facts.files} if facts is not None else None
    workspace = load(job.root, jobs=job.jobs, cache=job.memory, store=store, links=config.links,
                     overlay=job.overlay, include=config.include, known=known)
    notes = [f"the parse cache is off: {store.problem}"] if store is not None and store.problem else []
    return workspace, notes, store, facts


def _keeps_facts(job: Job) -> bool:
    """Facts are kept for, and taken by, a plain check of the files on disk."""
    return (job.diagnostics_only and job.until == "check" and job.cache == "disk"
            and job.previous is None and job.overlay is None and job.memory is None)


def _from_facts(result: Result, store: ParseStore, facts: Facts, workspace: Workspace) -> bool:
    """Stages 2-4 from the facts of the last check (tgc/project/facts.py): when every file
    has the shape it had then, no diagnostic points into the prose that changed, and
    tgc.lock has the text its numbers were checked against, what the model, the checks
    and the numbering said then is what they would say now. False, with nothing done,
    otherwise."""
    from tgc.bundle.lock import lock_path, read_lock
    from tgc.project.facts import lock_key
    from tgc.project.workspace import display_name

    if any(d.code == "TGC001" for d in result.diagnostics):
        return False  # its hints read the campaign's declarations
    moved = _moved(facts, workspace, store)
    if moved is None:
        return False
    path = lock_path(result.root)
    _, source, diags = read_lock(path, display_name(path, result.root))
    numbered: tuple[Diagnostic, ...] = ()
    if source is not None:
        if facts.numbered is None or facts.numbered[0] != lock_key(source.text):
            return False
        numbered = facts.numbered[1]
    elif diags:
        return False  # an unreadable lock: its facts were never kept
    if any(_points_into(d, moved) for d in (*facts.checked, *numbered)):
        return False
    if source is not None:
        result.sources[source.name] = source
    result.checked = list(facts.checked)
    result.reused = True
    result.diagnostics += [*facts.checked, *diags, *numbered]
    return True


def _moved(facts: Facts, workspace: Workspace, store: ParseStore) -> dict[str, set[int]] | None:
    """The lines of prose that changed since the facts were kept, by file; None when a
    file was added, removed or changed beyond prose (syntax.shape). A deferred file is
    the one they checked; every other file is compared with the version they checked."""
    from tgc.syntax.shape import same_shape

    if [f.name for f in facts.files] != workspace.names:
        return None
    trees = {tree.name: tree for tree in workspace.files}
    moved: dict[str, set[int]] = {}
    for file in facts.files:
        if file.name in workspace.deferred:
            continue
        old = _earlier_tree(store, file.name, file.entry)
        lines = same_shape(old, trees[file.name]) if old is not None else None
        if lines is None:
            return None
        if lines:
            moved[file.name] = lines
    return moved


def _earlier_tree(store: ParseStore, name: str, entry: str) -> ast.File | None:
    """The tree of the version of ``name`` the store keeps under ``entry``: its parse, or
    its text parsed again (a text the last check saw first; parsecache.py)."""
    old = store.get_entry(name, entry)
    if old is not None:
        return old[0]
    text = store.get_text(name, entry)
    if text is None:
        return None
    from tgc.syntax.parser import parse_source

    return parse_source(SourceFile.from_text(name, text))[0]


def _keep_facts(result: Result, store: ParseStore, workspace: Workspace, numbered: Numbered | None,
                kept: Facts | None = None) -> None:
    """Stage 4b: the facts of this check, for the next one (unless they are those kept)."""
    from tgc.project.facts import Facts, FileFacts

    if result.checked is None or store.problem:
        return
    if any(name not in store.entries for name in workspace.names):
        return  # a file the cache never saw
    covered = _suppressions(workspace, kept)
    files = tuple(FileFacts(name, store.entries[name], tuple(workspace.syntax[name]),
                            tuple(covered.get(name, ()))) for name in workspace.names)
    if kept is not None and kept.files == files:
        return
    store.put_facts(Facts(store.salt, files, tuple(result.checked), numbered))


def _model(files: list[ast.File]) -> tuple[Campaign, list[Diagnostic]]:
    """Stage 2: declarations collected, every reference resolved."""
    from tgc.semantics.resolve import resolve
    from tgc.semantics.symbols import collect

    campaign, diags = collect(files)
    campaign, more = resolve(campaign)
    return campaign, diags + more


def _model_again(job: Job, files: list[ast.File], result: Result
                 ) -> tuple[Campaign, list[Diagnostic], Analysis]:
    """Stage 2 for a run that has a next (an editor's): the model and a fresh analysis,
    replaying what the last run found for every verse whose tree is the same when the
    campaign declares the same names as then (semantics.incremental: a structural edit
    re-resolves the verses it changed, and the graph rebuilds only their bodies); the
    records of this run are kept on the result for the next."""
    from tgc.semantics.analysis import Analysis
    from tgc.semantics.incremental import same_declarations, same_names
    from tgc.semantics.resolve import resolve_again
    from tgc.semantics.symbols import collect, collect_again

    previous = job.previous
    earlier = None
    same = True
    collected = None
    if previous is not None and previous.resolution is not None and previous.campaign is not None \
            and previous.root == job.root:
        # The same declarations in every changed file (its verses perhaps not the same).
        collected = collect_again(previous.campaign, previous.files, files, previous.resolution.collected)
        if collected is not None:
            (campaign, same), diags = collected, list(previous.resolution.collected)
            earlier = previous.resolution
    if collected is None:
        campaign, diags = collect(files)
        if previous is not None and previous.resolution is not None and previous.campaign is not None \
                and previous.root == job.root and same_declarations(previous.campaign, campaign):
            earlier, same = previous.resolution, same_names(previous.campaign, campaign)
    campaign, more, result.resolution = resolve_again(campaign, earlier, same,
                                                      same_tables=collected is not None)
    result.resolution.collected = tuple(diags)
    was = previous.resolution_analysis if earlier is not None and previous is not None else None
    analysis = Analysis(campaign, (was, result.resolution) if was is not None else None, keep=True,
                        resolution=result.resolution)
    result.resolution_analysis = analysis
    return campaign, diags + more, analysis


def _reusable(job: Job, files: list[ast.File]) -> tuple[Campaign, list[Diagnostic], bool] | None:
    """Stage 2, after an edit of prose or of a choice's text: the previous run's
    resolution and check diagnostics, when every file has its previous shape and none of
    those diagnostics points into an edited line (where a position may have moved). The
    model takes the new trees (hovers and the bundle read the new words); its tables and
    what resolution found are kept, since neither reads those words and every declaration
    and reference is the same (a choice's target keyed by its new columns: then the last
    item is True, and positions kept from the previous run, such as an editor's name
    index, no longer hold)."""
    from dataclasses import replace

    from tgc.semantics.symbols import with_new_prose
    from tgc.syntax.shape import moved_targets, same_shape

    previous = job.previous
    if previous is None or previous.checked is None or previous.campaign is None \
            or previous.root != job.root or len(previous.files) != len(files):
        return None
    moved: dict[str, set[int]] = {}
    remap: dict[ast.Ref, ast.Ref] = {}
    for old, new in zip(previous.files, files, strict=True):
        lines = same_shape(old, new)
        if lines is None:
            return None
        if lines:
            moved[new.name] = lines
            remap.update(moved_targets(old, new))
    if any(_points_into(d, moved) for d in previous.checked):
        return None
    campaign = with_new_prose(previous.campaign, previous.files, files)
    if remap:  # a choice's text changed length: its target reference has new columns
        campaign = replace(campaign, targets={remap.get(r, r): t for r, t in campaign.targets.items()},
                           unresolved={remap.get(r, r) for r in campaign.unresolved})
    return campaign, previous.checked, bool(remap)


def _points_into(d: Diagnostic, moved: dict[str, set[int]]) -> bool:
    for span in (d.span, *(label.span for label in d.labels)):
        lines = moved.get(span.file)
        if lines and any(n in lines for n in range(span.line, span.end_line + 1)):
            return True
    return False


def _analysis(campaign: Campaign) -> Analysis:
    """Stage 2b: the campaign's analysis (nothing is computed until a check reads it)."""
    from tgc.semantics.analysis import Analysis

    return Analysis(campaign)


def _checks(analysis: Analysis) -> list[Diagnostic]:
    """Stage 3: every check family (the core's, then the campaign's ruleset's), in order;
    each stays silent about what an earlier diagnostic covers (no cascades)."""
    from tgc.semantics.checks import checks_for

    diags: list[Diagnostic] = []
    for check in checks_for(analysis.campaign):
        diags.extend(check(analysis))
    return diags


def with_campaign_hints(campaign: Campaign, diags: list[Diagnostic]) -> list[Diagnostic]:
    """Stage 3b: hints of syntax errors that need the campaign's declarations."""
    from tgc.semantics.hints import with_campaign_hints as hints

    return hints(campaign, diags)


def _once(diags: list[Diagnostic]) -> list[Diagnostic]:
    """A condition read twice (an `{otherwise}` guard repeats its siblings' conditions)
    must not say the same thing twice."""
    return list(dict.fromkeys(diags))


def analyse(files: list[ast.File]) -> tuple[Campaign, list[Diagnostic]]:
    """Stages 2 and 3 over files already parsed (the parser's property tests and the
    graph tests): the model and its diagnostics, unsorted and unconfigured."""
    campaign, diags = _model(files)
    return campaign, _once(diags + _checks(_analysis(campaign)))


def _numbers(result: Result) -> tuple[Lock, Numbered | None]:
    """Stage 4: tgc.lock, read once, and every verse's printed number. A check reports what
    `tgc build` would refuse (a corrupt line, a number taken twice); a campaign without a
    lock is numbered only when a bundle is wanted. Also what numbering said, keyed by the
    lock's text, for the facts."""
    from tgc.bundle.lock import lock_path, read_lock
    from tgc.bundle.numbering import number_verses
    from tgc.project.facts import lock_key
    from tgc.project.workspace import display_name

    assert result.campaign is not None
    path = lock_path(result.root)
    lock, source, diags = read_lock(path, display_name(path, result.root))
    if source is not None:
        result.sources[source.name] = source
    numbered = None
    if source is not None or diags or result.job.wants("bundle"):
        result.numbering, more = number_verses(result.campaign, lock)
        result.diagnostics += diags + more
        if source is not None:
            numbered = (lock_key(source.text), tuple(more))
    return lock, numbered


def _report(result: Result, suppressions: dict[str, list[Suppression]]) -> None:
    """Stage 5: suppression comments first (a comment that silences a code the config
    ignores is still used), then the configured severities, then source order."""
    from tgc.diagnostics.config import load_config
    from tgc.diagnostics.suppress import apply_suppressions

    config_diags: list[Diagnostic] = []
    if result.job.config is not None:
        config = result.job.config
    else:
        config, config_diags = load_config(result.root)
    diags = apply_suppressions(result.diagnostics, suppressions)
    diags = config.apply(diags)
    diags.extend(config_diags)
    if result.job.pdf or result.job.print_check:
        from tgc.render.profile import read_profile

        result.profile, profile_diags = read_profile(config)
        diags.extend(config.apply(profile_diags))
    if config.source is not None:
        result.sources.setdefault(config.source.name, config.source)
    result.diagnostics = in_order(diags)


def _suppressions(workspace: Workspace, facts: Facts | None = None) -> dict[str, list[Suppression]]:
    """Each file's suppression comments as the report applies them, in path order: from
    its tree, or from the facts that deferred it."""
    trees = {tree.name: tree for tree in workspace.files}
    kept = {f.name: f for f in facts.files} if facts is not None else {}
    found: dict[str, list[Suppression]] = {}
    for name in workspace.names:
        tree = trees.get(name)
        if tree is not None:
            if tree.suppressions:
                found[name] = [_covered(s, _verse_ends(tree)) for s in tree.suppressions]
        elif name in kept and kept[name].suppressions:
            found[name] = list(kept[name].suppressions)
    return found


def _verse_ends(file: ast.File) -> dict[int, int]:
    """The last line of each verse, by the line of its header."""
    from tgc.syntax import ast

    return {item.span.line: item.span.end_line for item in file.items if isinstance(item, ast.Verse)}


def _covered(s: ast.Suppression, ends: dict[int, int]) -> Suppression:
    """A suppression that names its codes on a verse header covers the whole verse."""
    if s.codes and s.line in ends:
        return (s.line, s.codes, s.span, ends[s.line])
    return (s.line, s.codes, s.span)


def _compile(result: Result) -> Bundle:
    """Stage 6: the bundle (a CompileError only for a campaign whose errors were silenced)."""
    from tgc.bundle.compile import compile_bundle

    assert result.campaign is not None and result.numbering is not None
    return compile_bundle(result.campaign, result.numbering, result.root)


def _translations(result: Result) -> None:
    """Stage 6b: each language's catalogue checked (its diagnostics join the report) and,
    when none is an error, its translated edition made."""
    from tgc.l10n.project import translate_editions

    assert result.bundle is not None
    found = translate_editions(result.root, result.campaign, result.bundle, result.job.langs)
    result.sources.update(found.sources)
    result.diagnostics = in_order(result.diagnostics + found.diagnostics)
    result.editions = found.editions


def _bundle_target(job: Job, campaign: Campaign) -> Path:
    from tgc.bundle.paths import bundle_path

    assert job.out_dir is not None
    try:
        return bundle_path(job.out_dir, campaign.info.title if campaign.info else "")
    except ValueError as err:
        raise BuildError(str(err)) from None


def _write_or_fail(result: Result, lock: Lock, target: Path) -> Written:
    """Stage 7, guarded: a file system that fails a write (a disk that filled up after
    every path was proved writable) is a BuildError naming the path, never TGC999."""
    try:
        return _write(result, lock, target)
    except OSError as err:
        where = err.filename if err.filename is not None else target
        raise BuildError(f"cannot write {where}: {err.strerror or err}") from None


def _planned(result: Result, target: Path, site: dict[str, str], pdfs: dict[str, bytes],
             edition_texts: list[tuple[Path, str]],
             editions_sites: list[tuple[Path, dict[str, str]]],
             edition_pdfs: list[tuple[Path, dict[str, bytes]]], player: bool) -> list[Path]:
    """Every path the write stage will replace, in the order it writes them."""
    from tgc.bundle.paths import html_dir

    assert result.bundle is not None
    html = html_dir(target.parent, result.bundle.campaign.title)
    paths = [target, *(html / name for name in site)]
    paths += [folder / name for folder, pages in editions_sites for name in pages]
    paths += [path for path, _ in edition_texts]
    paths += [html / name for name in pdfs]
    paths += [folder / name for folder, files in edition_pdfs for name in files]
    if not player:  # the web player's module (and its XML reader) is loaded only for --web
        return paths
    from tgc.render.web import PLAYER

    return [*paths, html / PLAYER]


def _write(result: Result, lock: Lock, target: Path) -> Written:
    """Stage 7: every page is text before anything is written; then tgc.lock (when it
    changed), the bundle and each page replace the old ones atomically."""
    from tgc.bundle.io import dump_bundle, write_atomic
    from tgc.bundle.lock import lock_path, render_lock

    assert result.bundle is not None and result.numbering is not None
    bundle = result.bundle
    # the PDFs first: the press sets them while the bundle's text and pages are made here
    setting = (_pdf_call(_start_pdfs, bundle, result.profile, result.press)
               if result.profile is not None else None)
    text = dump_bundle(bundle)
    site = _render(bundle) if result.job.html else {}
    edition_texts, editions_sites = _edition_files(result, target.parent)
    findings: list[Finding] = []
    pdfs = _pdf_call(setting.finish, findings) if setting is not None else {}
    if findings:
        _print_diagnostics(result, findings)
    edition_pdfs = _edition_pdfs(result, target.parent)
    player = _render_player(bundle) if result.job.web else None
    edition_players = _edition_players(result, target.parent)
    lock_text = render_lock(result.numbering.lock)
    old = result.sources.get(lock.file)
    changed = old is None or old.text != lock_text
    _preflight(([lock_path(result.root)] if changed else [])
               + _planned(result, target, site, pdfs, edition_texts, editions_sites, edition_pdfs,
                          player is not None) + [path for path, _ in edition_players])
    written_lock = None
    if changed:  # first: the numbers a written bundle uses are always on record
        written_lock = lock_path(result.root)
        write_atomic(written_lock, lock_text)
    size = write_atomic(target, text)
    html: Path | None = None
    pages: tuple[Path, ...] = ()
    if site:
        from tgc.bundle.paths import html_dir
        from tgc.render import write_site

        html = html_dir(target.parent, bundle.campaign.title)
        pages = tuple(write_site(site, html))
    for folder, edition_site in editions_sites:
        from tgc.render import write_site

        pages += tuple(write_site(edition_site, folder))
    for path, edition_text in edition_texts:
        write_atomic(path, edition_text)
    done = tuple((e.code, path, e.progress)
                 for e, (path, _) in zip(result.editions, edition_texts, strict=True))
    pdf_files: tuple[Path, ...] = ()
    if pdfs:
        from tgc.bundle.paths import html_dir
        from tgc.render.pdf import write_pdfs

        html = html_dir(target.parent, bundle.campaign.title)
        pdf_files = tuple(write_pdfs(pdfs, html))
    for folder, edition_pdf in edition_pdfs:
        from tgc.render.pdf import write_pdfs

        pdf_files += tuple(write_pdfs(edition_pdf, folder))
    player_path: Path | None = None
    if player is not None:
        from tgc.bundle.paths import html_dir
        from tgc.render.web import PLAYER

        html = html_dir(target.parent, bundle.campaign.title)
        player_path = html / PLAYER
        write_atomic(player_path, player)
    for path, page in edition_players:
        write_atomic(path, page)
        pages += (path,)
    return Written(target, size, len(bundle.verses), written_lock, html, pages, done, pdf_files,
                   player_path)


def _preflight(paths: list[Path]) -> None:
    from tgc.bundle.preflight import Unwritable, check_writable

    try:
        check_writable(paths)
    except Unwritable as err:
        raise BuildError(f"{err}; nothing was written") from None


def _edition_files(result: Result, out_dir: Path) -> tuple[list[tuple[Path, str]],
                                                           list[tuple[Path, dict[str, str]]]]:
    """Each translated edition's bundle text and pages, made before anything is written."""
    from tgc.bundle.io import dump_bundle
    from tgc.bundle.paths import bundle_path, html_dir

    assert result.bundle is not None
    title = result.bundle.campaign.title  # the source title names every edition's files
    texts = [(bundle_path(out_dir, title, e.code), dump_bundle(e.bundle)) for e in result.editions]
    sites = [(html_dir(out_dir, title, e.code), _render(e.bundle))
             for e in result.editions if result.job.html]
    return texts, sites


def _edition_players(result: Result, out_dir: Path) -> list[tuple[Path, str]]:
    """Each translated edition's web player (with ``web``), beside its pages: the page's
    own words in the edition's language."""
    if not result.job.web or result.bundle is None:
        return []
    from tgc.bundle.paths import html_dir
    from tgc.render.web import PLAYER

    title = result.bundle.campaign.title
    return [(html_dir(out_dir, title, e.code) / PLAYER, _render_player(e.bundle)) for e in result.editions]


def _edition_pdfs(result: Result, out_dir: Path) -> list[tuple[Path, dict[str, bytes]]]:
    """Each translated edition's PDFs (with ``pdf``), beside its pages."""
    from tgc.bundle.paths import html_dir

    if result.profile is None or result.bundle is None:
        return []
    title = result.bundle.campaign.title
    return [(html_dir(out_dir, title, e.code), _render_pdfs(e.bundle, result.profile, None, result.press))
            for e in result.editions]


def _render(bundle: Bundle) -> dict[str, str]:
    from tgc.render import render_site

    return render_site(bundle)


def _render_player(bundle: Bundle) -> str:
    from tgc.render.web import render_player

    return render_player(bundle)


def _render_pdfs(bundle: Bundle, profile: PrintProfile, findings: list[Finding] | None,
                 press: Press | None) -> dict[str, bytes]:
    from tgc.render.pdf import render_pdfs

    return _pdf_call(render_pdfs, bundle, profile, findings, None, press)


def _start_pdfs(bundle: Bundle, profile: PrintProfile, press: Press | None) -> Setting:
    from tgc.render.pdf import start_pdfs

    return start_pdfs(bundle, profile, press)


def _pdf_call(function: Callable[..., _T], *args: Any) -> _T:
    from tgc.render.pdf import PdfUnavailable

    try:
        return function(*args)
    except PdfUnavailable as err:
        raise BuildError(str(err)) from None


def _print_diagnostics(result: Result, findings: list[Finding]) -> None:
    """The print checks' findings as TGC910-913, at the source of what they are about
    (a verse's header, a card's declaration, the profile's `signature`), configured as
    every other code."""
    from tgc.diagnostics.codes import diag
    from tgc.diagnostics.config import load_config

    config = result.job.config if result.job.config is not None else load_config(result.root)[0]
    found: list[Diagnostic] = []
    for finding in findings:
        at = _finding_span(result, config, finding)
        match finding.kind:
            case "spoiler":
                found.append(diag("TGC912", at, hint="renumber the book (`tgc build --shuffle SEED`) "
                                  "or move one of the two verses", verse=_printed(result, finding.subject),
                                  source=_printed(result, finding.other), pages=finding.detail))
            case "signature":
                found.append(diag("TGC913", at, hint="plan the blank pages, or change the text or trim",
                                  book=BOOK_NAMES.get(finding.subject, finding.subject),
                                  count=int(finding.amount), signature=result.profile.signature
                                  if result.profile is not None else 0))
            case "overflow":
                found.append(diag("TGC911", at, hint="shorten the card's text or give its kind a larger "
                                  "size in [tool.tgc.print.cards]", card=_card_name(result, finding.subject),
                                  amount=finding.amount, words=finding.detail))
            case "safe-area":
                found.append(diag("TGC910", at, hint="keep text 3 mm inside the trim: shorten it or give "
                                  "the card a larger size", card=_card_name(result, finding.subject),
                                  amount=finding.amount, words=finding.detail))
            case _:
                assert_never(finding.kind)
    result.diagnostics = in_order(result.diagnostics + config.apply(found))


BOOK_NAMES = {"journal": "Exploration Journal", "secrets": "Book of Secrets"}


def _printed(result: Result, verse_id: str) -> str:
    """``201.3``: a verse as the book prints it (section and printed number)."""
    assert result.bundle is not None
    verse = next((v for v in result.bundle.verses if v.id == verse_id), None)
    return f"{verse.section}.{verse.printed}" if verse is not None else verse_id


def _card_name(result: Result, card: str) -> str:
    """``location 201``, ``secret 7``, ``item "Rope"`` from a card's id."""
    kind, _, key = card.partition("-")
    if kind == "item" and result.bundle is not None and key.isascii() and key.isdigit():
        items = result.bundle.items
        index = int(key) - 1
        return f'item "{items[index].name}"' if 0 <= index < len(items) else card
    return f"{kind} {key}"


def _finding_span(result: Result, config: Config, finding: Finding) -> Span:
    """Where a finding points: the verse's header, the card's declaration, else the
    profile's `signature` key (or the campaign's first line)."""
    from tgc.diagnostics.config import locate
    from tgc.project.workspace import display_name

    assert result.bundle is not None
    if finding.kind == "spoiler":
        loc = result.bundle.source_map.get(finding.other)
        if loc is not None:
            name = display_name(result.root / loc.file, result.root)
            return Span(name, loc.line, 1, loc.line, 2)
    if finding.kind in ("overflow", "safe-area") and result.campaign is not None:
        decl = _card_decl(result, finding.subject)
        if decl is not None:
            return decl.span
    if finding.kind == "signature" and config.source is not None:
        return locate(config.source, "signature", True)
    first = next(iter(result.sources), "")
    return Span(first, 1, 1, 1, 2)


def _card_decl(result: Result, card: str) -> ast.Declaration | None:
    assert result.campaign is not None and result.bundle is not None
    kind, _, key = card.partition("-")
    campaign = result.campaign
    if not (key.isascii() and key.isdigit()):
        return None
    number = int(key)
    if kind == "location" and number in campaign.locations:
        return campaign.locations[number].decl
    if kind == "secret" and number in campaign.secrets:
        return campaign.secrets[number].decl
    if kind == "item" and 0 < number <= len(result.bundle.items):
        item = campaign.items.get(result.bundle.items[number - 1].name)
        return item.decl if item is not None else None
    return None


# ---------------------------------------------------------------- entry points


def check(root: Path, *, jobs: int | None = None, cache: CachePolicy = "none",
          memory: ParseCache | None = None) -> Result:
    """Parse and check a campaign folder (or one ``.tgj`` file): the model and
    every diagnostic, suppressed, configured and sorted."""
    return run(Job(root, "check", cache, memory, jobs=jobs))


def build(root: Path, out_dir: Path, *, shuffle: int | None = None, jobs: int | None = None,
          html: bool = True, cache: CachePolicy = "none", langs: tuple[str, ...] = (),
          pdf: bool = False, web: bool = False) -> Result:
    """Check, number, compile and write one campaign into ``out_dir`` (with ``langs``, also
    its translated editions); ``result.written`` says what was written (None when the
    campaign or a catalogue has errors: then nothing is)."""
    from tgc.bundle.compile import CompileError

    try:
        return run(Job(root, "write", cache, jobs=jobs, shuffle=shuffle, out_dir=out_dir, html=html,
                       langs=langs, pdf=pdf, web=web))
    except CompileError as err:
        raise BuildError(f"cannot build: {err}") from None


def load_campaign(path: Path, *, cache: CachePolicy = "none", lang: str | None = None) -> Bundle:
    """A bundle file (``*.json``) is loaded as it is; a folder is checked and compiled in
    memory (nothing is written, tgc.lock is only read), with ``lang`` as that language's
    translated edition. A CampaignError says why not."""
    from tgc.bundle.io import BundleError, load_bundle

    if path.is_file():
        try:
            bundle = load_bundle(path)
        except BundleError as err:
            raise CampaignError(str(err)) from None
        edition = bundle.language.code if bundle.language is not None else None
        if lang is not None and lang != edition:
            raise CampaignError(f"{path} is the {edition or 'source'} edition; give the campaign "
                                f"folder to play it in {lang}")
        return bundle
    if not path.is_dir():
        raise CampaignError(f"{path}: no such campaign folder or bundle file")
    return compile_folder(path, cache=cache, lang=lang)


def compile_folder(root: Path, *, cache: CachePolicy = "none", lang: str | None = None) -> Bundle:
    """A campaign folder checked and compiled in memory (with ``lang``: its edition in
    that language, after the catalogue's checks)."""
    result = _in_memory(root, cache, lang)
    if result.bundle is None or result.errors:
        raise _refused(root, result, lang=lang)
    if lang is not None:
        return result.editions[0].bundle
    return result.bundle


def load_playable(path: Path, *, cache: CachePolicy = "none", strict: bool = False,
                  lang: str | None = None) -> tuple[Bundle, Draft | None]:
    """What `tgc play`, `tgc explore` and `tgc test` run: :func:`load_campaign`, except
    that a folder whose errors all lie inside verses is played as a draft (unless
    ``strict``, or for a translated edition): each broken verse stops play with a message
    (semantics/draft.py). The Draft, when there is one, says which verses and how many
    errors."""
    from tgc.bundle.compile import CompileError
    from tgc.semantics.draft import draft_of

    if strict or lang is not None or path.is_file() or not path.is_dir():
        return load_campaign(path, cache=cache, lang=lang), None
    result = _in_memory(path, cache)
    if result.bundle is not None:
        return result.bundle, None
    assert result.campaign is not None and result.numbering is not None
    draft = draft_of(result.campaign, result.diagnostics)
    if draft is None:
        raise _refused(path, result, ", not all in verses, so it cannot be played as a draft")
    try:
        from tgc.bundle.compile import compile_bundle

        return compile_bundle(draft.campaign, result.numbering, path), draft
    except CompileError:
        raise _refused(path, result) from None


def _in_memory(root: Path, cache: CachePolicy, lang: str | None = None) -> Result:
    from tgc.bundle.compile import CompileError
    from tgc.l10n.errors import L10nError, LanguageError
    from tgc.project.workspace import WorkspaceError

    try:
        return run(Job(root, "bundle", cache, langs=(lang,) if lang is not None else ()))
    except (WorkspaceError, CompileError, L10nError, LanguageError) as err:
        raise CampaignError(str(err)) from None


def _refused(root: Path, result: Result, where: str = "", lang: str | None = None) -> CampaignError:
    from tgc.diagnostics.render import FORMATS

    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    details = FORMATS["human"](errors, result.sources, color=False)
    return CampaignError(f"{root}: the campaign has {result.errors} error(s){where}; "
                         f"run `tgc check {root}{f' --lang {lang}' if lang else ''}` to see them",
                         details)


def load_model(root: Path, *, cache: CachePolicy = "none") -> Campaign:
    """A campaign folder parsed, collected and resolved, without the checks (drawing the
    graph needs only the model)."""
    campaign = run(Job(root, "model", cache)).campaign
    assert campaign is not None
    return campaign
