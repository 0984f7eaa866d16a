#!/bin/sh
# usage: login.sh BASE -> prints the Cookie header value for a logged-in session
base=$1; jar=$(mktemp)
tok=$(curl -s -c $jar -b $jar $base/login | sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p' | head -1)
curl -s -c $jar -b $jar -o /dev/null -d "csrf=$tok&username=admin&password=${PENCILBOX_ADMIN_PASSWORD:-benchpassword1}" $base/login
awk '$6=="pb_session"{printf "pb_session=%s", $7}' $jar
