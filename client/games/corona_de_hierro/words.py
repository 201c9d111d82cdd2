"""Corona de Hierro in words: names of cities, castles, boxes and cards, the log's
sentences, the prompt, action labels and the rows of the menus, tooltips and the rules'
refusals, through `tr` and `assets/i18n/corona_de_hierro/<lang>.json` (keys `cdh.*`).
Place names come from the map (`name_es` / `name_en`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from client.art.corona_de_hierro import DIE_FACES
from client.i18n import has, language, tr
from rules import Action, Event, IllegalAction, Seat
from rules.corona_de_hierro import actions as A
from rules.corona_de_hierro.actions import DenyPassage, GrantPassage
from rules.maps import Topology

if TYPE_CHECKING:
    from client.games.corona_de_hierro.view import CoronaView


def odds(die: str, target: int) -> int:
    """The chance in % that one roll of `die` reaches `target` (§4 of the decisions page)."""
    faces = DIE_FACES[die]
    return round(100 * sum(1 for f in faces if f >= target) / len(faces))


def size_die(pawns: int) -> str:
    return "red" if pawns <= 1 else ("yellow" if pawns == 2 else "green")


def band_die(level: int) -> str:
    return "red" if level < 4 else ("yellow" if level < 8 else "green")


class Names:
    """Place names in the current language, from the map."""

    def __init__(self, topology: Topology) -> None:
        self.cities = {p.key: p for p in topology.places if p.kind == "city"}
        self.castles = {p.key: p for p in topology.places if p.kind == "castle"}
        self.boxes = {a.key: a for a in topology.areas if a.kind == "box"}

    def city(self, key: str) -> str:
        p = self.cities.get(key)
        return str(p.properties.get(f"name_{language()}", p.label)) if p else key

    def castle(self, key: str) -> str:
        p = self.castles.get(key)
        return str(p.properties.get(f"name_{language()}", p.label)) if p else key

    def box(self, key: str) -> str:
        a = self.boxes.get(key)
        return str(a.properties.get(f"name_{language()}", a.label)) if a else key


def card(cid: str) -> str:
    return tr(f"cdh.card.{cid}") if has(f"cdh.card.{cid}") else cid


def deck(name: str) -> str:
    return tr(f"cdh.deck.{name}")


def die(name: str) -> str:
    return tr(f"cdh.die.{name}")


def seat_name(view: CoronaView, seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(view.names):
        return view.names[seat]
    if seat == "left_over":
        return tr("cdh.left_over")
    return str(seat)


def loyalty(view: CoronaView, card_json: dict[str, Any] | None, short: bool = False) -> str:
    if not card_json:
        return tr("cdh.loyalty.hidden")
    if card_json.get("card") == "self_king":
        return tr("cdh.loyalty.self_king.short" if short else "cdh.loyalty.self_king")
    return tr("cdh.loyalty.seat", name=seat_name(view, card_json.get("seat")))


def place(view: CoronaView, key: str) -> str:
    """A castle, a box or "alliance:<seat>" named."""
    if key.startswith("alliance:"):
        return tr("cdh.box.alliance", name=seat_name(view, int(key.split(":", 1)[1])))
    if key in view.names_.boxes:
        return view.names_.box(key)
    if key in view.names_.castles:
        return view.names_.castle(key)
    return view.names_.city(key)


def _castle(view: CoronaView, key: str) -> dict[str, Any]:
    for c in view.view["castles"]:
        if c["key"] == key:
            found: dict[str, Any] = c
            return found
    raise KeyError(key)


# -- actions ------------------------------------------------------------------------------
def play_target(view: CoronaView, a: Action) -> str:
    """What a card is played on, in words ("" when nothing)."""
    parts = []
    player = getattr(a, "player", -1)
    where = getattr(a, "place", "")
    to = getattr(a, "to", "")
    n = getattr(a, "n", 0)
    if isinstance(player, int) and player >= 0:
        parts.append(seat_name(view, player))
    if where and to:
        parts.append(f"{n} {place(view, where)} » {view.names_.city(to)}")
    elif where:
        parts.append(place(view, where))
    if getattr(a, "card", "") == "P03" and n:
        parts.append(tr("cdh.target.rome"))
    return ", ".join(parts)


def action_label(view: CoronaView, a: Action, with_source: bool = False) -> str:
    """A button's or a menu row's words for a legal action."""
    t = a.type
    v = view.view
    me = view.acting_seat()
    names = view.names_
    if isinstance(a, A.ChooseMainCastle):
        return tr("cdh.action.choose_main_castle", castle=names.castle(a.castle))
    if isinstance(a, A.Move):
        key = "cdh.action.move.from" if with_source else "cdh.action.move"
        return tr(key, n=a.n, city=names.city(a.city), to=names.city(a.to))
    if isinstance(a, A.Recruit):
        level = v["legitimacy"][me] if me is not None else 0
        return tr("cdh.action.recruit", castle=names.castle(a.castle),
                  n=2 if level >= 8 else 1)
    if isinstance(a, A.AttackArmy):
        return tr("cdh.action.attack_army", player=seat_name(view, a.player),
                  city=names.city(a.city))
    if isinstance(a, A.AttackCastle):
        c = _castle(view, a.castle)
        mine = v["armies"].get(c["city"], [0] * v["players"])[me] if me is not None else 0
        return tr("cdh.action.attack_castle", castle=names.castle(c["key"]),
                  p=odds(size_die(mine), c["mil"]))
    if isinstance(a, A.PlaceEmissary):
        return tr("cdh.action.place_emissary", castle=names.castle(a.castle))
    if isinstance(a, A.RollSupport):
        c = _castle(view, a.castle)
        level = v["legitimacy"][me] if me is not None else 0
        return tr("cdh.action.roll_support", castle=names.castle(c["key"]),
                  p=odds(band_die(level), c["dip"]))
    if isinstance(a, A.SendEmissary):
        return tr("cdh.action.send_emissary", box=names.box(a.box))
    if isinstance(a, A.RequestAlliance | A.AcceptAlliance | A.OfferSwap | A.AskRelease):
        return tr(f"cdh.action.{t}", player=seat_name(view, a.player))
    if isinstance(a, A.RecallEmissary):
        return tr("cdh.action.recall_emissary", place=place(view, a.place))
    if isinstance(a, A.TakeHostage):
        return tr("cdh.action.take_hostage", player=seat_name(view, a.player))
    if isinstance(a, A.Draw | A.DrawFive):
        return tr(f"cdh.action.{t}", deck=deck(a.deck))
    if isinstance(a, A.Discard):
        return tr("cdh.action.discard", card=card(a.card))
    if isinstance(a, A.Play):
        target = play_target(view, a)
        words = tr("cdh.action.play", card=card(a.card))
        return f"{words}: {target}" if target else words
    if isinstance(a, A.ReleaseHostage):
        return tr("cdh.action.release_hostage", n=a.n, player=seat_name(view, a.player))
    if isinstance(a, A.Keep):
        pend = v.get("pending") or {}
        value = pend.get("value") if pend.get("kind") == "castle_roll" else (
            pend.get("att") if pend.get("stage") == "attacker" else pend.get("defence"))
        return tr("cdh.action.keep", value=value if value is not None else "")
    if isinstance(a, A.ChooseCard):
        pend = v.get("pending") or {}
        cards = pend.get("cards") or []
        index = a.index
        name = card(cards[index]) if 0 <= index < len(cards) else str(index + 1)
        return tr("cdh.action.choose_card", card=name)
    return tr(f"cdh.action.{t}")


def action_tip(a: Action) -> str:
    if isinstance(a, A.Play):
        return tr(f"cdh.card.{a.card}.text")
    key = f"cdh.action.{a.type}.tip"
    return tr(key) if has(key) else ""


def order_rows(view: CoronaView, actions: list[Action], limit: int
               ) -> list[tuple[str, Action | list[Action]]]:
    """A menu's or the orders list's rows, at most `limit`: the actions themselves when
    they fit, else groups by the first field that splits them (the kind of order, the card,
    the seat, the place, the destination); a last "others" row holds whatever groups do not
    fit, so every action stays reachable in a few steps."""
    if len(actions) <= limit:
        return [(action_label(view, a, True), a) for a in actions]
    rows: list[tuple[str, Action | list[Action]]] = []
    for key in ("type", "card", "player", "place", "city", "to"):
        groups: dict[Any, list[Action]] = {}
        for a in actions:
            groups.setdefault(getattr(a, key, None), []).append(a)
        if len(groups) > 1:
            for _value, group in groups.items():
                if len(group) == 1:
                    rows.append((action_label(view, group[0], True), group[0]))
                else:
                    head = _group_label(view, key, group[0])
                    rows.append((tr("cdh.menu.more", label=head, n=len(group)), group))
            break
    else:
        rows = [(action_label(view, a, True), a) for a in actions]
    if len(rows) > limit:
        rest: list[Action] = []
        for _label, payload in rows[limit - 1:]:
            rest.extend(payload if isinstance(payload, list) else [payload])
        rows = [*rows[: limit - 1], (tr("cdh.menu.others", n=len(rest)), rest)]
    return rows


def _group_label(view: CoronaView, key: str, a: Action) -> str:
    """A group of orders named by the field they share."""
    if key == "type":
        return tr(f"cdh.kind.{a.type}")
    if key == "card":
        return card(getattr(a, "card", ""))
    if key == "player":
        return seat_name(view, getattr(a, "player", None))
    if key in ("place", "city"):
        return place(view, str(getattr(a, key, "")))
    return view.names_.city(str(getattr(a, "to", "")))


# -- the prompt and the status line ----------------------------------------------------
def shared_passage(view: CoronaView, seat: Seat) -> list[tuple[str, list[tuple[Seat, Action]]]]:
    """A passage several people at this table are asked in turn: one question, with a
    button per person who may refuse and one for letting the army through."""
    pend = view.view.get("pending") or {}
    if pend.get("kind") != "passage":
        return []
    askers = list(pend.get("askers") or [seat])
    start = askers.index(seat) if seat in askers else 0
    run = []
    for q in askers[start:]:
        if view.seats[q].get("kind") != "human":
            break
        run.append(q)
    if len(run) < 2:
        return []
    grant, deny = GrantPassage(), DenyPassage()
    groups: list[tuple[str, list[tuple[Seat, Action]]]] = [
        (tr("cdh.shared.refuses", name=view.names[q]),
         [*((p, grant) for p in run[:i]), (q, deny)])
        for i, q in enumerate(run)
    ]
    groups.append((tr("cdh.shared.all_grant"), [(q, grant) for q in run]))
    return groups


def _shared_passage_prompt(view: CoronaView) -> str:
    pend = view.view.get("pending") or {}
    askers = [view.names[q] for q in pend.get("askers") or []]
    return tr("cdh.prompt.shared_passage", mover=seat_name(view, pend["mover"]),
              city=view.names_.city(pend["city"]), askers=", ".join(askers))


def prompt(view: CoronaView, seat: Seat, legal: list[Action]) -> str:
    if view.shared_prompt(seat, legal):
        return _shared_passage_prompt(view)
    v = view.view
    name = view.names[seat]
    pend = v.get("pending")
    names = view.names_
    if v["phase"] == "setup":
        return tr("cdh.prompt.setup", name=name)
    if pend:
        kind = pend["kind"]
        shields = v["shields"][seat]
        if kind == "passage":
            return tr("cdh.prompt.passage", name=name, mover=seat_name(view, pend["mover"]),
                      city=names.city(pend["city"]))
        if kind == "castle_roll":
            return tr("cdh.prompt.castle_roll", name=name, value=pend["value"],
                      target=pend["target"], castle=names.castle(pend["castle"]),
                      shields=shields)
        if kind == "battle":
            key = ("cdh.prompt.battle_attacker" if pend["stage"] == "attacker"
                   else "cdh.prompt.battle_defender")
            return tr(key, name=name, city=names.city(pend["city"]), round=pend["round"],
                      att=pend["att"], defence=pend["defence"], shields=shields,
                      attacker=seat_name(view, pend["attacker"]))
        if kind in ("swap", "release", "marriage"):
            return tr(f"cdh.prompt.{kind}", name=name, asker=seat_name(view, pend["asker"]))
        if kind == "draw_five":
            return tr("cdh.prompt.draw_five", name=name, deck=deck(pend["deck"]))
    return tr("cdh.prompt.turn", name=name, n=v["actions_left"])


def status(view: CoronaView) -> str:
    v = view.view
    if not v:
        return ""
    if v["phase"] == "over":
        return tr("cdh.status.over", reason=tr(f"cdh.end.{v['end']}") if v.get("end") else "")
    who = seat_name(view, v["current"])
    if v["phase"] == "setup":
        return tr("cdh.status.setup", name=who)
    return tr("cdh.status", turn=v["turn"], name=who, n=v["actions_left"])


def refusal(view: CoronaView, exc: IllegalAction) -> str:
    """The rules' reason, its keys turned into names."""
    params = dict(exc.params)
    names = view.names_
    for key in ("city", "to"):
        if isinstance(params.get(key), str):
            params[key] = names.city(params[key])
    if isinstance(params.get("castle"), str):
        params["castle"] = names.castle(params["castle"])
    if isinstance(params.get("box"), str):
        params["box"] = names.box(params["box"])
    for key in ("player", "by"):
        if isinstance(params.get(key), int):
            params[key] = seat_name(view, params[key])
    if isinstance(params.get("card"), str):
        params["card"] = card(params["card"])
    if isinstance(params.get("deck"), str):
        params["deck"] = deck(params["deck"])
    key = f"cdh.illegal.{exc.code}"
    if has(key):
        return tr(key, **params)
    from client.i18n import error_sentence

    return error_sentence("illegal", exc.code, exc.params)


