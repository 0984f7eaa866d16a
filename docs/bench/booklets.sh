#!/bin/sh
# usage: booklets.sh BASE PID USER PASSWORD SET [N]
# N (12) PDF booklets of the set SET at once (4 a page, solutions, a title),
# asked by USER (a viewer is enough) of the server at BASE (process PID).
# Prints the server's memory (VmRSS before, peak VmHWM during), each
# answer's status code, size and time, and the whole run's time.
base=$1; pid=$2; user=$3; pass=$4; set=$5; n=${6:-12}
dir=$(mktemp -d)
tok=$(curl -s -c $dir/cj -b $dir/cj $base/login | sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p' | head -1)
curl -s -c $dir/cj -b $dir/cj -o /dev/null -d "csrf=$tok&username=$user&password=$pass" $base/login
mem() { awk -v k=$1 '$1 == k":" { printf "%d MB", $2 / 1024 }' /proc/$pid/status; }
echo "before: $(mem VmRSS)"
echo 5 >/proc/$pid/clear_refs # the peak from here on
start=$(date +%s)
i=0
while [ $i -lt $n ]; do
	curl -s -b $dir/cj -o /dev/null -w "%{http_code} %{size_download} B %{time_total} s\n" \
		"$base/sets/$set/booklet?make=1&format=pdf&per=4&order=set&caption=stars&solutions=1&title=Week" >>$dir/out &
	i=$((i + 1))
done
wait
echo "peak: $(mem VmHWM)"
sort $dir/out | uniq -c
echo "all in $(($(date +%s) - start)) s"
rm -r $dir
