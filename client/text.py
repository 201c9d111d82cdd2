"""One way to fit text in a box for the whole client: wrap, shrink to a floor, then ellipsis.

Every text the client draws goes through here, so three things hold everywhere:

- `fit(string, size, width, height)` wraps at word boundaries; when the lines do not fit
  the box it shrinks the font, one pixel at a time in effect (a binary search over
  sizes), down to the floor (ART.md: 14 px at UI scale 1.0, scaled with it, see
  `set_scale`); only at the floor does it break inside a word and, if the box is still
  too small, end the last line with "…". The result keeps the whole string (`full`)
  for a tooltip. Results are cached, so a label drawn every frame is measured once.
- The work is linear in the string and bounded by what the box can show: a seat name
  of 100,000 characters costs no more than a page of text (no shortening loop that
  re-measures the string once per dropped character).
- `draw` and `label` blit through one function that, while an audit is recording
  (`recording()`), notes every placed text: its string, where its ink landed, the box
  it was given, whether it was shortened and whether the surface's clip cut it. The
  layout audit test (`tests/client/test_layout_audit.py`) reads those notes.

pygame_gui widgets render their own words; `button` and `fit_widget_text` choose their
label (a smaller themed font, then an ellipsis with the whole text in the tooltip) with
the same rules, and `widget_problems` checks what a widget really shows.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pygame

from client import resources

ELLIPSIS = "…"
FLOOR_AT_SCALE_1 = 14
ABSOLUTE_FLOOR = 12  # below the 1024×640 window's 0.8 scale nothing shrinks further
_CACHE_LIMIT = 4096

_scale = 1.0


def set_scale(scale: float) -> None:
    """The UI scale (window × setting): the floor every fit shrinks to follows it."""
    global _scale
    _scale = scale


def floor_px(scale: float | None = None) -> int:
    """The smallest text size in pixels at `scale` (default: the current UI scale)."""
    s = _scale if scale is None else scale
    return max(ABSOLUTE_FLOOR, round(FLOOR_AT_SCALE_1 * s))


# -- fitting ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Fit:
    """Lines to draw at `size`: the outcome of fitting `full` in a box."""

    lines: tuple[str, ...]
    size: int
    bold: bool
    full: str
    elided: bool  # shortened with "…": the full text belongs in a tooltip
    width: int  # of the widest line, in pixels
    height: int  # of the whole block
    line_height: int

    @property
    def shown(self) -> str:
        return "\n".join(self.lines)


def _advances(font: pygame.font.Font, string: str) -> list[int]:
    """Each character's advance width, measured in one call (linear time)."""
    return [m[4] if m else 0 for m in font.metrics(string)]


def _wrap(
    string: str,
    font: pygame.font.Font,
    width: int,
    max_lines: int | None,
    break_words: bool,
) -> tuple[list[str], bool] | None:
    """Greedy word wrap of `string` into `width` pixels. Returns (lines, overflow) where
    overflow means text was left over after `max_lines`; None when a word alone is wider
    than `width` and `break_words` is off. Each character is looked at a bounded number
    of times (a line's tail is rescanned once after a break), so this is linear."""
    adv = _advances(font, string)
    n = len(string)
    lines: list[str] = []
    i = 0
    while i <= n:
        if max_lines is not None and len(lines) >= max_lines:
            return lines, i < n
        j, w, last_space = i, 0, -1
        broke = False
        while j < n:
            ch = string[j]
            if ch == "\n":
                break
            if ch == " ":
                last_space = j
            elif w + adv[j] > width:
                if last_space > i:
                    lines.append(string[i:last_space].rstrip(" "))
                    i = last_space + 1
                    while i < n and string[i] == " ":
                        i += 1
                else:
                    if not break_words:
                        return None
                    cut = max(j, i + 1)
                    lines.append(string[i:cut])
                    i = cut
                broke = True
                break
            w += adv[j]
            j += 1
        if broke:
            if i >= n:
                break
            continue
        lines.append(string[i:j].rstrip(" "))
        i = j + 1  # past the newline (or past the end)
    return lines, False


