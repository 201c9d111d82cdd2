"""The Decktet drawn by our own code: six suit symbols, card faces by kind, the back, tokens.

Suits are named as the rules name them (`moons`, `suns`, `waves`, `leaves`, `wyrms`,
`knots`). Each has one clear colour AND its own symbol, so nothing rests on colour
alone. The art takes plain data (kind, rank, suits, the name already translated),
never a rules object, and returns cached SRCALPHA surfaces: treat them as read-only.
Shapes are drawn supersampled and scaled down; text is rendered at its final size so
it stays crisp.
"""

from __future__ import annotations

import functools
import math

import pygame

from client import text
from client.art._draw import RGB, Point, downsample, font, lerp, mask_rounded, shade

SUITS: tuple[str, ...] = ("moons", "suns", "waves", "leaves", "wyrms", "knots")
SUIT_COLOURS: dict[str, RGB] = {
    "moons": (112, 84, 178),  # violet
    "suns": (226, 148, 18),  # marigold
    "waves": (32, 112, 196),  # sea blue
    "leaves": (58, 146, 64),  # leaf green
    "wyrms": (190, 48, 40),  # dragon red
    "knots": (118, 82, 52),  # rope brown
}
# The symbol on a token: dark on the light colours, cream on the dark ones.
_TOKEN_INK: dict[str, RGB] = {
    "moons": (250, 244, 226),
    "suns": (52, 34, 12),
    "waves": (250, 244, 226),
    "leaves": (250, 244, 226),
    "wyrms": (250, 244, 226),
    "knots": (250, 238, 210),
}
PAPER: RGB = (246, 238, 218)
PAPER_EDGE: RGB = (222, 206, 172)
INK: RGB = (36, 30, 28)
GOLD: RGB = (214, 168, 60)
BACK: RGB = (38, 44, 78)
SS = 4  # supersampling factor for shapes


# -- strokes -----------------------------------------------------------------------------
def _stroke(surface: pygame.Surface, points: list[Point], width: float, colour: tuple[int, ...],
            taper: bool = False) -> None:
    """A thick smooth line through `points` with round joins (optionally tapering out)."""
    n = len(points)
    for i in range(n - 1):
        a, b = points[i], points[i + 1]
        w = width * (1 - 0.75 * i / n) if taper else width
        pygame.draw.line(surface, colour, a, b, max(1, round(w)))
        pygame.draw.circle(surface, colour, a, w / 2)
    pygame.draw.circle(surface, colour, points[-1], (width * 0.25 if taper else width) / 2)


def _curve(fn: object, n: int = 120) -> list[Point]:
    return [fn(i / n) for i in range(n + 1)]  # type: ignore[operator]


# -- the six symbols ---------------------------------------------------------------------
def _moon(s: pygame.Surface, c: Point, r: float, col: RGB) -> None:
    pygame.draw.circle(s, col, c, r * 0.92)
    pygame.draw.circle(s, (0, 0, 0, 0), (c[0] + r * 0.42, c[1] - r * 0.24), r * 0.76)


def _sun(s: pygame.Surface, c: Point, r: float, col: RGB) -> None:
    cx, cy = c
    for i in range(8):
        a = i * math.tau / 8
        tip = (cx + r * 0.98 * math.cos(a), cy + r * 0.98 * math.sin(a))
        left = (cx + r * 0.58 * math.cos(a - 0.26), cy + r * 0.58 * math.sin(a - 0.26))
        right = (cx + r * 0.58 * math.cos(a + 0.26), cy + r * 0.58 * math.sin(a + 0.26))
        pygame.draw.polygon(s, col, [left, tip, right])
    pygame.draw.circle(s, col, c, r * 0.55)


def _wave(s: pygame.Surface, c: Point, r: float, col: RGB) -> None:
    cx, cy = c
    for dy in (-0.42, 0.0, 0.42):
        pts = _curve(lambda t, dy=dy: (cx + r * (-0.9 + 1.8 * t),
                                       cy + r * dy + r * 0.17 * math.sin(t * math.tau * 1.5)))
        _stroke(s, pts, r * 0.22, col)


