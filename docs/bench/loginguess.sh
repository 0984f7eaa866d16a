#!/bin/sh
# usage: loginguess.sh BASE N MODE -> the count of each answer to N wrong logins
# to admin, each from a new X-Forwarded-For address (the server trusting the
# caller as a proxy: --trusted-proxy 127.0.0.1): MODE same64 rotates inside
# 2001:db8:1:2::/64, many64 takes a new /64 each time (2001:db8:N::1).
base=$1; n=$2; mode=$3; jar=$(mktemp)
tok=$(curl -s -c $jar -b $jar $base/login | sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p' | head -1)
i=0
while [ $i -lt $n ]; do
  i=$((i+1))
  if [ "$mode" = same64 ]; then a=$(printf '2001:db8:1:2::%x' $i); else a=$(printf '2001:db8:%x::1' $i); fi
  curl -s -o /dev/null -w '%{http_code}\n' -b $jar -H "X-Forwarded-For: $a" -d "csrf=$tok&username=admin&password=guess$i" $base/login
done | sort | uniq -c
