"""Write assets/icon.png (256 px) from client.art.icon.app_icon, for the window and .desktop entry.

    SDL_VIDEODRIVER=dummy .venv/bin/python build_scripts/make_icon.py [OUT.png] [SIZE]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from client.art.icon import app_icon

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "assets" / "icon.png"
    size = int(sys.argv[2]) if len(sys.argv) > 2 else 256
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app_icon(size), str(out))
    print(out)


if __name__ == "__main__":
    main()