def _wrap_measured(
    string: str,
    font: pygame.font.Font,
    width: int,
    max_lines: int | None,
    break_words: bool,
) -> tuple[list[str], bool] | None:
    """`_wrap`, then each line measured as rendered (hinting can make a line a pixel or
    two wider than its summed advances): a line too wide wraps again a little narrower."""
    target = width
    wrapped = _wrap(string, font, target, max_lines, break_words)
    for _ in range(3):
        if wrapped is None:
            return None
        excess = max((font.size(line)[0] for line in wrapped[0]), default=0) - width
        if excess <= 0:
            break
        target -= excess
        wrapped = _wrap(string, font, max(1, target), max_lines, break_words)
    return wrapped


def _elide(line: str, font: pygame.font.Font, width: int) -> str:
    """The longest start of `line` that fits `width` with "…" after it (linear)."""
    room = width - font.size(ELLIPSIS)[0]
    total, cut = 0, 0
    for k, a in enumerate(_advances(font, line)):
        if total + a > room:
            break
        total += a
        cut = k + 1
    return line[:cut].rstrip(" ") + ELLIPSIS


def _line_limit(font: pygame.font.Font, height: int | None, max_lines: int | None) -> int | None:
    limit = max_lines
    if height is not None:
        by_height = max(1, (height - font.get_height()) // max(1, font.get_linesize()) + 1)
        limit = by_height if limit is None else min(limit, by_height)
    return limit


def _bounded(string: str, size: int, width: int, limit: int | None) -> tuple[str, bool]:
    """The part of `string` a box of `limit` lines could possibly show (every glyph of
    Noto Sans is at least a fifth of the size wide), so a huge string costs no more than
    a full box. The flag says text was cut off here."""
    if limit is None:
        return string, False
    cap = limit * (width * 5 // max(1, size) + 2) + 8
    if len(string) <= cap:
        return string, False
    return string[:cap], True


def _try(
    string: str, size: int, width: int, height: int | None, max_lines: int | None, bold: bool
) -> tuple[list[str], pygame.font.Font] | None:
    """Lines at `size` if the whole string fits without breaking a word, else None."""
    font = resources.font(size, bold)
    limit = _line_limit(font, height, max_lines)
    part, cut = _bounded(string, size, width, limit)
    wrapped = _wrap_measured(part, font, width, limit, break_words=False)
    if wrapped is None or wrapped[1] or cut:
        return None
    return wrapped[0], font


_FITS: OrderedDict[tuple[Any, ...], Fit] = OrderedDict()


def fit(
    string: str,
    size: int,
    width: int,
    height: int | None = None,
    *,
    bold: bool = False,
    floor: int | None = None,
    max_lines: int | None = None,
) -> Fit:
    """Fit `string` in a box `width` × `height` pixels (no height: as many lines as it
    takes; `max_lines` caps them), starting at `size` px and never below `floor` (default:
    the UI scale's floor). Cached."""
    low = floor_px() if floor is None else floor
    size = max(1, int(size))
    low = min(low, size)
    width = max(1, int(width))
    key = (string, size, width, height, bold, low, max_lines)
    cached = _FITS.get(key)
    if cached is not None:
        _FITS.move_to_end(key)
        return cached
    result = _fit(string, size, width, height, bold, low, max_lines)
    _FITS[key] = result
    if len(_FITS) > _CACHE_LIMIT:
        _FITS.popitem(last=False)
    return result


def _fit(
    string: str,
    size: int,
    width: int,
    height: int | None,
    bold: bool,
    low: int,
    max_lines: int | None,
) -> Fit:
    found = _try(string, size, width, height, max_lines, bold)
    best = size
    if found is None:
        lo, hi = low, size - 1  # the largest size in [lo, hi] that fits
        while lo <= hi:
            mid = (lo + hi) // 2
            attempt = _try(string, mid, width, height, max_lines, bold)
            if attempt is None:
                hi = mid - 1
            else:
                found, best, lo = attempt, mid, mid + 1
    elided = False
    if found is None:
        best = low
        font = resources.font(low, bold)
        limit = _line_limit(font, height, max_lines)
        part, cut = _bounded(string, low, width, limit)
        wrapped = _wrap_measured(part, font, width, limit, break_words=True)
        assert wrapped is not None
        lines, overflow = wrapped
        if overflow or cut:
            elided = True
            lines = lines or [""]
            lines[-1] = _elide(lines[-1], font, width)
    else:
        lines, font = found
    widths = [font.size(line)[0] for line in lines] or [0]
    # Kerning can make a measured line a pixel or two wider than the summed advances.
    if max(widths) > width:
        pairs = zip(lines, widths, strict=True)
        lines = [_elide(line, font, width) if w > width else line for line, w in pairs]
        widths = [font.size(line)[0] for line in lines]
        elided = True
    count = max(1, len(lines))
    block = font.get_height() + (count - 1) * font.get_linesize()
    return Fit(
        tuple(lines) or ("",),
        best,
        bold,
        string,
        elided,
        max(widths),
        block,
        font.get_linesize(),
    )


def wrap(string: str, size: int, width: int, bold: bool = False) -> list[str]:
    """`string` in lines no wider than `width` at exactly `size` px (words longer than a
    line are broken). Linear time."""
    font = resources.font(size, bold)
    wrapped = _wrap_measured(string, font, max(1, width), None, break_words=True)
    assert wrapped is not None
    return wrapped[0]


def one_line(
    string: str, size: int, width: int, *, bold: bool = False, floor: int | None = None
) -> Fit:
    """`fit` on a single line."""
    return fit(string, size, width, None, bold=bold, floor=floor, max_lines=1)


# -- drawing ----------------------------------------------------------------------------
@dataclass
class Placed:
    """One text drawn during an audited frame."""

    string: str  # what was shown (with "…" if shortened)
    full: str
    ink: pygame.Rect  # where its pixels landed, in the surface's top-level coordinates
    box: pygame.Rect | None  # the box it had to fit (None: a free label)
    clip: pygame.Rect  # the visible area of the surface it went on
    on_screen: bool  # drawn on the window (else on an off-screen image, e.g. a card)
    elided: bool
    free_text: bool  # a player's own words (a seat name): an ellipsis is expected
    target: int
    layer: int = 0
    owner: str = ""


@dataclass
class Recording:
    placed: list[Placed] = field(default_factory=list)
    layer: int = 0
    layers: int = 0  # layers opened so far: each `layer` block gets its own
    owner: str = ""
    rendered: set[str] = field(default_factory=set)  # every string rendered meanwhile
    # Opaque boxes a layer painted on the window: (box, its layer, how many texts were
    # placed before it), so the audit can tell a text hidden under one.
    covers: list[tuple[pygame.Rect, int, int, str]] = field(default_factory=list)
    shown: set[str] = field(default_factory=set)  # every line placed through here

    def unplaced(self) -> set[str]:
        """Strings rendered but never placed through this module: drawn past the audit."""
        return {s for s in self.rendered - self.shown if s.strip()}


_recording: Recording | None = None


@contextmanager
def recording() -> Iterator[Recording]:
    """Note every text placed while inside (for the layout audit)."""
    global _recording
    previous, hook = _recording, resources.render_hook
    _recording = Recording()
    resources.render_hook = _recording.rendered.add
    try:
        yield _recording
    finally:
        _recording, resources.render_hook = previous, hook


@contextmanager
def layer(name: str = "", cover: pygame.Rect | None = None) -> Iterator[None]:
    """Texts drawn inside sit on their own layer, above what is drawn before and after
    (a tooltip, a speech balloon, a note over the table's edge): the audit does not call
    them overlapping texts outside the block, only each other. `cover`: the window area
    the block paints opaque (a balloon), which must not hide any text drawn before it."""
    rec = _recording
    if rec is None:
        yield
        return
    rec.layers += 1
    saved, owner = rec.layer, rec.owner
    rec.layer, rec.owner = rec.layers, name or rec.owner
    if cover is not None:  # what it paints over must not be text drawn before it
        rec.covers.append((pygame.Rect(cover), rec.layer, len(rec.placed), name))
    try:
        yield
    finally:
        rec.layer, rec.owner = saved, owner


def _note(
    surface: pygame.Surface,
    img: pygame.Surface,
    rect: pygame.Rect,
    shown: str,
    full: str,
    box: pygame.Rect | None,
    elided: bool,
    free_text: bool,
) -> None:
    rec = _recording
    if rec is None or not shown.strip():
        return
    rec.shown.update(shown.split("\n"))
    offset = surface.get_abs_offset()
    parent = surface.get_abs_parent()
    ink = img.get_bounding_rect().move(rect.topleft).move(offset)
    clip = surface.get_clip().move(offset)
    screen = pygame.display.get_surface()
    rec.placed.append(
        Placed(
            shown,
            full,
            ink,
            None if box is None else pygame.Rect(box).move(offset),
            clip,
            screen is not None and parent is screen,
            elided,
            free_text,
            id(parent),
            rec.layer,
            rec.owner,
        )
    )


_frame_tips: list[tuple[pygame.Rect, str]] = []


def begin_frame() -> None:
    """A new frame is being drawn: forget the last one's shortened texts."""
    _frame_tips.clear()


def tip_at(pos: tuple[int, int]) -> str | None:
    """The whole text of a shortened text drawn on the window under `pos`, if any."""
    for rect, full in reversed(_frame_tips):
        if rect.collidepoint(pos):
            return full
    return None


_BLOCKS: OrderedDict[tuple[Any, ...], pygame.Surface] = OrderedDict()


def render(f: Fit, colour: tuple[int, ...], align: str = "left") -> pygame.Surface:
    """The fitted lines as one image (cached): `align` is left, center or right."""
    key = (f, tuple(colour), align)
    img = _BLOCKS.get(key)
    if img is not None:
        _BLOCKS.move_to_end(key)
        return img
    if len(f.lines) == 1:
        img = resources.text(f.lines[0], f.size, colour, f.bold)
    else:
        img = pygame.Surface((max(1, f.width), f.height), pygame.SRCALPHA)
        for i, line in enumerate(f.lines):
            part = resources.text(line, f.size, colour, f.bold)
            x = {"left": 0, "center": (f.width - part.get_width()) // 2}.get(
                align, f.width - part.get_width()
            )
            img.blit(part, (x, i * f.line_height))
    _BLOCKS[key] = img
    if len(_BLOCKS) > _CACHE_LIMIT // 4:
        _BLOCKS.popitem(last=False)
    return img


def place(box: pygame.Rect, size: tuple[int, int], align: str, valign: str) -> pygame.Rect:
    """Where an image of `size` sits inside `box`."""
    rect = pygame.Rect((0, 0), size)
    rect.x = {"left": box.x, "center": box.centerx - size[0] // 2}.get(align, box.right - size[0])
    rect.y = {"top": box.y, "middle": box.centery - size[1] // 2}.get(valign, box.bottom - size[1])
    return rect


def draw(
    surface: pygame.Surface,
    string: str,
    box: pygame.Rect,
    size: int,
    colour: tuple[int, ...],
    *,
    bold: bool = False,
    align: str = "left",
    valign: str = "top",
    floor: int | None = None,
    max_lines: int | None = None,
    tips: list[tuple[pygame.Rect, str]] | None = None,
    free_text: bool = False,
) -> pygame.Rect:
    """Fit `string` in `box` and draw it there; returns the rect it covers. When it had
    to be shortened, the whole text becomes that rect's tooltip: in `tips` if given,
    else (drawn on the window) until the next frame (`tip_at`)."""
    box = pygame.Rect(box)
    f = fit(string, size, box.w, box.h, bold=bold, floor=floor, max_lines=max_lines)
    img = render(f, colour, align)
    rect = place(box, img.get_size(), align, valign)
    surface.blit(img, rect)
    _note(surface, img, rect, f.shown, string, box, f.elided, free_text)
    if f.elided:
        if tips is not None:
            tips.append((rect, string))
        elif surface.get_abs_parent() is pygame.display.get_surface():
            _frame_tips.append((rect.move(surface.get_abs_offset()), string))
    return rect


def label(
    surface: pygame.Surface,
    string: str,
    size: int,
    pos: tuple[int, int],
    colour: tuple[int, ...],
    *,
    bold: bool = False,
    anchor: str = "topleft",
) -> pygame.Rect:
    """A short text with no box (a number, a word beside an icon), anchored at `pos`.
    It is still noted for the audit, which checks it against the surface and the other
    texts. Anything that could be long belongs in `draw` with a box."""
    img = resources.text(string, max(1, int(size)), colour, bold)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    _note(surface, img, rect, string, string, None, False, False)
    return rect


def blit(
    surface: pygame.Surface,
    img: pygame.Surface,
    pos: Any,
    string: str,
    box: pygame.Rect | None = None,
    full: str | None = None,
) -> pygame.Rect:
    """Blit an already rendered text image (a shadowed number, one line of a fitted
    name), noting it like `label` does; `full`: the whole text when this was shortened."""
    rect = surface.blit(img, pos)
    elided = full is not None and full != string and string.endswith(ELLIPSIS)
    _note(surface, img, img.get_rect(topleft=rect.topleft), string, full or string, box,
          elided, False)
    return rect


# -- pygame_gui widgets -------------------------------------------------------------------
# Each themed button style: (object id, font size at scale 1, bold). The theme also holds
# one smaller variant per pixel down to the floor, "<id>_<px>", which `button` picks from.
BUTTON_STYLES: dict[str, tuple[str | None, int, bool]] = {
    "button": (None, 17, False),
    "accent": ("#accent", 18, True),
    "menu_button": ("#menu_button", 22, True),
    "menu_accent": ("#menu_accent", 22, True),
}


def theme_px(base: int, scale: float) -> int:
    """A themed widget font's size (the theme never goes under 14 px)."""
    return max(FLOOR_AT_SCALE_1, round(base * scale))


def widget_floor(scale: float) -> int:
    return min(theme_px(14, scale), floor_px(scale))


def button_inner_width(width: int, scale: float) -> int:
    """The width a themed button leaves its words (border, rounded corners, a margin)."""
    return width - 2 * max(2, round(6 * scale)) - 2 * max(3, round(4 * scale))


def fit_widget_text(
    string: str, width: int, style: str, scale: float, most: int = 0
) -> tuple[str, str | None, bool]:
    """(label, object id, shortened) for a button `width` px wide in `style`: the themed
    size if it fits, else the largest smaller themed size that does, else an ellipsis at
    the floor. `most`: no larger than this (a row of buttons sharing one size)."""
    base_id, base, bold = BUTTON_STYLES[style]
    px = theme_px(base, scale)
    if most:
        px = max(widget_floor(scale), min(px, most))
    inner = button_inner_width(width, scale)
    low = widget_floor(scale)
    f = one_line(string, px, inner, bold=bold, floor=low)
    name = base_id or "#button"
    object_id = base_id if f.size == theme_px(base, scale) else f"{name}_{f.size}"
    return f.lines[0], object_id, f.elided


def button(
    rect: pygame.Rect,
    string: str,
    manager: Any,
    *,
    scale: float,
    style: str = "button",
    tip: str | None = None,
    container: Any = None,
    most: int = 0,
) -> Any:
    """A pygame_gui button whose words fit: a smaller font, then "…" with the whole text
    at the head of its tooltip (`most`: a largest size, for a row that shares one)."""
    import pygame_gui

    shown, object_id, elided = fit_widget_text(string, rect.w, style, scale, most)
    if elided:
        tip = string if not tip else f"{string}\n\n{tip}"
    kwargs: dict[str, Any] = {"tool_tip_text": tip or None, "object_id": object_id}
    if container is not None:
        kwargs["container"] = container
    made = pygame_gui.elements.UIButton(rect, shown, manager, **kwargs)
    if elided:
        made.shortened_from = string  # type: ignore[attr-defined]  # the audit reports it
    return made


def shared_size(labels: list[tuple[str, int]], style: str, scale: float) -> int:
    """One font size for a row of buttons ((words, width) each): the size the tightest
    needs, so the row reads evenly."""
    _id, base, bold = BUTTON_STYLES[style]
    px = theme_px(base, scale)
    sizes = [
        one_line(w, px, button_inner_width(width, scale), bold=bold,
                 floor=widget_floor(scale)).size
        for w, width in labels
    ]
    return min(sizes, default=px)


def dropdown(
    options: list[str], current: str, rect: pygame.Rect, manager: Any, *, scale: float
) -> Any:
    """A pygame_gui drop-down that opens towards the side with room (the theme's
    "#drop_up" opens upwards), its list never taller than the window allows."""
    import pygame_gui

    window_h = manager.window_resolution[1]
    below, above = window_h - rect.bottom - 4, rect.top - 4
    up = below < len(options) * rect.h and above > below
    choices: list[str | tuple[str, str]] = list(options)
    return pygame_gui.elements.UIDropDownMenu(
        choices,
        current,
        rect,
        manager,
        object_id="#drop_up" if up else None,
        expansion_height_limit=max(rect.h, above if up else below),
    )


def dropdown_width(options: list[str], scale: float, minimum: int = 0) -> int:
    """How wide a drop-down must be to show its longest option at the theme's size."""
    px = theme_px(16, scale)
    widest = max((resources.font(px).size(o)[0] for o in options), default=0)
    return max(minimum, widest + round(60 * scale))


# -- what the audit checks ----------------------------------------------------------------
RAW_KEY = re.compile(r"^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$")


PLACEHOLDER = re.compile(r"(^|[\s:(«\"])\?($|[\s!.,)»\"])")


def has_placeholder(string: str) -> bool:
    """A "?" standing for a name the words did not get ("Show ?", "I challenge your ?!")."""
    return bool(PLACEHOLDER.search(string))


def looks_like_key(string: str) -> bool:
    """A catalogue key shown as it is ("option.carolus_magnus.repeated_disc")."""
    return bool(RAW_KEY.match(string.strip()))


def widget_problems(manager: Any, window: pygame.Rect) -> list[str]:
    """What is wrong with the words pygame_gui widgets show now: a button or label whose
    text is wider or taller than its inside, a widget out of the window, a raw key."""
    problems = []
    for element in manager.get_sprite_group().sprites():
        if not getattr(element, "visible", True):
            continue
        words = getattr(element, "text", None)
        rect = getattr(element, "rect", None)
        if rect is None or not isinstance(words, str) or not words.strip():
            continue
        kind = type(element).__name__
        if not window.contains(rect):
            problems.append(f"{kind} {words!r} at {tuple(rect)} leaves the window")
        if looks_like_key(words):
            problems.append(f"{kind} shows a raw key {words!r}")
        if has_placeholder(words):
            problems.append(f"{kind} {words!r} has a '?' for a missing name")
        if getattr(element, "shortened_from", None):
            problems.append(f"{kind} {words!r} shortened to fit (full: "
                            f"{element.shortened_from[:80]!r})")
        shape = getattr(element, "drawable_shape", None)
        font = getattr(element, "font", None)
        view = getattr(shape, "text_view_rect", None)
        if font is None or view is None or kind not in ("UIButton", "UILabel"):
            continue
        w, h = font.size(words)
        if w > view.w + 1:
            problems.append(f"{kind} {words!r} is {w}px wide in {view.w}px")
        if h > rect.h:
            problems.append(f"{kind} {words!r} is {h}px tall in {rect.h}px")
    return problems


def clear_caches() -> None:
    _FITS.clear()
    _BLOCKS.clear()
