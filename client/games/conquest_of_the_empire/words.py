"""Conquest of the Empire's sentences: events, prompts, action labels, refusals and tooltips,
through `tr` and the catalogue `assets/i18n/conquest_of_the_empire/<lang>.json`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from client.i18n import error_sentence, has, language, tr
from rules import Action, Event, IllegalAction, Seat
from rules.conquest_of_the_empire import actions as A
from rules.conquest_of_the_empire.components import board

if TYPE_CHECKING:
    from client.games.conquest_of_the_empire.panels import Scoring
    from client.games.conquest_of_the_empire.view import ConquestView

UNIT_ORDER = ("caesar", "general", "infantry", "cavalry", "catapult", "galley")
UNIT_COST = {"infantry": 5, "cavalry": 10, "catapult": 15, "galley": 15, "general": 20}


def place(view: ConquestView, key: str | None) -> str:
    """A province's or zone's name in the player's language."""
    if not key:
        return "—"
    area = view.areas_by_key.get(key)
    if area is None:
        return key
    return str(area.properties.get(f"name_{language()}", area.label))


def card(key: str) -> str:
    return tr(f"coe.card.{key}")


def seat(view: ConquestView, s: Any) -> str:
    if isinstance(s, int) and 0 <= s < len(view.names):
        return view.names[s]
    return tr("coe.nobody")


def units(counts: dict[str, int]) -> str:
    """"3 infantry, 1 cavalry" in the fixed unit order."""
    parts = [tr(f"coe.unit.{u}", n=int(counts[u])) for u in UNIT_ORDER if counts.get(u)]
    return ", ".join(parts) if parts else "—"


def per_seat(view: ConquestView, values: list[Any], sign: bool = False) -> str:
    """"Ana 15, Bruno 5" for the non-zero values of a per-seat list."""
    parts = []
    for s, v in enumerate(values):
        if v:
            shown = f"{v:+d}" if sign and isinstance(v, int) else str(v)
            parts.append(f"{seat(view, s)} {shown}")
    return ", ".join(parts) if parts else "—"


