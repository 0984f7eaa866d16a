#!/bin/sh
# usage: docs/bench/star-same.sh BASE [SETS...]
#
# The star ladder's speed changes must not change a single rating or step.
# This builds pencilbox and internal/tools/stardump at git revision BASE
# and at the work tree (the work tree's stardump source is used for both,
# so BASE may predate it), runs `pencilbox rate --steps --jobs 2` and
# stardump (Rate with and without steps, the step log's cells and marks,
# Hypothesis, and ApplyTechnique on every state of the step log: see its
# doc) with each on the data sets of ../shared (or $PENCILBOX_SHARED), and
# compares the outputs byte for byte. It exits 1 when a set differs (a
# diff's head is printed) and 0 when every set is the same. A set whose
# file is missing is skipped, saying so; no ../shared at all skips
# everything (exit 0, "skipped").
#
# SETS (default: all): top1465 (all 1,465 of magictour_top1465), dev (the
# 1,492 puzzles of se_rated_dev_1492.tsv), 17clue (the first 5,000 of
# 17_clue), hardest1905 (every 10th of forum_hardest_1905_11plus, 4,877),
# hardest (all 375 of forum_hardest_1106).
# Outputs and binaries go to $STARDIR (default /tmp/star-same); the BASE
# outputs are kept there per revision and reused when BASE is run again. The
# work tree's binaries and outputs go to a folder named after the work tree
# (sudoku-sets.sh, which also holds the sets), so that two work trees can
# check at once.
set -eu
base=${1:?usage: star-same.sh BASE [SETS...]}
shift
sets=${*:-top1465 dev 17clue hardest1905 hardest}
repo=$(git rev-parse --show-toplevel)
shared=${PENCILBOX_SHARED:-$repo/../shared}
data=$shared/data/sudoku
dir=${STARDIR:-/tmp/star-same}
if [ ! -d "$data" ]; then
	echo "star-same: no $data (the team's data folder): skipped"
	exit 0
fi
rev=$(git -C "$repo" rev-parse --short "$base")
mkdir -p "$dir/$rev"
if [ ! -x "$dir/$rev/pencilbox" ] || [ ! -x "$dir/$rev/stardump" ]; then
	tmp=$(mktemp -d)
	git -C "$repo" worktree add --detach "$tmp" "$rev" >/dev/null 2>&1
	mkdir -p "$tmp/internal/tools/stardump"
	cp "$repo/internal/tools/stardump/main.go" "$tmp/internal/tools/stardump/main.go"
	(cd "$tmp" && go build -o "$dir/$rev/pencilbox" ./cmd/pencilbox &&
		go build -o "$dir/$rev/stardump" ./internal/tools/stardump)
	git -C "$repo" worktree remove --force "$tmp"
fi
. "$repo/docs/bench/sudoku-sets.sh"
(cd "$repo" && go build -o "$new/pencilbox" ./cmd/pencilbox &&
	go build -o "$new/stardump" ./internal/tools/stardump)

# run BIN_PREFIX IN OUT: both outputs of one build, concatenated
run() {
	"$1pencilbox" rate --steps --jobs 2 "$2" >"$3.tmp"
	"$1stardump" -jobs 2 <"$2" >>"$3.tmp"
	mv "$3.tmp" "$3"
}
status=0
for s in $sets; do
	f=$(file "$s")
	if [ -z "$f" ] || [ ! -f "$f" ]; then
		echo "star-same: $s: no input file ($f): skipped"
		continue
	fi
	input "$s" >"$new/$s.in"
	old=$dir/$rev/$s.$(cksum <"$new/$s.in" | cut -d' ' -f1).out
	if [ ! -s "$old" ]; then
		run "$dir/$rev/" "$new/$s.in" "$old"
	fi
	run "$new/" "$new/$s.in" "$new/$s.new"
	if grep -q WITH-STEPS-DIFFERS "$new/$s.new"; then
		echo "star-same: $s: Rate with and without steps disagree"
		grep WITH-STEPS-DIFFERS "$new/$s.new" | head -n 5
		status=1
	fi
	if cmp -s "$old" "$new/$s.new"; then
		echo "star-same: $s: $(wc -l <"$new/$s.in") puzzles, $(wc -c <"$new/$s.new") bytes: same as $rev"
	else
		echo "star-same: $s: DIFFERS from $rev"
		diff "$old" "$new/$s.new" | head -n 20
		status=1
	fi
done
exit $status