# -- the log -------------------------------------------------------------------------------
def describe(view: CoronaView, ev: Event) -> str | None:
    t = ev["type"]
    names = view.names_

    def who(key: str = "seat") -> str:
        return seat_name(view, ev.get(key))

    if t == "cdh_start":
        return tr("cdh.ev.start")
    if t == "main_castle_chosen":
        return tr("cdh.ev.main_castle_chosen", name=who(), castle=names.castle(ev["castle"]))
    if t in ("cards_dealt", "loyalty_swapped", "shield_spent", "shield_gained"):
        return tr(f"cdh.ev.{t}", name=who())
    if t == "loyalty_dealt":
        return tr("cdh.ev.loyalty_dealt", card=loyalty(view, ev.get("card")))
    if t == "hand_dealt":
        return tr("cdh.ev.hand_dealt", cards=", ".join(card(c) for c in ev["cards"]))
    if t == "turn_started":
        return tr("cdh.ev.turn_started", name=who(), turn=ev["turn"])
    if t == "moved":
        path = " » ".join(names.city(c) for c in ev["path"])
        return tr("cdh.ev.moved", name=who(), n=ev["n"], path=path)
    if t == "passage_asked":
        askers = ", ".join(seat_name(view, p) for p in ev["askers"])
        return tr("cdh.ev.passage_asked", name=who(), askers=askers, city=names.city(ev["city"]))
    if t in ("passage_granted", "passage_denied"):
        return tr(f"cdh.ev.{t}", name=who(), mover=who("mover"), city=names.city(ev["city"]))
    if t == "recruited":
        return tr("cdh.ev.recruited", name=who(), n=ev["n"], castle=names.castle(ev["castle"]))
    if t == "die_rolled":
        again = tr("cdh.ev.again") if ev.get("reroll") else ""
        if ev.get("purpose") in ("military", "diplomatic"):
            return tr("cdh.ev.die_rolled.castle", name=who(), value=ev["value"],
                      die=die(ev["die"]), target=ev.get("target", ""),
                      castle=names.castle(str(ev.get("castle", ""))), again=again)
        return tr("cdh.ev.die_rolled.battle", name=who(), value=ev["value"], die=die(ev["die"]),
                  round=ev.get("round", ""), city=names.city(str(ev.get("city", ""))),
                  again=again)
    if t == "castle_roll_failed":
        return tr("cdh.ev.castle_roll_failed", name=who(), castle=names.castle(ev["castle"]),
                  value=ev["value"], target=ev["target"])
    if t == "troops_eliminated":
        return tr("cdh.ev.troops_eliminated", name=who(), owner=who("owner"),
                  castle=names.castle(ev["castle"]))
    if t == "castle_taken":
        if ev.get("how") == "diplomacy":
            key = "cdh.ev.castle_taken.diplomacy"
        else:
            key = "cdh.ev.castle_taken.from" if ev.get("loser") is not None else \
                "cdh.ev.castle_taken"
        return tr(key, name=who(), castle=names.castle(ev["castle"]), loser=who("loser"))
    if t == "battle_started":
        key = "cdh.ev.battle_started.ambush" if ev.get("ambush") else "cdh.ev.battle_started"
        return tr(key, attacker=who("attacker"), defender=who("defender"),
                  city=names.city(ev["city"]))
    if t == "battle_round":
        return tr("cdh.ev.battle_round", round=ev["round"], attack=ev["attack"],
                  defence=ev["defence"], loser=who("loser"))
    if t == "battle_won":
        return tr("cdh.ev.battle_won", name=who(), city=names.city(ev["city"]))
    if t == "legitimacy":
        delta = int(ev["delta"])
        if delta == 0:
            return None
        key = "cdh.ev.legitimacy.up" if delta > 0 else "cdh.ev.legitimacy.down"
        return tr(key, name=who(), d=abs(delta), level=ev["level"])
    if t == "vp":
        delta = int(ev.get("delta", 0))
        return tr("cdh.ev.vp", name=who(), delta=f"{delta:+d}")
    if t == "emissary_placed":
        return tr("cdh.ev.emissary_placed", name=who(), castle=names.castle(ev["castle"]))
    if t == "emissary_sent":
        return tr("cdh.ev.emissary_sent", name=who(), box=names.box(ev["box"]))
    if t == "emissary_recalled":
        return tr("cdh.ev.emissary_recalled", name=who(), place=place(view, str(ev["place"])))
    if t == "alliance_requested":
        return tr("cdh.ev.alliance_requested", name=who(), target=who("target"))
    if t == "alliance_accepted":
        return tr("cdh.ev.alliance_accepted", name=who(), requester=who("requester"))
    if t in ("alliance_broken", "request_cancelled", "alliance_ended"):
        return tr(f"cdh.ev.{t}", name=who(), other=who("other"))
    if t == "hostage_taken":
        return tr("cdh.ev.hostage_taken", name=who(), owner=who("owner"),
                  castle=names.castle(str(ev.get("castle", ""))))
    if t == "hostage_released":
        return tr("cdh.ev.hostage_released", name=who(), n=ev["n"], owner=who("owner"))
    if t in ("swap_offered", "release_asked"):
        return tr(f"cdh.ev.{t}", name=who(), player=who("player"))
    if t == "hostage_answer":
        return tr("cdh.ev.hostage_answer." + ("yes" if ev.get("accepted") else "no"),
                  name=who())
    if t == "marriage_answered":
        return tr("cdh.ev.marriage_answered." + ("yes" if ev.get("accepted") else "no"),
                  name=who(), asker=who("asker"))
    if t == "card_drawn":
        return tr("cdh.ev.card_drawn", name=who(), deck=deck(ev["deck"]), left=ev["left"])
    if t == "card_received":
        return tr("cdh.ev.card_received", card=card(ev["card"]))
    if t == "five_drawn":
        return tr("cdh.ev.five_drawn", name=who(), n=ev["n"], deck=deck(ev["deck"]))
    if t == "five_shown":
        return tr("cdh.ev.five_shown", cards=", ".join(card(c) for c in ev["cards"]))
    if t == "five_chosen":
        return tr("cdh.ev.five_chosen", name=who(), left=ev.get("left", ""))
    if t == "card_played":
        target = _played_on(view, ev)
        return tr("cdh.ev.card_played", name=who(), card=card(ev["card"]),
                  target=f" ({target})" if target else "")
    if t == "card_discarded":
        return tr("cdh.ev.card_discarded", name=who(), card=card(ev["card"]))
    if t == "loyalty_seen":
        return tr("cdh.ev.loyalty_seen", name=who(), target=who("target"))
    if t == "loyalty_revealed":
        return tr("cdh.ev.loyalty_revealed", target=who("target"),
                  card=loyalty(view, ev.get("card")))
    if t in ("pawns_added", "pawns_removed"):
        return tr(f"cdh.ev.{t}", name=who(), n=ev["n"], city=names.city(ev["city"]))
    if t == "game_over":
        lines = [tr("cdh.ev.game_over", reason=tr(f"cdh.end.{ev['reason']}"))]
        if view.view.get("phase") == "over":
            lines += final_lines(view)
        return " ".join(lines)
    return None