# -- actions -------------------------------------------------------------------------------------
def action_label(view: ConquestView, a: Action) -> str:
    t = a.type
    if isinstance(a, A.PickHomeland):
        return tr("coe.action.pick_homeland", place=place(view, a.province))
    if isinstance(a, A.Bid):
        return tr("coe.action.bid", amount=a.amount)
    if isinstance(a, A.NameSeat):
        return tr("coe.action.name_seat", seat=seat(view, a.seat))
    if isinstance(a, A.BuyInfluence):
        srcs = [tr("coe.source.neutral") if s < 0 else seat(view, s) for s in a.sources]
        return tr("coe.action.buy_influence", place=place(view, a.province),
                  leader=tr(f"coe.leader.{a.leader}"), n=", ".join(srcs))
    if isinstance(a, A.LandMove):
        return tr("coe.action.land_move", place=place(view, a.origin))
    if isinstance(a, A.MoveTo):
        key = "coe.action.move_to_sea" if a.by_sea else "coe.action.move_to"
        return tr(key, place=place(view, a.dest))
    if isinstance(a, A.MoveUnits):
        return tr("coe.action.move_units", units=units({a.unit: a.count}))
    if isinstance(a, A.NavalMove):
        return tr("coe.action.naval_move", place=place(view, a.zone))
    if isinstance(a, A.MoveGalleys):
        return tr("coe.action.move_galleys", count=a.count, place=place(view, a.origin))
    if isinstance(a, A.NavalBattle):
        return tr("coe.action.naval_battle", seat=seat(view, a.defender))
    if isinstance(a, A.SpecialTax):
        return tr("coe.action.special_tax", amount=a.amount)
    if isinstance(a, A.Recruit):
        return tr("coe.action.recruit_dilectus" if a.dilectus else "coe.action.recruit")
    if isinstance(a, A.RecruitAt):
        return tr("coe.action.recruit_at", place=place(view, a.place))
    if isinstance(a, A.RecruitUnits):
        return tr("coe.action.recruit_units", units=units({a.unit: a.count}),
                  cost=UNIT_COST.get(a.unit, 0) * a.count)
    if isinstance(a, A.AcquireCard):
        return tr("coe.action.acquire_card", card=card(a.card), cost=view.card_cost(a.card))
    if isinstance(a, A.PlaceAt):
        return tr("coe.action.place_at", place=place(view, a.place))
    if isinstance(a, A.Proscribe):
        return tr("coe.action.proscribe", seat=seat(view, a.seat), place=place(view, a.province))
    if isinstance(a, A.SinkGalley):
        return tr("coe.action.sink_galley", seat=seat(view, a.seat), place=place(view, a.zone))
    if isinstance(a, A.LandBattle):
        return tr("coe.action.land_battle", seat=seat(view, a.defender),
                  place=place(view, a.province))
    if isinstance(a, A.CallVote):
        return tr("coe.action.call_vote", card=card(a.card))
    if isinstance(a, A.UseCursus):
        return tr("coe.action.use_cursus", leader=tr(f"coe.leader.{a.leader}"),
                  place=place(view, a.origin))
    if isinstance(a, A.MoveLeader):
        return tr("coe.action.move_leader", place=place(view, a.dest))
    if isinstance(a, A.ShowSenators):
        shown = "+".join(roman(v) for v in a.senators)
        return tr("coe.action.show_senators", senators=shown, total=sum(a.senators))
    if isinstance(a, A.TakeToken):
        return tr("coe.action.take_token", place=place(view, a.province))
    if isinstance(a, A.PlayCard):
        return tr("coe.action.play_card", card=card(a.card))
    if isinstance(a, A.Casualty):
        return tr("coe.action.casualty", unit=tr(f"coe.unit_name.{a.unit}"),
                  seat=seat(view, a.seat), place=place(view, a.place))
    if isinstance(a, A.RetreatTo):
        return tr("coe.action.retreat_to", place=place(view, a.province))
    return tr(f"coe.action.{t}")


def action_tip(view: ConquestView, a: Action) -> str:
    if isinstance(a, A.AcquireCard | A.PlayCard | A.CallVote):
        return tr(f"coe.card.{a.card}.tip")
    return action_label(view, a)


def roman(n: int) -> str:
    return {1: "I", 2: "II", 3: "III", 4: "IV"}.get(n, str(n))


# -- prompt and status --------------------------------------------------------------------------
def prompt(view: ConquestView, s: Seat, legal: list[Action]) -> str:
    v = view.view
    step = v.get("step", "action")
    act = v.get("act") or {}
    battle = v.get("battle") or {}
    auction = v.get("auction") or {}
    vote = v.get("vote") or {}
    maintenance = v.get("maintenance") or {}
    key = f"coe.prompt.{step}"
    if step == "move" and act.get("dest"):
        key = "coe.prompt.move_dest"
    if step == "recruit" and not act.get("moved"):  # a recruit brings at least 1 unit
        key = "coe.prompt.recruit_first"
    return tr(
        key,
        dest=place(view, act.get("dest")),
        name=seat(view, s),
        left=2 - int(v.get("actions_done", 0)),
        origin=place(view, act.get("origin")),
        zone=place(view, act.get("zone")),
        place=place(view, act.get("place")),
        hits=battle.get("hits", 0),
        bid="—" if auction.get("bid") is None else auction.get("bid"),
        best=vote.get("best", 0),
        fee=maintenance.get("fee", 0),
    )


def status(view: ConquestView) -> str:
    v = view.view
    if not v:
        return ""
    phase = tr(f"coe.step.{v.get('step', 'action')}")
    if v.get("turn"):
        return tr("coe.status_turn", season=v["season"], turn=v["turn"], phase=phase)
    return tr("coe.status", season=v.get("season", 1), phase=phase)


