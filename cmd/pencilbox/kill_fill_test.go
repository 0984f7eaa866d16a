package main

import (
	"bufio"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"pencilbox/engine"
)

// fillBatch is how many puzzles one transaction of the ER fill stores
// (library.FillOptions' default, which `check --fix` and serve use).
const fillBatch = 200

// TestKillLeavesConsistentERFill kills (SIGKILL) `check --fix` while it
// fills the second rating (ER) of a library none of whose puzzles has it
// yet, as an upgraded library's, at a random moment once a random number
// of them are stored (the seed is logged; PENCILBOX_KILL_SEED repeats it).
// It wants after the kill every puzzle either rated whole, its ER, EP, ED
// and hardest technique those `rate --er` prints, or untouched (not rated,
// no figures), never half; the rated ones the first in id order, a whole
// number of the fill's transactions; then a second `check --fix` rating
// the rest and `check` clean. One round in `make test`, ten under
// `make soak`.
func TestKillLeavesConsistentERFill(t *testing.T) {
	if os.Getenv(killChildEnv) != "" {
		t.Skip("in the child")
	}
	if testing.Short() {
		t.Skip("kills child processes")
	}
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("PENCILBOX_KILL_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	t.Logf("seed %d (PENCILBOX_KILL_SEED=%d repeats this run)", seed, seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	rounds := 1
	if os.Getenv(soakEnv) != "" {
		rounds = 10
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "lib.db")
	input := filepath.Join(dir, "synth.sdm")
	writeSynth(t, input, 3000)
	if code, out, errs := runCLI(t, "", "import", "--db", path, input); code != 0 {
		t.Fatalf("import: exit %d: %s %s", code, out, errs)
	}
	want := rateER(t, path)
	total := len(want)
	raw := openRaw(t, path)

	for r := range rounds {
		// as migration 00005 leaves an upgraded library's rows
		if _, err := raw.Exec(`UPDATE puzzles SET scale1 = NULL, scale2 = NULL, scale3 = NULL, scale_note = NULL, scale_rated = 0`); err != nil {
			t.Fatal(err)
		}
		target := 1 + rng.IntN(total-1)
		extra := time.Duration(rng.IntN(20000)) * time.Microsecond
		killWhenRated(t, raw, path, "fix", target, extra)
		when := fmt.Sprintf("round %d, check --fix killed once %d were rated, %v on", r+1, target, extra)
		k := checkFillKilled(t, raw, want, when)
		t.Logf("%s: %d of %d rated", when, k, total)
		if k != total && k%fillBatch != 0 {
			t.Errorf("%s: %d puzzles rated, not a whole number of the fill's %d-puzzle transactions", when, k, fillBatch)
		}

		code, out, errs := runCLI(t, "", "check", "--db", path, "--fix")
		if code != 0 || (k < total && !strings.Contains(out, fmt.Sprintf("rated %d puzzles", total-k))) {
			t.Fatalf("%s: the next check --fix: exit %d: %s %s", when, code, out, errs)
		}
		if k := checkFillKilled(t, raw, want, when+", then check --fix"); k != total {
			t.Errorf("%s: %d of %d puzzles rated after the next check --fix", when, k, total)
		}
		checkClean(t, path, when)
	}
}

// TestKillRateQueue kills (SIGKILL) `pencilbox rate-queue` while it works
// off a queue of 3,000 puzzles pending (as an import leaves them: flag
// 0, every slot NULL), once a random number of them are rated, and wants
// nothing lost: every puzzle rated whole as `rate --er` rates it, or
// still pending with no figure, the rated ones a prefix in id order; then
// a second rate-queue finishing the rest (exit 0, saying how many it
// rated and nothing left pending) and check clean.
func TestKillRateQueue(t *testing.T) {
	if os.Getenv(killChildEnv) != "" {
		t.Skip("in the child")
	}
	if testing.Short() {
		t.Skip("kills child processes")
	}
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("PENCILBOX_KILL_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	t.Logf("seed %d (PENCILBOX_KILL_SEED=%d repeats this run)", seed, seed)
	rng := rand.New(rand.NewPCG(seed, 2))
	dir := t.TempDir()
	path := filepath.Join(dir, "lib.db")
	input := filepath.Join(dir, "synth.sdm")
	writeSynth(t, input, 3000)
	if code, out, errs := runCLI(t, "", "import", "--db", path, input); code != 0 {
		t.Fatalf("import: exit %d: %s %s", code, out, errs)
	}
	want := rateER(t, path)
	total := len(want)
	raw := openRaw(t, path)
	// the quick pass rated these easy puzzles; queue them all
	if _, err := raw.Exec(`UPDATE puzzles SET scale1 = NULL, scale2 = NULL, scale3 = NULL, scale_note = NULL, scale_rated = 0`); err != nil {
		t.Fatal(err)
	}
	target := 1 + rng.IntN(total-1)
	extra := time.Duration(rng.IntN(20000)) * time.Microsecond
	killWhenRated(t, raw, path, "queue", target, extra)
	when := fmt.Sprintf("rate-queue killed once %d were rated, %v on", target, extra)
	k := checkFillKilled(t, raw, want, when)
	t.Logf("%s: %d of %d rated", when, k, total)
	if k == total {
		t.Logf("the child finished before the kill")
	}
	code, out, errs := runCLI(t, "", "rate-queue", "--db", path)
	if code != 0 || !strings.Contains(out, fmt.Sprintf("rated %s puzzle", thousands(total-k))) || strings.Contains(out, "pending") {
		t.Fatalf("%s: the next rate-queue: exit %d: %s %s", when, code, out, errs)
	}
	if k := checkFillKilled(t, raw, want, when+", then rate-queue"); k != total {
		t.Errorf("%s: %d of %d puzzles rated after the next rate-queue", when, k, total)
	}
	checkClean(t, path, when)
}

// killWhenRated starts mode (TestKillChild's "fix": `check --fix`,
// "queue": `rate-queue`) on path in a child and kills it (SIGKILL) extra
// after the library holds at least target rated puzzles.
func killWhenRated(t *testing.T, raw *sql.DB, path, mode string, target int, extra time.Duration) {
	t.Helper()
	cmd, out := startKillChild(t, mode, path, "")
	var said strings.Builder
	exited := make(chan struct{})
	go func() {
		for out.Scan() {
			said.WriteString(out.Text() + "\n")
		}
		cmd.Wait()
		close(exited)
	}()
	stop := func() {
		cmd.Process.Signal(syscall.SIGKILL)
		<-exited
	}
	for {
		var n int
		if err := raw.QueryRow(`SELECT count(*) FROM puzzles WHERE scale_rated = 1`).Scan(&n); err != nil {
			stop()
			t.Fatal(err)
		}
		if n >= target {
			break
		}
		select {
		case <-exited:
			t.Fatalf("%s ended with %d rated, before %d were: %s", mode, n, target, said.String())
		case <-time.After(500 * time.Microsecond):
		}
	}
	time.Sleep(extra)
	stop()
}

// rateER is what `rate --er` prints for each puzzle of the library at
// path, by id: ER, EP, ED and hardest technique ("-" where none).
func rateER(t *testing.T, path string) map[int64][4]string {
	t.Helper()
	rows, err := openRaw(t, path).Query(`SELECT id, givens FROM puzzles ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var ids []int64
	var in strings.Builder
	for rows.Next() {
		var id int64
		var givens string
		if err := rows.Scan(&id, &givens); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
		in.WriteString(givens + "\n")
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, in.String(), "rate", "--er")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || len(lines) != len(ids) {
		t.Fatalf("rate --er of %d puzzles: exit %d, %d lines: %s", len(ids), code, len(lines), errs)
	}
	want := make(map[int64][4]string, len(ids))
	sc := bufio.NewScanner(strings.NewReader(out))
	for i := 0; sc.Scan(); i++ {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 4 {
			t.Fatalf("rate --er said %q", sc.Text())
		}
		want[ids[i]] = [4]string(cols[len(cols)-4:])
	}
	return want
}

// checkFillKilled wants every puzzle rated whole (its second rating as
// want says) or untouched (not rated, no figures), the rated ones first
// in id order, and returns how many are rated.
func checkFillKilled(t *testing.T, raw *sql.DB, want map[int64][4]string, when string) int {
	t.Helper()
	rows, err := raw.Query(`SELECT id, scale_rated, scale1, scale2, scale3, scale_note FROM puzzles ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	rated, bad := 0, 0
	var firstUntouched int64
	for rows.Next() && bad < 10 {
		var id int64
		var done bool
		var er, ep, ed sql.NullFloat64
		var tech sql.NullString
		if err := rows.Scan(&id, &done, &er, &ep, &ed, &tech); err != nil {
			t.Fatal(err)
		}
		if !done {
			if er.Valid || ep.Valid || ed.Valid || tech.Valid {
				bad++
				t.Errorf("%s: puzzle %d is not rated, yet holds ER %v, EP %v, ED %v, technique %v", when, id, er, ep, ed, tech)
			}
			if firstUntouched == 0 {
				firstUntouched = id
			}
			continue
		}
		rated++
		got := [4]string{"-", "-", "-", "-"}
		if er.Valid {
			got = [4]string{engine.FormatTenths(er.Float64), engine.FormatTenths(ep.Float64), engine.FormatTenths(ed.Float64), tech.String}
		}
		if got != want[id] {
			bad++
			t.Errorf("%s: puzzle %d is rated %v, rate --er says %v", when, id, got, want[id])
		}
		if firstUntouched != 0 {
			bad++
			t.Errorf("%s: puzzle %d is rated, puzzle %d before it is not", when, id, firstUntouched)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return rated
}
