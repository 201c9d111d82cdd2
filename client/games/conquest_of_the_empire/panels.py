"""Everything drawn on the Conquest table besides the map: the column beside it (a row per
seat with talents, chaos, VP, senators, cards, position and side; the season line; the
list of choices), and the panels over the map.

The panels over the map are read by the whole table (everything in Conquest is public, so
no curtain): the alliance auction (the standing bid with A and B, each seat's talents and
position; − and + choose a bid in the rules' steps of 5, then a seat button names A and
B) and the Senate vote (the senators each seat holds and shows); the battle under the
dice (each side's pieces, its dice and what its last roll hit per unit type; the pieces
of the side removing casualties light up, one click per hit); the supply tray at the foot
of the map (recruitable units with cost and what is left, dragged onto a lit place); and
the end of a season's scoring, step by step in §4.1's order, until the player closes it.

Each panel is one function that works out where everything goes and, given a surface,
draws it: the same call tells a click what it hit (`Spot`), so drawing and clicking never
disagree. The list of choices keeps every legal action as well."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from client import artwork, text
from client.art import conquest_of_the_empire as art
from client.games.conquest_of_the_empire import words
from client.games.conquest_of_the_empire.layout import Layout
from client.i18n import tr
from rules import Action, Event
from rules.conquest_of_the_empire import actions as A

if TYPE_CHECKING:
    from client.games.conquest_of_the_empire.view import ConquestView

PLATE = (232, 218, 184)
PLATE_DARK = (196, 176, 134)
INK = (52, 36, 24)
INK_SOFT = (110, 86, 60)
ENTRY = (244, 234, 206)
ENTRY_HOT = (255, 236, 170)
ACCENT = artwork.ACCENT


def draw_column(view: ConquestView, surface: pygame.Surface, lay: Layout, acting: set[int],
                entries: list[Action], page: int, hover: tuple[int, int]) -> None:
    v = view.view
    for seat, rect in enumerate(lay.seats):
        _seat_row(view, surface, rect, seat, v, seat in acting)
    pygame.draw.rect(surface, PLATE_DARK, lay.status, border_radius=view.s(6))
    view.text(surface, words.short_status(view), 15,
              lay.status.inflate(-view.s(12), -view.s(4)), INK, True, "center", "middle", 1)
    _choices(view, surface, lay, entries, page, hover)


def _seat_row(view: ConquestView, surface: pygame.Surface, rect: pygame.Rect, seat: int,
              v: dict[str, Any], acting: bool) -> None:
    s = view.s
    pygame.draw.rect(surface, PLATE, rect, border_radius=s(8))
    pygame.draw.rect(surface, ACCENT if acting else PLATE_DARK, rect, s(3) if acting else s(1),
                     border_radius=s(8))
    colour = view.colours[seat]
    artwork.draw_seat_marker(surface, (rect.x + s(16), rect.y + s(16)), s(9), colour)
    pos = v["positions"][seat] if v.get("positions") else 0
    head = view.names[seat]
    if pos:
        head += "  · " + tr("coe.panel.position", n=pos)
    view.text(surface, head, 15, pygame.Rect(rect.x + s(32), rect.y + s(4), rect.w - s(40), s(22)),
              INK, True, max_lines=1, free_text=True)
    stats = [
        ("talents", v["talents"][seat]), ("chaos", v["chaos"][seat]), ("vp", v["vp"][seat]),
    ]
    x = rect.x + s(10)
    y = rect.y + s(26)
    inner = rect.w - s(20)
    for (key, value), share in zip(stats, (0.38, 0.33, 0.29), strict=True):
        cell = round(inner * share)  # talents run to three digits
        view.text(surface, f"{tr('coe.panel.' + key)} {value}", 14,
                  pygame.Rect(x, y, cell, s(18)), INK_SOFT, True, max_lines=1)
        x += cell
    if rect.h >= s(56):
        senators = "+".join(words.roman(n) for n in v["senators"][seat]) or "—"
        cards = v["cards"][seat]
        ready = sum(1 for c in cards if c["ready"])
        line = tr("coe.panel.senators", list=senators) + "   " + tr(
            "coe.panel.cards", ready=ready, total=len(cards))
        side = v.get("sides", [None] * (seat + 1))[seat]
        if side is not None:
            line += "   " + ("I" if side == 0 else "II")
        view.text(surface, line, 13, pygame.Rect(rect.x + s(10), y + s(17), rect.w - s(20),
                                                 s(18)), INK_SOFT, False, max_lines=1)


def _choices(view: ConquestView, surface: pygame.Surface, lay: Layout, entries: list[Action],
             page: int, hover: tuple[int, int]) -> None:
    s = view.s
    box = lay.choices
    pygame.draw.rect(surface, PLATE, box, border_radius=s(8))
    pygame.draw.rect(surface, PLATE_DARK, box, s(1), border_radius=s(8))
    title = tr("coe.panel.choices") if entries else tr("coe.panel.nothing")
    if view.view.get("step") == "over":  # nobody is waiting for anything
        title = tr("coe.panel.over")
    if view.filter_key:
        title = tr("coe.panel.filter", place=words.place(view, view.filter_key))
    view.text(surface, title, 14, pygame.Rect(box.x + s(10), box.y + s(6), box.w - s(20), s(22)),
              INK, True, max_lines=1)
    per = len(lay.entries)
    shown = entries[page * per:(page + 1) * per]
    for rect, action in zip(lay.entries, shown, strict=False):
        hot = rect.collidepoint(hover)
        pygame.draw.rect(surface, ENTRY_HOT if hot else ENTRY, rect, border_radius=s(6))
        pygame.draw.rect(surface, ACCENT if hot else PLATE_DARK, rect, s(2) if hot else s(1),
                         border_radius=s(6))
        icon = _icon(action)
        if icon is not None:
            img = art.unit_chip(icon, view.colours[view.acting_seat()], s(24))
            surface.blit(img, img.get_rect(midleft=(rect.x + s(8), rect.centery)))
        view.text(surface, words.action_label(view, action), ENTRY_TEXT,
                  entry_words_box(view, rect, action), INK, False, "left", "middle", 2)
    pages = max(1, -(-len(entries) // per))
    if pages > 1:
        for rect, glyph, enabled in ((lay.prev_page, "‹", page > 0),
                                     (lay.next_page, "›", page < pages - 1)):
            pygame.draw.rect(surface, ENTRY if enabled else PLATE_DARK, rect, border_radius=s(6))
            view.label(surface, glyph, 20, rect.center, INK if enabled else INK_SOFT, True,
                       "center")
        view.label(surface, tr("coe.panel.page", page=page + 1, pages=pages), 14,
                   (box.centerx, lay.prev_page.centery), INK_SOFT, True, "center")


ENTRY_TEXT = 14
"""The size of a choice entry's words."""


