#!/usr/bin/env bash
# Build UTH Dealer Trainer as a one-folder Linux application and check it:
#
#   packaging/build.sh
#
# 1. the tools: desktop-file-validate, appstreamcli, Xvfb, xdotool, import, and the Wayland libraries Qt's
#    Wayland platform needs (installed with apt when missing, so the app carries them); a
#    Python environment with the trainer and PyInstaller (.venv at the top of the repository, made with
#    `pip install -e '.[build]'` when missing; PYTHON=... uses another interpreter that has them);
# 2. the desktop entry and the AppStream metainfo validated; the icon made from the trainer's art;
# 3. PyInstaller on packaging/uth-trainer.spec -> dist/uth-trainer/ (the uth-trainer executable, its Python,
#    Qt and data under _internal/, share/ with the menu entry, metainfo and icons, install-linux.sh);
# 4. the metainfo's screenshots made into dist/screenshots/ (to publish where the metainfo says);
# 5. the archive dist/uth-trainer-<version>-linux-<machine>.tar.gz;
# 6. packaging/smoke.sh against the frozen app, next to the wheel installed in build/installed (figures in
#    dist/smoke-report.txt). The exit status is the smoke test's.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
say() { echo "build: $*"; }

# --- 1. tools -------------------------------------------------------------------------------------------------
need=()
command -v desktop-file-validate >/dev/null || need+=(desktop-file-utils)
command -v appstreamcli >/dev/null || need+=(appstream)
command -v Xvfb >/dev/null || need+=(xvfb)
command -v xdotool >/dev/null || need+=(xdotool)
command -v import >/dev/null || need+=(imagemagick)
# Libraries Qt's Wayland platform links to: on the build machine, so the app carries them.
ldconfig -p | grep -q libwayland-cursor.so.0 || need+=(libwayland-cursor0)
ldconfig -p | grep -q libwayland-egl.so.1 || need+=(libwayland-egl1)
if [ "${#need[@]}" -gt 0 ]; then
  if ! command -v apt-get >/dev/null; then
    echo "build: missing ${need[*]}; install them with the system's package manager" >&2
    exit 2
  fi
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  say "installing ${need[*]} with apt"
  $sudo apt-get update -qq && $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

python="${PYTHON:-}"
if [ -z "$python" ]; then
  if [ ! -x .venv/bin/python ]; then
    say "making .venv with the trainer and PyInstaller"
    python3 -m venv .venv
    .venv/bin/pip install -q -e '.[build]'
  fi
  python="$root/.venv/bin/python"
fi
if ! "$python" -c "import PyInstaller, hatchling" 2>/dev/null; then
  say "installing the build tools (the 'build' extra) into $python"
  "$python" -m pip install -q -e '.[build]'
fi
version="$(sed -nE 's/^__version__ = "([^"]+)"/\1/p' trainer/__init__.py)"
app_id="$(sed -nE 's/^APP_ID = "([^"]+)"/\1/p' packaging/bundle.py)"
metainfo="packaging/$app_id.metainfo.xml"

# --- 2. checks and the icon -------------------------------------------------------------------------------------
say "validating the desktop entry and the metainfo"
desktop-file-validate packaging/uth-trainer.desktop
appstreamcli validate --no-net "$metainfo"
PYTHONPATH="$root" "$python" packaging/make_icons.py --out build/icons

# --- 3. the frozen application -----------------------------------------------------------------------------------
say "PyInstaller (a few minutes)"
rm -rf dist/uth-trainer
UTH_TRAINER_ICONS="$root/build/icons" "$python" -m PyInstaller --noconfirm --clean --log-level WARN \
  --distpath dist --workpath build/pyinstaller packaging/uth-trainer.spec
app="dist/uth-trainer"
install -Dm644 packaging/uth-trainer.desktop "$app/share/applications/uth-trainer.desktop"
install -Dm644 "$metainfo" "$app/share/metainfo/$app_id.metainfo.xml"
mkdir -p "$app/share/icons"
cp -R build/icons/hicolor "$app/share/icons/"
install -m755 packaging/install-linux.sh "$app/install-linux.sh"

# --- 4. the screenshots the metainfo names ---------------------------------------------------------------------------
say "screenshots"
mkdir -p dist/screenshots
PYTHONPATH="$root" "$python" packaging/screenshots.py --out dist/screenshots
PYTHONPATH="$root" "$python" packaging/quiz_screenshots.py --out dist/screenshots
for image in $(sed -nE 's|.*<image>.*/([^/<]+)</image>.*|\1|p' "$metainfo"); do
  [ -f "dist/screenshots/$image" ] || { echo "build: the metainfo names $image, not made" >&2; exit 1; }
done

# --- 5. the archive --------------------------------------------------------------------------------------------
archive="dist/uth-trainer-$version-linux-$(uname -m).tar.gz"
say "archive $archive"
tar -czf "$archive" -C dist uth-trainer

# --- 6. the smoke test, next to the installed package --------------------------------------------------------------
say "installing the wheel into build/installed (the installed package the frozen app is compared with)"
rm -rf build/installed build/wheel
"$python" -m pip wheel -q --no-deps --no-build-isolation -w build/wheel .
"$python" -m pip install -q --no-deps --target build/installed build/wheel/*.whl
say "smoke test"
ARCHIVE="$archive" INSTALLED="env PYTHONPATH=$root/build/installed $python -P -m trainer" SHOTS="dist/smoke-shots" \
  packaging/smoke.sh "$app" dist/smoke-report.txt