def _leaf(s: pygame.Surface, c: Point, r: float, col: RGB) -> None:
    cx, cy = c
    ang = -math.pi / 4
    ca, sa = math.cos(ang), math.sin(ang)

    def rot(x: float, y: float) -> Point:
        return (cx + x * ca - y * sa, cy + x * sa + y * ca)

    outline = [rot(r * 0.95 * math.cos(t), r * 0.5 * math.sin(t) * abs(math.sin(t)) ** 0.2)
               for t in (i * math.tau / 80 for i in range(80))]
    pygame.draw.polygon(s, col, outline)
    _stroke(s, [rot(-r * 0.7, 0), rot(r * 0.75, 0)], r * 0.08, (0, 0, 0, 0))
    _stroke(s, [rot(-r * 0.9, 0), rot(-r * 1.15, r * 0.12)], r * 0.12, col)


def _wyrm(s: pygame.Surface, c: Point, r: float, col: RGB) -> None:
    cx, cy = c
    body = _curve(lambda t: (cx + r * 0.42 * math.sin(t * math.tau * 1.1 + 0.3),
                             cy - r * 0.62 + r * 1.55 * t))
    _stroke(s, body, r * 0.42, col, taper=True)
    head = body[0]
    pygame.draw.ellipse(s, col, (head[0] - r * 0.34, head[1] - r * 0.34, r * 0.76, r * 0.54))
    pygame.draw.circle(s, (0, 0, 0, 0), (head[0] + r * 0.12, head[1] - r * 0.1), r * 0.08)
    tongue = [(head[0] + r * 0.34, head[1] - r * 0.06), (head[0] + r * 0.55, head[1] - r * 0.14)]
    _stroke(s, tongue, r * 0.06, col)


def _knot(s: pygame.Surface, c: Point, r: float, col: RGB) -> None:
    cx, cy = c
    k = r / 3.1
    pts = _curve(lambda t: (cx + k * (math.sin(t * math.tau) + 2 * math.sin(2 * t * math.tau)),
                            cy + k * 0.35 + k * (math.cos(t * math.tau)
                                                 - 2 * math.cos(2 * t * math.tau))), 180)
    _stroke(s, pts, r * 0.24, col)


_SYMBOLS = {"moons": _moon, "suns": _sun, "waves": _wave, "leaves": _leaf, "wyrms": _wyrm,
            "knots": _knot}


def draw_symbol(surface: pygame.Surface, suit: str, center: Point, radius: float,
                colour: RGB) -> None:
    """Draw a suit symbol straight onto an SRCALPHA surface (it erases what it cuts out)."""
    _SYMBOLS[suit](surface, center, radius, colour)


@functools.lru_cache(maxsize=256)
def suit_symbol(suit: str, px: int, colour: RGB | None = None) -> pygame.Surface:
    """A suit's symbol, `px` square, in its suit colour unless told otherwise."""
    if suit not in _SYMBOLS:
        raise ValueError(f"unknown suit {suit!r}; expected one of {SUITS}")
    side = max(4, px) * SS
    big = pygame.Surface((side, side), pygame.SRCALPHA)
    draw_symbol(big, suit, (side / 2, side / 2), side * 0.46, colour or SUIT_COLOURS[suit])
    return downsample(big, (max(4, px), max(4, px)))


@functools.lru_cache(maxsize=128)
def token(suit: str, radius: int) -> pygame.Surface:
    """A resource token: a disc in the suit's colour with its symbol, rim and soft shadow."""
    r = max(4, radius)
    side = (2 * r + 4) * SS
    big = pygame.Surface((side, side), pygame.SRCALPHA)
    c = (side / 2, side / 2)
    R = r * SS
    pygame.draw.circle(big, (0, 0, 0, 80), (c[0] + R * 0.08, c[1] + R * 0.12), R)
    col = SUIT_COLOURS[suit]
    pygame.draw.circle(big, shade(col, 0.55), c, R)
    pygame.draw.circle(big, col, c, R * 0.9)
    pygame.draw.circle(big, shade(col, 1.18), (c[0], c[1] - R * 0.08), R * 0.78)
    pygame.draw.circle(big, col, (c[0], c[1] + R * 0.02), R * 0.74)
    layer = pygame.Surface((side, side), pygame.SRCALPHA)
    draw_symbol(layer, suit, c, R * 0.6, _TOKEN_INK[suit])
    big.blit(layer, (0, 0))
    return downsample(big, (2 * r + 4, 2 * r + 4))