def entry_words_box(view: ConquestView, rect: pygame.Rect, action: Action) -> pygame.Rect:
    """Where a choice entry's words go: right of its unit's picture, if it has one."""
    s = view.s
    x = rect.x + s(8) + (s(30) if _icon(action) is not None else 0)
    return pygame.Rect(x, rect.y + s(2), rect.right - x - s(6), rect.h - s(4))


def _icon(action: Action) -> str | None:
    unit = getattr(action, "unit", None)
    if isinstance(unit, str) and unit in art.PICTOGRAMS:
        return unit
    return None


PANEL = (238, 226, 194)
PANEL_EDGE = (92, 66, 40)
CELL = (248, 240, 218)
CELL_ASKED = (255, 236, 170)
BUTTON = (244, 232, 200)
BUTTON_HOT = (255, 226, 140)
BUTTON_OFF = (206, 190, 152)
NOWHERE = (-10_000, -10_000)
HIT_SIDE = (255, 230, 170)
TRAY_UNITS = ("infantry", "cavalry", "catapult", "general", "galley")
SLOT_W = 74
SCORING_STEPS = ("taxes", "maintenance", "keys", "domination", "cities", "chaos", "total")
SCORING_EVENTS = ("taxes", "maintenance_check", "maintenance_paid", "maintenance_declined",
                  "maintenance_unpaid", "key_scored", "domination_vp", "city_relief",
                  "chaos_penalty", "season_scored")


@dataclass
class Spot:
    """Something on a panel a click may hit: a legal action it plays, or a command the
    view keeps to itself (`bid-`, `bid+`, `next`, `back`, `close`, `dilectus`)."""

    rect: pygame.Rect
    label: str = ""
    action: Action | None = None
    command: str = ""
    enabled: bool = True
    tip: str = ""


def button_width(view: ConquestView, label: str, size: int = 14) -> int:
    f = text.fit(label, view.s(size), 10_000, bold=True, floor=text.floor_px(view.scale))
    return f.width + view.s(22)


