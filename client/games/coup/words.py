"""Coup in words: character names by theme, action labels, prompts, balloons and the log."""

from __future__ import annotations

from typing import Any

from client.i18n import tr
from rules import Action, Event, Seat
from rules.coup.components import BLOCKERS

CLAIMS = {"tax": "duke", "assassinate": "assassin", "steal": "captain", "exchange": "ambassador"}
COSTS = {"coup": 7, "assassinate": 3}
TARGETED = ("coup", "assassinate", "steal")


class Words:
    """Sentences for one table: the seats' names and the theme of the cards."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.theme = "classic"

    def card(self, character: str | None) -> str:
        return tr(f"coup.card.{self.theme}.{character}") if character else "?"

    def name(self, seat: Seat | None) -> str:
        return self.names[seat] if seat is not None and 0 <= seat < len(self.names) else "?"

    # -- the action board --------------------------------------------------------------
    def board_row(self, kind: str) -> tuple[str, str]:
        """(bold label with its effect, the claim and who may block) for one action."""
        label = tr(f"coup.board.{kind}")
        claim = CLAIMS.get(kind)
        parts = [tr("coup.board.claims", card=self.card(claim)) if claim else ""]
        blockers = BLOCKERS.get(kind, ())
        if kind == "coup":
            parts.append(tr("coup.board.always"))
        elif not blockers:
            parts.append(tr("coup.board.no_block"))
        else:
            cards = tr("coup.or").join(self.card(c) for c in blockers)
            parts.append(tr("coup.board.blocked_by", cards=cards))
        return label, " · ".join(p for p in parts if p)

    def action_name(self, action: Action) -> str:
        """A turn action as the log and balloons say it ("Steal from Bea")."""
        kind = action.type
        target = getattr(action, "target", None)
        return self.declared(kind, target)

    def declared(self, kind: str, target: Seat | None) -> str:
        key = f"coup.say.{kind}"
        return tr(key, target=self.name(target), card=self.card(CLAIMS.get(kind)))

    def label(self, action: Action) -> str:
        kind = action.type
        character = getattr(action, "character", None)
        if kind in TARGETED or kind in CLAIMS or kind in ("income", "foreign_aid"):
            return self.action_name(action)
        return tr(f"action.coup.{kind}", card=self.card(character))

    def tip(self, action: Action) -> str:
        character = getattr(action, "character", None)
        return tr(f"action.coup.{action.type}.tip", card=self.card(character))

    # -- prompts ------------------------------------------------------------------------
    def prompt(
        self, view: dict[str, Any], seat: Seat, choosing: str | None, run: int, bluff: bool = False
    ) -> str:
        phase = view.get("phase")
        p = view.get("pending") or {}
        params: dict[str, Any] = {
            "name": self.name(seat),
            "coins": view["coins"][seat] if view else 0,
            "actor": self.name(view.get("turn")),
            "claimant": self.name(p.get("claimant")),
            "card": self.card(p.get("claim")),
            "challenger": self.name(p.get("challenger")),
            "action": self.declared(p.get("action") or "", p.get("target")),
            "n": p.get("returns_left", 0),
            "act": tr(f"coup.act.{p.get('action')}"),
        }
        if phase == "action":
            if choosing:
                return tr(
                    "coup.prompt.target", name=params["name"], action=tr(f"coup.board.{choosing}")
                )
            if view["coins"][seat] >= 10:
                return tr("coup.prompt.must_coup", **params)
            return tr("coup.prompt.action", **params)
        suffix = ".many" if run > 2 else ".all" if run > 1 else ""
        if phase == "challenge":
            blocked = p.get("blocker") is not None
            key = "coup.prompt.challenge_block" if blocked else "coup.prompt.challenge"
            return tr(key + suffix, **params)
        if phase == "block":
            action = p.get("action")
            cards = tr("coup.or").join(self.card(c) for c in BLOCKERS.get(action or "", ()))
            return tr("coup.prompt.block" + suffix, cards=cards, **params)
        if phase == "lose":
            reason = tr(f"coup.reason.{p.get('loss_reason')}")
            return tr("coup.prompt.lose", reason=reason, **params)
        if phase == "prove" and bluff:
            return tr("coup.prompt.prove_bluff", **params)
        return tr(f"coup.prompt.{phase}", **params)

    def waiting(self, view: dict[str, Any]) -> str | None:
        """One line for the middle of the table: who is being asked what now."""
        p = view.get("pending") or {}
        phase = view.get("phase")
        awaiting = p.get("awaiting")
        if phase in ("challenge", "block") and p.get("window"):
            window = p["window"]
            start = window.index(awaiting) if awaiting in window else 0
            names = ", ".join(self.name(q) for q in window[start:])
            return tr(f"coup.wait.{phase}", names=names)
        if phase == "prove":
            return tr(
                "coup.wait.prove", name=self.name(p.get("claimant")), card=self.card(p.get("claim"))
            )
        if phase == "lose":
            return tr("coup.wait.lose", name=self.name(p.get("loser")))
        if phase == "exchange":
            return tr(
                "coup.wait.exchange", name=self.name(view.get("turn")), n=p.get("returns_left")
            )
        return None

    def status(self, view: dict[str, Any]) -> str:
        if not view:
            return ""
        if view["phase"] == "over":
            return tr("coup.status.over")
        if view["phase"] == "pick":
            return tr("coup.status.pick")
        return tr("coup.status", name=self.name(view["turn"]), theme=tr(f"coup.theme.{self.theme}"))

    # -- the log -------------------------------------------------------------------------
    def describe(self, ev: Event) -> str | None:
        kind = ev["type"]
        if kind in (
            "challenge_window",
            "block_window",
            "claim_unchallenged",
            "allowed",
            "not_blocked",
        ):
            return None
        params = {k: v for k, v in ev.items() if k not in ("type", "to")}
        for key in ("seat", "claimant", "challenger", "winner", "blocker", "target"):
            if key in ev and isinstance(ev[key], int):
                params[key] = self.name(ev[key])
        if "character" in ev:
            params["card"] = self.card(ev["character"])
        if kind == "declared":
            params["what"] = self.declared(ev["action"], ev.get("target"))
        if kind in (
            "action_blocked",
            "action_failed",
            "action_resolved",
            "blocked",
            "block_failed",
        ):
            params["action"] = tr(f"coup.act.{ev['action']}")
        if kind == "coins":
            return self._coins(ev)
        if kind == "must_lose_influence":
            params["reason"] = tr(f"coup.reason.{ev['reason']}")
        if kind == "exchange_cards":
            params["cards"] = tr("coup.and").join(self.card(c) for c in ev["drawn"])
        if kind == "influence_lost":
            params["reason"] = tr(f"coup.reason.{ev['reason']}")
        key = f"log.coup.{kind}"
        return tr(key, **params)

    def _coins(self, ev: Event) -> str | None:
        amount = ev["amount"]
        src, dest = ev["source"], ev["dest"]
        if amount == 0:
            return None
        if src == "treasury":
            return tr("log.coup.coins_take", seat=self.name(dest), n=amount)
        if dest == "treasury":
            return tr("log.coup.coins_pay", seat=self.name(src), n=amount)
        return tr("log.coup.coins_steal", seat=self.name(dest), target=self.name(src), n=amount)

    # -- balloons ------------------------------------------------------------------------
    def balloon(self, ev: Event) -> tuple[Seat, str, str] | None:
        """(seat, words, mood) for the events people say out loud at the table."""
        kind = ev["type"]
        if kind == "declared":
            return ev["seat"], self.declared(ev["action"], ev.get("target")), "claim"
        if kind == "challenged":
            return (
                ev["seat"],
                tr("coup.balloon.challenge", card=self.card(ev["character"])),
                "doubt",
            )
        if kind == "blocked":
            return ev["seat"], tr("coup.balloon.block", card=self.card(ev["character"])), "block"
        if kind == "revealed":
            return ev["seat"], tr("coup.balloon.reveal", card=self.card(ev["character"])), "claim"
        if kind == "conceded":
            return ev["seat"], tr("coup.balloon.concede"), "doubt"
        return None
