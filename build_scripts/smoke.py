"""`make smoke`: the packaged app starts, prints its version and plays every game headless."""

from __future__ import annotations

import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXE = ROOT / "dist" / "tablero" / ("tablero.exe" if platform.system() == "Windows" else "tablero")
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def playable_games() -> list[tuple[str, int]]:
    """Every game the client can draw, with its smallest player count."""
    sys.path.insert(0, str(ROOT))
    import rules
    from client.games import has_view

    return [(gid, game.info.min_players) for gid, game in sorted(rules.GAMES.items())
            if has_view(gid)]


def main() -> int:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    with tempfile.TemporaryDirectory() as tmp:
        env["TABLERO_DATA_DIR"] = tmp
        out = subprocess.run([str(EXE), "--version"], capture_output=True, text=True,
                             env=env, timeout=60, check=False)
        print(f"--version -> {out.stdout.strip()!r} (exit {out.returncode})")
        if out.returncode != 0 or not out.stdout.strip():
            print(out.stderr, file=sys.stderr)
            return 1
        for game, players in playable_games():
            shot = Path(tmp) / f"{game}.png"
            seats = ",".join(["ai"] * players)
            cmd = [str(EXE), "--game", game, "--seats", seats, "--seed", "1",
                   "--autoplay", "30", "--screenshot", str(shot)]
            run = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300,
                                 check=False)
            ok = run.returncode == 0 and shot.exists() and shot.read_bytes()[:8] == PNG_MAGIC
            size = shot.stat().st_size if shot.exists() else 0
            print(f"{game}: exit {run.returncode}, picture {size} bytes")
            if not ok:
                print(run.stdout, run.stderr, file=sys.stderr)
                return 1
    print("smoke: ok")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
