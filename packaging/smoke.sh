#!/usr/bin/env bash
# Smoke test of the frozen application (run by packaging/build.sh; runnable on its own):
#
#   packaging/smoke.sh APP_DIR [REPORT]
#
# APP_DIR is the one-folder application (dist/uth-trainer). Each step prints PASS or FAIL and the run goes on;
# the exit status is 1 when a step failed. Steps: --version; settle on packaging/samples/hand.json (the amounts
# the rules give: Ante push 10, Play pay 40, Blind pay 15 for a flush at 3 to 2, Trips pay 35 at 7 to 1, net 90);
# quiz on scripted answers; grade on packaging/samples/grade.json (the right announcement and procedure of that
# hand: every step right, none missed, no wrong attempt); the window opening on a fresh Xvfb, with a screenshot.
#
# With INSTALLED set to the command of the installed package (e.g. "python -m trainer"), the frozen app's
# answers must equal the installed package's, and both start times are measured in the same run. The figures
# (folder size, ARCHIVE's size when given, start times) go to REPORT (default APP_DIR/../smoke-report.txt).
# Nothing of the user's is read or written: settings, progress and logs go to a temporary folder.
set -uo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
app_dir="${1:?usage: packaging/smoke.sh APP_DIR [REPORT]}"
app_dir="$(cd "$app_dir" && pwd)" || { echo "smoke: no folder $1" >&2; exit 2; }
report="${2:-$app_dir/../smoke-report.txt}"
app="$app_dir/uth-trainer"
samples="$here/samples"
shots="${SHOTS:-$app_dir/../smoke-shots}"
installed="${INSTALLED:-}"
runs="${RUNS:-5}"
[ -x "$app" ] || { echo "smoke: $app is not an executable" >&2; exit 2; }

scratch="$(mktemp -d)"
xvfb_pid=""
app_pid=""
cleanup() {
  [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
  rm -rf "$scratch"
}
trap cleanup EXIT
# Settings, progress and logs of these runs stay in the scratch folder (appdirs follows the XDG folders on Linux).
export XDG_CONFIG_HOME="$scratch/config" XDG_DATA_HOME="$scratch/data" XDG_CACHE_HOME="$scratch/cache"
export XDG_STATE_HOME="$scratch/state" SDL_AUDIODRIVER=dummy
mkdir -p "$shots"

failures=0
lines=()
pass() { echo "PASS  $1"; lines+=("PASS  $1"); }
fail() { echo "FAIL  $1: $2"; lines+=("FAIL  $1: $2"); failures=$((failures + 1)); }
note() { echo "      $1"; lines+=("      $1"); }
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) print "n/a"; else print v[int((NR + 1) / 2)] }'; }
# shellcheck disable=SC2086  # $installed is a command with its arguments
run_installed() { $installed "$@"; }

# --- the answers ----------------------------------------------------------------------------------------------

out="$("$app" --version 2>&1)"; rc=$?
if [ $rc -eq 0 ] && [[ "$out" =~ ^uth-trainer\ [0-9]+\.[0-9]+ ]]; then
  if [ -n "$installed" ] && [ "$out" != "$(run_installed --version 2>&1)" ]; then
    fail "--version" "frozen says '$out', the installed package '$(run_installed --version 2>&1)'"
  else
    pass "--version ($out)"
  fi
else
  fail "--version" "exit $rc, '$out'"
fi

# Every library in the folder finds the libraries it needs, in the folder or on the system.
unresolved="$(find "$app_dir/_internal" -type f -name '*.so*' -print0 \
  | LD_LIBRARY_PATH="$app_dir/_internal" xargs -0 -n 50 ldd 2>/dev/null \
  | awk '/^\// { file = $1 } /not found/ { print file " needs " $1 }' | sort -u)"
if [ -n "$unresolved" ]; then
  fail "libraries" "$(echo "$unresolved" | head -5 | tr '\n' ';')"
else
  pass "libraries: every one finds what it needs ($(find "$app_dir/_internal" -type f -name '*.so*' | wc -l) files)"
fi

out="$("$app" settle "$samples/hand.json" 2>&1)"; rc=$?
want=('"net": 90}]'
      '{"seat": 1, "wager": "ante", "action": "push", "amount": 10, "phase": "refund"}'
      '{"seat": 1, "wager": "play", "action": "pay", "amount": 40, "phase": "settle"}'
      '{"seat": 1, "wager": "blind", "action": "pay", "amount": 15, "phase": "settle"}'
      '{"seat": 1, "wager": "trips", "action": "pay", "amount": 35, "phase": "settle"}')
