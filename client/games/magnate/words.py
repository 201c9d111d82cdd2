"""What Magnate's table says: status line, prompts, button labels, tips, log lines, refusals."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from client.art import decktet
from client.i18n import error_sentence, has, tr
from rules import Action, Event, IllegalAction, Seat
from rules.magnate.actions import TakeIncome
from rules.magnate.components import CARDS, DISTRICT_IDS, RANK, Card, Kind
from rules.magnate.logic import payments

if TYPE_CHECKING:
    from client.games.magnate.view import MagnateView

SUITS = decktet.SUITS


# -- names and tips ------------------------------------------------------------------------
def card_name(card_id: str) -> str:
    key = f"card.{card_id}"
    return tr(key) if has(key) else card_id.replace("_", " ")


def suit_name(suit: str) -> str:
    return tr(f"suit.{suit}")


def suits_text(card_id: str) -> str:
    return " · ".join(suit_name(s.value) for s in CARDS[card_id].suits)


def tokens_text(tokens: dict[str, int]) -> str:
    """`{"waves": 2, "leaves": 1}` as “Waves ×2, Leaves ×1”, in suit order."""
    parts = [f"{suit_name(s)} ×{tokens[s]}" for s in SUITS if tokens.get(s)]
    return ", ".join(parts) if parts else tr("mag.nothing")


def payment_text(card_id: str, payment: tuple[int, ...]) -> str:
    suits = [s.value for s in CARDS[card_id].suits]
    return tokens_text(dict(zip(suits, payment, strict=True)))


def rank_word(card: Card) -> str:
    if card.kind is Kind.ACE:
        return tr("mag.rank.ace")
    if card.kind is Kind.CROWN:
        return tr("mag.rank.crown")
    if card.kind in (Kind.PAWN, Kind.EXCUSE):
        return tr("mag.rank.district")
    return str(card.rank)


def card_tip(card_id: str, costs: bool = True) -> str:
    """Name, rank, suits and what the card costs to develop, to deed and what it sells for."""
    card = CARDS[card_id]
    if card.kind in (Kind.PAWN, Kind.EXCUSE):
        return tr("mag.tip.district_card", name=card_name(card_id),
                  suits=suits_text(card_id) or tr("mag.no_suit"))
    head = tr("mag.tip.card", name=card_name(card_id), rank=rank_word(card),
              suits=suits_text(card_id) or tr("mag.no_suit"))
    if not costs or card.kind not in (Kind.ACE, Kind.NUMBER):
        return head
    suits = [s.value for s in card.suits]
    if card.kind is Kind.ACE:
        develop = tr("mag.tip.develop_ace", suit=suit_name(suits[0]))
        deed = tr("mag.tip.no_deed")
        sell = tokens_text({suits[0]: 2})
    else:
        options = " | ".join(
            "+".join(str(n) for n in p) for p in payments(card.rank, len(suits))
        )
        develop = tr("mag.tip.develop", rank=card.rank, suits=suits_text(card_id),
                     options=options)
        deed = (tr("mag.tip.deed", cost=tokens_text(dict.fromkeys(suits, 1)))
                if card.rank >= 3 else tr("mag.tip.no_deed"))
        sell = tokens_text(dict.fromkeys(suits, 1))
    return "\n".join((head, develop, deed, tr("mag.tip.sell", gain=sell)))


def action_params(action: Any) -> dict[str, Any]:
    """Words for an action's parameters (card and suit names), for labels and tips."""
    params: dict[str, Any] = {}
    for key in ("card", "district"):
        if hasattr(action, key):
            params[key] = card_name(getattr(action, key))
    for key in ("suit", "give", "take"):
        if hasattr(action, key):
            params[key] = suit_name(getattr(action, key))
    return params