def short_status(view: ConquestView) -> str:
    """Season and turn only (the top bar also names the phase)."""
    v = view.view
    if v.get("turn"):
        return tr("coe.status_short", season=v["season"], turn=v["turn"])
    return tr("coe.status_season", season=v.get("season", 1))


def refusal(view: ConquestView, exc: IllegalAction) -> str:
    params = dict(exc.params)
    for key in ("origin", "dest", "place", "province"):
        if isinstance(params.get(key), str):
            params[key] = place(view, params[key])
    if has(f"coe.illegal.{exc.code}"):
        return tr(f"coe.illegal.{exc.code}", **params)
    return error_sentence("illegal", exc.code, params)


# -- the log --------------------------------------------------------------------------------------
def describe(view: ConquestView, ev: Event) -> str | None:
    t = ev["type"]
    if not has(f"coe.ev.{t}"):
        return None
    p: dict[str, Any] = {k: v for k, v in ev.items() if k not in ("type", "to")}
    for key in ("seat", "a", "b", "attacker", "defender", "contender", "target", "winner",
                "opener"):
        if key in p:
            p[key] = seat(view, p[key])
    for key in ("province", "place", "origin", "dest", "zone"):
        if isinstance(p.get(key), str):
            p[key] = place(view, p[key])
    if "province" in p and "place" not in p:
        p["place"] = p["province"]
    if "zone" in p and "place" not in p:
        p["place"] = p["zone"]
    if isinstance(p.get("card"), str):
        p["card"] = card(p["card"])
    if isinstance(p.get("unit"), str) and t not in ("units_moved", "recruited", "units_placed"):
        p["unit"] = tr(f"coe.unit_name.{p['unit']}")
    key = f"coe.ev.{t}"
    if t in ("units_moved", "recruited", "units_placed"):
        p["units"] = units({ev["unit"]: ev["count"]})
        if t == "units_moved" and ev.get("by_sea"):
            key = "coe.ev.units_moved_sea"
    elif t == "retreated":
        moved: dict[str, int] = {}
        for part in ev.get("units", {}).values():
            for u, n in part.items():
                moved[u] = moved.get(u, 0) + n
        p["units"] = units(moved)
    elif t == "influence_bought":
        p["n"] = len(ev.get("sources", []))
    elif t == "tokens_drawn":
        p["places"] = ", ".join(place(view, k) for k in ev.get("provinces", []))
    elif t == "cards_revealed":
        p["cards"] = ", ".join(card(c) for c in ev.get("cards", [])) or "—"
    elif t == "auction_opened":
        p["seat"] = seat(view, ev.get("opener"))
    elif t == "auction_won":
        p["positions"] = "/".join(str(x) for x in ev.get("positions", []))
    elif t == "season_order":
        p["order"] = ", ".join(seat(view, x) for x in ev.get("order", []))
    elif t == "senators_shown":
        p["senators"] = "+".join(roman(x) for x in ev.get("senators", []))
    elif t == "vote_result" and ev.get("winner") is None:
        key = "coe.ev.vote_result_none"
    elif t == "dice_rolled":
        p["faces"] = " ".join(str(f) for f in ev.get("faces", []))
        hits = ev.get("hits", {}) or {}
        p["hits"] = units({u: int(n) for u, n in hits.items()}) if hits else "0"
    elif t == "battle_over":
        winner = ev.get("winner")
        p["result"] = (tr("coe.result.winner", seat=seat(view, winner)) if winner is not None
                       else tr("coe.result.draw"))
    elif t in ("taxes", "domination_vp", "city_relief", "chaos_penalty", "season_scored",
               "game_over"):
        values = ev.get("talents") if t == "taxes" else ev.get("gains") or ev.get("vp")
        if t == "city_relief":
            values = [-x for x in ev.get("chaos", [])]
        if t == "game_over":
            values = ev.get("vp")
        p["gains"] = per_seat(view, list(values or []), sign=t != "game_over")
    elif t == "key_scored":
        if not any(ev.get("vp", [])):
            key = "coe.ev.key_scored_none"
        p["gains"] = per_seat(view, list(ev.get("vp", [])), sign=True)
    elif t == "maintenance_check":
        p["what"] = tr(f"coe.tip.region_{ev.get('region')}") + " " + tr(
            f"coe.tip.coin_{ev.get('coin')}")
        p["seats"] = ", ".join(seat(view, x) for x in ev.get("seats", [])) or tr("coe.nobody")
    return tr(key, **p)


