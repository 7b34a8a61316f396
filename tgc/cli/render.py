"""`tgc render BUNDLE`: the print-ready HTML of a bundle file (journal, Book of Secrets,
save sheet, location cards) and, with ``--pdf``, its press-ready PDFs, without the
sources. Exit 0 written, 2 usage error (no such bundle, not a valid bundle, a bad print
profile, no WeasyPrint, the output is a file or cannot be written), 3 internal error."""

from __future__ import annotations

import sys
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING

import click

from tgc.cli.options import EXIT_OK, fail_internal, fail_usage

if TYPE_CHECKING:
    from tgc.bundle.schema import Bundle
    from tgc.render.profile import PrintProfile


@click.command()
@click.argument("bundle", type=click.Path(path_type=Path))
@click.option("-o", "--output", "out_dir", type=click.Path(path_type=Path), default=None,
              help="Folder the pages are written to (default: <campaign>/ beside the bundle).")
@click.option("--html/--no-html", default=True, show_default=True, help="Write the HTML pages.")
@click.option("--pdf", is_flag=True,
              help="Also write the press-ready PDFs (needs tgc[pdf]; the printer profile is the "
                   "[tool.tgc.print] found from the bundle's folder up).")
@click.option("--web", is_flag=True, help="Also write play.html, the web player.")
@click.option("--debug", is_flag=True, help="Print the traceback of an internal error.")
def render(bundle: Path, out_dir: Path | None, html: bool, pdf: bool, web: bool, debug: bool) -> None:
    """Write the printed pages of BUNDLE (a *.bundle.json from `tgc build`).

    The pages are index.html, journal.html, secrets.html, save-sheet.html, cards.html
    and style.css; open one in a browser and print it, or save it as PDF
    (docs/printing.md). Existing files of those names are replaced atomically.
    """
    from tgc.bundle.io import BundleError, load_bundle, write_atomic
    from tgc.render import RenderError, render_site, write_site
    from tgc.render.pdf import open_press, render_pdfs, write_pdfs
    from tgc.render.web import PLAYER, render_player

    if out_dir is not None and out_dir.exists() and not out_dir.is_dir():
        fail_usage(f"{out_dir}: not a folder")
    with open_press() if pdf else nullcontext() as press:  # WeasyPrint loads as the bundle does
        try:
            loaded = load_bundle(bundle)
        except BundleError as err:
            fail_usage(str(err))
        target = out_dir if out_dir is not None else _default_dir(bundle, loaded)
        profile = _profile(bundle) if pdf else None
        try:
            site = render_site(loaded) if html else {}
            pdfs = render_pdfs(loaded, profile, press=press) if profile is not None else {}
            player = render_player(loaded) if web else None
        except RenderError as err:
            fail_usage(f"{bundle}: {err}")
        except Exception as err:  # every exception reaching the CLI is a bug: say so, exit 3
            fail_internal(err, debug)
    try:
        written = write_site(site, target)
        written_pdfs = write_pdfs(pdfs, target)
        if player is not None:
            write_atomic(target / PLAYER, player)
    except RenderError as err:
        fail_usage(str(err))
    except OSError as err:
        fail_usage(f"{target}: cannot write the pages: {err.strerror or err}")
    if written:
        click.echo(f"wrote {target}/ ({len(written)} files; open index.html to print)")
    if written_pdfs:
        click.echo(f"wrote {target}/ PDFs: {', '.join(path.name for path in written_pdfs)}")
    if player is not None:
        click.echo(f"wrote {target / PLAYER} (open it in a browser to play)")
    sys.exit(EXIT_OK)


def _default_dir(path: Path, loaded: Bundle) -> Path:
    """``<campaign>/`` beside the bundle; for a translated edition ``<campaign>.LANG/``,
    named as `tgc build --lang` names it (its title is translated, its file name is not)."""
    from tgc.bundle.paths import BUNDLE_SUFFIX, html_dir

    if loaded.language is None:
        return html_dir(path.parent, loaded.campaign.title)
    if path.name.endswith(BUNDLE_SUFFIX):
        return path.parent / path.name.removesuffix(BUNDLE_SUFFIX)
    return html_dir(path.parent, loaded.campaign.title, loaded.language.code)


def _profile(bundle: Path) -> PrintProfile:
    """The printer profile governing the bundle's folder; its errors end the command."""
    from tgc.diagnostics.config import load_config
    from tgc.diagnostics.model import Severity
    from tgc.diagnostics.render import FORMATS
    from tgc.render.profile import read_profile

    config, _ = load_config(bundle.parent)
    profile, problems = read_profile(config)
    problems = config.apply(problems)
    if problems and config.source is not None:
        text = FORMATS["human"](problems, {config.source.name: config.source}, color=False)
        click.echo(text, nl=not text.endswith("\n"), err=True)
    if any(d.severity is Severity.ERROR for d in problems):
        fail_usage(f"{config.path}: the print profile is invalid")
    return profile
