#!/bin/sh
# usage: docs/bench/er-steps-same.sh BASE [SETS...]
#
# The explainer's speed changes must not change a single rating or step.
# This builds pencilbox at git revision BASE and at the work tree, runs
# `pencilbox rate --er --steps --jobs 2` with each on the data sets of
# ../shared (or $PENCILBOX_SHARED), and compares the outputs byte for byte.
# It exits 1 on the first difference (a diff's head is printed) and 0 when
# every set is the same. A set whose file is missing is skipped, saying so;
# no ../shared at all skips everything (exit 0, "skipped").
#
# SETS (default: all): top1465 (all 1,465 of magictour_top1465), dev (the
# 1,492 puzzles of se_rated_dev_1492.tsv), 17clue (the first 5,000 of
# 17_clue), hardest (all 375 of forum_hardest_1106: about 12 minutes of CPU
# at 8ee086c's speed), hardest6 (every sixth of forum_hardest_1106, 63).
# Outputs and binaries go to $ERDIR (default /tmp/er-steps-same); the BASE
# outputs are kept there per revision and reused when BASE is run again. The
# work tree's binary and outputs go to a folder named after the work tree, so
# that two work trees can check at once.
set -eu
base=${1:?usage: er-steps-same.sh BASE [SETS...]}
shift
sets=${*:-top1465 dev 17clue hardest}
repo=$(git rev-parse --show-toplevel)
shared=${PENCILBOX_SHARED:-$repo/../shared}
data=$shared/data/sudoku
dir=${ERDIR:-/tmp/er-steps-same}
if [ ! -d "$data" ]; then
	echo "er-steps-same: no $data (the team's data folder): skipped"
	exit 0
fi
rev=$(git -C "$repo" rev-parse --short "$base")
mkdir -p "$dir/$rev"
if [ ! -x "$dir/$rev/pencilbox" ]; then
	tmp=$(mktemp -d)
	git -C "$repo" worktree add --detach "$tmp" "$rev" >/dev/null 2>&1
	(cd "$tmp" && go build -o "$dir/$rev/pencilbox" ./cmd/pencilbox)
	git -C "$repo" worktree remove --force "$tmp"
fi
. "$repo/docs/bench/sudoku-sets.sh"
(cd "$repo" && go build -o "$new/pencilbox" ./cmd/pencilbox)

status=0
for s in $sets; do
	f=$(file "$s")
	if [ -z "$f" ] || [ ! -f "$f" ]; then
		echo "er-steps-same: $s: no input file ($f): skipped"
		continue
	fi
	input "$s" >"$new/$s.in"
	# BASE's output, kept per revision and input
	old=$dir/$rev/$s.$(cksum <"$new/$s.in" | cut -d' ' -f1).out
	if [ ! -s "$old" ]; then
		"$dir/$rev/pencilbox" rate --er --steps --jobs 2 "$new/$s.in" >"$old.tmp.$$"
		mv "$old.tmp.$$" "$old"
	fi
	"$new/pencilbox" rate --er --steps --jobs 2 "$new/$s.in" >"$new/$s.new"
	if cmp -s "$old" "$new/$s.new"; then
		echo "er-steps-same: $s: $(wc -l <"$new/$s.in") puzzles, $(wc -c <"$new/$s.new") bytes: same as $rev"
	else
		echo "er-steps-same: $s: DIFFERS from $rev"
		diff "$old" "$new/$s.new" | head -n 20
		status=1
	fi
done
exit $status
