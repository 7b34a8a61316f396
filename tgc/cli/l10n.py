"""`tgc l10n extract / import / status / check`: the translation catalogues of a campaign
(docs/localization.md). Each command checks and compiles the campaign first; exit 0 done,
1 errors (in the campaign or a catalogue; nothing is written), 2 usage error, 3 internal."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

from tgc.cli.options import EXIT_ERRORS, EXIT_OK, campaign_dir, fail_internal, fail_usage

if TYPE_CHECKING:
    from tgc.diagnostics.model import Diagnostic
    from tgc.l10n.progress import Progress
    from tgc.pipeline import Result
    from tgc.source import SourceFile

FORMAT_NAMES = ("human", "concise", "json", "sarif", "github")
_LANG_HELP = "A language code (pt_BR, de, fr); repeat it for several, or `all` for every catalogue."


@click.group()
def l10n() -> None:
    """Translate a campaign: extract its texts into gettext catalogues (l10n/LANG.po),
    follow each language's progress and check what translators wrote.

    Only words are translated: verse numbers, targets, guards, costs, dice and effects
    are never in a catalogue. `tgc build --lang LANG` prints the translated edition.
    """


@l10n.command()
@click.argument("directory", required=False, type=click.Path(path_type=Path))
@click.option("--lang", "langs", multiple=True, help=_LANG_HELP)
@click.option("--csv", "sheet", is_flag=True,
              help="Also write l10n/LANG.csv, a sheet for translators who do not use PO tools.")
@click.option("--xlsx", is_flag=True,
              help="Also write l10n/LANG.xlsx, the same sheet as an Excel workbook (the xlsx extra).")
@click.option("--color/--no-color", default=None, help="Colour the diagnostics.")
@click.option("--debug", is_flag=True, help="Print the traceback of an internal error.")
def extract(directory: Path | None, langs: tuple[str, ...], sheet: bool, xlsx: bool,
            color: bool | None, debug: bool) -> None:
    """Write l10n/<campaign>.pot and update l10n/LANG.po for each --lang (kept
    translations stay; an edited source marks its translation fuzzy), and keep
    tgc.l10n.lock, which holds every text's id, current. Commit all three."""
    from tgc.l10n.project import extract as run_extract

    root = campaign_dir(directory)
    with _failures(debug):
        compiled = _compile(root, color)
        assert compiled.bundle is not None
        result = run_extract(root, compiled.campaign, compiled.bundle, langs, sheet=sheet, xlsx=xlsx)
    _print(result.diagnostics, result.sources, color)
    if not result.written and any(d.severity.value == "error" for d in result.diagnostics):
        sys.exit(EXIT_ERRORS)
    for path in result.written:
        click.echo(f"wrote {path}")
    if not result.written:
        click.echo("every catalogue is up to date")
    click.echo(f"{result.units} texts to translate, {result.glossary} glossary words")
    for counts in result.progress:
        click.echo(_line(counts))
    sys.exit(EXIT_OK)


@l10n.command(name="import")
@click.argument("sheet", type=click.Path(path_type=Path, exists=True, dir_okay=False))
@click.argument("directory", required=False, type=click.Path(path_type=Path))
@click.option("--lang", help="The sheet's language. Default: its file name (pt_BR.csv is pt_BR).")
@click.option("--color/--no-color", default=None, help="Colour the diagnostics.")
@click.option("--debug", is_flag=True, help="Print the traceback of an internal error.")
def import_command(sheet: Path, directory: Path | None, lang: str | None, color: bool | None,
                   debug: bool) -> None:
    """Put the translations of a translator's sheet (CSV or XLSX, as `extract --csv` or
    `--xlsx` wrote it) into l10n/LANG.po. A row made for an older source text imports
    as stale; an empty cell keeps the catalogue's translation. Each row is checked as a
    catalogue entry is; on an error, nothing is written."""
    from tgc.l10n.project import import_sheet, sheet_language

    root = campaign_dir(directory)
    with _failures(debug):
        code = sheet_language(sheet, lang)
        compiled = _compile(root, color)
        assert compiled.bundle is not None
        result = import_sheet(root, compiled.campaign, compiled.bundle, sheet, code)
    _print(result.diagnostics, result.sources, color)
    if result.progress is None:
        click.echo(f"tgc: error: nothing imported from {sheet}: fix the errors above", err=True)
        sys.exit(EXIT_ERRORS)
    stale = f" ({result.stale} made for an older source, marked stale)" if result.stale else ""
    click.echo(f"{sheet}: {result.rows} new translations{stale}")
    for path in result.written:
        click.echo(f"wrote {path}")
    if not result.written:
        click.echo("the catalogue already holds every translation of the sheet")
    click.echo(_line(result.progress))
    sys.exit(EXIT_OK)