def draw_button(view: ConquestView, surface: pygame.Surface, spot: Spot,
                hover: tuple[int, int], size: int = 14) -> None:
    s = view.s
    hot = spot.enabled and spot.rect.collidepoint(hover)
    fill = BUTTON_HOT if hot else (BUTTON if spot.enabled else BUTTON_OFF)
    pygame.draw.rect(surface, fill, spot.rect, border_radius=s(6))
    pygame.draw.rect(surface, ACCENT if hot else INK_SOFT, spot.rect, s(2) if hot else 1,
                     border_radius=s(6))
    view.text(surface, spot.label, size, spot.rect.inflate(-s(8), -s(4)),
              INK if spot.enabled else INK_SOFT, True, "center", "middle", 1)


def flow(view: ConquestView, items: list[Spot], x: int, y: int, right: int, height: int,
         max_rows: int = 2) -> tuple[list[Spot], int, int]:
    """Buttons left to right, onto a new row when the row is full; (placed, bottom, left
    out) — what does not fit in `max_rows` stays in the list of choices."""
    gap = view.s(8)
    placed: list[Spot] = []
    at, row = x, 0
    for k, spot in enumerate(items):
        w = min(right - x, max(spot.rect.w, view.s(40)))
        if at > x and at + w > right:
            row += 1
            at = x
        if row >= max_rows:
            return placed, y + row * (height + gap) - gap, len(items) - k
        spot.rect = pygame.Rect(at, y + row * (height + gap), w, height)
        placed.append(spot)
        at += w + gap
    return placed, y + (row + 1) * (height + gap) - gap, 0


def _sized(view: ConquestView, label: str, **kw: Any) -> Spot:
    return Spot(pygame.Rect(0, 0, button_width(view, label), 1), label, **kw)


