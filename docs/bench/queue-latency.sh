#!/bin/sh
# usage: docs/bench/queue-latency.sh PUZZLES.txt [N] [REQUESTS]
#
# Page latency while the rating queue works (docs/BENCHMARKS.md, "Rating
# queue"): imports the first N lines of PUZZLES (default 2000; the
# forum's hardest, forum_hardest_1905_11plus.txt, leave every ER to the
# queue) into a new library, serves it with the queue on every core
# (serve's default: nice 19, below the pages), pauses the queue, and
# times REQUESTS (default 200) requests of a list page and as many of a
# puzzle page (a random id), one at a time, with the queue idle; then
# resumes the queue and times the same while it rates. Prints p50, p95
# and max of each in ms, the load (uptime) beside each run, and how many
# puzzles the queue rated meanwhile. The two runs are minutes apart on
# one machine: on a shared machine the load changes, so compare idle and
# busy of one run, and run it twice. PENCILBOX names the binary (default
# bin/pencilbox); the library and logs go to $QDIR (default
# /tmp/pencilbox-qlat); ADDR the address (default 127.0.0.1:18091).
set -eu
file=$1; n=${2:-2000}; reqs=${3:-200}
bin=${PENCILBOX:-bin/pencilbox}
dir=${QDIR:-/tmp/pencilbox-qlat}
here=$(dirname "$0")
addr=${ADDR:-127.0.0.1:18091}
base=http://$addr
mkdir -p "$dir"; rm -f "$dir"/lib.db*
head -n "$n" "$file" >"$dir/in.txt"
"$bin" import --db "$dir/lib.db" "$dir/in.txt" | tail -n 2
PENCILBOX_ADMIN_PASSWORD=benchpassword1 "$bin" serve --db "$dir/lib.db" --addr "$addr" --sample=false >"$dir/serve.out" 2>"$dir/serve.log" &
srv=$!
trap 'kill $srv 2>/dev/null; wait $srv 2>/dev/null' EXIT
for _ in $(seq 100); do curl -sf -o /dev/null "$base/login" && break; sleep 0.2; done
cookie=$(PENCILBOX_ADMIN_PASSWORD=benchpassword1 sh "$here/login.sh" "$base")
get() { curl -sf -H "Cookie: $cookie" "$base$1"; }
post() { # path: the queue page's form, with its token
  tok=$(get /queue | sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p' | head -1)
  curl -sf -o /dev/null -H "Cookie: $cookie" -d "csrf=$tok" "$base$1"
}
pending() { get /api/queue | grep -o '"pending":[0-9]*' | head -1 | tr -dc 0-9; }
maxid=$(get "/api/puzzles?sort=date&order=desc&limit=1" | grep -o '"id": *[0-9]*' | head -1 | tr -dc 0-9)
list="/puzzles?kind=sudoku&rank=5-&sort=score&order=desc"
# time: name path... -> "name: p50 p95 max ms over K requests"
time_pages() {
  name=$1; shift
  out="$dir/times-$name.txt"; : >"$out"
  i=0
  while [ $i -lt "$reqs" ]; do
    for p in "$@"; do
      [ "$p" = puzzle ] && p="/puzzles/$(awk -v m="$maxid" 'BEGIN{srand(); print int(1+rand()*m)}')"
      curl -s -o /dev/null -w '%{http_code} %{time_total}\n' -H "Cookie: $cookie" "$base$p" >>"$out"
    done
    i=$((i + 1))
  done
  bad=$(awk '$1 != 200' "$out" | wc -l)
  awk '{print $2 * 1000}' "$out" | sort -n | awk -v name="$name" -v bad="$bad" '
    {v[NR] = $1} END {printf "%-22s p50 %6.1f ms  p95 %6.1f ms  max %6.1f ms  (%d requests, %d not 200)\n",
      name, v[int(NR * 0.5 + 0.5)], v[int(NR * 0.95 + 0.5)], v[NR], NR, bad}'
}
post /queue/cancel
while get /api/queue | grep -q '"running":true'; do sleep 0.2; done
# warm up, unmeasured
reqs0=$reqs; reqs=20; time_pages warm "$list" puzzle >/dev/null; reqs=$reqs0
echo "== queue idle (paused), $(pending) pending; $(uptime)"
time_pages "list, idle" "$list"
time_pages "puzzle, idle" puzzle
post /queue/resume
while ! get /api/queue | grep -q '"running":true'; do sleep 0.2; done
before=$(pending)
echo "== queue rating on every core, $before pending; $(uptime)"
time_pages "list, queue busy" "$list"
time_pages "puzzle, queue busy" puzzle
after=$(pending)
echo "the queue rated $((before - after)) puzzles during the busy run; $(uptime)"
get /api/queue | grep -q '"running":true' || echo "queue-latency.sh: the queue was no longer rating at the end: the busy run is not all busy"