missing=""
for piece in "${want[@]}"; do [[ "$out" == *"$piece"* ]] || missing="$missing $piece"; done
if [ $rc -ne 0 ]; then
  fail "settle" "exit $rc: $out"
elif [ -n "$missing" ]; then
  fail "settle" "the settlement lacks$missing"
elif [ -n "$installed" ] && [ "$out" != "$(run_installed settle "$samples/hand.json" 2>&1)" ]; then
  fail "settle" "the frozen app's settlement differs from the installed package's"
else
  pass "settle samples/hand.json (net 90: push 10, pay 40, 15, 35)"
fi

# The quiz's transcript, its timings ("0.0 s") left out, must be the installed package's for the same seed.
quiz_args=(quiz --topic payouts-1 --seed 1 --count 2 --mode practice)
strip_times() { sed -E 's/[0-9]+\.[0-9]+ s\b/T s/g'; }
out="$("$app" "${quiz_args[@]}" < "$samples/quiz-answers.txt" 2>&1)"; rc=$?
if [ $rc -ne 0 ] || [[ "$out" != *"== 2/2"* ]] || [[ "$out" != *"Score "* ]]; then
  fail "quiz" "exit $rc, no second item or no score: $(echo "$out" | tail -3)"
elif [ -n "$installed" ] && [ "$(echo "$out" | strip_times)" != \
      "$(run_installed "${quiz_args[@]}" < "$samples/quiz-answers.txt" 2>&1 | strip_times)" ]; then
  fail "quiz" "the frozen app's transcript differs from the installed package's"
else
  pass "quiz ${quiz_args[*]:1} ($(echo "$out" | grep -m1 '^Score '))"
fi

out="$("$app" grade "$samples/grade.json" 2>&1)"; rc=$?
if [ $rc -ne 0 ]; then
  fail "grade" "exit $rc: $(echo "$out" | tail -2)"
