"""Kobayakawa in words: the status line, prompts, button labels and tips, seat tooltips, log
sentences and the showdown's result («3 + 12 = 15 beats 14»), all through the catalogue.

A mixin of KobayakawaView: it reads the view's layout and state through its names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from client.games.kobayakawa.layout import SeatSpot, TableLayout
from client.i18n import tr
from rules import Action, Event, Seat
from rules.kobayakawa import Keep


class KobayakawaWords:
    """Mixed into KobayakawaView: every sentence the table shows."""

    view: dict[str, Any]
    viewer: Seat | None
    names: list[str]
    seats: list[dict[str, Any]]
    table: TableLayout | None

    if TYPE_CHECKING:  # provided by the view this is mixed into

        def spot(self, seat: Seat) -> SeatSpot: ...
        def s(self, value: float) -> int: ...

    # -- tooltips ------------------------------------------------------------------------
    def _tips(self) -> list[tuple[pygame.Rect, str]]:
        if self.table is None or not self.view:
            return []
        v, t = self.view, self.table
        tips = [
            (t.deck, tr("koba.tip.deck", n=v["deck_size"])),
            (t.pile, tr("koba.tip.pile", value=v["kobayakawa"], n=len(v["pile"]))),
            (
                pygame.Rect(
                    t.centre_medals[0] - self.s(80),
                    t.centre_medals[1] - t.medal_r,
                    self.s(160),
                    2 * t.medal_r,
                ),
                tr("koba.tip.centre", n=v["centre"]),
            ),
        ]
        for seat in range(len(self.names)):
            spot = self.spot(seat)
            tips.append((spot.block, self._seat_tip(seat)))
            if v["in_round"][seat] and "hands" in v:
                card = v["hands"][seat]
                if card:
                    tips.append((spot.hand, tr("koba.tip.hand_open", card=card,
                                               name=self.names[seat])))
            elif v["in_round"][seat]:
                mine = seat == self.viewer and v["hand"] is not None
                key = "koba.tip.hand_mine" if mine else "koba.tip.hand_hidden"
                tips.append((spot.hand, tr(key, card=v["hand"], name=self.names[seat])))
                if mine and v["drawn"] is not None:
                    tips.append((spot.extra, tr("koba.tip.drawn", card=v["drawn"])))
            if v["discards"][seat]:
                tips.append(
                    (
                        spot.discard,
                        tr("koba.tip.discard", card=v["discards"][seat][-1], name=self.names[seat]),
                    )
                )
        return tips

    def _seat_tip(self, seat: Seat) -> str:
        v = self.view
        stake = v["stakes"][seat]
        if not v["in_round"][seat]:
            state = tr("koba.tip.state_out")
        elif stake is None:
            state = tr("koba.tip.state_undecided")
        elif stake == 0:
            state = tr("koba.tip.state_passed")
        else:
            state = tr("koba.tip.state_fights", bet=stake)
        text = tr("koba.tip.seat", name=self.names[seat], medals=v["medals"][seat], state=state)
        if seat in v["order"]:
            text += " " + tr("koba.tip.order", n=v["order"].index(seat) + 1, total=len(v["order"]))
        return text

    # -- words ----------------------------------------------------------------------------
    def status(self) -> str:
        v = self.view
        if not v:
            return ""
        if v["phase"] == "over":
            return tr("koba.status.over")
        stage = tr("koba.stage.bet") if v["phase"] == "bet" else tr("koba.stage.choose")
        key = "koba.status.last" if v["last_round"] else "koba.status"
        return tr(key, round=v["round"], rounds=v["rounds"], stage=stage)

    def prompt(self, seat: Seat, legal: list[Action]) -> str:
        phase = self.view.get("phase")
        bet = self.view["bets"][seat] if self.view else 1
        key = f"koba.prompt.{phase}" + (".one" if phase == "bet" and bet == 1 else "")
        return tr(key, name=self.names[seat], bet=bet)

    def action_label(self, action: Action) -> str:
        if isinstance(action, Keep):
            return tr("action.kobayakawa.keep", card=action.card)
        bet = self.view["bets"][self.viewer] if self.viewer is not None and self.view else 1
        return tr(f"action.kobayakawa.{action.type}", bet=bet)

    def action_tip(self, action: Action) -> str:
        card = getattr(action, "card", 0)
        bet = self.view["bets"][self.viewer] if self.viewer is not None and self.view else 1
        plural = ".one" if action.type == "fight" and bet == 1 else ""
        return tr(
            f"action.kobayakawa.{action.type}.tip{plural}",
            card=card,
            bet=bet,
            value=self.view.get("kobayakawa"),
        )

    def describe(self, ev: Event) -> str | None:
        kind = ev["type"]
        params = dict(ev)
        if "seat" in ev:
            params["name"] = self.names[ev["seat"]]
        if kind == "round_started":
            params["name"] = self.names[ev["start_player"]]
            text = tr("log.koba.round_started", **params)
            return text + (" " + tr("log.koba.last_round") if ev["last_round"] else "")
        if kind == "revealed":
            shown = ", ".join(f"{self.names[q]} {card}" for q, card in ev["cards"])
            return tr("log.koba.revealed", cards=shown)
        if kind == "round_won":
            params["name"] = self.names[ev["winner"]]
            key = "log.koba.round_won_alone" if ev["alone"] else "log.koba.round_won"
            return tr(key + (".one" if ev["gained"] == 1 else ""), **params)
        if kind == "game_over":
            names = ", ".join(self.names[q] for q in ev["winners"])
            return tr("log.koba.game_over", names=names)
        if kind in ("fought", "round_void"):
            count = ev.get("bet", ev.get("lost", 1))
            return tr(f"log.koba.{kind}.{'one' if count == 1 else 'many'}", **params)
        key = f"log.koba.{kind}"
        return tr(key, **params)

    def round_result(
        self, cards: list[list[int]], value: int, won: Event
    ) -> dict[str, Any]:
        """A showdown in words: each fighter's total (the lowest card adds the Kobayakawa),
        and the winner's total against the best of the rest («3 + 12 = 15 beats 14»)."""
        lowest = min(card for _q, card in cards)
        rows: list[tuple[Seat, str, int]] = []
        for q, card in cards:
            total = card + value if card == lowest else card
            words = f"{card} + {value} = {total}" if card == lowest else str(card)
            rows.append((q, words, total))
        winner = won["winner"]
        mine = next(r for r in rows if r[0] == winner)
        rest = max((r for r in rows if r[0] != winner), key=lambda r: r[2])
        key = "koba.result.ties" if rest[2] == mine[2] else "koba.result.beats"
        gained = won["gained"]
        return {
            "title": tr("koba.result.title", round=won["round"], name=self.names[winner]),
            "line": tr(key, a=mine[1], b=rest[1]),
            "rows": [(self.names[q], words, q == winner) for q, words, _t in rows],
            "gain": tr("koba.result.gain" + (".one" if gained == 1 else ""),
                       name=self.names[winner], gained=gained),
        }
