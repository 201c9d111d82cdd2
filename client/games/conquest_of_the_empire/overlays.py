"""Panels over the Conquest map that everyone at the table reads together: the alliance
auction and the Senate vote.

Everything in them is public (bids, who is named A and B, the senators each seat holds and
shows), so they need no curtain: they sit at the top of the board while the question is
open, whoever is asked. The seat asked answers with the panel's buttons (a bid is chosen
with − and + in the rules' steps of 5), or from the list of choices, which still holds
every legal answer.

Each panel is one function that works out where everything goes and, given a surface,
draws it: the same call tells a click what it hit (`Spot`), so drawing and clicking never
disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from client import artwork, text
from client.games.conquest_of_the_empire import words
from client.i18n import tr
from rules import Action
from rules.conquest_of_the_empire import actions as A

if TYPE_CHECKING:
    from client.games.conquest_of_the_empire.view import ConquestView

PLATE = (238, 226, 194)
PLATE_EDGE = (92, 66, 40)
CELL = (248, 240, 218)
CELL_ASKED = (255, 236, 170)
INK = (52, 36, 24)
INK_SOFT = (110, 86, 60)
BUTTON = (244, 232, 200)
BUTTON_HOT = (255, 226, 140)
BUTTON_OFF = (206, 190, 152)
ACCENT = artwork.ACCENT
NOWHERE = (-10_000, -10_000)


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
    pygame.draw.rect(surface, PLATE, rect, border_radius=s(10))
    pygame.draw.rect(surface, PLATE_EDGE, rect, s(2), border_radius=s(10))


# -- the alliance auction ---------------------------------------------------------------------
def auction_lines(view: ConquestView) -> tuple[str, str, list[str]]:
    """(title, the proposal standing and the one being built, a line per seat)."""
    v = view.view
    auc = v.get("auction") or {}
    order = v.get("order") or []
    first = len(order) + 1
    title = tr("coe.auction.title", a=first, b=first + 1)

    def name(q: Any) -> str:
        return words.seat(view, q)

    if auc.get("bid") is None:
        standing = tr("coe.auction.none", name=name(auc.get("opener")))
    else:
        standing = tr("coe.auction.standing", name=name(auc.get("proposer")), bid=auc["bid"],
                      a=name(auc.get("a")), b=name(auc.get("b")))
        standing += " " + tr("coe.auction.passes", n=int(auc.get("passes", 0)),
                             of=max(1, len(view.names) - 1))
    if auc.get("amount") is not None:
        key = "coe.auction.raising" if auc.get("bid") is not None else "coe.auction.opening"
        building = tr(key, name=name(auc.get("asked")), amount=auc["amount"])
        if auc.get("name_a") is not None:
            building += " " + tr("coe.auction.named_a", a=name(auc["name_a"]))
        standing = building if auc.get("bid") is None else standing + "\n" + building
    lines = []
    positions = v.get("positions") or [0] * len(view.names)
    for q in range(len(view.names)):
        talents = tr("coe.auction.talents", n=v["talents"][q])
        if positions[q]:
            where = tr("coe.panel.position", n=positions[q])
        elif auc.get("bid") is not None and q in (auc.get("a"), auc.get("b")):
            where = tr("coe.auction.proposed_" + ("a" if q == auc.get("a") else "b"))
        else:
            where = tr("coe.auction.unplaced")
        lines.append(f"{talents} · {where}")
    return title, standing, lines


def auction_panel(view: ConquestView, legal: list[Action], surface: pygame.Surface | None = None,
                  hover: tuple[int, int] = NOWHERE) -> tuple[pygame.Rect | None, list[Spot]]:
    v = view.view
    auc = v.get("auction")
    if not auc or view.lay is None or v.get("step") not in ("bid", "name_a", "name_b"):
        return None, []
    s = view.s
    title, standing, lines = auction_lines(view)
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


# -- the Senate vote ----------------------------------------------------------------------------
def vote_lines(view: ConquestView) -> tuple[str, str, str, list[str]]:
    v = view.view
    vote = v.get("vote") or {}
    card = str(vote.get("card", ""))
    title = tr("coe.vote.title", card=words.card(card), name=words.seat(view, vote.get("caller")))
    effect = tr(f"coe.card.{card}.tip")
    if v.get("step") == "vote_effect":
        best = tr("coe.vote.won", best=vote.get("best", 0),
                  name=words.seat(view, vote.get("leader")))
    elif vote.get("best"):
        best = tr("coe.vote.best", best=vote["best"], name=words.seat(view, vote.get("leader")))
    else:
        best = tr("coe.vote.no_best")
    lines = []
    shows = vote.get("shows") or [[] for _ in view.names]
    for q in range(len(view.names)):
        hand = "+".join(words.roman(x) for x in v["senators"][q]) or "—"
        shown = shows[q] if q < len(shows) else []
        if shown:
            lines.append(tr("coe.vote.seat_shows", hand=hand,
                            shown="+".join(words.roman(x) for x in shown), total=sum(shown)))
        else:
            lines.append(tr("coe.vote.seat", hand=hand))
    return title, effect, best, lines


def vote_panel(view: ConquestView, legal: list[Action], surface: pygame.Surface | None = None,
               hover: tuple[int, int] = NOWHERE) -> tuple[pygame.Rect | None, list[Spot]]:
    v = view.view
    vote = v.get("vote")
    if not vote or view.lay is None or v.get("step") not in ("vote", "vote_effect"):
        return None, []
    s = view.s
    title, effect, best, lines = vote_lines(view)
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