def _played_on(view: CoronaView, ev: Event) -> str:
    parts = []
    if isinstance(ev.get("player"), int):
        parts.append(seat_name(view, ev["player"]))
    where, dest = ev.get("place"), ev.get("dest")
    if where and dest:
        parts.append(f"{place(view, where)} » {view.names_.city(dest)}")
    elif where:
        parts.append(place(view, where))
    return ", ".join(parts)


def final_lines(view: CoronaView) -> list[str]:
    """The end: each seat's score, its parts and its loyalty card revealed; the King."""
    v = view.view
    lines = []
    kings = v.get("kings") or []
    if kings:
        lines.append(tr("cdh.ev.kings", names=", ".join(seat_name(view, k) for k in kings)))
    for p, score in enumerate(v.get("scores") or []):
        revealed = (v.get("loyalty_revealed") or [None] * v["players"])[p]
        lines.append(tr("cdh.ev.final", name=seat_name(view, p), card=loyalty(view, revealed),
                        **score))
    return lines


def score_detail(view: CoronaView, final_view: dict[str, Any], seat: Seat) -> str:
    """The loyalty card revealed at the end and what it scored."""
    revealed = (final_view.get("loyalty_revealed") or [None] * final_view["players"])[seat]
    scores = final_view.get("scores") or []
    if revealed is None or seat >= len(scores):
        return ""
    return tr("cdh.results.loyalty", card=loyalty(view, revealed, True),
              n=scores[seat]["loyalty"])


