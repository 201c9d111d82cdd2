"""Imperios Milenarios in words: names, the status line, prompts, button labels, the log,
tooltips and the reasons a dropped totem is refused, all through `tr` and the catalogue
`assets/i18n/imperios_milenarios/<lang>.json`.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ParamSpec

from client.i18n import language, tr
from rules import Action, Event, Seat
from rules.imperios_milenarios.actions import (
    Attack,
    Build,
    ChooseGood,
    Conquer,
    Convert,
    ExpandLand,
    ExpandSea,
    Found,
    Give,
    Keep,
    Pick,
    Receive,
    Relocate,
    Research,
    Trade,
)
from rules.imperios_milenarios.components import GOODS, ITEM_COINS, ITEM_INDEX, TECHS

if TYPE_CHECKING:
    from client.games.imperios_milenarios.view import ImperiosView

COLOURS = ("red", "yellow", "blue", "black")
P = ParamSpec("P")
GOOD_KEYS = {g.key for g in GOODS}
TECH_KEYS = {t.key for t in TECHS}


def colour(name: str) -> str:
    return tr(f"im.colour.{name}")


def colours_of(name: str) -> str:
    """The colour as it qualifies several tokens (Spanish: "fichas rojas")."""
    return tr(f"im.colour_pl.{name}")


def tokens_text(counts: dict[str, int] | tuple[tuple[str, int], ...]) -> str:
    """"2 red, 1 blue" with each colour agreeing with its count."""
    pairs = counts.items() if isinstance(counts, dict) else counts
    parts = [tr(f"im.count.{c}", n=n) for c, n in pairs if n]
    return ", ".join(parts) or tr("im.none_f")


def age(name: str) -> str:
    return tr(f"im.age.{name}")


def item(key: str) -> str:
    """A good, technology or wonder by its slug."""
    return tr(f"im.item.{key}")


def coins(key: str) -> int:
    return ITEM_COINS[ITEM_INDEX[key]]


def area_name(view: ImperiosView, key: str | None) -> str:
    """An area's name as the map writes it ("Mar Rojo"), for titles and tooltips' heads."""
    if key is None:
        return "—"
    a = view.areas_by_key.get(key)
    if a is None:
        return key
    return str(a.properties.get(f"name_{language()}", a.label))


def area(view: ImperiosView, key: str | None) -> str:
    """An area as a sentence names it: a sea with its article ("el Mar Rojo", "the Red
    Sea"). Sentences that hold one pass through `running_text`, which joins Spanish "a el"
    and "de el" and capitalises an article that opens the sentence."""
    name = area_name(view, key)
    a = view.areas_by_key.get(key) if key is not None else None
    return tr("im.sea_named", name=name) if a is not None and a.kind == "sea" else name


def articles(sentence: str) -> str:
    """`sentence` with Spanish contractions (al, del) and an opening article capitalised."""
    if language() == "es":
        sentence = sentence.replace(" a el ", " al ").replace(" de el ", " del ")
    if sentence.startswith(("el ", "the ")):
        sentence = sentence[0].upper() + sentence[1:]
    return sentence


def running_text(fn: Callable[P, str]) -> Callable[P, str]:
    """Decorate a function whose sentence may name an area: see `articles`."""
    @functools.wraps(fn)
    def wrapped(*args: P.args, **kwargs: P.kwargs) -> str:
        return articles(fn(*args, **kwargs))
    return wrapped


def civ(view: ImperiosView, seat: int | None) -> str:
    """A civilisation: its player's name, and its first capital once founded."""
    if seat is None or seat < 0:
        return tr("im.nobody")
    name = view.names[seat] if seat < len(view.names) else str(seat)
    civs = view.view.get("civs", [])
    first = civs[seat].get("first_capital") if seat < len(civs) else None
    return tr("im.civ", name=name, capital=area_name(view, first)) if first else name


def presence(view: ImperiosView, seat: int) -> set[str]:
    """The areas holding a totem of `seat`."""
    return {k for k, a in view.view.get("areas", {}).items() if seat in a.get("presence", ())}


def items_text(keys: list[str], none: str = "im.none") -> str:
    """The items named, or `none` (Spanish agrees it: "ninguno" for goods, "ninguna" for
    technologies, `im.none_f`)."""
    return ", ".join(item(k) for k in keys) if keys else tr(none)


def value(view: ImperiosView, key: str, seat: int) -> int:
    """An item's trade value for its owner `seat` (+1 with the Jardines, item 35)."""
    wonders = view.view.get("wonders", {})
    jardines = wonders.get("jardines", {}).get("builder") == seat
    return coins(key) + (1 if jardines else 0)


def icon_text(view: ImperiosView, key: str) -> str:
    a = view.areas_by_key[key]
    p = a.properties
    if a.kind == "sea":
        return tr("im.icon.sea")
    if p.get("capital_site") is True:
        return tr("im.icon.capital")
    if int(p.get("city_level", 0)):
        return tr("im.icon.city", level=int(p.get("city_level", 0)))
    return tr("im.icon.settlement", vp=int(p.get("settlement_vp", 0)))


def half_text(view: ImperiosView, key: str) -> str:
    return tr(f"im.half.{view.areas_by_key[key].properties.get('half', 'both')}")


# -- the status line and the prompt ----------------------------------------------------------
def status(view: ImperiosView) -> str:
    v = view.view
    if not v:
        return ""
    stage = v["stage"]
    if stage == "found":
        what = tr("im.stage.found")
    elif stage == "phase" and v.get("phase"):
        what = tr("im.stage.phase", colour=colour(v["phase"]))
    else:
        what = tr(f"im.stage.{stage}")
    last = tr("im.status.last_round") if v.get("last_round") else ""
    return tr("im.status", round=v["round"], what=what, last=last)


def chokepoints(view: ImperiosView, action: dict[str, Any], blocker: int | None) -> list[str]:
    """The intermediate land areas of the declared route holding the blocker's totem."""
    route = list(action.get("route") or [])
    if blocker is None or len(route) < 3:
        return []
    mine = presence(view, blocker)
    return [k for k in route[1:-1]
            if k in mine and view.areas_by_key[k].kind == "land"]


@running_text
def declared_text(view: ImperiosView, action: dict[str, Any]) -> str:
    kind = action.get("kind", "")
    target = action.get("target")
    return tr(f"im.declared.{kind}", actor=civ(view, action.get("actor")),
              area=area(view, action.get("area")),
              target=civ(view, target if isinstance(target, int) else None),
              k=action.get("k", 0))


@running_text
def prompt(view: ImperiosView, seat: Seat, legal: list[Action]) -> str:
    v = view.view
    w = v.get("window", {})
    kind = w.get("kind", "")
    name = view.names[seat] if 0 <= seat < len(view.names) else str(seat)
    if kind == "found":
        return tr("im.prompt.found", name=name, n=len(legal))
    if kind == "pick":
        return tr("im.prompt.pick", name=name)
    if kind == "phase_turn":
        key = f"im.prompt.turn.{w.get('colour', 'red')}"
        if key.endswith(".red") and not any(isinstance(a, Conquer | Attack) for a in legal):
            key += "_none"  # no area to click yet: say so rather than invite a click
        return tr(key, name=name, n=w.get("available", 0), armies=v["civs"][seat]["armies"])
    if kind in ("block", "appeal", "reconsider"):
        action = w["action"]
        asked = action.get("asked")
        points = chokepoints(view, action, asked)
        where = ", ".join(area(view, k) for k in points) or tr("im.none_f")
        what = tr(f"im.declared_short.{action.get('kind', '')}",
                  area=area(view, action.get("area")))
        return tr(f"im.prompt.{kind}", name=name, what=what, blocker=civ(view, asked),
                  actor=civ(view, action.get("actor")), where=where)
    if kind in ("contest", "sack"):
        c = w["contest"]
        if kind == "contest":  # who asks: the defender (defend or yield), or the attacker
            kind = ("contest.defender." + c.get("kind", "sack") if seat == c["defender"]
                    else "contest.attacker")
        return tr(f"im.prompt.{kind}", name=name, attacker=civ(view, c["attacker"]),
                  defender=civ(view, c["defender"]), area=area(view, c["area"]),
                  points=c.get("points", 0), cost=c.get("sack_cost", 0),
                  armies=v["civs"][seat]["armies"])
    if kind == "good":
        return tr("im.prompt.good", name=name, area=area(view, w.get("area")))
    if kind in ("trade_receive", "trade_give"):
        t = w["trade"]
        return tr(f"im.prompt.{kind}", name=name, partner=civ(view, t["partner"]),
                  area=area(view, t["area"]), k=t["k"])
    if kind == "relocate":
        target = w.get("target")
        placing = (area(view, target) if w.get("placing") in ("presence", "control")
                   else item(target) if target else "—")
        return tr("im.prompt.relocate", name=name, target=placing)
    if kind == "keep":
        return tr("im.prompt.keep", name=name, limit=w.get("limit", 0))
    return tr("im.prompt.generic", name=name)


@running_text
def action_label(view: ImperiosView, a: Action) -> str:
    if isinstance(a, Found | Conquer | ExpandLand | ExpandSea | Relocate):
        return tr(f"im.action.{a.type}", area=area(view, a.area))
    if isinstance(a, Pick):
        return tr("im.action.pick", colour=tr(f"im.colour_cap.{a.colour}"))
    if isinstance(a, Convert):
        tokens, actions = a.scheme.split(":")
        return tr(f"im.action.convert.{'red' if a.colour == 'red' else 'other'}",
                  tokens=int(tokens), actions=int(actions),
                  colour=tr(f"im.colour_cap.{a.colour}"))
    if isinstance(a, Research):
        return tr("im.action.research", tech=item(a.tech),
                  cost=next(t.cost for t in TECHS if t.key == a.tech))
    if isinstance(a, Attack):
        return tr(f"im.action.attack.{a.kind}", area=area(view, a.area), target=civ(view, a.seat))
    if isinstance(a, ChooseGood):
        return tr("im.action.choose_good", good=item(a.good), coins=coins(a.good))
    if isinstance(a, Trade):
        return tr("im.action.trade", partner=civ(view, a.partner), area=area(view, a.area),
                  k=a.k)
    if isinstance(a, Receive | Give):  # its trade value: +1 if its giver has the Jardines
        t = view.view.get("window", {}).get("trade") or {}
        giver = t.get("partner") if isinstance(a, Receive) else t.get("actor")
        worth = value(view, a.item, giver) if isinstance(giver, int) else coins(a.item)
        return tr(f"im.action.{a.type}", item=item(a.item), coins=worth)
    if isinstance(a, Build):
        return tr("im.action.build", wonder=item(a.wonder))
    if isinstance(a, Keep):
        counts = tuple(zip(COLOURS, (a.red, a.yellow, a.blue, a.black), strict=True))
        if not any(n for _c, n in counts):
            return tr("im.action.keep_none")
        return tr("im.action.keep", tokens=tokens_text(counts))
    return tr(f"im.action.{a.type}")


def action_tip(view: ImperiosView, a: Action) -> str:
    if isinstance(a, Attack):  # a sack takes the city; an attack on presence, the totem
        return tr(f"im.action.attack.{a.kind}.tip")
    if isinstance(a, Pick):  # which colour, how many are left, and what it is for
        left = view.view.get("pool", {}).get(a.colour, 0)
        return tr("im.action.pick.tip" if left else "im.action.pick.tip_discard",
                  colour=colour(a.colour), n=left, use=tr(f"im.colour_use.{a.colour}"))
    return tr(f"im.action.{a.type}.tip")


def trade_preview(view: ImperiosView, seat: int, partner: int) -> str | None:
    """Before a trade with `partner` is declared: what it could exchange, each item at its
    value in it (item 35), and what a difference in value costs; None: nothing to trade."""
    for t in view.view.get("window", {}).get("trades", []):
        if t["partner"] == partner:
            def priced(keys: list[str], giver: int) -> str:
                return ", ".join(f"{item(k)} ({value(view, k, giver)})" for k in keys)
            return tr("im.trade.preview", partner=civ(view, partner),
                      receive=priced(t["receive"], partner),
                      give=priced(t["give"], seat) or tr("im.none_f"))
    return None


def trade_give_note(view: ImperiosView, seat: int, partner: int, receive: str,
                    give: str) -> str:
    """What giving `give` for `receive` costs the initiator (item 35): half the value
    difference, rounded up, in census positions; nothing back if it is worth more."""
    got = value(view, receive, partner)
    gave = value(view, give, seat)
    if gave >= got:
        return tr("im.trade.even", got=got, gave=gave)
    return tr("im.trade.pay", got=got, gave=gave, n=math.ceil((got - gave) / 2))


# -- the log ------------------------------------------------------------------------------
def describe(view: ImperiosView, ev: Event) -> str | None:
    t = ev["type"]
    seat = ev.get("seat")
    who = civ(view, seat) if isinstance(seat, int) else ""
    params: dict[str, Any] = {"who": who}
    for key in ("area",):
        if key in ev:
            params[key] = area(view, ev[key])
    if isinstance(ev.get("colour"), str):
        params["colour"] = colour(ev["colour"])
        params["colour_pl"] = colours_of(ev["colour"])
    for key in ("good", "tech", "wonder", "item", "gave", "got"):
        if isinstance(ev.get(key), str):
            params[key] = item(ev[key])
    for key in ("defender", "partner", "actor", "blocker", "target"):
        if isinstance(ev.get(key), int):
            params[key] = civ(view, ev[key])
    for key in ("armies", "census", "k", "tokens", "lost", "round", "pool", "cup"):
        if key in ev and not isinstance(ev[key], dict | list):
            params[key] = ev[key]
    if t == "age_advanced":
        params["age"] = age(ev["age"])
    if t == "kept":
        params["tokens"] = tokens_text(ev["tokens"])
        if not any(dict(ev["tokens"]).values()):
            t = "kept_none"
    if t == "round":
        params["dragon"] = civ(view, ev.get("dragon"))
    if t == "converted":
        params["tokens"] = tokens_text({ev["colour"]: ev["tokens"]})
        params["actions"] = ev["actions"]
    if t == "expanded":
        t = f"expanded.{ev.get('by', 'land')}"
    if t == "attack":
        t = f"attack.{ev.get('attack', 'sack')}"
    if t == "declared":
        if not ev.get("blockers"):
            return None  # resolved at once: the outcome's own line says it
        params["what"] = declared_text(view, {**ev, "kind": ev.get("action"), "actor": seat})
    if t == "action_blocked":
        params["what"] = tr(f"im.action_kind.{ev.get('action', '')}")
        params["blocker"] = civ(view, ev.get("by"))
    if t == "traded":
        params["gave"] = item(str(ev.get("given", "")))
        params["got"] = item(str(ev.get("received", "")))
        params["paid"] = ev.get("paid", 0)
    if t == "game_over":
        params["reasons"] = ", ".join(tr(f"im.end.{r}") for r in ev.get("reasons", []))
    key = f"im.log.{t}"
    sentence = tr(key, **params)
    return None if sentence == key else articles(sentence)


def log_entries(view: ImperiosView, events: Sequence[tuple[int, Event]]
                ) -> list[tuple[int, str, bool]]:
    """The log's lines, with runs joined: a civilisation's draws in one step are one line
    ("draws 4 tokens: 2 red, 1 blue, 1 black"), so a round's draws are a line per
    civilisation, and its recruits one after another are one line with the armies they
    leave. The round and its phases head their stretches."""
    out: list[tuple[int, str, bool]] = []
    i = 0
    while i < len(events):
        index, ev = events[i]
        j = i + 1
        while j < len(events) and _joins(ev, events[j][1], events[j][0] == index):
            j += 1
        run = [drawn for _, drawn in events[i:j]]
        if len(run) > 1 and ev["type"] == "token_drawn":
            counts = dict.fromkeys(COLOURS, 0)
            for drawn in run:
                counts[drawn["colour"]] += 1
            out.append((index, tr("im.log.tokens_drawn", who=civ(view, ev["seat"]),
                                  n=len(run), tokens=tokens_text(counts)), False))
        elif len(run) > 1:
            out.append((events[j - 1][0], tr("im.log.recruited_times", who=civ(view, ev["seat"]),
                                             n=len(run), armies=run[-1]["armies"]), False))
        else:
            text = view.describe(ev)
            if text:
                out.append((index, text, ev["type"] in view.log_headings))
        i = j
    return out


def _joins(first: Event, ev: Event, same_step: bool) -> bool:
    """Whether `ev` goes on the log line `first` began."""
    if ev["type"] != first["type"] or ev.get("seat") != first.get("seat"):
        return False
    return first["type"] == "recruited" or (first["type"] == "token_drawn" and same_step)


# -- tooltips ---------------------------------------------------------------------------------
def area_tip(view: ImperiosView, key: str) -> str:
    v = view.view
    lines = [tr("im.tip.area", name=area_name(view, key), icon=icon_text(view, key),
                half=half_text(view, key))]
    state = v.get("areas", {}).get(key)
    if state is None:
        lines.append(tr("im.tip.out_of_play"))
        return "\n".join(lines)
    if state.get("control") is not None:
        lines.append(tr("im.tip.control", who=civ(view, state["control"])))
    present = [civ(view, p) for p in state.get("presence", [])]
    lines.append(tr("im.tip.presence", who=", ".join(present) or tr("im.nobody")))
    actor = v.get("window", {}).get("seat")
    owner = state.get("control")
    if isinstance(actor, int) and owner not in (None, actor) and actor in state.get(
            "presence", []):  # a city the acting civilisation could trade in
        preview = trade_preview(view, actor, owner)
        if preview:
            lines.append(preview)
    return "\n".join(lines)


def civ_tip(view: ImperiosView, seat: int) -> str:
    c = view.view["civs"][seat]
    goals, nxt = c["goals"], c["next_goals"]
    return "\n".join([
        civ(view, seat),
        tr("im.tip.civ", age=age(c["age"]), census=c["census"], armies=c["armies"],
           reserve=c["reserve"], draws=c["draws"], keep=c["keep_limit"]),
        tr("im.tip.goals", capitals=goals["capitals"], cities=goals["cities"],
           goods=goals["goods"], techs=goals["technologies"], n_capitals=nxt["capitals"],
           n_cities=nxt["cities"], n_goods=nxt["goods"], n_techs=nxt["technologies"]),
        items_tip(view, seat),
        score_tip(view, seat),
    ])


def items_tip(view: ImperiosView, seat: int) -> str:
    """A civilisation's goods, technologies and wonder by name."""
    c = view.view["civs"][seat]
    return tr("im.tip.items", goods=items_text(c["goods"]),
              techs=items_text(c["technologies"], "im.none_f"),
              wonder=item(c["wonder"]) if c.get("wonder") else tr("im.none_f"))


def score_tip(view: ImperiosView, seat: int) -> str:
    """The score if the game ended now, with its parts (a goods shortfall makes it negative
    from the first round, which the parts explain)."""
    total = view.view["civs"][seat].get("score", {}).get("total", 0)
    parts = ", ".join(f"{label} {points:+d}" for label, points in score_lines(view, seat))
    return tr("im.tip.score_parts", total=total, parts=parts) if parts else tr(
        "im.tip.score", total=total)


SCORE_PARTS = ("census", "market", "capitals", "cities", "settlements", "wonder", "colossus",
               "technologies", "goods")
"""The final score's parts in §7's order."""


def score_sheet(view: ImperiosView) -> list[tuple[str, list[int]]]:
    """The final score as a sheet: (label, one figure per civilisation) for each part that
    scored for anyone, in §7's order, then the total."""
    scores = [c.get("score", {}) for c in view.view["civs"]]
    rows = [(tr(f"im.score.{k}"), [int(sc.get(k, 0)) for sc in scores]) for k in SCORE_PARTS]
    rows = [(label, values) for label, values in rows if any(values)]
    return [*rows, (tr("im.score.total"), [int(sc.get("total", 0)) for sc in scores])]


def score_lines(view: ImperiosView, seat: int) -> list[tuple[str, int]]:
    """The final-score breakdown as §7 gives it, one (label, points) per line."""
    score = view.view["civs"][seat].get("score", {})
    return [(tr(f"im.score.{k}"), int(score.get(k, 0))) for k in SCORE_PARTS if score.get(k, 0)]


# -- a refused drop -----------------------------------------------------------------------------
def drop_reason(view: ImperiosView, seat: int, key: str, phase: str | None) -> str | None:
    """Why a totem dropped on `key` cannot expand there, as far as the table can tell (the
    sea/land rule of item 21 in words of the drop); None: let the rules say why."""
    reason = _drop_reason(view, seat, key, phase)
    return None if reason is None else articles(reason)


def _drop_reason(view: ImperiosView, seat: int, key: str, phase: str | None) -> str | None:
    v = view.view
    state = v.get("areas", {}).get(key)
    name = area(view, key)
    if state is None:
        return tr("im.refuse.out_of_play", area=name)
    if phase not in ("blue", "black"):
        return tr("im.refuse.not_expansion_phase")
    if seat in state.get("presence", []):
        return tr("im.refuse.already_there", area=name)
    mine = presence(view, seat)
    target = view.areas_by_key[key]
    sources = [view.topology.area(n) for n in view.topology.neighbours(target.id)]
    sources = [s for s in sources if s.key in mine]
    if not sources:
        return tr("im.refuse.not_adjacent", area=name)
    if v.get("window", {}).get("available", 0) < 1:
        return tr("im.refuse.no_actions", colour=colour(phase), colour_pl=colours_of(phase))
    if phase == "black":
        if target.kind == "sea":
            return tr("im.refuse.black_sea", area=name)
        if all(s.kind == "sea" for s in sources):
            return tr("im.refuse.black_from_sea", area=name)
    if phase == "blue" and target.kind == "land" and all(s.kind == "land" for s in sources):
        return tr("im.refuse.blue_land", area=name)
    return None  # cut off from the capitals, blocked already…: the rules know
