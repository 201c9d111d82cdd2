"""Map topology: Tiled `.tmx` maps read into plain, frozen, typed data the rules can use.

A map in `maps/` is the single source of a board's geometry and topology.
This module reads one with the standard library's XML parser (pytmx would
also work, but importing it pulls in pygame when pygame is installed, and
the rules stay free of pygame) and returns a `Topology`:

- `Area`: a polygon object (Tiled polygon, rectangle or ellipse) with an int
  property `area_id`, unique in the map. Its `kind` ("territory", "land",
  "sea", "court", ...), `key` (a stable slug, e.g. for translations) and
  `label` come from properties of those names; every other custom property
  is kept, typed, in `properties`. Its `centre` is the point of a place of
  kind "centre" inside it (`in_area`), else the polygon's centroid.
- `Place`: a point object with an int `place_id`, a `kind` ("centre",
  "castle", "city", ...) and optionally `in_area`, the area it belongs to.
- `Route`: a polyline object with an int `route_id`, a `kind` ("road",
  "strait", ...), `ends` ("a,b": the ids it joins) and `joins` ("areas" or
  "places", default "areas").
- Adjacency between areas: each area's `adjacent` property (comma separated
  area ids) plus the routes that join areas; it must be symmetric. Places
  are linked by routes that join places (`place_links`).

Custom property values are typed as Tiled declares them: int, float, bool,
string (also color and file), and object references, which are resolved to
the `area_id` / `place_id` / `route_id` of the referenced object. Property
names that are XML attributes of Tiled objects (`name`, `type`, `x`, `id`,
...) are refused, as pytmx refuses them. All coordinates are absolute map
pixels with y growing downwards (Tiled's convention); rotated objects are
refused.

Maps are looked up by id (`load_topology("carolus_magnus")` reads
`maps/carolus_magnus.tmx`) beside the `rules` package, or inside a
PyInstaller bundle (`sys._MEIPASS/maps`). Loaded topologies are cached.
"""

from __future__ import annotations

import functools
import math
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Literal

Point = tuple[float, float]
PropertyValue = str | int | float | bool

RESERVED_NAMES = frozenset({
    "name", "type", "class", "id", "x", "y", "width", "height", "rotation", "gid",
    "visible", "template", "points", "properties", "parent", "closed", "image",
})
"""Object attributes a custom property may not shadow (pytmx refuses them)."""

_OWN = ("area_id", "place_id", "route_id", "kind", "key", "label", "in_area", "ends",
        "joins", "adjacent")
ELLIPSE_SIDES = 24


class MapError(Exception):
    """A map file that cannot be read or breaks the conventions above."""


def _frozen(d: Mapping[str, PropertyValue]) -> Mapping[str, PropertyValue]:
    return MappingProxyType(dict(sorted(d.items())))


@dataclass(frozen=True, slots=True)
class Area:
    """A region of the board drawn as a polygon (territory, province, sea, court...)."""

    id: int
    kind: str
    key: str
    label: str
    polygon: tuple[Point, ...]
    centre: Point
    properties: Mapping[str, PropertyValue] = field(default_factory=dict, hash=False)

    def contains(self, point: Point) -> bool:
        """Whether `point` lies inside the polygon (even-odd rule; edges count as inside)."""
        return point_in_polygon(point, self.polygon)


@dataclass(frozen=True, slots=True)
class Place:
    """A named point of the board: an area's centre, a castle spot, a city."""

    id: int
    kind: str
    key: str
    label: str
    position: Point
    area: int | None
    properties: Mapping[str, PropertyValue] = field(default_factory=dict, hash=False)


@dataclass(frozen=True, slots=True)
class Route:
    """A polyline joining two areas or two places: a road, a strait, a sea lane."""

    id: int
    kind: str
    key: str
    label: str
    points: tuple[Point, ...]
    ends: tuple[int, int]
    joins: Literal["areas", "places"]
    properties: Mapping[str, PropertyValue] = field(default_factory=dict, hash=False)


