#!/bin/sh
# Install UTH Dealer Trainer from this folder (the unpacked archive), where it lies:
#
#   ./install-linux.sh            for this user: ~/.local/bin/uth-trainer, the menu entry and icon in ~/.local/share
#   sudo ./install-linux.sh --system    for every user: /usr/local/bin and /usr/local/share
#   sudo ./install-linux.sh --system --store URL    also sets the class store for every user of this computer
#                                    (/etc/uth-trainer/settings.json; the URL a `class add-station` printed)
#   ./install-linux.sh --remove [--system]    takes those files away again (this folder stays)
#
# Move the folder where it should stay first (e.g. /opt/uth-trainer); the command and the menu entry point into it.
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
prefix="${XDG_DATA_HOME:-$HOME/.local/share}"
bin="$HOME/.local/bin"
remove=no
system=no
store=
settings="${UTH_TRAINER_SYSTEM_SETTINGS:-/etc/uth-trainer/settings.json}"
while [ $# -gt 0 ]; do
  case "$1" in
    --system) prefix=/usr/local/share; bin=/usr/local/bin; system=yes ;;
    --remove) remove=yes ;;
    --store) [ $# -ge 2 ] || { echo "install-linux.sh: --store needs the class store's URL" >&2; exit 2; }
             store="$2"; shift ;;
    --store=*) store="${1#--store=}" ;;
    *) echo "install-linux.sh: unknown option $1 (--system, --store URL, --remove)" >&2; exit 2 ;;
  esac
  shift
done
if [ -n "$store" ]; then
  [ "$system" = yes ] || { echo "install-linux.sh: --store sets it for every user: with --system" >&2; exit 2; }
  case "$store" in
    postgresql://*|postgres://*) ;;
    *) echo "install-linux.sh: --store takes a class store's URL (postgresql://USER:PASSWORD@HOST/DATABASE)" >&2
       exit 2 ;;
  esac
  case "$store" in
    *'"'*|*'\'*|*"$(printf '\t')"*) echo "install-linux.sh: the URL has a character a URL does not (quote, backslash, tab)" >&2; exit 2 ;;
  esac
fi
desktop="$prefix/applications/uth-trainer.desktop"
metainfo="$prefix/metainfo/$(basename "$here"/share/metainfo/*.metainfo.xml)"
if [ "$remove" = yes ]; then
  rm -f "$bin/uth-trainer" "$desktop" "$metainfo"
  [ "$system" = yes ] && rm -f "$settings"
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
if [ -n "$store" ]; then
  mkdir -p "$(dirname "$settings")"
  umask 022
  printf '{"class_store_url": "%s"}\n' "$store" > "$settings.tmp" && mv "$settings.tmp" "$settings"
  echo "Every user of this computer works on the class store (set in $settings)"
fi