# -- tooltips ------------------------------------------------------------------------------
def city_tip(view: CoronaView, key: str) -> str:
    v = view.view
    names = view.names_
    city = names.cities[key]
    lines = [tr("cdh.tip.city", name=names.city(key), region=city.properties.get("region", ""))]
    raid = str(city.properties.get("raid", ""))
    if raid:
        lines.append(tr(f"cdh.tip.raid.{raid}"))
    armies = v["armies"].get(key) if v else None
    if armies and any(armies):
        lines.append(tr("cdh.tip.armies", list=", ".join(
            f"{seat_name(view, p)}: {n}" for p, n in enumerate(armies) if n)))
    else:
        lines.append(tr("cdh.tip.no_armies"))
    castle = next((c for c in v.get("castles", []) if c["city"] == key), None) if v else None
    if castle is not None:
        lines.append(tr("cdh.tip.castle", name=names.castle(castle["key"]), mil=castle["mil"],
                        dip=castle["dip"] or "–", vp=castle["vp"]))
        if castle["owner"] is not None:
            side = tr("cdh.tip.troops_in") if castle["troops"] else tr("cdh.tip.troops_out")
            lines.append(tr("cdh.tip.castle.owner", owner=seat_name(view, castle["owner"]),
                            side=side))
        else:
            lines.append(tr("cdh.tip.castle.neutral"))
        if castle["envoys"]:
            lines.append(tr("cdh.tip.castle.envoys", list=", ".join(
                seat_name(view, e["seat"]) for e in castle["envoys"])))
        me = view.viewer
        if me is not None and 0 <= me < v["players"] and castle["owner"] != me:
            mine = armies[me] if armies else 0
            if mine:
                d = size_die(mine)
                lines.append(tr("cdh.tip.odds.military", n=mine, die=die(d),
                                p=odds(d, castle["mil"]), target=castle["mil"]))
            if castle["dip"] and castle["owner"] is None:
                d = band_die(v["legitimacy"][me])
                lines.append(tr("cdh.tip.odds.diplomatic", die=die(d),
                                p=odds(d, castle["dip"]), target=castle["dip"]))
    return "\n".join(lines)


