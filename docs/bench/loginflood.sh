#!/bin/sh
# usage: loginflood.sh BASE PID [N]
# N (300) wrong logins at once against the server at BASE (process PID),
# each from its own loopback address, 127.0.1.1 on (Linux routes 127/8 to
# lo, so the per-address limit never applies). Prints the server's memory
# (VmRSS before, peak VmHWM during, VmRSS 10 s after), the answers' status
# codes and the slowest answer.
base=$1; pid=$2; n=${3:-300}
dir=$(mktemp -d)
i=0
while [ $i -lt $n ]; do
	a=127.0.$((1 + i / 250)).$((1 + i % 250))
	tok=$(curl -s --interface $a -c $dir/$i -b $dir/$i $base/login | sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p' | head -1)
	echo "$a $tok $i" >>$dir/list
	i=$((i + 1))
done
mem() { awk -v k=$1 '$1 == k":" { printf "%d MB", $2 / 1024 }' /proc/$pid/status; }
echo "before: $(mem VmRSS)"
echo 5 >/proc/$pid/clear_refs # the peak from here on
xargs -P $n -L 1 sh -c 'curl -s -o /dev/null -w "%{http_code} %{time_total}\n" --interface $0 -b '$dir'/$2 -d "csrf=$1&username=admin&password=wrong" '$base'/login' <$dir/list >$dir/out
echo "peak: $(mem VmHWM)"
awk '{ n[$1]++; if ($2 > max) max = $2 } END { for (c in n) printf "%s: %d, ", c, n[c]; printf "slowest %.1f s\n", max }' $dir/out
sleep 10
echo "10 s after: $(mem VmRSS)"
rm -r $dir