def panel_rect(view: ConquestView, height: int, width: int = 580) -> pygame.Rect:
    """A panel centred at the top of the board."""
    assert view.lay is not None
    board = view.lay.board
    w = min(board.w - view.s(24), view.s(width))
    return pygame.Rect(board.centerx - w // 2, board.y + view.s(10), w, height)


def _seat_cells(view: ConquestView, x: int, y: int, width: int, lines: list[str],
                asked: int | None, surface: pygame.Surface | None) -> int:
    """One cell per seat (marker, name, a line about it); returns the bottom."""
    s = view.s
    n = len(view.names)
    cols = min(n, 3)
    gap = s(6)
    cell_w = (width - gap * (cols - 1)) // cols
    two = any("\n" in line for line in lines)  # a vote's seat: what it holds, what it shows
    # two lines of the smallest text the fitting helper may use must fit
    detail_h = max(s(36), round(text.floor_px(view.scale) * 1.45) * 2 + 4) if two else s(19)
    cell_h = s(21) + detail_h + s(3)
    rows = -(-n // cols)
    if surface is not None:
        for seat in range(n):
            r, c = divmod(seat, cols)
            rect = pygame.Rect(x + c * (cell_w + gap), y + r * (cell_h + gap), cell_w, cell_h)
            is_asked = seat == asked
            pygame.draw.rect(surface, CELL_ASKED if is_asked else CELL, rect, border_radius=s(6))
            pygame.draw.rect(surface, ACCENT if is_asked else INK_SOFT, rect,
                             s(2) if is_asked else 1, border_radius=s(6))
            artwork.draw_seat_marker(surface, (rect.x + s(12), rect.y + s(12)), s(7),
                                     view.colours[seat])
            view.text(surface, view.names[seat], 14,
                      pygame.Rect(rect.x + s(24), rect.y + s(2), rect.w - s(28), s(19)),
                      INK, True, max_lines=1, free_text=True)
            view.text(surface, lines[seat], 13,
                      pygame.Rect(rect.x + s(6), rect.y + s(21), rect.w - s(10), detail_h),
                      INK_SOFT, False, max_lines=2 if two else 1)
    return y + rows * (cell_h + gap) - gap


def _frame(view: ConquestView, surface: pygame.Surface, rect: pygame.Rect) -> None:
    s = view.s
    shadow = rect.move(s(3), s(4))
    pygame.draw.rect(surface, (40, 30, 20), shadow, border_radius=s(10))
    pygame.draw.rect(surface, PANEL, rect, border_radius=s(10))
    pygame.draw.rect(surface, PANEL_EDGE, rect, s(2), border_radius=s(10))


# -- the alliance auction and the Senate vote ------------------------------------------------


def auction_panel(view: ConquestView, legal: list[Action], surface: pygame.Surface | None = None,
                  hover: tuple[int, int] = NOWHERE) -> tuple[pygame.Rect | None, list[Spot]]:
    v = view.view
    auc = v.get("auction")
    if not auc or view.lay is None or v.get("step") not in ("bid", "name_a", "name_b"):
        return None, []
    s = view.s
    title, standing, lines = words.auction_lines(view)
    rect = panel_rect(view, 1)
    pad = s(10)
    inner = pygame.Rect(rect.x + pad, rect.y + pad, rect.w - 2 * pad, 1)
    y = inner.y + s(24)
    standing_h = s(38) if "\n" not in standing else s(56)
    standing_box = pygame.Rect(inner.x, y, inner.w, standing_h)
    y = standing_box.bottom + s(4)
    cells_y = y
    y = _seat_cells(view, inner.x, y, inner.w, lines, auc.get("asked"), None) + s(8)
    controls, note = _auction_controls(view, legal, auc)
    spots, bottom, _left = flow(view, controls, inner.x, y, inner.right, s(34))
    if not spots:
        bottom = y + s(20)
    rect.h = bottom + pad - rect.y
    if surface is None:
        return rect, spots
    with text.layer("coe_auction", cover=rect):
        _frame(view, surface, rect)
        view.text(surface, title, 16, pygame.Rect(inner.x, inner.y, inner.w, s(22)), INK, True,
                  max_lines=1)
        view.text(surface, standing, 14, standing_box, INK, False, max_lines=3)
        _seat_cells(view, inner.x, cells_y, inner.w, lines, auc.get("asked"), surface)
        for spot in spots:
            if spot.command == "amount":
                view.text(surface, spot.label, 16, spot.rect, INK, True, "center", "middle", 1)
            elif spot.command == "caption":
                view.text(surface, spot.label, 14, spot.rect, INK, True, "left", "middle", 1)
            else:
                draw_button(view, surface, spot, hover)
        if note:
            view.text(surface, note, 14, pygame.Rect(inner.x, y, inner.w, s(20)), INK_SOFT,
                      False, max_lines=1)
    return rect, spots


def _auction_controls(view: ConquestView, legal: list[Action],
                      auc: dict[str, Any]) -> tuple[list[Spot], str]:
    """The buttons for the seat asked (when it is a human at this table), or a line saying
    whom the table waits for."""
    step = view.view.get("step")
    bids = sorted(a.amount for a in legal if isinstance(a, A.Bid))
    names = [a for a in legal if isinstance(a, A.NameSeat)]
    out: list[Spot] = []
    if step == "bid" and (bids or A.Pass() in legal):
        if A.Pass() in legal:
            out.append(_sized(view, view.action_label(A.Pass()), action=A.Pass()))
        if bids:
            amount = view.bid_amount(bids)
            out.append(_sized(view, "−", command="bid-", enabled=amount > bids[0],
                              tip=tr("coe.auction.less")))
            widest = max(button_width(view, str(b), 16) for b in (bids[0], bids[-1]))
            out.append(Spot(pygame.Rect(0, 0, widest, 1), str(amount), command="amount"))
            out.append(_sized(view, "+", command="bid+", enabled=amount < bids[-1],
                              tip=tr("coe.auction.more")))
            key = "coe.auction.open" if auc.get("bid") is None else "coe.auction.raise"
            out.append(_sized(view, tr(key, amount=amount), action=A.Bid(amount)))
        return out, ""
    if names:
        caption = tr("coe.auction.name_" + ("a" if step == "name_a" else "b"))
        out.append(Spot(pygame.Rect(0, 0, button_width(view, caption), 1), caption,
                        command="caption"))
        for a in names:
            out.append(_sized(view, words.seat(view, a.seat), action=a))
        return out, ""
    return [], tr("coe.auction.waiting", name=words.seat(view, auc.get("asked")))


def vote_panel(view: ConquestView, legal: list[Action], surface: pygame.Surface | None = None,
               hover: tuple[int, int] = NOWHERE) -> tuple[pygame.Rect | None, list[Spot]]:
    v = view.view
    vote = v.get("vote")
    if not vote or view.lay is None or v.get("step") not in ("vote", "vote_effect"):
        return None, []
    s = view.s
    title, effect, best, lines = words.vote_lines(view)
    rect = panel_rect(view, 1)
    pad = s(10)
    inner = pygame.Rect(rect.x + pad, rect.y + pad, rect.w - 2 * pad, 1)
    effect_box = pygame.Rect(inner.x, inner.y + s(24), inner.w, s(38))
    best_box = pygame.Rect(inner.x, effect_box.bottom + s(2), inner.w, s(20))
    cells_y = best_box.bottom + s(4)
    asked = vote.get("asked") if v.get("step") == "vote" else v.get("actor")
    y = _seat_cells(view, inner.x, cells_y, inner.w, lines, asked, None) + s(8)
    items: list[Spot] = []
    for a in legal:
        if isinstance(a, A.ShowSenators):
            label = tr("coe.vote.show", senators="+".join(words.roman(x) for x in a.senators),
                       total=sum(a.senators))
            items.append(_sized(view, label, action=a, tip=view.action_label(a)))
        elif isinstance(a, A.Pass | A.NameSeat | A.TakeToken):
            items.append(_sized(view, view.action_label(a), action=a))
    spots, bottom, left = flow(view, items, inner.x, y, inner.right, s(34))
    note = ""
    if left:
        note = tr("coe.vote.more", n=left)
    elif not items:
        note = tr("coe.auction.waiting", name=words.seat(view, asked))
    note_box = pygame.Rect(inner.x, (bottom + s(6)) if spots else y, inner.w, s(20))
    rect.h = (note_box.bottom if note else bottom) + pad - rect.y
    if surface is None:
        return rect, spots
    with text.layer("coe_vote", cover=rect):
        _frame(view, surface, rect)
        view.text(surface, title, 16, pygame.Rect(inner.x, inner.y, inner.w, s(22)), INK, True,
                  max_lines=1)
        view.text(surface, effect, 13, effect_box, INK_SOFT, False, max_lines=2)
        view.text(surface, best, 14, best_box, INK, True, max_lines=1)
        _seat_cells(view, inner.x, cells_y, inner.w, lines, asked, surface)
        for spot in spots:
            draw_button(view, surface, spot, hover)
        if note:
            view.text(surface, note, 13, note_box, INK_SOFT, False, max_lines=1)
    return rect, spots


# -- the battle ------------------------------------------------------------------------------


def battle_rect(view: ConquestView) -> pygame.Rect:
    assert view.lay is not None
    board = view.lay.board
    top = view.lay.dice.y + view.dice_height()
    if view.dice_height():
        top += view.s(8)
    w = min(board.w - view.s(24), view.s(430))
    return pygame.Rect(board.x + view.s(12), top, w, 1)


def battle_panel(view: ConquestView, legal: list[Action], surface: pygame.Surface | None = None,
                 hover: tuple[int, int] = NOWHERE) -> tuple[pygame.Rect | None, list[Spot]]:
    """The panel's clickable pieces (all of them, so each has a tip; `enabled` when a click
    removes it as a casualty now)."""
    battle = view.view.get("battle")
    if not battle or view.lay is None:
        return None, []
    s = view.s
    rect = battle_rect(view)
    pad = s(10)
    x = rect.x + pad
    right = rect.right - pad
    y = rect.y + pad
    title_box = pygame.Rect(x, y, right - x, s(22))
    y = title_box.bottom + s(4)
    casualties = {a for a in legal if isinstance(a, A.Casualty)}
    chip = s(34)
    step = chip + s(6)
    sides: list[tuple[int, str, str, pygame.Rect, pygame.Rect, list[Spot],
                      pygame.Rect | None]] = []
    for role, contender in (("attacker", battle["attacker"]), ("defender", battle["defender"])):
        head = tr(f"coe.battle.{role}", name=words.seat(view, contender),
                  dice=(battle.get("dice") or {}).get(str(contender), 0))
        head_box = pygame.Rect(x + s(20), y, right - x - s(20), s(20))
        hit_box = pygame.Rect(x, head_box.bottom, right - x, s(18))
        y = hit_box.bottom + s(4)
        spots: list[Spot] = []
        at = x
        for piece in (battle.get("sides") or {}).get(str(contender), []):
            if at > x and at + chip > right:
                at, y = x, y + step
            action = A.Casualty(int(piece["seat"]), str(piece["unit"]), str(piece["place"]))
            tip = tr("coe.battle.piece", seat=words.seat(view, piece["seat"]),
                     units=words.units({piece["unit"]: int(piece["count"])}),
                     place=words.place(view, piece["place"]))
            if action in casualties:
                tip = view.action_label(action)
            spots.append(Spot(pygame.Rect(at, y, chip, chip), str(piece["unit"]), action,
                              command=str(piece["count"]), enabled=action in casualties,
                              tip=tip))
            at += step
        empty = pygame.Rect(x, y, right - x, s(20)) if not spots else None
        y += (step if spots else s(20)) + s(6)
        sides.append((contender, head, words.hits_line(view, contender, battle), head_box, hit_box,
                      spots, empty))
    status = ""
    if battle.get("hits") and battle.get("hit_side") is not None:
        key = "coe.battle.remove_click" if casualties else "coe.battle.remove"
        status = tr(key, name=words.seat(view, battle["hit_side"]), hits=int(battle["hits"]))
    status_box = pygame.Rect(x, y, right - x, s(44))
    rect.h = (status_box.bottom if status else y) + pad - rect.y
    every = [spot for side in sides for spot in side[5]]
    if surface is None:
        return rect, every
    with text.layer("coe_battle", cover=rect):
        pygame.draw.rect(surface, PANEL, rect, border_radius=s(8))
        pygame.draw.rect(surface, PANEL_EDGE, rect, s(2), border_radius=s(8))
        kind = "coe.battle.title_naval" if battle.get("naval") else "coe.battle.title"
        view.text(surface, tr(kind, place=words.place(view, battle.get("place")),
                              round=int(battle.get("round") or 0) or 1),
                  16, title_box, INK, True, max_lines=1)
        for contender, head, hits, head_box, hit_box, spots, empty in sides:
            if contender == battle.get("hit_side") and casualties:
                band = pygame.Rect(x - s(4), head_box.y - s(2), right - x + s(8),
                                   (spots[-1].rect.bottom if spots else hit_box.bottom)
                                   - head_box.y + s(6))
                pygame.draw.rect(surface, HIT_SIDE, band, border_radius=s(6))
            artwork.draw_seat_marker(surface, (x + s(8), head_box.centery), s(7),
                                     view.colours[contender])
            view.text(surface, head, 14, head_box, INK, True, max_lines=1)
            if hits:
                view.text(surface, hits, 13, hit_box, INK_SOFT, False, max_lines=1)
            if empty is not None:
                view.text(surface, tr("coe.battle.no_units"), 13, empty, INK_SOFT, False,
                          max_lines=1)
            for spot in spots:
                seat = spot.action.seat if isinstance(spot.action, A.Casualty) else contender
                lit = spot.enabled and spot.rect.collidepoint(hover)
                img = art.unit_chip(spot.label, view.colours[seat], spot.rect.w,
                                    int(spot.command), spot.enabled)
                if lit:
                    pygame.draw.rect(surface, (255, 214, 96), spot.rect.inflate(s(4), s(4)),
                                     border_radius=s(6))
                surface.blit(img, spot.rect)
        if status:
            view.text(surface, status, 14, status_box, INK, True, max_lines=2)
    return rect, every


# -- the supply tray -------------------------------------------------------------------------


def recruiting(view: ConquestView, legal: list[Action]) -> bool:
    """Whether the tray is offered: a recruit may start now or is under way."""
    step = view.view.get("step")
    if step in ("recruit", "recruit_unit"):
        return any(isinstance(a, A.RecruitAt | A.RecruitUnits) for a in legal)
    return step == "action" and any(isinstance(a, A.Recruit) for a in legal)


def recruit_targets(view: ConquestView, legal: list[Action], seat: int, unit: str) -> set[str]:
    """Every place `unit` may be dropped on now."""
    return {k for k in view.areas_by_key if not words.recruit_refusal(view, legal, seat, unit, k)}


def recruit_plan(view: ConquestView, legal: list[Action], unit: str,
         place: str) -> tuple[Action | None, list[Action]]:
    """(the action a drop plays first, the steps that follow it)."""
    step = view.view.get("step")
    one = A.RecruitUnits(unit, 1)
    if step == "recruit_unit":
        return one, []
    if step == "recruit":
        return A.RecruitAt(place), [one]
    start = A.Recruit(view.dilectus and A.Recruit(True) in legal)
    return start, [A.RecruitAt(place), one]


def tray_band(view: ConquestView) -> int:
    """The height the tray takes at the map's foot, with its margin (without the Dilectus
    switch, which only the first step of a recruit shows): the map is fitted above it."""
    s = view.s
    return s(12) + s(8) + s(20) + s(38) + s(34) + s(8)


def tray(view: ConquestView, legal: list[Action], surface: pygame.Surface | None = None,
         hover: tuple[int, int] = NOWHERE) -> tuple[pygame.Rect | None, list[Spot]]:
    """The tray's slots (`label`: the unit; `enabled`: it may be picked up) and, when
    Dilectus could be spent, its switch."""
    if view.lay is None or not view.view or not recruiting(view, legal):
        return None, []
    s = view.s
    seat = view.acting_seat()
    v = view.view
    supply = (v.get("supply") or [{}] * (seat + 1))[seat] or {}
    board_rect = view.lay.board
    pad = s(8)
    slot_w = s(SLOT_W)
    title = tr("coe.tray.title")
    switch: Spot | None = None
    if v.get("step") == "action" and A.Recruit(True) in legal:
        label = tr("coe.tray.dilectus_on" if view.dilectus else "coe.tray.dilectus_off")
        switch = Spot(pygame.Rect(0, 0, button_width(view, label, 13), s(28)), label,
                      command="dilectus", tip=tr("coe.card.dilectus.tip"))
    width = pad * 2 + slot_w * len(TRAY_UNITS)
    width = min(board_rect.w - s(24), width)
    height = tray_band(view) - s(12) + (s(34) if switch else 0)
    rect = pygame.Rect(board_rect.x + s(12), board_rect.bottom - s(12) - height, width, height)
    slots: list[Spot] = []
    slot_w = (width - 2 * pad) // len(TRAY_UNITS)
    for k, unit in enumerate(TRAY_UNITS):
        cell = pygame.Rect(rect.x + pad + k * slot_w, rect.y + pad + s(20), slot_w, s(72))
        left = int(supply.get(unit, 0))
        ok = left > 0 and v["talents"][seat] >= words.UNIT_COST[unit]
        tip = tr("coe.tray.slot_tip", unit=tr(f"coe.unit_name.{unit}"),
                 cost=words.UNIT_COST[unit], left=left)
        slots.append(Spot(cell, unit, None, command="unit", enabled=ok, tip=tip))
    if switch is not None:
        switch.rect.topleft = (rect.x + pad, rect.bottom - pad - s(28))
        switch.rect.w = min(switch.rect.w, rect.w - 2 * pad)
    if surface is None:
        return rect, [*slots, *([switch] if switch else [])]
    with text.layer("coe_tray", cover=rect):
        pygame.draw.rect(surface, PANEL, rect, border_radius=s(8))
        pygame.draw.rect(surface, PANEL_EDGE, rect, s(2), border_radius=s(8))
        view.text(surface, title, 13, pygame.Rect(rect.x + pad, rect.y + pad - s(2),
                                                  rect.w - 2 * pad, s(20)),
                  INK, True, max_lines=1)
        px = s(36)
        for spot in slots:
            cell = spot.rect
            held = view.held_unit == spot.label
            img = art.unit_chip(spot.label, view.colours[seat], px, 1,
                                spot.enabled and (held or cell.collidepoint(hover)))
            if not spot.enabled:
                img = img.copy()
                img.set_alpha(110)
            surface.blit(img, img.get_rect(midtop=(cell.centerx, cell.y)))
            colour = INK if spot.enabled else INK_SOFT
            view.text(surface, tr("coe.tray.cost", cost=words.UNIT_COST[spot.label]), 13,
                      pygame.Rect(cell.x + s(2), cell.y + px + s(2), cell.w - s(4), s(17)),
                      colour, True, "center", max_lines=1)
            left = int(supply.get(spot.label, 0))
            view.text(surface, tr("coe.tray.left", n=left), 12,
                      pygame.Rect(cell.x + s(2), cell.y + px + s(18), cell.w - s(4), s(17)),
                      colour, False, "center", max_lines=1)
        if switch is not None:
            draw_button(view, surface, switch, hover, 13)
    return rect, [*slots, *([switch] if switch else [])]


# -- the end of a season ---------------------------------------------------------------------


@dataclass
class Scoring:
    """One season's scoring events, and the step the player is reading."""

    events: list[Event] = field(default_factory=list)
    page: int = 0

    def first(self, kind: str) -> Event | None:
        return next((ev for ev in self.events if ev["type"] == kind), None)

    @property
    def season(self) -> int:
        done = self.first("season_scored")
        return int(done["season"]) if done else 0

    def steps(self) -> list[str]:
        """The steps there is something to show for (taxes are missing when the game was
        opened in the middle of the maintenance)."""
        return [k for k in SCORING_STEPS if k != "taxes" or self.first("taxes") is not None]


def collect_scoring(view: ConquestView, events: list[Event]) -> None:
    """Follow the scoring events of an action; a finished season opens the overlay."""
    for ev in events:
        kind = ev["type"]
        if kind not in SCORING_EVENTS:
            continue
        if kind == "taxes" or view.scoring_draft is None:
            view.scoring_draft = Scoring()
        view.scoring_draft.events.append(ev)
        if kind == "season_scored":
            view.scoring, view.scoring_draft = view.scoring_draft, None


def scoring_overlay(view: ConquestView, surface: pygame.Surface | None = None,
            hover: tuple[int, int] = NOWHERE) -> tuple[pygame.Rect | None, list[Spot]]:
    """(the overlay's rect, its buttons) — None while no scoring is shown."""
    sc = view.scoring
    if sc is None or view.lay is None:
        return None, []
    s = view.s
    steps = sc.steps()
    sc.page = max(0, min(sc.page, len(steps) - 1))
    step = steps[sc.page]
    lines = words.scoring_rows(view, sc, step)
    board = view.lay.board
    w = min(board.w - s(40), s(540))
    line_h = s(22)
    pad = s(14)
    # one size for every step, so the buttons stay under the pointer
    most = max(len(words.scoring_rows(view, sc, k)) for k in steps)
    h = pad + s(24) + s(22) + s(6) + most * line_h + s(10) + s(36) + pad
    h = min(h, board.h - s(20))
    rect = pygame.Rect(0, 0, w, h)
    rect.center = board.center
    last = sc.page == len(steps) - 1
    buttons: list[Spot] = []
    y = rect.bottom - pad - s(36)
    forward = tr("coe.score.close" if last else "coe.score.next")
    nxt = Spot(pygame.Rect(0, y, button_width(view, forward), s(36)), forward,
               command="close" if last else "next")
    nxt.rect.right = rect.right - pad
    buttons.append(nxt)
    if sc.page > 0:
        label = tr("coe.score.back")
        back = Spot(pygame.Rect(rect.x + pad, y, button_width(view, label), s(36)), label,
                    command="back")
        buttons.append(back)
    if not last:
        label = tr("coe.score.close")
        close = Spot(pygame.Rect(0, y, button_width(view, label), s(36)), label,
                     command="close")
        close.rect.right = nxt.rect.x - s(8)
        buttons.append(close)
    if surface is None:
        return rect, buttons
    with text.layer("coe_scoring", cover=rect):
        shadow = rect.move(s(4), s(5))
        pygame.draw.rect(surface, (30, 22, 14), shadow, border_radius=s(12))
        pygame.draw.rect(surface, PANEL, rect, border_radius=s(12))
        pygame.draw.rect(surface, PANEL_EDGE, rect, s(3), border_radius=s(12))
        x, right = rect.x + pad, rect.right - pad
        view.text(surface, tr("coe.score.title", season=sc.season), 18,
                  pygame.Rect(x, rect.y + pad, right - x, s(24)), INK, True, "center",
                  max_lines=1)
        view.text(surface, tr("coe.score.step", k=sc.page + 1, of=len(steps),
                              what=tr(f"coe.score.step_{step}")), 15,
                  pygame.Rect(x, rect.y + pad + s(24), right - x, s(22)), INK_SOFT, True,
                  "center", max_lines=1)
        y = rect.y + pad + s(52)
        bottom = rect.bottom - pad - s(46)
        for k, (seat, line) in enumerate(lines):
            row = pygame.Rect(x, y, right - x, line_h - s(2))
            if row.bottom > bottom:
                break
            if k % 2 == 0:
                pygame.draw.rect(surface, CELL, row, border_radius=s(4))
            tx = x + s(6)
            if seat is not None:
                artwork.draw_seat_marker(surface, (x + s(12), row.centery), s(7),
                                         view.colours[seat])
                tx = x + s(26)
            view.text(surface, line, 14, pygame.Rect(tx, row.y, right - tx - s(4), row.h),
                      INK, False, "left", "middle", 1)
            y += line_h
        if not lines:
            view.text(surface, tr("coe.score.nothing"), 14,
                      pygame.Rect(x, y, right - x, s(22)), INK_SOFT, False, max_lines=1)
        for spot in buttons:
            draw_button(view, surface, spot, hover, 15)
    return rect, buttons


def scoring_command(view: ConquestView, name: str) -> None:
    sc = view.scoring
    if sc is None:
        return
    if name == "next":
        sc.page += 1
    elif name == "back":
        sc.page = max(0, sc.page - 1)
    elif name == "close":
        view.scoring = None
