#!/bin/sh
# usage: docs/bench/load.sh LIBRARY.db IMPORT.sdm [SECONDS]
#
# The load run of docs/RELIABILITY.md: serves a copy of LIBRARY (10^6
# puzzles), measures a bounded wrk run (1 thread, 4 connections, SECONDS,
# list and puzzle pages: load.lua) on the quiet server, then the same
# while `pencilbox import` adds IMPORT (10^5 puzzles) and `pencilbox
# export` writes the whole library as csv. It fails on any failed
# request (wrk's non-2xx/3xx or socket errors) and on "database is
# locked" in any of the three programs' output. PENCILBOX names the
# binary (default bin/pencilbox); the copy and logs go to $LOADDIR
# (default /tmp/pencilbox-load). NICE=10 runs the import and the export
# under `nice -n 10` (the server keeps its priority); CONNS sets wrk's
# connections (default 4).
set -eu
lib=$1; add=$2; secs=${3:-30}
bin=${PENCILBOX:-bin/pencilbox}
dir=${LOADDIR:-/tmp/pencilbox-load}
here=$(dirname "$0")
addr=127.0.0.1:18090
command -v wrk >/dev/null || { echo "load.sh: wrk is not installed (apt-get install wrk)"; exit 2; }
mkdir -p "$dir"; rm -f "$dir"/lib.db* "$dir"/all.csv
cp "$lib" "$dir/lib.db"
PENCILBOX_ADMIN_PASSWORD=benchpassword1 "$bin" serve --db "$dir/lib.db" --addr $addr --sample=false >"$dir/serve.out" 2>"$dir/serve.log" &
srv=$!
trap 'kill $srv 2>/dev/null; wait $srv 2>/dev/null' EXIT
for _ in $(seq 100); do curl -sf -o /dev/null http://$addr/login && break; sleep 0.2; done
PB_COOKIE=$(PENCILBOX_ADMIN_PASSWORD=benchpassword1 sh "$here/login.sh" http://$addr); export PB_COOKIE
# the newest puzzle's id: the puzzle pages ask ids 1 to it (an imported
# library's ids have no gaps)
export PB_MAXID=$(curl -s -H "Cookie: $PB_COOKIE" "http://$addr/api/puzzles?sort=date&order=desc" | grep -o '"id": *[0-9]*' | head -1 | tr -dc 0-9)
echo "serving $lib (a copy), puzzles 1-$PB_MAXID"
fails=0
run() { # name
  wrk -t1 -c${CONNS:-4} -d${secs}s --latency -s "$here/load.lua" http://$addr >"$dir/wrk-$1.txt"
  echo "== $1"; grep -E "Latency|50%|90%|99%|Requests/sec|Non-2xx|Socket errors" "$dir/wrk-$1.txt"
  if grep -qE "Non-2xx|Socket errors" "$dir/wrk-$1.txt"; then echo "load.sh: failed requests in the $1 run"; fails=1; fi
}
# warm up (the page cache, serve's check of the file at start), unmeasured
wrk -t1 -c4 -d10s -s "$here/load.lua" http://$addr >/dev/null
run quiet
lower=""; [ -n "${NICE:-}" ] && lower="nice -n $NICE"
start=$(date +%s)
$lower /usr/bin/time -f "import: %e s, %M KB" "$bin" import --db "$dir/lib.db" "$add" >"$dir/import.out" 2>"$dir/import.log" &
imp=$!
$lower /usr/bin/time -f "export: %e s, %M KB" "$bin" export --db "$dir/lib.db" --format csv -o "$dir/all.csv" >"$dir/export.out" 2>"$dir/export.log" &
exp=$!
run busy
echo "(the busy run ended $(( $(date +%s) - start )) s after the import and export started)"
wait $imp || { echo "load.sh: the import failed"; fails=1; }
wait $exp || { echo "load.sh: the export failed"; fails=1; }
tail -n1 "$dir/import.log"; tail -n1 "$dir/export.log"
grep -h "imported" "$dir/import.out" || true
echo "export: $(($(wc -l <"$dir/all.csv") - 1)) puzzles written"
if grep -il "locked" "$dir/serve.log" "$dir/import.log" "$dir/import.out" "$dir/export.log"; then echo "load.sh: database is locked (above)"; fails=1; fi
exit $fails