# -- card faces --------------------------------------------------------------------------
def _paper(size: tuple[int, int], tint: RGB) -> pygame.Surface:
    w, h = size
    out = pygame.Surface(size, pygame.SRCALPHA)
    for y in range(0, h, 2):
        out.fill(lerp(PAPER, tint, 0.10 + 0.16 * y / max(1, h)), (0, y, w, 2))
    return out


def _crown(s: pygame.Surface, c: Point, r: float) -> None:
    cx, cy = c
    pts = [(cx - r, cy + r * 0.5), (cx - r, cy - r * 0.35), (cx - r * 0.5, cy + r * 0.05),
           (cx, cy - r * 0.6), (cx + r * 0.5, cy + r * 0.05), (cx + r, cy - r * 0.35),
           (cx + r, cy + r * 0.5)]
    pygame.draw.polygon(s, GOLD, pts)
    pygame.draw.polygon(s, shade(GOLD, 0.55), pts, max(1, round(r * 0.06)))
    for x, y in pts[1:6:2]:
        pygame.draw.circle(s, GOLD, (x, y - r * 0.08), r * 0.12)


def _tower(s: pygame.Surface, c: Point, r: float, col: RGB) -> None:
    cx, cy = c
    w = r * 0.9
    pygame.draw.rect(s, col, (cx - w / 2, cy - r * 0.5, w, r * 1.4))
    for i in range(3):
        pygame.draw.rect(s, col, (cx - w / 2 - r * 0.08 + i * w * 0.45, cy - r * 0.78,
                                  w * 0.3, r * 0.32))
    pygame.draw.rect(s, (0, 0, 0, 0), (cx - r * 0.14, cy + r * 0.45, r * 0.28, r * 0.45),
                     border_top_left_radius=round(r * 0.14),
                     border_top_right_radius=round(r * 0.14))


def _spiral(s: pygame.Surface, c: Point, r: float, col: RGB) -> None:
    pts = [(c[0] + r * t * math.cos(t * 5.2 * math.pi), c[1] + r * t * math.sin(t * 5.2 * math.pi))
           for t in (i / 160 for i in range(161))]
    _stroke(s, pts, r * 0.1, col)


def _art_layer(kind: str, suits: tuple[str, ...], size: tuple[int, int]) -> pygame.Surface:
    """The picture in the middle of the card, supersampled: one look per kind of card."""
    w, h = size
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    W, H = w * SS, h * SS
    c = (W / 2, H / 2)
    m = min(W, H)
    if kind == "ace":
        pygame.draw.circle(big, lerp(SUIT_COLOURS[suits[0]], PAPER, 0.75), c, m * 0.47)
        pygame.draw.circle(big, SUIT_COLOURS[suits[0]], c, m * 0.47, max(2, round(m * 0.03)))
        draw_symbol(big, suits[0], c, m * 0.38, SUIT_COLOURS[suits[0]])
    elif kind == "number":
        spots = [(W * 0.34, H * 0.33), (W * 0.66, H * 0.67)]
        for suit, spot in zip(suits, spots, strict=False):
            layer = pygame.Surface((W, H), pygame.SRCALPHA)
            draw_symbol(layer, suit, spot, m * 0.3, SUIT_COLOURS[suit])
            big.blit(layer, (0, 0))
    elif kind == "crown":
        _crown(big, (c[0], c[1] - m * 0.24), m * 0.28)
        draw_symbol(big, suits[0], (c[0], c[1] + m * 0.24), m * 0.24, SUIT_COLOURS[suits[0]])
    elif kind == "pawn":
        _tower(big, (c[0], c[1] - m * 0.05), m * 0.32, (150, 134, 110))
    else:  # the Excuse: a suitless spiral
        _spiral(big, c, m * 0.42, (120, 104, 84))
    return downsample(big, size)


