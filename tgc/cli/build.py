"""`tgc build`: check a campaign and, when it has no errors, write its bundle and its
print-ready HTML, and keep tgc.lock current. Exit 0 built, 1 errors (nothing written),
2 usage error, 3 internal."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from tgc.cli.options import (
    EXIT_ERRORS,
    EXIT_OK,
    cache_policy,
    campaign_dir,
    fail_internal,
    fail_usage,
    no_cache_option,
)


@click.command()
@click.argument("directory", required=False, type=click.Path(path_type=Path))
@click.option("-o", "--output", "out_dir", type=click.Path(path_type=Path), default=Path("build"),
              show_default=True, help="Folder the bundle is written to.")
@click.option("--shuffle", type=click.IntRange(min=0), metavar="SEED", default=None,
              help="Number every verse afresh in a shuffled order drawn from SEED (a new book; "
                   "rewrites tgc.lock).")
@click.option("--color/--no-color", default=None,
              help="Colour the diagnostics (default: when writing to a terminal).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Worker processes for parsing (default: automatic by campaign size).")
@click.option("--html/--no-html", default=True, show_default=True,
              help="Also write the print-ready pages to OUTPUT/<campaign>/ (docs/printing.md).")
@click.option("--lang", "langs", multiple=True, metavar="LANG",
              help="Also write the edition translated by l10n/LANG.po (OUTPUT/<campaign>.LANG.bundle.json "
                   "and its pages); repeat it, or `all` for every catalogue (docs/localization.md).")
@no_cache_option
@click.option("--pdf", is_flag=True,
              help="Also write the press-ready PDFs there (needs tgc[pdf]; [tool.tgc.print] sets "
                   "trim, bleed, marks and card sizes; docs/printing.md).")
@click.option("--web", is_flag=True,
              help="Also write play.html there: the campaign playable in a browser, in one file "
                   "(docs/printing.md).")
@click.option("--debug", is_flag=True, help="Print the traceback of an internal error.")
def build(directory: Path | None, out_dir: Path, shuffle: int | None, color: bool | None,
          jobs: int | None, html: bool, langs: tuple[str, ...], no_cache: bool, pdf: bool,
          web: bool, debug: bool) -> None:
    """Check a campaign folder and write OUTPUT/<campaign>.bundle.json and, beside it, the
    printed pages in OUTPUT/<campaign>/ (journal, Book of Secrets, save sheet, cards).

    The bundle is what `tgc play`, a companion app or a printer loads (docs/bundle.md).
    Named verses get printed numbers that tgc.lock, at the campaign root, keeps stable
    across builds; commit it. On any error nothing is written.
    """
    from tgc.diagnostics.render import FORMATS
    from tgc.l10n.errors import L10nError, LanguageError
    from tgc.pipeline import BuildError
    from tgc.pipeline import build as run_build
    from tgc.project.workspace import WorkspaceError

    root = campaign_dir(directory)
    if out_dir.exists() and not out_dir.is_dir():
        fail_usage(f"{out_dir}: not a folder")
    try:
        result = run_build(root, out_dir, shuffle=shuffle, jobs=jobs, html=html,
                           cache=cache_policy(no_cache), langs=langs, pdf=pdf, web=web)
    except (WorkspaceError, L10nError, LanguageError) as err:
        fail_usage(str(err))
    except BuildError as err:
        click.echo(f"tgc: error: {err}", err=True)
        sys.exit(EXIT_ERRORS)
    except Exception as err:  # every exception reaching the CLI is a bug: say so, exit 3
        fail_internal(err, debug)
    if result.diagnostics:
        use_color = sys.stdout.isatty() if color is None else color
        text = FORMATS["human"](result.diagnostics, result.sources, color=use_color)
        click.echo(text, nl=not text.endswith("\n"))
    written = result.written
    if written is None:
        sys.exit(EXIT_ERRORS)
    if written.lock_path is not None:
        click.echo(f"updated {written.lock_path}")
    click.echo(f"wrote {written.bundle_path} ({written.verses} verses, {_size(written.bundle_bytes)})")
    for code, path, counts in written.editions:
        click.echo(f"wrote {path} ({code}: {counts.translated} of {counts.total} texts translated, "
                   f"{counts.fallback} printed in the source language)")
    folder = written.html_dir
    if written.html_files:
        click.echo(f"wrote {folder}/ ({len(written.html_files)} files; open index.html to print)")
    for pdf_folder in dict.fromkeys(path.parent for path in written.pdf_files):
        names = ", ".join(path.name for path in written.pdf_files if path.parent == pdf_folder)
        click.echo(f"wrote {pdf_folder}/ PDFs: {names}")
    if written.player is not None:
        click.echo(f"wrote {written.player} (open it in a browser to play)")
    sys.exit(EXIT_OK)


def _size(n: int) -> str:
    if n < 1024:
        return f"{n} bytes"
    return f"{n / 1024:.1f} KiB" if n < 1024 * 1024 else f"{n / 1024 / 1024:.1f} MiB"
