"""Carolus Magnus in words: territory names, tooltips, the prompt, the status line and the log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from client.i18n import tr
from rules import Action, Event, Seat
from rules.carolus_magnus import (
    ChooseColour,
    LayDisc,
    MoveEmperor,
    PlayToCourt,
    PlayToTerritory,
    RollDice,
)
from rules.maps import Topology

if TYPE_CHECKING:
    from client.games.carolus_magnus.view import CarolusView

COLOURS = ("yellow", "red", "pink", "green", "blue")


def colour(name: str) -> str:
    return tr(f"cm.colour.{name}")


def territory_name(topology: Topology, tiles: list[int]) -> str:
    """Roman numerals of its tiles: "IV", or "IV–VI" once merged."""
    first = topology.area(tiles[0]).label
    if len(tiles) == 1:
        return first
    return f"{first}–{topology.area(tiles[-1]).label}"


def side_name(view: CarolusView, side: int) -> str:
    v = view.view
    seats = [p for p in range(v["players"]) if v["side_of_seat"][p] == side]
    return " & ".join(view.names[p] for p in seats)


def cubes_text(cubes: dict[str, int]) -> str:
    parts = [f"{n} {colour(c)}" for c, n in cubes.items() if n]
    return ", ".join(parts) if parts else tr("cm.tip.no_cubes")


def territory_tip(view: CarolusView, t: dict[str, Any]) -> str:
    lines = [tr("cm.tip.territory", name=territory_name(view.topology, t["tiles"]))]
    lines.append(tr("cm.tip.cubes", cubes=cubes_text(t["cubes"])))
    if t["owner"] is not None:
        lines.append(tr("cm.tip.castles", n=t["castles"], side=side_name(view, t["owner"])))
    if view.view["emperor"] == t["id"]:
        lines.append(tr("cm.tip.emperor_here"))
    strengths = strength_text(view, t)
    if strengths:
        lines.append(strengths)
    return "\n".join(lines)


def strength_text(view: CarolusView, t: dict[str, Any]) -> str:
    """Each side's strength here, as the rules count it: controlled clans' cubes + castles."""
    v = view.view
    parts = []
    for side in range(v["sides"]):
        total = t["castles"] if t["owner"] == side else 0
        for c, n in t["cubes"].items():
            holder = v["control"].get(c)
            if holder is not None and v["side_of_seat"][holder] == side:
                total += n
        parts.append(f"{side_name(view, side)}: {total}")
    return tr("cm.tip.strength", parts=" · ".join(parts))


def seat_tip(view: CarolusView, seat: Seat) -> str:
    v = view.view
    side = v["side_of_seat"][seat]
    clans = [colour(c) for c, p in v["control"].items() if p == seat]
    return tr(
        "cm.tip.seat",
        name=view.names[seat],
        castles=v["castles_on_board"][side],
        left=v["castles_left"][side],
        clans=", ".join(clans) or "—",
    )


def court_tip(view: CarolusView, seat: Seat, clan: str) -> str:
    v = view.view
    holder = v["control"].get(clan)
    who = tr("cm.tip.nobody") if holder is None else view.names[holder]
    return tr("cm.tip.court", colour=colour(clan), n=v["courts"][seat][clan], holder=who)


def prompt(view: CarolusView, seat: Seat, legal: list[Action]) -> str:
    v = view.view
    name = view.names[seat]
    phase = v["phase"]
    if phase == "opening":
        return tr("cm.prompt.disc", name=name)
    if phase == "cubes":
        return tr("cm.prompt.cubes", name=name, n=v["cubes_left"])
    if phase == "emperor":
        steps = max((a.steps for a in legal if isinstance(a, MoveEmperor)), default=1)
        return tr("cm.prompt.emperor", name=name, n=steps)
    if phase == "roll":
        return tr("cm.prompt.roll", name=name, n=v["cubes_played"])
    if phase in ("crowns", "setup"):
        return tr("cm.prompt.crown", name=name, n=v["crowns"][seat])
    return tr("prompt.generic", name=name)


def action_label(view: CarolusView, action: Action) -> str:
    if isinstance(action, RollDice):
        return tr("cm.action.roll_dice", n=view.view.get("cubes_played", 0))
    if isinstance(action, LayDisc):
        return tr("cm.action.lay_disc", n=action.disc)
    if isinstance(action, ChooseColour):
        return colour(action.colour)
    if isinstance(action, PlayToCourt):
        return tr("cm.action.play_to_court", colour=colour(action.colour))
    if isinstance(action, PlayToTerritory):
        return tr("cm.action.play_to_territory", colour=colour(action.colour),
                  where=view.territory_name(action.territory))
    if isinstance(action, MoveEmperor):
        return tr("cm.action.move_emperor", steps=action.steps,
                  where=view.territory_name(view.emperor_target(action.steps)))
    return tr(f"cm.action.{action.type}")


def status(view: CarolusView) -> str:
    v = view.view
    if not v:
        return ""
    phase = tr(f"cm.phase.{v['phase']}")
    return tr("cm.status", round=v["round"], phase=phase)


def describe(view: CarolusView, ev: Event) -> str | None:
    kind = ev["type"]
    key = f"cm.log.{kind}"
    params: dict[str, Any] = {}
    for k, value in ev.items():
        if k in ("seat", "by") and isinstance(value, int):
            params["name"] = view.names[value]
        elif k in ("side", "before") and isinstance(value, int) and view.view:
            params[k] = side_name(view, value)
        elif k == "colour":
            params["colour"] = colour(value)
        elif k in ("territory", "emperor") and isinstance(value, int):
            params["where"] = _where(view, value, ev)
        elif k == "dice":
            params["dice"] = ", ".join(colour(f) if f != "crown" else tr("cm.crown") for f in value)
        elif k == "order":
            params["order"] = ", ".join(view.names[p] for p in value)
        elif k != "type" and k != "to":
            params[k] = value
    if kind in ("game_over",):
        params.setdefault("reason", "")
        params["reason"] = tr(f"cm.end.{ev.get('reason', '')}")
    text = tr(key, **params)
    return None if text == key else text


def _where(view: CarolusView, tid: int, ev: Event) -> str:
    tiles = ev.get("tiles")
    if isinstance(tiles, list) and tiles:
        return territory_name(view.topology, tiles)
    label = view.topology.area(tid).label
    return label