elif ! [[ "$out" =~ \"steps\":\ ?([0-9]+),\ ?\"right\":\ ?([0-9]+),\ ?\"wrong_attempts\":\ ?0 ]] \
    || [ "${BASH_REMATCH[1]}" != "${BASH_REMATCH[2]}" ] || [[ "$out" == *'"verdict": "wrong"'* ]] \
    || [[ "$out" != *'"missed": []'* ]]; then
  fail "grade" "the right procedure is not graded all right: $out"
else
  pass "grade samples/grade.json (${BASH_REMATCH[2]} of ${BASH_REMATCH[1]} steps right, nothing missed)"
fi

# --- Spanish, and the class store out of reach ----------------------------------------------------------------

# The quiz in Spanish (the catalogue), then a report in Spanish (Babel's CLDR data for es_US: the days it writes).
out="$(LANGUAGE=es "$app" "${quiz_args[@]}" < "$samples/quiz-answers.txt" 2>&1)"; rc=$?
if [ $rc -ne 0 ] || [[ "$out" != *"Correcto"* ]] || [[ "$out" != *"Puntuación"* ]]; then
  fail "quiz in Spanish" "exit $rc, not in Spanish: $(echo "$out" | tail -2)"
elif [ -n "$installed" ] && [ "$(echo "$out" | strip_times)" != \
      "$(LANGUAGE=es run_installed "${quiz_args[@]}" < "$samples/quiz-answers.txt" 2>&1 | strip_times)" ]; then
  fail "quiz in Spanish" "the frozen app's transcript differs from the installed package's"
else
  pass "quiz in Spanish ($(echo "$out" | grep -m1 '^Puntuación'))"
fi
spanish="$scratch/spanish"
"$app" --data-dir "$spanish" quiz --profile Ana "${quiz_args[@]:1}" < "$samples/quiz-answers.txt" >/dev/null 2>&1
out="$(LANGUAGE=es QT_QPA_PLATFORM=offscreen "$app" --data-dir "$spanish" report --profile Ana --format pdf \
  --out "$scratch/informe.pdf" 2>&1)"; rc=$?
if [ $rc -ne 0 ] || [[ "$out" != *"escrito"* ]]; then
  fail "report in Spanish" "exit $rc: $out"
elif command -v pdftotext >/dev/null && ! pdftotext "$scratch/informe.pdf" - 2>/dev/null | grep -q "Dominio"; then
  fail "report in Spanish" "the PDF is not in Spanish"
else
  pass "report in Spanish ($out)"
fi

# A class store at a local port nothing listens on: one line naming it, status 2, at once.
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' \
  2>/dev/null || echo 9)"
start=$(now_ms)
timeout 30 "$app" --data-dir "$scratch/store" class status "postgresql://trainer@127.0.0.1:$port/class" \
  >"$scratch/store.out" 2>"$scratch/store.err"; rc=$?
store_ms=$(($(now_ms) - start))
err="$(cat "$scratch/store.err")"
if [ $rc -ne 2 ] || [ "$(wc -l < "$scratch/store.err")" -ne 1 ] || [[ "$err" != *"cannot reach the class store"* ]] \
    || [ -s "$scratch/store.out" ]; then
  fail "class store out of reach" "exit $rc, stderr: $(head -c 300 "$scratch/store.err")"
else
  pass "class store out of reach: one line in $store_ms ms ($err)"
fi

# --- the window -----------------------------------------------------------------------------------------------

# Start a command and set ms to the time until its window is shown (xdotool waits for it), or "none".
window_ms() {
  local start
  start=$(now_ms)
  "$@" >"$scratch/window.log" 2>&1 &
  app_pid=$!
  if timeout 60 xdotool search --sync --onlyvisible --name "UTH Dealer Trainer" >/dev/null 2>&1; then
    ms=$(($(now_ms) - start))
  else
    ms="none"
  fi
}
# End the started app: SIGTERM, and SIGKILL when it is still there after 5 s (the end matters here, not how).
close_window() {
  kill "$app_pid" 2>/dev/null
  for _ in $(seq 50); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$app_pid" 2>/dev/null; then
    kill -KILL "$app_pid" 2>/dev/null
    sigterm_ignored=yes
  fi
  wait "$app_pid" 2>/dev/null
  app_pid=""
}
sigterm_ignored=no

frozen_window="n/a"; installed_window="n/a"
if ! command -v Xvfb >/dev/null || ! command -v xdotool >/dev/null || ! command -v import >/dev/null; then
  fail "window" "Xvfb, xdotool and import (imagemagick) are needed"
else
  display=99
  while [ -e "/tmp/.X$display-lock" ] || [ -e "/tmp/.X11-unix/X$display" ]; do display=$((display + 1)); done
  Xvfb ":$display" -screen 0 1920x1080x24 -nolisten tcp >/dev/null 2>&1 &
  xvfb_pid=$!
  for _ in $(seq 100); do [ -e "/tmp/.X11-unix/X$display" ] && break; sleep 0.1; done
  export DISPLAY=":$display" QT_QPA_PLATFORM=xcb
  unset WAYLAND_DISPLAY
  window_ms "$app"
  if [ "$ms" = none ]; then
    fail "window" "no window within 60 s: $(tail -3 "$scratch/window.log")"
    close_window
  else
    sleep 2  # the table's first frames
    import -window root "$shots/frozen-window.png"
    # N deals a round: the card backs, the cards on the felt and the chips come from the bundle's art.
    window="$(xdotool search --onlyvisible --name "UTH Dealer Trainer" | head -1)"
    xdotool windowfocus --sync "$window" key n 2>/dev/null
    sleep 8
    import -window root "$shots/frozen-round.png"
    close_window
    pass "window shown under Xvfb in $ms ms, screenshots $shots/frozen-window.png and frozen-round.png"
    [ "$sigterm_ignored" = yes ] && note "the window did not close on SIGTERM within 5 s (ended with SIGKILL)"
    # Frozen and installed in turn, so the machine's load weighs on both alike.
    frozen_times=(); installed_times=()
    for _ in $(seq "$runs"); do
      window_ms "$app"; frozen_times+=("$ms"); close_window
      if [ -n "$installed" ]; then
        # shellcheck disable=SC2086
        window_ms $installed; installed_times+=("$ms"); close_window
      fi
    done
    frozen_window="$(printf '%s\n' "${frozen_times[@]}" | median)"
    [ -n "$installed" ] && installed_window="$(printf '%s\n' "${installed_times[@]}" | median)"
  fi
fi

# --- the figures ----------------------------------------------------------------------------------------------

# The folder's large parts: size in MB, path under _internal, what the app needs it for. Anything else of 1 MB or
# more is listed as "other", so a new large part shows here.
large_parts() {
  local internal="$app_dir/_internal" listed=""
  while IFS='|' read -r path what; do
    [ -e "$internal/$path" ] || continue
    listed="$listed $path"
    printf '  %6.1f  %-34s %s\n' "$(du -sk "$internal/$path" | awk '{ print $1 / 1024 }')" "$path" "$what"
  done <<'PARTS'
PySide6/Qt/lib/libicudata.so.73|Unicode data of Qt's text handling (QtCore links ICU)
PySide6/Qt/lib|Qt's libraries, the ICU data above among them: window, widgets, SVG, charts, PDF, X11, Wayland
PySide6/Qt/plugins|Qt plugins: the X11/Wayland platforms, SVG images and icons, printing
PySide6/Qt/translations|Qt's own texts in English and Spanish (dialog buttons)
PySide6|all of Qt above, and its bindings: QtCore, QtGui, QtWidgets, QtSvg, QtCharts, QtPrintSupport
numpy.libs|OpenBLAS and its Fortran runtime, linked by numpy's core: the odds' exact counts
numpy|numpy: the odds' exact counts (the pay-table lab, odds), the chip stacks' places
libpython3.11.so.1.0|the Python interpreter
python3.11|the standard library's compiled modules (sqlite3, ssl, decimal ...)
base_library.zip|the standard library's Python modules the app starts with
pygame_ce.libs|SDL, fonts and audio codecs of pygame: the table's sounds
pygame|pygame: the table's sounds
psycopg_binary.libs|libpq with OpenSSL and Kerberos: the class store's PostgreSQL client
psycopg_binary|psycopg: the class store
babel|Babel: dates and numbers in English and Spanish (CLDR data of en, es and root only)
trainer|the trainer's data: cards, chips, sounds, lessons, pay tables, translations
PARTS
  find "$internal" -maxdepth 1 -type f -size +1024k -printf '%s %f\n' | sort -rn | while read -r bytes name; do
    [[ " $listed " == *" $name "* ]] && continue
    case "$name" in
      libcrypto*|libssl*) what="OpenSSL: Python's ssl and hashlib" ;;
      libsqlite3*) what="SQLite: the station's progress store" ;;
      libstdc++*) what="the C++ runtime of Qt and pygame" ;;
      libX11*|libxcb*|libxkb*) what="X11: the window on an X11 desktop" ;;
      libglib*|libgio*|libgobject*) what="GLib: Qt's event loop and the desktop portal" ;;
      libgnutls*|libunistring*|libp11-kit*|libidn2*|libcups*|libavahi*) what="CUPS and its TLS: Qt's printing" ;;
      *) what="a system library the above link to" ;;
    esac
    printf '  %6.1f  %-34s %s\n' "$(echo "$bytes" | awk '{ print $1 / 1048576 }')" "$name" "$what"
  done
}