def _label(text: str, px: int, colour: RGB, bold: bool = True) -> pygame.Surface:
    return font("bold" if bold else "regular", px).render(text, True, colour)


def _name_box(size: tuple[int, int]) -> tuple[int, int, int]:
    """(starting px, width, height) of the name's place on a face of `size`: under the
    picture on a portrait card, beside it above the suits on a landscape district."""
    w, h = size
    if w > h:
        room = h - round(h * 0.26) - 2 * max(3, round(h * 0.06))
        return max(14, round(h * 0.2)), w - round(h * 0.5) - 10, room
    return max(14, round(h * 0.13)), w - 8, round(h * 0.4)


def name_fit(name: str, size: tuple[int, int], px: int = 0, floor: int = 14) -> text.Fit:
    """How `name` sits on a face of `size` (from `px` if given): one or two lines, down to
    `floor` (14 px at scale 1.0: a table drawn smaller passes its own, `text.floor_px`);
    `elided` when it cannot (the face then leaves the name to its tooltip)."""
    start, width, height = _name_box(size)
    px = px or start
    return text.fit(name, px, width, height, bold=True, max_lines=2, floor=min(px, floor))


def _fit_lines(
    name: str, size: tuple[int, int], px: int, floor: int = 14
) -> list[tuple[pygame.Surface, str, str]]:
    """The name on one line, or two (see `name_fit`); none at all when it would not fit
    whole: a cut name reads worse than the rank and suits alone. Each line: (image, words,
    the whole name)."""
    fitted = name_fit(name, size, px, floor)
    if fitted.elided:
        return []
    return [(_label(line, fitted.size, INK), line, name) for line in fitted.lines]


def _blit_name(
    out: pygame.Surface, line: pygame.Surface, rect: pygame.Rect, words: str, name: str
) -> None:
    """A name line onto a card face, noted for the layout audit (`client.text`)."""
    text.blit(out, line, rect, words, out.get_rect(), full=name)


def rank_text(kind: str, rank: int) -> str:
    """What the corner shows: A for an Ace, the number otherwise; nothing for districts."""
    if kind == "ace":
        return "A"
    if kind == "number":
        return str(rank)
    return ""