class MagnateWords:
    """Mixed into MagnateView: every sentence goes through the catalogue."""

    names: list[str]
    view: dict[str, Any]

    # -- top bar and prompt ------------------------------------------------------------
    def status(self) -> str:
        v = self.view
        if not v:
            return ""
        if v["phase"] == "over":
            return tr("mag.status.over")
        key = "mag.status.final" if v["final_turns"] else "mag.status"
        return tr(key, turn=v["turn"], deck=v["deck_size"], phase=tr(f"mag.phase.{v['phase']}"))

    def prompt(self, seat: Seat, legal: list[Action]) -> str:
        v = self.view
        name = self.names[seat]
        if not v:
            return tr("prompt.generic", name=name)
        phase = v["phase"]
        if phase == "income":
            pending = v["pending_income"]
            district = str(pending[0][1]) if pending else DISTRICT_IDS[0]
            line = next(d for d in v["districts"] if d["id"] == district)["properties"][seat]
            card = str(line[-1]["card"]) if line else district
            return tr("mag.prompt.income", name=name, card=card_name(card),
                      district=card_name(district))
        if phase == "roll":
            return tr("mag.prompt.roll", name=name)
        if phase == "play" and not v["card_played"]:
            builds = any(a.type in ("develop", "buy_deed") for a in legal)
            return tr("mag.prompt.play" if builds else "mag.prompt.must_sell", name=name)
        key = "mag.prompt.end_final" if v["final_turns"] else "mag.prompt.end"
        return tr(key, name=name)

    def action_label(self, action: Action) -> str:
        if isinstance(action, TakeIncome):  # the prompt asks which suit: the button names it
            return suit_name(action.suit)
        return tr(f"action.magnate.{action.type}", **action_params(action))

    def action_tip(self, action: Action) -> str:
        return tr(f"action.magnate.{action.type}.tip", **action_params(action))

    def refusal(self, exc: IllegalAction) -> str:
        """The rules' reason in the player's language; Magnate's own wording comes first."""
        params = dict(exc.params)
        for key in ("card", "district", "against", "deed", "expected"):
            if isinstance(params.get(key), str):
                params[key] = card_name(params[key])
        for key in ("suit", "give", "take"):
            if isinstance(params.get(key), str) and has(f"suit.{params[key]}"):
                params[key] = suit_name(params[key])
        for key in ("suits", "allowed"):
            if isinstance(params.get(key), list):
                params[key] = ", ".join(suit_name(s) for s in params[key])
        special = f"illegal.magnate.{exc.code}"
        if exc.code == "suit_mismatch" and "against" not in params:
            special += ".token"  # a token or income of a suit the card does not have
        if has(special):
            return tr(special, **params)
        return error_sentence("illegal", exc.code, params)

    # -- the log ---------------------------------------------------------------------------
    def describe(self, ev: Event) -> str | None:
        kind = ev["type"]
        p: dict[str, Any] = {k: v for k, v in ev.items() if k not in ("type", "to")}
        if "seat" in ev:
            p["name"] = self.names[ev["seat"]]
        for key in ("card", "district"):
            if key in p:
                p[key] = card_name(p[key])
        if "tokens" in p and isinstance(p["tokens"], dict):
            p["tokens"] = tokens_text(p["tokens"])
        for key in ("suit", "give", "take"):
            if key in p:
                p[key] = suit_name(p[key])
        if kind == "dice_rolled":
            p["dice"] = " + ".join(str(x) for x in ev["dice"])
        elif kind == "taxed":
            lost = [f"{self.names[q]} −{n}" for q, n in enumerate(ev["lost"]) if n]
            p["lost"] = ", ".join(lost) if lost else tr("mag.nobody")
        elif kind == "income":
            kind = f"income.{ev['source']}"
        elif kind == "card_played":
            kind = f"card_played.{ev['play']}"
        elif kind == "turn_ended":
            return None
        elif kind == "game_over":
            return self._game_over_line(ev)
        elif kind == "setup":
            p["crowns"] = "; ".join(
                f"{self.names[q]}: " + ", ".join(card_name(c) for c in crowns)
                for q, crowns in enumerate(ev["crowns"])
            )
        key = f"log.mag.{kind}"
        return tr(key, **p) if has(key) else None

    def _game_over_line(self, ev: Event) -> str:
        points = ev["points"]
        scores = ", ".join(f"{self.names[q]} {points[q]}" for q in range(len(points)))
        return tr("log.mag.game_over", scores=scores)

    # -- hover tips ----------------------------------------------------------------------------
    def _tips(self: MagnateView) -> list[tuple[pygame.Rect, str]]:  # type: ignore[misc]
        if self.table is None or not self.view:
            return []
        t, v = self.table, self.view
        tips: list[tuple[pygame.Rect, str]] = [
            (t.deck, tr("mag.tip.deck", n=v["deck_size"])),
            (t.discard, tr("mag.tip.discard", n=len(v["discards"]))),
            (t.bank, tr("mag.tip.bank")),
            (pygame.Rect(t.dice[0] - self.s(90), t.dice[1] - t.die // 2, self.s(180), t.die),
             tr("mag.tip.dice")),
        ]
        for d, district in enumerate(DISTRICT_IDS):
            col = t.columns[d]
            tips.append((col.district, card_tip(district) + "\n" + tr("mag.tip.district")))
            for seat in (self.top, self.bottom):
                for rect, entry in self.stack(seat, d):
                    tips.append((rect, self._property_tip(seat, entry)))
        for seat in (self.top, self.bottom):
            strip = t.strips[seat]
            for suit, rect in zip(SUITS, strip.tokens, strict=True):
                n = v["tokens"][seat].get(suit, 0)
                tips.append((rect.inflate(self.s(24), self.s(8)),
                             tr("mag.tip.tokens", name=self.names[seat], n=n,
                                suit=suit_name(suit))))
            for crown, rect in zip(v["crowns"][seat], strip.crowns, strict=False):
                tips.append((rect, card_tip(crown, False) + "\n" + tr("mag.tip.crown")))
        for card, rect in self.hand_rects():
            text = card_tip(card) if card else tr("mag.tip.hidden_hand")
            tips.append((rect, text))
        if "hands" in v:  # the game is over: the other hand is face up too
            top = v["hands"][self.top]
            for card, rect in zip(top, t.hand_rects(self.top, len(top)), strict=True):
                tips.append((rect, card_tip(card)))
        else:
            for rect in t.hand_rects(self.top, v["hand_sizes"][self.top]):
                tips.append((rect, tr("mag.tip.hidden_hand")))
        return tips

    def _property_tip(self, seat: Seat, entry: dict[str, Any]) -> str:
        card = entry["card"]
        head = card_tip(card, False)
        if entry["complete"]:
            return head + "\n" + tr("mag.tip.property", name=self.names[seat])
        return head + "\n" + tr("mag.tip.deed_on_table", name=self.names[seat],
                                placed=entry["tokens"], rank=RANK[card])

    def score_text(self, score: float) -> str:
        n = int(score)
        return tr("mag.results.point" if n == 1 else "mag.results.points", n=n)

    def chart(
        self, final_view: dict[str, Any], history: list[dict[str, Any]]
    ) -> tuple[str, list[list[float]]] | None:
        """Each seat's finished properties, in rank points, at the start of every turn."""
        series: list[list[float]] = [[] for _ in range(final_view["players"])]
        turn = None
        for view in [*history, final_view]:
            if view["turn"] == turn and view is not final_view:
                continue
            turn = view["turn"]
            for seat in range(final_view["players"]):
                series[seat].append(float(finished_ranks(view, seat)))
        return tr("mag.chart"), series

    def chart_axis(self) -> str:
        return tr("results.turn_axis")


def finished_ranks(view: dict[str, Any], seat: Seat) -> int:
    """The ranks of `seat`'s completed properties, summed over every district."""
    return sum(
        RANK[entry["card"]]
        for district in view["districts"]
        for entry in district["properties"][seat]
        if entry["complete"]
    )