# -- tooltips -------------------------------------------------------------------------------------
def area_tip(view: ConquestView, key: str) -> str:
    area = view.areas_by_key[key]
    props = area.properties
    # Latin, Spanish, English, each said once (Armenia is Armenia in all three)
    spelled = [str(props.get(k, "")) for k in ("name_la", "name_es", "name_en")]
    names = " · ".join(n for i, n in enumerate(spelled) if n and n not in spelled[:i])
    v = view.view
    lines: list[str] = []
    if area.kind == "province":
        lines.append(tr("coe.tip.province", names=names,
                        region=tr(f"coe.tip.region_{props.get('region', 'E')}"),
                        coin=tr(f"coe.tip.coin_{props.get('coin', 'S')}")))
        tiers = str(props.get("tiers", ""))
        if tiers:
            lines.append(tr("coe.tip.tiers", tiers=" / ".join(tiers.split(","))))
        if props.get("homeland"):
            lines.append(tr("coe.tip.homeland"))
        cities = v.get("cities", {})
        if key in cities:
            holder = cities[key]
            city = str(props.get("city", "")) or card("colonia")
            lines.append(tr("coe.tip.city", city=city,
                            holder=seat(view, holder) if holder is not None
                            else tr("coe.tip.no_holder")))
        inf = v.get("influence", {}).get(key)
        if inf is not None:
            parts = [f"{seat(view, s)} {n}" for s, n in enumerate(inf) if n]
            neutral = v.get("neutral", {}).get(key, 0)
            if neutral:
                parts.append(tr("coe.tip.neutral", n=neutral))
            if parts:
                lines.append(tr("coe.tip.influence", list=", ".join(parts)))
    else:
        lines.append(tr("coe.tip.sea", names=names))
    for s, counts in enumerate(v.get("units", {}).get(key, [])):
        if counts and any(counts.values()):
            lines.append(tr("coe.tip.units", seat=seat(view, s), units=units(counts)))
    for route in view.topology.routes:
        ends = [view.topology.area(e).key for e in route.ends]
        if key in ends:
            lines.append(strait_tip(view, route.key))
    return "\n".join(lines)


def strait_tip(view: ConquestView, key: str) -> str:
    route = next(r for r in view.topology.routes if r.key == key)
    ends = " – ".join(place(view, view.topology.area(e).key) for e in route.ends)
    zone = view.topology.area(int(route.properties["zone"])).key
    text = tr("coe.tip.strait", name=route.properties.get(f"name_{language()}", route.label),
              ends=ends, zone=place(view, zone))
    cut = [s for s, keys in enumerate(view.view.get("cut_straits", [])) if key in keys]
    if cut:
        text += " " + tr("coe.tip.strait_cut", seats=", ".join(seat(view, s) for s in cut))
    return text


def seat_tip(view: ConquestView, s: int) -> str:
    v = view.view
    cards = v.get("cards", [[]] * (s + 1))[s]
    allies = v.get("allies", [[]] * (s + 1))[s]
    home = v.get("homelands", [None] * (s + 1))[s]
    return tr(
        "coe.tip.seat",
        name=seat(view, s),
        talents=v["talents"][s],
        chaos=v["chaos"][s],
        vp=v["vp"][s],
        senators="+".join(roman(x) for x in v["senators"][s]) or "—",
        cards=", ".join(card(c["card"]) if c["ready"]
                        else tr("coe.tip.card_waiting", card=card(c["card"])) for c in cards)
        or "—",
        home=place(view, home),
        ally=(tr("coe.tip.allies", names=", ".join(seat(view, x) for x in allies)) if allies
              else tr("coe.tip.no_allies")),
    )