@dataclass(frozen=True, slots=True)
class Topology:
    """Everything a map says, as plain data: areas, places, routes, adjacency, properties."""

    map_id: str
    size: tuple[int, int]
    properties: Mapping[str, PropertyValue]
    areas: tuple[Area, ...]
    places: tuple[Place, ...]
    routes: tuple[Route, ...]
    adjacency: Mapping[int, frozenset[int]]
    place_links: Mapping[int, frozenset[int]]
    _by_id: Mapping[int, Area] = field(repr=False, compare=False, hash=False)

    def area(self, area_id: int) -> Area:
        """The area with this id (KeyError if none)."""
        return self._by_id[area_id]

    def areas_of(self, kind: str) -> tuple[Area, ...]:
        """The areas of one kind, by id."""
        return tuple(a for a in self.areas if a.kind == kind)

    def neighbours(self, area_id: int) -> tuple[int, ...]:
        """The ids of the areas adjacent to `area_id`, ascending."""
        return tuple(sorted(self.adjacency.get(area_id, ())))

    def adjacent(self, a: int, b: int) -> bool:
        return b in self.adjacency.get(a, ())

    def places_in(self, area_id: int, kind: str | None = None) -> tuple[Place, ...]:
        """The places that belong to an area, optionally of one kind, by id."""
        return tuple(
            p for p in self.places if p.area == area_id and (kind is None or p.kind == kind)
        )

    def place(self, place_id: int) -> Place:
        for p in self.places:
            if p.id == place_id:
                return p
        raise KeyError(place_id)

    def area_at(self, point: Point, kind: str | None = None) -> Area | None:
        """The first area (by id) containing `point`, for hit-testing; None if none."""
        for a in self.areas:
            if (kind is None or a.kind == kind) and a.contains(point):
                return a
        return None

    def ring(self, kind: str, next_property: str = "ring_next") -> tuple[int, ...]:
        """The areas of `kind` in the cyclic order their `next_property` gives,
        starting from the lowest id; MapError unless they form one cycle."""
        members = {a.id: a for a in self.areas_of(kind)}
        if not members:
            raise MapError(f"{self.map_id}: no areas of kind {kind!r}")
        start = min(members)
        order = [start]
        while True:
            nxt = members[order[-1]].properties.get(next_property)
            if not isinstance(nxt, int) or isinstance(nxt, bool) or nxt not in members:
                raise MapError(f"{self.map_id}: area {order[-1]} has no valid {next_property}")
            if nxt == start:
                break
            if nxt in order:
                raise MapError(f"{self.map_id}: {next_property} loops before closing the ring")
            order.append(nxt)
        if len(order) != len(members):
            raise MapError(f"{self.map_id}: {kind} ring covers {len(order)}/{len(members)}")
        return tuple(order)


def point_in_polygon(point: Point, polygon: tuple[Point, ...]) -> bool:
    """Even-odd test of `point` against a closed polygon."""
    x, y = point
    inside = False
    n = len(polygon)
    for i in range(n):
        (x1, y1), (x2, y2) = polygon[i], polygon[(i - 1) % n]
        if (y1 > y) != (y2 > y):
            cross = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < cross:
                inside = not inside
            elif x == cross:
                return True
    return inside


def centroid(polygon: tuple[Point, ...]) -> Point:
    """The area centroid of a simple polygon (the vertex mean if it is degenerate)."""
    a = cx = cy = 0.0
    n = len(polygon)
    for i in range(n):
        x1, y1 = polygon[i]
        x2, y2 = polygon[(i + 1) % n]
        c = x1 * y2 - x2 * y1
        a += c
        cx += (x1 + x2) * c
        cy += (y1 + y2) * c
    if abs(a) < 1e-9:
        return (sum(p[0] for p in polygon) / n, sum(p[1] for p in polygon) / n)
    return (cx / (3 * a), cy / (3 * a))


