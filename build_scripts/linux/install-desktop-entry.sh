#!/usr/bin/env sh
# Adds Tablero to the desktop's application menu for this user.
# Run from the unpacked folder: ./install-desktop-entry.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
apps="${XDG_DATA_HOME:-$HOME/.local/share}/applications"
icons="${XDG_DATA_HOME:-$HOME/.local/share}/icons/hicolor/256x256/apps"
mkdir -p "$apps" "$icons"
cp "$here/tablero.png" "$icons/tablero.png"
sed "s|^Exec=.*|Exec=\"$here/tablero\"|" "$here/tablero.desktop" > "$apps/tablero.desktop"
echo "Tablero is now in your applications menu."
