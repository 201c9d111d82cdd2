"""`make dist`: build the one-folder app with PyInstaller and pack it as an archive."""

from __future__ import annotations

import platform
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
APP = DIST / "tablero"
SIZE_LIMIT_MB = 60


def version() -> str:
    sys.path.insert(0, str(ROOT))
    import rules

    return rules.__version__


def platform_tag() -> str:
    system = {"Darwin": "macos", "Windows": "windows"}.get(platform.system(), "linux")
    machine = platform.machine().lower().replace("amd64", "x86_64").replace("aarch64", "arm64")
    return f"{system}-{machine}"


def folder_size(path: Path) -> int:
    # Symlinked libraries would be counted twice; count what is on disk, like `du`.
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def build() -> Path:
    shutil.rmtree(APP, ignore_errors=True)
    subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
         "--distpath", str(DIST), "--workpath", str(ROOT / "build" / "pyinstaller"),
         str(ROOT / "build_scripts" / "tablero.spec")],
        check=True,
    )
    return APP


def add_desktop_files(app: Path) -> None:
    """Linux: the desktop entry, its installer and the icon travel inside the folder."""
    if platform.system() != "Linux":
        return
    linux = ROOT / "build_scripts" / "linux"
    for name in ("tablero.desktop", "install-desktop-entry.sh"):
        shutil.copy2(linux / name, app / name)
    icon = ROOT / "assets" / "icon.png"
    if icon.exists():
        shutil.copy2(icon, app / "tablero.png")


def archive(app: Path) -> Path:
    name = f"tablero-{version()}-{platform_tag()}"
    if platform.system() == "Windows":
        return Path(shutil.make_archive(str(DIST / name), "zip", DIST, app.name))
    target = DIST / f"{name}.tar.gz"
    with tarfile.open(target, "w:gz") as tar:
        tar.add(app, arcname="tablero")
    return target


def main() -> int:
    app = build()
    add_desktop_files(app)
    size_mb = folder_size(app) / 1e6
    packed = archive(app)
    print(f"app folder: {app} ({size_mb:.1f} MB)")
    print(f"archive:    {packed} ({packed.stat().st_size / 1e6:.1f} MB)")
    if size_mb > SIZE_LIMIT_MB:
        print(f"error: the app folder is over {SIZE_LIMIT_MB} MB", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
