"""Render stage, colour for the press: the printer's ICC output profile in, the PDFs'
colours converted to DeviceCMYK out (``colour = "cmyk"`` in the printer profile).

WeasyPrint writes every colour of tgc's style sheets as an RGB operator (``r g b rg``
for fills, ``RG`` for strokes: text, borders, backgrounds, the icons' drawings, its own
crop marks). ``finisher`` rewrites each of them, in every content stream of the PDF just
before WeasyPrint writes it, as the CMYK operator (``c m y k k``, ``K``) the printer's
profile gives; the ``@color-profile device-cmyk`` rule (``colour_rule``) makes WeasyPrint
embed that profile as the document's PDF/X OutputIntent. The conversion is LittleCMS's
(Pillow's ``ImageCms``, which WeasyPrint depends on): sRGB to the press, relative
colorimetric with black-point compensation, except for dark neutral colours (the text's
ink, the rules), which print on the black plate alone, with the black that has their
lightness on that press: text in four inks blurs when the plates are a hair out of
register.

Example:
    >>> _rgb(b"0.113725 0.101961 0.086275 rg")
    ((29, 26, 22), b'k')
    >>> _rgb(b"/a1.0 gs") is None
    True
"""

from __future__ import annotations

import base64
import io
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from markupsafe import Markup

# A dark neutral (the text's ink, the muted text, the rules: CIE chroma under 10 and
# lightness under 60) prints with black ink alone; light tints keep their colour.
CHROMA = 10.0
LIGHTNESS = 60.0
_RGB = re.compile(rb"(\d*\.?\d+) (\d*\.?\d+) (\d*\.?\d+) (rg|RG)")

CMYK = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class Icc:
    """A printer's ICC output profile: its file name (for messages), its bytes and the
    description it gives itself (the OutputIntent's condition)."""

    name: str
    data: bytes
    description: str


def check_icc(data: bytes) -> str | None:
    """Why ``data`` is not a CMYK output profile (None: it is one). Reads the ICC header
    only, so the profile is checked where the printer profile is read, without the pdf
    extra: the size, the ``acsp`` signature, the device class and the colour space."""
    if len(data) < 132 or data[36:40] != b"acsp":
        return "not an ICC profile"
    if int.from_bytes(data[0:4], "big") != len(data):
        return "a truncated ICC profile"
    if data[16:20] != b"CMYK":
        space = data[16:20].decode("ascii", "replace").strip()
        return f"an ICC profile of {space}, not of CMYK"
    if data[12:16] != b"prtr":
        return "an ICC profile, but not an output (printer) profile"
    return None


def colour_rule(icc: Icc | None) -> Markup:
    """The style sheet's ``@color-profile`` rule that makes the profile the document's
    OutputIntent ("" for RGB). A ``data:`` URL: WeasyPrint's fetcher refuses all else."""
    if icc is None:
        return Markup("")
    url = "data:application/vnd.iccprofile;base64," + base64.b64encode(icc.data).decode("ascii")
    return Markup(f"@color-profile device-cmyk {{ src: url({url}); components: c, m, y, k; }}\n")


def finisher(icc: Icc) -> Callable[[Any, Any], None]:
    """WeasyPrint's ``finisher``: every RGB colour operator of the PDF (a ``pydyf.PDF``)
    replaced by its CMYK one on the profile's press."""
    convert = converter(icc.data)

    def finish(document: Any, pdf: Any) -> None:
        import pydyf

        for obj in pdf.objects:
            if not isinstance(obj, pydyf.Stream):
                continue
            if _is_icc(obj):  # LittleCMS wrote it again: the printer's own bytes go to press
                obj.stream = [icc.data]
            else:
                obj.stream = [_convert(item, convert) for item in obj.stream]

    return finish


def _is_icc(stream: Any) -> bool:
    """Whether a PDF stream is the embedded CMYK profile (``/N 4`` and an ICC header)."""
    if dict(stream.extra) != {"N": 4} or len(stream.stream) != 1:
        return False
    data = stream.stream[0]
    return isinstance(data, bytes) and data[36:40] == b"acsp"


def _convert(item: Any, convert: Callable[[tuple[int, int, int]], CMYK]) -> Any:
    found = _rgb(item) if isinstance(item, bytes) else None
    if found is None:
        return item
    rgb, op = found
    return " ".join(f"{v:g}" for v in convert(rgb)).encode("ascii") + b" " + op


def _rgb(item: bytes) -> tuple[tuple[int, int, int], bytes] | None:
    """The colour and CMYK operator of one RGB colour operation (None: another operation)."""
    if not item.endswith((b" rg", b" RG")) or len(item) > 64:
        return None
    match = _RGB.fullmatch(item)
    if match is None:
        return None
    r, g, b = (min(255, round(float(match[n]) * 255)) for n in (1, 2, 3))
    return (r, g, b), (b"k" if match[4] == b"rg" else b"K")


def cut_colour(cmyk: bool) -> str:
    """The colour operator of the sheets' cut marks: black ink, in the document's space."""
    return "0 0 0 1 K" if cmyk else "0 G"


@lru_cache(maxsize=4)
def converter(data: bytes) -> Callable[[tuple[int, int, int]], CMYK]:
    """sRGB to the profile's CMYK, one colour at a time (each remembered)."""
    from PIL import Image, ImageCms

    srgb, lab = ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB")
    press = ImageCms.ImageCmsProfile(io.BytesIO(data))
    intent = ImageCms.Intent.RELATIVE_COLORIMETRIC
    to_press = ImageCms.buildTransform(srgb, press, "RGB", "CMYK", intent,
                                       flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    to_lab = ImageCms.buildTransform(srgb, lab, "RGB", "LAB", intent)
    ramp = Image.new("CMYK", (256, 1))
    ramp.putdata([(0, 0, 0, k) for k in range(256)])
    blacks = ImageCms.applyTransform(ramp, ImageCms.buildTransform(press, lab, "CMYK", "LAB", intent))
    lightness = [_pixel(blacks, k)[0] for k in range(256)]

    @cache
    def convert(rgb: tuple[int, int, int]) -> CMYK:
        pixel = Image.new("RGB", (1, 1), rgb)
        ell, a, b = _pixel(ImageCms.applyTransform(pixel, to_lab))
        # Pillow's L* runs from 0 to 255, its a* and b* are offset by 128
        if ((a - 128) ** 2 + (b - 128) ** 2) ** 0.5 < CHROMA and ell * 100 / 255 < LIGHTNESS:
            k = min(range(256), key=lambda n: abs(lightness[n] - ell))
            return (0.0, 0.0, 0.0, round(k / 255, 4))
        c, m, y, k = _pixel(ImageCms.applyTransform(pixel, to_press))
        return (round(c / 255, 4), round(m / 255, 4), round(y / 255, 4), round(k / 255, 4))

    return convert


def _pixel(image: Any, x: int = 0) -> tuple[int, ...]:
    """One pixel's channels (Pillow types a pixel loosely)."""
    assert image is not None
    value = image.getpixel((x, 0))
    assert isinstance(value, tuple)
    return tuple(int(v) for v in value)