def box_tip(view: CoronaView, key: str) -> str:
    v = view.view
    held = v["boxes"][key]
    limit = v["box_limits"][key]
    name = view.names_.box(key)
    if not any(held):
        return tr("cdh.tip.box.empty", name=name, limit=limit)
    return tr("cdh.tip.box", name=name, used=sum(held), limit=limit,
              list=", ".join(f"{seat_name(view, p)}: {n}" for p, n in enumerate(held) if n))


def seat_tip(view: CoronaView, seat: int) -> str:
    v = view.view
    lines = [tr("cdh.tip.seat", name=seat_name(view, seat), level=v["legitimacy"][seat],
                band=die(v["band"][seat]), vp=v["vp"][seat], shields=v["shields"][seat],
                pawns=v["supply"][seat], banners=v["banners_left"][seat],
                envoys=v["emissaries_in_hand"][seat],
                political=v["hand_counts"][seat]["political"],
                military=v["hand_counts"][seat]["military"])]
    for pact in v["alliances"]:
        if seat in (pact["from"], pact["to"]):
            state = tr("cdh.tip.alliance.accepted") if pact["accepted"] else \
                tr("cdh.tip.alliance.pending")
            lines.append(tr("cdh.tip.alliance", a=seat_name(view, pact["from"]),
                            b=seat_name(view, pact["to"]), state=state))
    held = v["hostages"][seat]
    if any(held):
        lines.append(tr("cdh.tip.hostages", list=", ".join(
            f"{seat_name(view, p)}: {n}" for p, n in enumerate(held) if n)))
    for known in v.get("loyalty_known") or []:  # only what the viewer has seen (Spies)
        if known.get("slot") == seat:
            lines.append(tr("cdh.tip.loyalty_seen", card=loyalty(view, known.get("card"))))
    looks = (v.get("loyalty_looks") or [[]] * v["players"])[seat]
    if looks:
        lines.append(tr("cdh.tip.looked", names=", ".join(seat_name(view, s) for s in looks)))
    return "\n".join(lines)