# -- finding and loading -------------------------------------------------------
def maps_dir() -> Path:
    """`maps/` in a PyInstaller bundle, else beside the `rules` package (the repo root)."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None:
        return Path(bundle) / "maps"
    return Path(__file__).resolve().parent.parent / "maps"


def map_path(map_id: str) -> Path:
    return maps_dir() / f"{map_id}.tmx"


@functools.cache
def load_topology(map_id: str) -> Topology:
    """The topology of `maps/<map_id>.tmx`, read once and cached."""
    return read_tmx(map_path(map_id))


def read_tmx(path: Path | str) -> Topology:
    """Read one .tmx file (no caching); MapError if it breaks the conventions."""
    path = Path(path)
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError) as exc:
        raise MapError(f"{path.name}: cannot read: {exc}") from exc
    if root.tag != "map":
        raise MapError(f"{path.name}: not a Tiled map")
    raw = list(_objects(root, path.name))
    ref_ids = {r.tiled_id: r.own_id for r in raw}
    areas: list[Area] = []
    places: list[Place] = []
    routes: list[Route] = []
    for r in raw:
        for k in r.refs:
            r.props[k] = ref_ids.get(int(r.props[k]), -1)
    for r in raw:
        if r.geometry == "point":
            places.append(_place(r))
        elif r.geometry == "polyline":
            routes.append(_route(r))
        else:
            areas.append(_area(r, path.name))
    return _assemble(path, root, areas, places, routes)


# -- inside the reader ---------------------------------------------------------------
@dataclass(slots=True)
class _Raw:
    tiled_id: int
    geometry: Literal["polygon", "point", "polyline"]
    points: tuple[Point, ...]
    props: dict[str, PropertyValue]
    refs: frozenset[str]
    own_id: int
    where: str


def _objects(root: ET.Element, where: str) -> Iterator[_Raw]:
    for group in root.iter("objectgroup"):
        gx = float(group.get("offsetx", 0))
        gy = float(group.get("offsety", 0))
        for obj in group.iter("object"):
            yield _raw(obj, gx, gy, where)


def _raw(obj: ET.Element, gx: float, gy: float, where: str) -> _Raw:
    tiled_id = int(obj.get("id", "0"))
    at = f"{where}: object {tiled_id}"
    if float(obj.get("rotation", 0)) != 0:
        raise MapError(f"{at}: rotated objects are not supported")
    x, y = float(obj.get("x", 0)) + gx, float(obj.get("y", 0)) + gy
    w, h = float(obj.get("width", 0)), float(obj.get("height", 0))
    props, refs = _properties(obj, at)
    geometry: Literal["polygon", "point", "polyline"]
    if (poly := obj.find("polygon")) is not None or (poly := obj.find("polyline")) is not None:
        geometry = "polygon" if poly.tag == "polygon" else "polyline"
        points = tuple((x + px, y + py) for px, py in _parse_points(poly.get("points", ""), at))
    elif obj.find("point") is not None:
        geometry, points = "point", ((x, y),)
    elif obj.find("ellipse") is not None:
        geometry = "polygon"
        points = tuple(
            (x + w / 2 + w / 2 * math.cos(2 * math.pi * k / ELLIPSE_SIDES),
             y + h / 2 + h / 2 * math.sin(2 * math.pi * k / ELLIPSE_SIDES))
            for k in range(ELLIPSE_SIDES)
        )
    elif w > 0 and h > 0:
        geometry, points = "polygon", ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
    else:
        raise MapError(f"{at}: neither polygon, rectangle, ellipse, point nor polyline")
    id_key = {"polygon": "area_id", "point": "place_id", "polyline": "route_id"}[geometry]
    own = props.get(id_key)
    if not isinstance(own, int) or isinstance(own, bool):
        raise MapError(f"{at}: a {geometry} needs an int property {id_key!r}")
    return _Raw(tiled_id, geometry, points, props, refs, own, at)


def _parse_points(text: str, at: str) -> list[Point]:
    try:
        pairs = [p.split(",") for p in text.split()]
        return [(float(a), float(b)) for a, b in pairs]
    except ValueError as exc:
        raise MapError(f"{at}: bad points {text!r}") from exc


def _properties(node: ET.Element, at: str) -> tuple[dict[str, PropertyValue], frozenset[str]]:
    out: dict[str, PropertyValue] = {}
    refs: set[str] = set()
    block = node.find("properties")
    for p in [] if block is None else block.findall("property"):
        name = p.get("name", "")
        kind = p.get("type", "string")
        text = p.get("value")
        if text is None:
            text = p.text or ""
        if name in RESERVED_NAMES:
            raise MapError(f"{at}: property {name!r} shadows a Tiled attribute; rename it")
        if name in out:
            raise MapError(f"{at}: property {name!r} given twice")
        try:
            out[name] = _typed(kind, text)
        except ValueError as exc:
            raise MapError(f"{at}: property {name!r} is not a valid {kind}") from exc
        if kind == "object":
            refs.add(name)
    return out, frozenset(refs)


def _typed(kind: str, text: str) -> PropertyValue:
    if kind in ("int", "object"):
        return int(text)
    if kind == "float":
        return float(text)
    if kind == "bool":
        if text not in ("true", "false"):
            raise ValueError(text)
        return text == "true"
    if kind in ("string", "color", "file"):
        return text
    raise ValueError(kind)


def _text(r: _Raw, key: str, default: str) -> str:
    value = r.props.get(key, default)
    if not isinstance(value, str):
        raise MapError(f"{r.where}: property {key!r} must be a string")
    return value


def _extra(r: _Raw) -> Mapping[str, PropertyValue]:
    return _frozen({k: v for k, v in r.props.items() if k not in _OWN})


def _int_list(r: _Raw, key: str) -> tuple[int, ...]:
    text = _text(r, key, "")
    try:
        return tuple(int(t) for t in text.replace(" ", "").split(",") if t)
    except ValueError as exc:
        raise MapError(f"{r.where}: {key!r} must list ids separated by commas") from exc


def _area(r: _Raw, where: str) -> Area:
    if len(r.points) < 3:
        raise MapError(f"{r.where}: a polygon needs at least 3 points")
    props = dict(_extra(r))
    props["adjacent"] = ",".join(str(i) for i in _int_list(r, "adjacent"))
    return Area(
        id=r.own_id,
        kind=_text(r, "kind", "area"),
        key=_text(r, "key", f"area_{r.own_id}"),
        label=_text(r, "label", ""),
        polygon=r.points,
        centre=centroid(r.points),
        properties=_frozen(props),
    )


def _place(r: _Raw) -> Place:
    area = r.props.get("in_area")
    if area is not None and (not isinstance(area, int) or isinstance(area, bool)):
        raise MapError(f"{r.where}: 'in_area' must be an int")
    return Place(
        id=r.own_id,
        kind=_text(r, "kind", "place"),
        key=_text(r, "key", f"place_{r.own_id}"),
        label=_text(r, "label", ""),
        position=r.points[0],
        area=area,
        properties=_extra(r),
    )


def _route(r: _Raw) -> Route:
    ends = _int_list(r, "ends")
    joins = _text(r, "joins", "areas")
    if len(ends) != 2 or joins not in ("areas", "places"):
        raise MapError(f"{r.where}: a route needs 'ends' (two ids) and joins areas|places")
    return Route(
        id=r.own_id,
        kind=_text(r, "kind", "route"),
        key=_text(r, "key", f"route_{r.own_id}"),
        label=_text(r, "label", ""),
        points=r.points,
        ends=(ends[0], ends[1]),
        joins="places" if joins == "places" else "areas",
        properties=_extra(r),
    )


def _unique(kind: str, ids: list[int], where: str) -> None:
    seen: set[int] = set()
    for i in ids:
        if i in seen:
            raise MapError(f"{where}: {kind} {i} is used twice")
        seen.add(i)


def _assemble(
    path: Path, root: ET.Element, areas: list[Area], places: list[Place], routes: list[Route]
) -> Topology:
    where = path.name
    _unique("area_id", [a.id for a in areas], where)
    _unique("place_id", [p.id for p in places], where)
    _unique("route_id", [r.id for r in routes], where)
    by_id = {a.id: a for a in sorted(areas, key=lambda a: a.id)}
    place_ids = {p.id for p in places}
    adjacency: dict[int, set[int]] = {a: set() for a in by_id}
    links: dict[int, set[int]] = {p: set() for p in place_ids}
    for area in by_id.values():
        text = area.properties["adjacent"]
        for n in (int(t) for t in str(text).split(",") if t):
            if n not in by_id or n == area.id:
                raise MapError(f"{where}: area {area.id} lists unknown or own neighbour {n}")
            adjacency[area.id].add(n)
    for i, ns in adjacency.items():
        for n in ns:
            if i not in adjacency[n]:
                raise MapError(f"{where}: area {i} lists {n} as adjacent but not back")
    for r in routes:
        pool, graph = (set(by_id), adjacency) if r.joins == "areas" else (place_ids, links)
        u, v = r.ends
        if u not in pool or v not in pool or u == v:
            raise MapError(f"{where}: route {r.id} joins unknown {r.joins} {u},{v}")
        graph[u].add(v)
        graph[v].add(u)
    final_areas = []
    for a in by_id.values():
        centres = [p for p in places if p.area == a.id and p.kind == "centre"]
        if centres:
            a = Area(a.id, a.kind, a.key, a.label, a.polygon, centres[0].position, a.properties)
        final_areas.append(a)
    for p in places:
        if p.area is not None and p.area not in by_id:
            raise MapError(f"{where}: place {p.id} is in unknown area {p.area}")
    props, _ = _properties(root, where)
    width = int(root.get("width", "0")) * int(root.get("tilewidth", "0"))
    height = int(root.get("height", "0")) * int(root.get("tileheight", "0"))
    return Topology(
        map_id=path.stem,
        size=(width, height),
        properties=_frozen(props),
        areas=tuple(final_areas),
        places=tuple(sorted(places, key=lambda p: p.id)),
        routes=tuple(sorted(routes, key=lambda r: r.id)),
        adjacency=MappingProxyType({k: frozenset(v) for k, v in adjacency.items()}),
        place_links=MappingProxyType({k: frozenset(v) for k, v in links.items()}),
        _by_id=MappingProxyType({a.id: a for a in final_areas}),
    )
