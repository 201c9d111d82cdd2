"""Writing a Tiled map (`.tmx`) as the map build scripts do.

Each `make_<game>_map.py` computes its geometry and hands it to one `TmxWriter`, which
numbers layers and objects as Tiled does, writes object coordinates and shape points
in the number format the script asks for, and indents the file so a diff of a
regenerated map reads line by line. Only object layers are written: the suite's maps
are all vector (`maps/README.md`).
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path

Point = tuple[float, float]


def prop(parent: ET.Element, name: str, kind: str, value: object) -> None:
    """A `<property>` under `parent`: `kind` is Tiled's type (string, int, float, bool)."""
    attrs = {"name": name, "value": str(value).lower() if kind == "bool" else str(value)}
    if kind != "string":
        attrs["type"] = kind
    ET.SubElement(parent, "property", attrs)


class TmxWriter:
    """Collects layers and objects, numbering them as Tiled does.

    `position` is the format of an object's x and y, `vertex` that of a polygon's or
    polyline's points (relative to the object's position), e.g. ".2f" or "g".
    """

    def __init__(self, *, width_tiles: int, height_tiles: int, tile: int, background: str,
                 properties: Sequence[tuple[str, str, object]],
                 position: str = ".2f", vertex: str = ".2f") -> None:
        self.root = ET.Element("map", {
            "version": "1.8", "tiledversion": "1.8.2", "orientation": "orthogonal",
            "renderorder": "right-down", "width": str(width_tiles),
            "height": str(height_tiles), "tilewidth": str(tile), "tileheight": str(tile),
            "infinite": "0", "backgroundcolor": background,
        })
        props = ET.SubElement(self.root, "properties")
        for name, kind, value in properties:
            prop(props, name, kind, value)
        self.position = position
        self.vertex = vertex
        self.next_layer = 1
        self.next_object = 1

    def layer(self, name: str, colour: str) -> ET.Element:
        group = ET.SubElement(self.root, "objectgroup",
                              {"id": str(self.next_layer), "name": name, "color": colour})
        self.next_layer += 1
        return group

    def shape(self, layer: ET.Element, tag: str, points: Sequence[Point],
              origin: Point | None = None, name: str | None = None) -> ET.Element:
        """A polygon or polyline (`tag`), placed at `origin` (its first point unless given)."""
        at = points[0] if origin is None else origin
        obj = self._object(layer, at, name)
        fmt = self.vertex
        rel = " ".join(f"{x - at[0]:{fmt}},{y - at[1]:{fmt}}" for x, y in points)
        ET.SubElement(obj, tag, {"points": rel})
        return obj

    def rectangle(self, layer: ET.Element, x: float, y: float, w: float, h: float,
                  name: str | None = None) -> ET.Element:
        obj = self._object(layer, (x, y), name)
        obj.set("width", f"{w:{self.position}}")
        obj.set("height", f"{h:{self.position}}")
        return obj

    def point(self, layer: ET.Element, at: Point, name: str | None = None) -> ET.Element:
        obj = self._object(layer, at, name)
        ET.SubElement(obj, "point")
        return obj

    def _object(self, layer: ET.Element, at: Point, name: str | None) -> ET.Element:
        attrs = {"id": str(self.next_object)}
        if name is not None:
            attrs["name"] = name
        attrs["x"] = f"{at[0]:{self.position}}"
        attrs["y"] = f"{at[1]:{self.position}}"
        obj = ET.SubElement(layer, "object", attrs)
        self.next_object += 1
        return obj

    def write(self, path: Path) -> None:
        self.root.set("nextlayerid", str(self.next_layer))
        self.root.set("nextobjectid", str(self.next_object))
        tree = ET.ElementTree(self.root)
        ET.indent(tree, space=" ")
        path.parent.mkdir(parents=True, exist_ok=True)
        tree.write(path, encoding="UTF-8", xml_declaration=True)
        with path.open("a", encoding="utf-8") as f:
            f.write("\n")