def _corner(out: pygame.Surface, kind: str, rank: int, suits: tuple[str, ...],
            y: int | None = None) -> int:
    """Rank and suit symbols across a band (the top, or `y`), so a half-covered card reads."""
    w, h = out.get_size()
    band = max(18, round(h * 0.2))
    pad = max(3, round(w * 0.06))
    top = pad if y is None else y
    x = pad
    text = rank_text(kind, rank)
    if text:
        img = _label(text, max(15, round(band * 0.95)), INK)
        out.blit(img, img.get_rect(midleft=(x, top + band / 2)))
        x += img.get_width() + max(2, pad // 2)
    elif kind == "crown":
        crown = pygame.Surface((band * SS, band * SS), pygame.SRCALPHA)
        _crown(crown, (band * SS / 2, band * SS / 2 + band * 0.3), band * SS * 0.44)
        out.blit(downsample(crown, (band, band)), (x, top))
        x += band + max(2, pad // 2)
    sym = min(band, max(10, (w - x - pad) // max(1, len(suits))))
    for suit in suits:
        out.blit(suit_symbol(suit, sym), (x, top + (band - sym) / 2))
        x += sym
    return pad + band


@functools.lru_cache(maxsize=512)
def card_face(kind: str, rank: int, suits: tuple[str, ...], name: str,
              size: tuple[int, int], reverse: bool = False, name_px: int = 0,
              name_floor: int = 14) -> pygame.Surface:
    """A Decktet card face: kind `ace`, `number`, `crown`, `pawn` or `excuse`.

    Portrait cards carry rank and suits in a top band (legible under an overlapping
    card), the picture in the middle and the name at the bottom; `reverse` swaps the
    band and the name (text still upright), for a stack whose cards overlap upwards.
    Landscape sizes give the district layout (the seed lays districts sideways).
    An empty `name` leaves the name out (small crowns, hover tips say it instead), and so
    does a name that does not fit whole. `name_px`: the size to start the name at (a row
    of districts passes one size, so their titles match; see `name_fit`).
    """
    w, h = size
    if w <= 0 or h <= 0:
        raise ValueError(f"card size must be positive, got {size!r}")
    tint = SUIT_COLOURS[suits[0]] if suits else (150, 140, 120)
    out = _paper(size, tint)
    if w > h:
        _district_face(out, kind, suits, name, name_px, name_floor)
    else:
        _portrait(out, kind, rank, suits, name, reverse, name_px, name_floor)
    radius = max(3, round(min(w, h) * 0.08))
    pygame.draw.rect(out, shade(tint, 0.7), out.get_rect(), max(1, round(min(w, h) * 0.025)),
                     border_radius=radius)
    mask_rounded(out, radius)
    return out


def _portrait(out: pygame.Surface, kind: str, rank: int, suits: tuple[str, ...], name: str,
              reverse: bool, name_px: int = 0, name_floor: int = 14) -> None:
    w, h = out.get_size()
    band = max(18, round(h * 0.2)) + max(3, round(w * 0.06))
    lines = _fit_lines(name, (w, h), name_px, name_floor) if name else []
    text_h = sum(x.get_height() for x, _, _ in lines) - 2 * max(0, len(lines) - 1)
    art_h = max(8, h - band - text_h - 6)
    art = _art_layer(kind, suits, (w - 6, art_h))
    if reverse:
        y = 3
        for line, words, whole in lines:
            _blit_name(out, line, line.get_rect(midtop=(w / 2, y)), words, whole)
            y += line.get_height() - 2
        out.blit(art, (3, text_h + 3))
        _corner(out, kind, rank, suits, y=h - band)
        return
    _corner(out, kind, rank, suits)
    out.blit(art, (3, band))
    y = h - text_h - 3
    for line, words, whole in lines:
        _blit_name(out, line, line.get_rect(midtop=(w / 2, y)), words, whole)
        y += line.get_height() - 2


def _district_face(out: pygame.Surface, kind: str, suits: tuple[str, ...], name: str,
                   name_px: int = 0, name_floor: int = 14) -> None:
    w, h = out.get_size()
    art_w = round(h * 0.5)
    art = _art_layer(kind, suits, (art_w, h - 6))
    out.blit(art, (3, 3))
    x0 = art_w + 4
    lines = _fit_lines(name, (w, h), name_px, name_floor) if name else []
    y = max(3, round(h * 0.06))
    for line, words, whole in lines:  # above the suits, never over them (`_name_box`)
        _blit_name(out, line, line.get_rect(midtop=((x0 + w) / 2, y)), words, whole)
        y += line.get_height()
    if suits:
        sym = min(round(h * 0.26), (w - x0 - 8) // len(suits))
        x = (x0 + w) / 2 - sym * len(suits) / 2
        for suit in suits:
            out.blit(suit_symbol(suit, sym), (x, h - sym - max(3, round(h * 0.06))))
            x += sym


@functools.lru_cache(maxsize=32)
def card_back(size: tuple[int, int]) -> pygame.Surface:
    """The common back: deep indigo, a gold frame and the six symbols in a ring."""
    w, h = size
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    W, H = w * SS, h * SS
    radius = round(min(W, H) * 0.08)
    pygame.draw.rect(big, BACK, (0, 0, W, H), border_radius=radius)
    inset = min(W, H) * 0.07
    pygame.draw.rect(big, GOLD, (inset, inset, W - 2 * inset, H - 2 * inset),
                     max(2, round(min(W, H) * 0.02)), border_radius=radius // 2)
    c = (W / 2, H / 2)
    ring = min(W, H) * 0.3
    for i, suit in enumerate(SUITS):
        a = -math.pi / 2 + i * math.tau / 6
        spot = (c[0] + ring * math.cos(a), c[1] + ring * math.sin(a))
        draw_symbol(big, suit, spot, min(W, H) * 0.1, lerp(GOLD, SUIT_COLOURS[suit], 0.35))
    pygame.draw.circle(big, GOLD, c, min(W, H) * 0.09, max(2, round(min(W, H) * 0.02)))
    out = downsample(big, size)
    mask_rounded(out, max(3, round(min(w, h) * 0.08)))
    return out