# -- the panels over the map ------------------------------------------------------------


def auction_lines(view: ConquestView) -> tuple[str, str, list[str]]:
    """(title, the proposal standing and the one being built, a line per seat)."""
    v = view.view
    auc = v.get("auction") or {}
    order = v.get("order") or []
    first = len(order) + 1
    title = tr("coe.auction.title", a=first, b=first + 1)

    def name(q: Any) -> str:
        return seat(view, q)

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


def vote_lines(view: ConquestView) -> tuple[str, str, str, list[str]]:
    v = view.view
    vote = v.get("vote") or {}
    design = str(vote.get("card", ""))
    title = tr("coe.vote.title", card=card(design), name=seat(view, vote.get("caller")))
    effect = tr(f"coe.card.{design}.tip")
    if v.get("step") == "vote_effect":
        best = tr("coe.vote.won", best=vote.get("best", 0),
                  name=seat(view, vote.get("leader")))
    elif vote.get("best"):
        best = tr("coe.vote.best", best=vote["best"], name=seat(view, vote.get("leader")))
    else:
        best = tr("coe.vote.no_best")
    lines = []
    shows = vote.get("shows") or [[] for _ in view.names]
    for q in range(len(view.names)):
        hand = "+".join(roman(x) for x in v["senators"][q]) or "—"
        shown = shows[q] if q < len(shows) else []
        if shown:
            lines.append(tr("coe.vote.seat_shows", hand=hand,
                            shown="+".join(roman(x) for x in shown), total=sum(shown)))
        else:
            lines.append(tr("coe.vote.seat", hand=hand))
    return title, effect, best, lines


def hits_line(view: ConquestView, seat: int, battle: dict[str, Any]) -> str:
    """What `seat`'s last roll in this round hit, per unit type ("" before it rolls)."""
    got = view.round_hits.get(seat)
    if got is None or got[0] != (battle.get("place"), battle.get("round")):
        return ""
    hits: dict[str, int] = got[1]
    total = sum(hits.values())
    if not total:
        return tr("coe.battle.no_hits")
    return tr("coe.battle.hits", hits=units(hits))


def _bases(view: ConquestView, seat: int) -> set[str]:
    """Provinces where `seat` has a leader and at least one of its own influence."""
    v = view.view
    out = set()
    for key, per_seat in (v.get("influence") or {}).items():
        if per_seat[seat] <= 0:
            continue
        counts = ((v.get("units") or {}).get(key) or [{}] * (seat + 1))[seat] or {}
        if counts.get("caesar") or counts.get("general"):
            out.add(key)
    return out


def _seas_of(keys: set[str]) -> set[str]:
    b = board()
    return {b.seas[z].key for p in b.provinces if p.key in keys for z in p.seas}


