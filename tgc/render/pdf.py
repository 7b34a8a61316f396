"""Render stage, the press: a Bundle and a printer profile in, the PDFs out (the books,
set by WeasyPrint from tgc's own HTML). WeasyPrint is the optional extra ``tgc[pdf]``;
without it ``render_pdfs`` raises ``PdfUnavailable`` with the command that installs it.

WeasyPrint is given one string of HTML with its style sheet inside and a fetcher that
refuses every URL but ``data:`` (tgc's own icons; author text never reaches an attribute
unescaped), so a bundle from anywhere can make it read nothing (no file, no network).
Every PDF is made before the first one is written; each is written atomically.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any, NamedTuple

from tgc.bundle import schema as s
from tgc.bundle.io import write_atomic
from tgc.collector import paused_gc
from tgc.lexicon import speaking
from tgc.render import colour, deck, printcheck
from tgc.render.book import render_book
from tgc.render.places import Places
from tgc.render.printcheck import Finding
from tgc.render.profile import PrintProfile, Size
from tgc.render.site import RenderError, check_verses, render_sheet
from tgc.render.speech import edition

JOURNAL_PDF = "journal.pdf"
SECRETS_PDF = "secrets.pdf"
SHEET_PDF = "save-sheet.pdf"
INSTALL = "pip install 'tgc[pdf]'"


class PdfUnavailable(RenderError):
    """WeasyPrint (the ``pdf`` extra) is not installed, or its system libraries are not."""


def render_pdfs(bundle: s.Bundle, profile: PrintProfile, findings: list[Finding] | None = None,
                jobs: int | None = None, press: Press | None = None) -> dict[str, bytes]:
    """Every PDF of the bundle, by file name: the Exploration Journal and the Book of
    Secrets as books of the profile's trim size; the cards, one file per card size; the
    print-and-play sheets on A4 and Letter for long-edge and short-edge duplex; the
    fillable save sheet. With ``findings``, the print checks of the laid-out pages are
    added to it. The documents are set in ``press`` when given (see ``open_press``), else
    in ``jobs`` processes (None: one per core, at most two); the bytes are the same
    however many."""
    places, pages = _pages(bundle, profile, sheet=True, loaded=press is not None)
    with _pressing(press, jobs, len(pages)) as submit:
        return Setting(places, pages, profile, submit, write=True).finish(findings)


def start_pdfs(bundle: s.Bundle, profile: PrintProfile, press: Press | None) -> Setting:
    """``render_pdfs`` in two halves, for a build that has other pages to make: the
    documents handed to ``press`` (None: set here and now, one after another), to be
    collected with ``Setting.finish`` once those pages are made."""
    places, pages = _pages(bundle, profile, sheet=True, loaded=press is not None)
    return Setting(places, pages, profile, press.pool.submit if press is not None else _here, write=True)


def check_print(bundle: s.Bundle, profile: PrintProfile, jobs: int | None = None,
                press: Press | None = None) -> list[Finding]:
    """The print checks alone (`tgc check --print`): the pages laid out, nothing written."""
    places, pages = _pages(bundle, profile, sheet=False, loaded=press is not None)
    findings: list[Finding] = []
    with _pressing(press, jobs, len(pages)) as submit:
        Setting(places, pages, profile, submit, write=False).finish(findings)
    return findings


class Pressed(NamedTuple):
    """One document set by WeasyPrint, as the print checks and the writer need it: the
    PDF (empty when only checked), the page each anchor prints on, the page count, and
    a card document's findings (read from its layout, which stays in the process that
    made it)."""

    pdf: bytes
    anchors: dict[str, int]
    pages: int
    cards: list[Finding]


class Press:
    """The worker processes the documents are set in. WeasyPrint sets one document on
    one core and the sample's journal alone is half of its `--pdf` build, so two cores
    set two documents at once. Opened at the start of a run (``open_press``), the
    workers load WeasyPrint while the main process still reads and checks the campaign,
    which never imports it: its second of start-up is then off the build's critical
    path. Workers are forked and are sent HTML and return bytes and numbers only."""

    def __init__(self, workers: int) -> None:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        self.workers = workers
        self.pool = ProcessPoolExecutor(max_workers=workers, initializer=_load,
                                        mp_context=multiprocessing.get_context("fork"))
        self.pool.submit(int)  # a forking pool starts every worker at its first task

    def close(self) -> None:
        self.pool.shutdown(cancel_futures=True)


@contextmanager
def open_press(jobs: int | None = None) -> Iterator[Press | None]:
    """A ``Press`` for the run, closed when the run ends however it ends; None when the
    machine (or ``jobs``) allows one process only: the documents are then set one after
    another in the calling process."""
    count = _workers(jobs, len(_DOCUMENTS))
    press = Press(count) if count > 1 else None
    try:
        yield press
    finally:
        if press is not None:
            press.close()


_DOCUMENTS = ("journal", "secrets", "cards", "more cards", "save sheet")  # at most, a run's


def _load() -> None:
    """A worker's start: WeasyPrint, pypdf and the press's own modules imported once. A
    missing library is said by the first document it is asked to set (``_press``)."""
    try:
        _weasyprint()
    except PdfUnavailable:
        return
    from tgc.render import impose  # noqa: F401  (the sheets are imposed in the workers)


Submit = Callable[..., "Future[Any]"]


@contextmanager
def _pressing(press: Press | None, jobs: int | None, documents: int) -> Iterator[Submit]:
    """How the documents are set: in the run's press, in a pool of this call's own, or
    one after another here."""
    if press is not None:
        yield press.pool.submit
        return
    count = _workers(jobs, documents)
    if count <= 1:
        yield _here
        return
    own = Press(count)
    try:
        yield own.pool.submit
    finally:
        own.close()


def _here(function: Callable[..., Any], *args: Any) -> Future[Any]:
    """``function(*args)`` run at once in this process, as a finished future."""
    done: Future[Any] = Future()
    done.set_result(function(*args))
    return done


class Setting:
    """Documents handed to the press and not collected yet, the longest first (it ends
    last)."""

    def __init__(self, places: Places, pages: dict[str, str], profile: PrintProfile, submit: Submit,
                 write: bool) -> None:
        self.places, self.pages, self.profile, self.submit = places, pages, profile, submit
        tasks = sorted(pages, key=lambda name: -len(pages[name]))
        self.futures = {name: submit(_press, name, pages[name], profile, write) for name in tasks}
        self.write = write

    def finish(self, findings: list[Finding] | None = None) -> dict[str, bytes]:
        """Every PDF by file name (none when only checked), the print-and-play sheets
        imposed from the card PDFs in whichever worker is free (the journal is most
        likely still being set); with ``findings``, the print checks' are added to it."""
        sheets = self._sheets() if self.write else {}
        pressed = {name: self.futures[name].result() for name in self.pages}
        if findings is not None:
            findings += _findings(self.places, pressed, self.profile)
        done = {name: future.result() for name, future in sheets.items()}
        return {**{name: one.pdf for name, one in pressed.items()}, **done} if self.write else {}

    def _sheets(self) -> dict[str, Future[bytes]]:
        from tgc.render.impose import impose

        sizes = deck.by_size(deck.deck(self.places), self.profile)
        faces = [(size, self.futures[cards_pdf(size)].result().pdf) for size in sizes]
        cmyk = self.profile.press_icc is not None
        return {f"sheets-{paper}-{edge}-edge.pdf": self.submit(impose, faces, paper_size, edge,
                                                               self.profile.marks, cmyk)
                for paper, paper_size in deck.SHEETS.items() for edge in deck.EDGES}


