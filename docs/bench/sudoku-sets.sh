# Sourced by er-steps-same.sh and star-same.sh: the Sudoku data sets both
# compare on, and the folder a work tree's build and outputs go to.
# Needs $data (../shared/data/sudoku), $repo (the work tree) and $dir.

# input SET: the puzzle lines of a set on stdout.
#   top1465      all 1,465 of magictour_top1465
#   dev          the 1,492 puzzles of se_rated_dev_1492.tsv
#   17clue       the first 5,000 of 17_clue
#   hardest      all 375 of forum_hardest_1106
#   hardest6     every sixth of forum_hardest_1106 (63)
#   hardest1905  every 10th of forum_hardest_1905_11plus (4,877)
input() {
	case $1 in
	top1465) grep -v '^#' "$data/magictour_top1465.txt" | grep . ;;
	dev) tail -n +2 "$data/se_rated_dev_1492.tsv" | cut -f1 ;;
	17clue) grep -v '^#' "$data/17_clue.txt" | grep . | head -n 5000 ;;
	hardest) grep -v '^#' "$data/forum_hardest_1106.txt" | grep . ;;
	hardest6) grep -v '^#' "$data/forum_hardest_1106.txt" | grep . | awk 'NR % 6 == 1' ;;
	hardest1905) grep -v '^#' "$data/forum_hardest_1905_11plus.txt" | grep . | awk 'NR % 10 == 1' ;;
	*) echo "unknown set $1" >&2; return 2 ;;
	esac
}

# file SET: the file a set is read from ("" for an unknown set).
file() {
	case $1 in
	top1465) echo "$data/magictour_top1465.txt" ;;
	dev) echo "$data/se_rated_dev_1492.tsv" ;;
	17clue) echo "$data/17_clue.txt" ;;
	hardest | hardest6) echo "$data/forum_hardest_1106.txt" ;;
	hardest1905) echo "$data/forum_hardest_1905_11plus.txt" ;;
	esac
}

# new: the folder of this work tree's build and outputs, named after the
# work tree's path, so that two work trees can check at once.
new=$dir/new-$(printf '%s' "$repo" | cksum | cut -d' ' -f1)
mkdir -p "$new"