def recruit_refusal(view: ConquestView, legal: list[Action], seat: int, unit: str,
            key: str) -> str:
    """Why `unit` may not be recruited at `key` now ("" if it may)."""
    v = view.view
    cost = UNIT_COST[unit]
    left = int(((v.get("supply") or [{}] * (seat + 1))[seat] or {}).get(unit, 0))
    name = tr(f"coe.unit_name.{unit}")
    if left <= 0:
        return tr("coe.tray.none_left", unit=name)
    if v["talents"][seat] < cost:
        return tr("coe.tray.too_dear", unit=name, cost=cost, talents=v["talents"][seat])
    area = view.areas_by_key.get(key)
    at_sea = area is not None and area.kind == "sea"
    if unit == "galley" and not at_sea:
        return tr("coe.tray.galley_at_sea")
    if unit != "galley" and at_sea:
        return tr("coe.tray.land_on_land", unit=name)
    step = v.get("step")
    act = v.get("act") or {}
    if step == "recruit_unit":
        if key != act.get("place"):
            return tr("coe.tray.finish_there", place=place(view, act.get("place")))
        ok = any(isinstance(a, A.RecruitUnits) and a.unit == unit for a in legal)
        return "" if ok else tr("coe.tray.not_there", unit=name,
                                place=place(view, key))
    if step == "recruit":
        places = {a.place for a in legal if isinstance(a, A.RecruitAt)}
    else:
        bases = _bases(view, seat)
        places = _seas_of(bases) if unit == "galley" else bases
    if key in places:
        return ""
    if unit == "galley":
        return tr("coe.tray.galley_at_sea")
    return tr("coe.illegal.cannot_recruit_at", place=place(view, key))


def scoring_rows(view: ConquestView, sc: Scoring, step: str) -> list[tuple[int | None, str]]:
    """The lines of one step: (seat for its marker or None, words)."""
    n = len(view.names)

    def name(q: Any) -> str:
        return seat(view, q)

    if step == "taxes":
        ev = sc.first("taxes") or {}
        return [(q, tr("coe.score.taxes", name=name(q), n=int(ev.get("talents", [0] * n)[q])))
                for q in range(n)]
    if step == "maintenance":
        out: list[tuple[int | None, str]] = []
        for ev in sc.events:
            kind = ev["type"]
            what = tr(f"coe.tip.region_{ev.get('region')}") + ", " + tr(
                f"coe.tip.coin_{ev.get('coin')}")
            if kind == "maintenance_check" and not ev.get("seats"):
                out.append((None, tr("coe.score.check_nobody", what=what, fee=ev["fee"])))
            elif kind == "maintenance_paid":
                out.append((ev["seat"], tr("coe.score.paid", name=name(ev["seat"]), what=what,
                                           fee=ev["talents"])))
            elif kind in ("maintenance_declined", "maintenance_unpaid"):
                out.append((ev["seat"], tr(f"coe.score.{kind.split('_')[1]}",
                                           name=name(ev["seat"]), what=what, chaos=ev["chaos"])))
        return out
    if step == "keys":
        out = []
        for ev in sc.events:
            if ev["type"] != "key_scored":
                continue
            where = place(view, ev["province"])
            if any(ev["vp"]):
                out.append((None, tr("coe.score.key", place=where,
                                     gains=per_seat(view, list(ev["vp"]), sign=True))))
            else:
                out.append((None, tr("coe.score.key_none", place=where)))
        return out
    if step == "domination":
        ev = sc.first("domination_vp") or {}
        return [(q, tr("coe.score.domination", name=name(q), n=int(ev.get("vp", [0] * n)[q])))
                for q in range(n)]
    if step == "cities":
        ev = sc.first("city_relief") or {}
        return [(q, tr("coe.score.cities", name=name(q),
                       cities=int(ev.get("cities", [0] * n)[q]),
                       n=int(ev.get("chaos", [0] * n)[q]))) for q in range(n)]
    if step == "chaos":
        ev = sc.first("chaos_penalty") or {}
        vp, chaos = ev.get("vp", [0] * n), ev.get("chaos", [0] * n)
        return [(q, tr("coe.score.penalty" if vp[q] else "coe.score.no_penalty",
                       name=name(q), chaos=int(chaos[q]), n=-int(vp[q]))) for q in range(n)]
    ev = sc.first("season_scored") or {}
    keys = ("gains", "vp", "talents", "chaos")
    got: dict[str, Any] = {k: ev.get(k, [0] * n) for k in keys}
    return [(q, tr("coe.score.total", name=name(q), gain=int(got["gains"][q]),
                   vp=int(got["vp"][q]), talents=int(got["talents"][q]),
                   chaos=int(got["chaos"][q]))) for q in range(n)]