def _pages(bundle: s.Bundle, profile: PrintProfile, sheet: bool,
           loaded: bool = False) -> tuple[Places, dict[str, str]]:
    """Each PDF's HTML, by file name (with ``sheet``, the save sheet's too). Unless the
    workers have ``loaded`` WeasyPrint themselves, it is asked for first, so a missing
    library is said before any page is made."""
    if not loaded:
        _weasyprint()
    places = Places(bundle)
    check_verses(bundle, places)
    with paused_gc(), speaking(edition(bundle)):
        pages = {JOURNAL_PDF: render_book(places, "journal", profile),
                 SECRETS_PDF: render_book(places, "secrets", profile)}
        for size, cards in deck.by_size(deck.deck(places), profile).items():
            pages[cards_pdf(size)] = deck.render_cards(places, size, cards, profile)
        if sheet:
            pages[SHEET_PDF] = render_sheet(places, profile)
    return places, pages


def _workers(jobs: int | None, documents: int) -> int:
    if jobs is not None:
        return max(1, min(jobs, documents))
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        cores = os.cpu_count() or 1
    return max(1, min(2, cores, documents))


def _press(name: str, html: str, profile: PrintProfile, write: bool) -> Pressed:
    """One document: laid out, read for the print checks, and written with ``write`` (the
    save sheet with its form fields and, as it is printed at home, never as PDF/X)."""
    document = layout(_weasyprint(), html, forms=name == SHEET_PDF)
    cards = printcheck.card_findings(document) if name.startswith("cards-") else []
    pdf = b""
    if write:
        home = replace(profile, variant=None, colour="rgb")  # the save sheet is printed at home
        pdf = write_pdf(document, html, home if name == SHEET_PDF else profile)
    return Pressed(pdf, printcheck.pages_of(document), len(document.pages), cards)