@l10n.command()
@click.argument("directory", required=False, type=click.Path(path_type=Path))
@click.option("--lang", "langs", multiple=True, help=_LANG_HELP + " Default: all.")
@click.option("--color/--no-color", default=None, help="Colour the diagnostics.")
@click.option("--debug", is_flag=True, help="Print the traceback of an internal error.")
def status(directory: Path | None, langs: tuple[str, ...], color: bool | None, debug: bool) -> None:
    """Print each language's progress: translated, stale (the source changed since),
    untranslated and missing texts, and entries that name no text."""
    from tgc.l10n.project import check_languages

    root = campaign_dir(directory)
    with _failures(debug):
        compiled = _compile(root, color)
        assert compiled.bundle is not None
        checked = check_languages(root, compiled.campaign, compiled.bundle, langs or ("all",))
    bad = [d for d in checked.diagnostics if d.code in ("TGC609", "TGC610")]
    _print(bad, checked.sources, color)
    for counts in checked.progress:
        click.echo(_line(counts))
    sys.exit(EXIT_ERRORS if bad else EXIT_OK)


@l10n.command(name="check")
@click.argument("directory", required=False, type=click.Path(path_type=Path))
@click.option("--lang", "langs", multiple=True, help=_LANG_HELP + " Default: all.")
@click.option("--format", "fmt", type=click.Choice(FORMAT_NAMES), default="human", show_default=True,
              help="Output format of the diagnostics (only `human` adds the progress lines).")
@click.option("--strict", is_flag=True, help="Exit with 1 on warnings too.")
@click.option("--color/--no-color", default=None, help="Colour the diagnostics.")
@click.option("--debug", is_flag=True, help="Print the traceback of an internal error.")
def check_command(directory: Path | None, langs: tuple[str, ...], fmt: str, strict: bool,
                  color: bool | None, debug: bool) -> None:
    """Check the campaign and its translations: missing, unknown and stale entries,
    icons and emphasis that differ from the source, diverts or logic lines inside
    translated text, blank choices and translations much longer than their source."""
    code = run_check(campaign_dir(directory), langs or ("all",), strict, color, debug, fmt)
    sys.exit(code)


def run_check(root: Path, langs: tuple[str, ...], strict: bool, color: bool | None, debug: bool,
              fmt: str = "human") -> int:
    """The campaign's check followed by its translations' (also `tgc check --lang`)."""
    from tgc.diagnostics.model import Diagnostic, Severity
    from tgc.l10n.project import check_languages

    with _failures(debug):
        compiled = _compile(root, color)
        assert compiled.bundle is not None
        checked = check_languages(root, compiled.campaign, compiled.bundle, langs)
    diags = sorted(compiled.diagnostics + checked.diagnostics, key=Diagnostic.sort_key)
    _print(diags, {**compiled.sources, **checked.sources}, color, fmt)
    if fmt == "human":
        if not diags:
            click.echo("no problems found")
        for counts in checked.progress:
            click.echo(_line(counts))
    failed = any(d.severity is Severity.ERROR for d in diags) or (strict and bool(diags))
    return EXIT_ERRORS if failed else EXIT_OK


# ---------------------------------------------------------------- shared


def _line(p: Progress) -> str:
    parts = [f"{p.translated}/{p.total} translated ({p.percent:.0f}%)", f"{p.stale} stale",
             f"{p.untranslated} untranslated"]
    if p.missing:
        parts.append(f"{p.missing} missing")
    if p.extra:
        parts.append(f"{p.extra} unknown")
    glossary = f"; glossary {p.glossary_set}/{p.glossary} set" if p.glossary else ""
    return f"{p.code}: " + ", ".join(parts) + glossary


def _compile(root: Path, color: bool | None) -> Result:
    """The campaign compiled in memory; with errors, print them and exit 1 (its warnings
    are `tgc check`'s to print)."""
    from tgc.pipeline import Job, run

    compiled = run(Job(root, "bundle", "disk"))
    if compiled.bundle is None:
        _print(compiled.diagnostics, compiled.sources, color)
        click.echo(f"tgc: error: the campaign has errors; translations work on a campaign "
                   f"that builds (`tgc check {root}`)", err=True)
        sys.exit(EXIT_ERRORS)
    return compiled


def _print(diags: list[Diagnostic], sources: dict[str, SourceFile], color: bool | None,
           fmt: str = "human") -> None:
    from tgc.diagnostics.render import FORMATS

    if not diags and fmt == "human":
        return
    use_color = sys.stdout.isatty() if color is None else color
    text = FORMATS[fmt](diags, sources, color=use_color)
    if text:
        click.echo(text, nl=not text.endswith("\n"), color=use_color)


class _failures:
    """Usage errors exit 2, every other exception is a bug (exit 3)."""

    def __init__(self, debug: bool) -> None:
        self.debug = debug

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, err: BaseException | None, tb: object) -> None:
        if err is not None and not isinstance(err, SystemExit | KeyboardInterrupt):
            self.fail(err)

    def fail(self, err: BaseException) -> NoReturn:
        from tgc.bundle.compile import CompileError
        from tgc.l10n.errors import L10nError, LanguageError
        from tgc.pipeline import BuildError
        from tgc.project.workspace import WorkspaceError

        if isinstance(err, WorkspaceError | L10nError | LanguageError):
            fail_usage(str(err))
        if isinstance(err, BuildError | CompileError):
            click.echo(f"tgc: error: {err}", err=True)
            sys.exit(EXIT_ERRORS)
        fail_internal(err, self.debug)
