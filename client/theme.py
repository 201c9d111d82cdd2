"""The pygame_gui theme, built as data at the current UI scale: parchment panels, ink text."""

from __future__ import annotations

from typing import Any

from client import text
from client.artwork import ACCENT, INK, PARCHMENT


def _hex(c: tuple[int, ...], alpha: int | None = None) -> str:
    out = "#" + "".join(f"{v:02x}" for v in c[:3])
    return out + (f"{alpha:02x}" if alpha is not None else "")


def _shade(c: tuple[int, ...], k: float) -> tuple[int, int, int]:
    return (int(c[0] * k), int(c[1] * k), int(c[2] * k))


def font_size(base: int, scale: float) -> int:
    return text.theme_px(base, scale)


def _font(size: int, scale: float, bold: bool = False) -> dict[str, str]:
    return {"name": "noto_sans", "size": str(font_size(size, scale)), "bold": "1" if bold else "0"}


def _button(scale: float) -> dict[str, Any]:
    """Buttons are dark wood with parchment words; hovering lights the rim in the accent."""
    parch, accent = _hex(PARCHMENT), _hex(ACCENT)
    wood = _hex((74, 60, 48))
    wood_hover = _hex((98, 80, 62))
    radius = str(max(2, round(6 * scale)))
    return {
        "colours": {
            "normal_bg": wood,
            "hovered_bg": wood_hover,
            "active_bg": _hex((120, 96, 70)),
            "selected_bg": _hex((120, 96, 70)),
            "disabled_bg": _hex((88, 84, 78)),
            "normal_text": parch,
            "hovered_text": "#ffffff",
            "active_text": "#ffffff",
            "selected_text": "#ffffff",
            "disabled_text": "#b8b0a0",
            "normal_border": _hex((40, 30, 24)),
            "hovered_border": accent,
            "active_border": accent,
            "disabled_border": _hex((70, 66, 60)),
        },
        "font": _font(17, scale),
        "misc": {
            "shape": "rounded_rectangle",
            "shape_corner_radius": radius,
            "border_width": "1",
            "shadow_width": "0",
        },
    }


def build(scale: float) -> dict[str, Any]:
    """Theme data for UIManager; every size is multiplied by `scale`. (One dict literal,
    long on purpose: the whole look of the widgets reads in one place.)"""
    ink, parch, accent = _hex(INK), _hex(PARCHMENT), _hex(ACCENT)
    parch_dark = _hex(_shade(PARCHMENT, 0.86))
    radius = str(max(2, round(6 * scale)))
    button = _button(scale)

    def font(size: int, bold: bool = False) -> dict[str, str]:
        return _font(size, scale, bold)

    accent_button = {  # "your turn / act here": the one accent colour, dark ink words
        **button,
        "colours": {
            **button["colours"],
            "normal_bg": accent,
            "hovered_bg": _hex(_shade(ACCENT, 0.9)),
            "normal_border": ink,
            "normal_text": ink,
            "hovered_text": ink,
            "active_text": ink,
        },
        "font": font(18, True),
    }

    styles = {"#button": button, "#accent": accent_button}
    styles["#menu_button"] = {**button, "font": font(22, True)}
    styles["#menu_accent"] = {**accent_button, "font": font(22, True)}
    return {
        **_shrunk_buttons(styles, scale),
        "defaults": {
            "colours": {
                "normal_text": ink,
                "dark_bg": parch,
                "normal_bg": parch_dark,
                "normal_border": _hex(_shade(PARCHMENT, 0.6)),
                "text_cursor": ink,
                "selected_bg": _hex((190, 170, 130)),
                "hovered_bg": _hex(_shade(PARCHMENT, 0.93)),
                "selected_text": ink,
                "hovered_text": ink,
                "active_text": ink,
                "link_text": accent,
                "link_hover": accent,
            },
            "font": font(16),
        },
        "button": button,
        "#accent": accent_button,
        "#menu_button": styles["#menu_button"],
        "#menu_accent": styles["#menu_accent"],
        "drop_down_menu": {
            "font": font(16),
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": radius},
        },
        "#drop_up": {  # opens upwards: chosen by `text.dropdown` near the window's bottom
            "font": font(16),
            "misc": {
                "shape": "rounded_rectangle",
                "shape_corner_radius": radius,
                "expand_direction": "up",
            },
        },
        "text_entry_line": {"font": font(16)},
        "panel": {
            "colours": {
                "dark_bg": _hex(PARCHMENT, 236),
                "normal_border": _hex(_shade(PARCHMENT, 0.55)),
            },
            "misc": {
                "shape": "rounded_rectangle",
                "shape_corner_radius": radius,
                "border_width": "1",
                "shadow_width": "2",
            },
        },
        "label": {"colours": {"normal_text": ink, "dark_bg": "#00000000"}, "font": font(16)},
        "#title": {"colours": {"normal_text": parch}, "font": font(44, True)},
        "#subtitle": {"colours": {"normal_text": _hex(_shade(PARCHMENT, 0.85))}, "font": font(18)},
        "#heading": {"font": font(20, True)},
        "#small": {"font": font(14)},
        "text_box": {
            "colours": {"dark_bg": _hex(PARCHMENT, 0), "normal_border": "#00000000"},
            "font": font(15),
            "misc": {"border_width": "0", "shadow_width": "0", "padding": "6,6"},
        },
        "#rules_text": {"font": font(17)},
        "tool_tip": {
            "colours": {"dark_bg": _hex(INK, 235), "normal_text": parch},
            "font": font(15),
            "misc": {"rect_width": str(round(320 * scale))},
        },
        "tool_tip.text_box": {
            "colours": {"dark_bg": _hex(INK, 235), "normal_text": parch},
            "font": font(15),
        },
        "window": {  # the title bar grows with its words (dialogs at 130 % and more)
            "colours": {"dark_bg": parch},
            "font": font(16),
            "misc": {"title_bar_height": str(max(28, round(font_size(16, scale) * 1.8)))},
        },
        "selection_list": {"font": font(16)},
        "horizontal_slider": {"font": font(14)},
        "check_box": {"font": font(16)},
    }


def _shrunk_buttons(styles: dict[str, dict[str, Any]], scale: float) -> dict[str, Any]:
    """Each button style again at every smaller size down to the floor ("#accent_15"), for
    `text.button` to pick when the words do not fit at the usual size."""
    out: dict[str, Any] = {}
    low = text.widget_floor(scale)
    for name, style in styles.items():
        base = int(style["font"]["size"])
        for px in range(low, base):
            out[f"{name}_{px}"] = {**style, "font": {**style["font"], "size": str(px)}}
    return out


def preload(scale: float) -> list[dict[str, Any]]:
    """The fonts the theme uses, so pygame_gui loads them up front instead of warning."""
    sizes = {font_size(b, scale) for b in (14, 15, 16, 17, 18, 20, 22, 44)}
    sizes |= set(range(text.widget_floor(scale), font_size(22, scale)))  # shrunk buttons
    sizes |= {24, 32}  # the rules text's <font size=5/6> headings
    out = []
    for s in sorted(sizes):
        out.append({"name": "noto_sans", "point_size": s, "style": "regular"})
        out.append({"name": "noto_sans", "point_size": s, "style": "bold"})
    return out