def _findings(places: Places, pressed: dict[str, Pressed], profile: PrintProfile) -> list[Finding]:
    out: list[Finding] = []
    for name, done in pressed.items():
        if name in (JOURNAL_PDF, SECRETS_PDF):
            book = name.removesuffix(".pdf")
            out += printcheck.spoiler_findings(places, done.anchors)
            out += printcheck.signature_findings(book, done.pages, profile.signature)
        else:
            out += done.cards
    return out


def cards_pdf(size: Size) -> str:
    """``cards-63x88.pdf``: the card PDF of one size."""
    return f"cards-{size.label}.pdf"


def layout(html_class: Any, html: str, forms: bool = False) -> Any:
    """WeasyPrint's layout of one page of HTML (fetching nothing); with ``forms``, its
    inputs become the PDF's form fields (AcroForm)."""
    from weasyprint.urls import URLFetcher

    # data: only, for tgc's own icons: an image inside the page, so nothing is fetched
    fetcher = URLFetcher(allowed_protocols=("data",))
    return html_class(string=html, url_fetcher=fetcher).render(pdf_forms=forms)


def write_pdf(document: Any, html: str, profile: PrintProfile) -> bytes:
    """One PDF from one laid-out document, its colours converted to CMYK when the profile
    says so (the document then carries the press's profile as its OutputIntent, from the
    style sheet's ``@color-profile``). Its identifier is a hash of the HTML, so the same
    bundle and profile always give the same bytes."""
    identifier = hashlib.sha256(html.encode("utf-8")).hexdigest()[:32].encode("ascii")
    icc = profile.press_icc
    with _fixed_clock():
        data = document.write_pdf(pdf_identifier=identifier, pdf_variant=profile.variant,
                                  custom_metadata=False, finisher=colour.finisher(icc) if icc else None)
    assert isinstance(data, bytes)
    return data


@contextmanager
def _fixed_clock() -> Iterator[None]:
    """fontTools stamps every font subset with the time unless SOURCE_DATE_EPOCH is set
    (the reproducible-builds convention); a value the user set is kept."""
    if "SOURCE_DATE_EPOCH" in os.environ:
        yield
        return
    os.environ["SOURCE_DATE_EPOCH"] = "0"
    try:
        yield
    finally:
        del os.environ["SOURCE_DATE_EPOCH"]


def write_pdfs(pdfs: dict[str, bytes], out_dir: Path) -> list[Path]:
    """Write each PDF atomically into ``out_dir`` (created if needed), in name order."""
    if out_dir.exists() and not out_dir.is_dir():
        raise RenderError(f"{out_dir}: not a folder")
    written = []
    for name in sorted(pdfs):
        if "/" in name or name.startswith(".") or not name.endswith(".pdf"):
            raise ValueError(f"not a PDF file name: {name}")
        write_atomic(out_dir / name, pdfs[name])
        written.append(out_dir / name)
    return written


def _weasyprint() -> Any:
    """WeasyPrint's ``HTML`` class (untyped: WeasyPrint ships no type information)."""
    try:
        import pypdf  # noqa: F401  (the sheets are imposed with it)
        from weasyprint import HTML
    except ImportError as err:
        raise PdfUnavailable(f"PDF output needs WeasyPrint and pypdf: {INSTALL} ({err})") from None
    except OSError as err:  # its system libraries (Pango) are missing
        raise PdfUnavailable(f"WeasyPrint cannot load its system libraries ({err}); on Debian: "
                             "apt-get install libpango-1.0-0 libpangoft2-1.0-0") from None
    return HTML