version_ms() {
  local start
  start=$(now_ms)
  "$@" --version >/dev/null 2>&1
  echo $(($(now_ms) - start))
}
frozen_times=(); installed_times=()
for _ in $(seq "$runs"); do
  frozen_times+=("$(version_ms "$app")")
  # shellcheck disable=SC2086
  [ -n "$installed" ] && installed_times+=("$(version_ms $installed)")
done
frozen_version="$(printf '%s\n' "${frozen_times[@]}" | median)"
installed_version="n/a"
[ -n "$installed" ] && installed_version="$(printf '%s\n' "${installed_times[@]}" | median)"
folder_mb="$(du -sk "$app_dir" | awk '{ printf "%.1f", $1 / 1024 }')"
archive_mb="n/a"
[ -n "${ARCHIVE:-}" ] && [ -f "$ARCHIVE" ] && archive_mb="$(du -k "$ARCHIVE" | awk '{ printf "%.1f", $1 / 1024 }')"

{
  echo "UTH Dealer Trainer, frozen application smoke test, $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -sm)"
  echo
  printf '%s\n' "${lines[@]}"
  echo
  echo "folder $app_dir: $folder_mb MB"
  echo "its largest parts (MB), and what each is for:"
  large_parts
  echo "archive ${ARCHIVE:-(none given)}: $archive_mb MB"
  echo "start times, median of $runs (ms)      frozen    installed (${installed:-not measured})"
  printf '  --version, start to exit          %6s    %6s\n' "$frozen_version" "$installed_version"
  printf '  the window shown (Xvfb)           %6s    %6s\n' "$frozen_window" "$installed_window"
} > "$report"
echo
tail -5 "$report"
echo "smoke: report in $report; $failures step(s) failed"
[ "$failures" -eq 0 ]
