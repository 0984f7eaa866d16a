#!/bin/sh
# usage: PB=bin/pencilbox [N=10500] [FOR=90s] [PORT=18931] sh docs/bench/slowbody.sh
# Issue 28's slow-body attack on loopback, bounded: a new sample library
# served by $PB at 127.0.0.1:PORT, then 2 x N connections from 127.0.0.2
# (two processes: each holds at most its file limit) trickling POST /login
# for FOR, while a logged-in curator at 127.0.0.1 asks /puzzles every 3 s.
# Prints the curator's answers with the server's open files and memory,
# the attackers' counts and the server's log lines about refusals; then
# stops the server (and everything stops by itself: timeout 300).
set -u
PB=${PB:-bin/pencilbox}; PORT=${PORT:-18931}; N=${N:-10500}; FOR=${FOR:-90s}
D=$(mktemp -d /tmp/slowbody.XXXXXX)
go build -o $D/slowbody ./internal/tools/slowbody || exit 2
PENCILBOX_ADMIN_PASSWORD=slowbody-admin-pw timeout 300 $PB serve --db $D/lib.db --addr 127.0.0.1:$PORT >$D/out 2>$D/log &
SRV=$!
for i in $(seq 50); do curl -s -o /dev/null http://127.0.0.1:$PORT/login && break; sleep 0.2; done
SRV=$(pgrep -P $SRV) # the server under timeout
tok=$(curl -s -c $D/jar http://127.0.0.1:$PORT/login | sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p' | head -1)
curl -s -b $D/jar -c $D/jar -o /dev/null -w "login %{http_code}\n" --data-urlencode "csrf=$tok" -d username=admin --data-urlencode password=slowbody-admin-pw http://127.0.0.1:$PORT/login
echo "before: files $(ls /proc/$SRV/fd | wc -l), $(grep VmRSS /proc/$SRV/status | tr -s ' \t' ' ')"
$D/slowbody -from 127.0.0.2 -addr 127.0.0.1:$PORT -n $N -for $FOR 2>$D/a1 & A1=$!
$D/slowbody -from 127.0.0.2 -addr 127.0.0.1:$PORT -n $N -for $FOR 2>$D/a2 & A2=$!
t=0
while kill -0 $A1 2>/dev/null || kill -0 $A2 2>/dev/null; do
	sleep 3; t=$((t+3))
	r=$(curl -s -b $D/jar -o /dev/null -m 30 -w "%{http_code} %{time_total}s" http://127.0.0.1:$PORT/puzzles)
	echo "t=${t}s curator /puzzles: $r; server files $(ls /proc/$SRV/fd | wc -l), $(grep VmRSS /proc/$SRV/status | tr -s ' \t' ' ')"
done
echo "peak: $(grep VmHWM /proc/$SRV/status | tr -s ' \t' ' ')"
cat $D/a1 $D/a2
echo "log lines about refusals: $(grep -c refusing $D/log)"; grep refusing $D/log
kill -INT $SRV; sleep 2
rm -rf $D
