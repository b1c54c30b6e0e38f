#!/bin/sh
# Install UTH Dealer Trainer from this folder (the unpacked archive), where it lies:
#
#   ./install-linux.sh            for this user: ~/.local/bin/uth-trainer, the menu entry and icon in ~/.local/share
#   sudo ./install-linux.sh --system    for every user: /usr/local/bin and /usr/local/share
#   ./install-linux.sh --remove [--system]    takes those files away again (this folder stays)
#
# Move the folder where it should stay first (e.g. /opt/uth-trainer); the command and the menu entry point into it.
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
prefix="${XDG_DATA_HOME:-$HOME/.local/share}"
bin="$HOME/.local/bin"
remove=no
for arg in "$@"; do
  case "$arg" in
    --system) prefix=/usr/local/share; bin=/usr/local/bin ;;
    --remove) remove=yes ;;
    *) echo "install-linux.sh: unknown option $arg (--system, --remove)" >&2; exit 2 ;;
  esac
done
desktop="$prefix/applications/uth-trainer.desktop"
metainfo="$prefix/metainfo/$(basename "$here"/share/metainfo/*.metainfo.xml)"
if [ "$remove" = yes ]; then
  rm -f "$bin/uth-trainer" "$desktop" "$metainfo"
  find "$prefix/icons/hicolor" -name 'uth-trainer.*' -path '*/apps/*' -delete 2>/dev/null || true
  echo "UTH Dealer Trainer removed from $bin and $prefix (this folder stays: delete it yourself)"
  exit 0
fi
mkdir -p "$bin" "$prefix/applications" "$prefix/metainfo" "$prefix/icons"
ln -sf "$here/uth-trainer" "$bin/uth-trainer"
sed -e "s|^Exec=.*|Exec=$here/uth-trainer|" -e "s|^TryExec=.*|TryExec=$here/uth-trainer|" \
  "$here/share/applications/uth-trainer.desktop" > "$desktop"
cp "$here"/share/metainfo/*.metainfo.xml "$metainfo"
cp -R "$here/share/icons/hicolor" "$prefix/icons/"
command -v update-desktop-database >/dev/null && update-desktop-database "$prefix/applications" 2>/dev/null || true
command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t "$prefix/icons/hicolor" 2>/dev/null || true
echo "UTH Dealer Trainer installed: $bin/uth-trainer and the menu entry $desktop"
