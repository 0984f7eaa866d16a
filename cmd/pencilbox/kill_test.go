package main

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"pencilbox/data/sample"
	"pencilbox/db"
	"pencilbox/kinds/sudoku"
	"pencilbox/kinds/sudoku/synth"
)

// writeSynth writes n synthetic Sudoku (from the bundled samples' bases)
// to path, one per line.
func writeSynth(t *testing.T, path string, n int) {
	t.Helper()
	var bases []sudoku.Grid
	for _, name := range []string{"sudoku_17_clue.txt", "sudoku_qqwing_simple.txt", "sudoku_qqwing_easy.txt", "sudoku_qqwing_intermediate.txt"} {
		b, err := fs.ReadFile(sample.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		gs, err := synth.ReadBases(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		bases = append(bases, gs...)
	}
	var buf bytes.Buffer
	if got, err := synth.Generate(bases, &buf, synth.Options{N: n, Seed: 7}); err != nil || got != n {
		t.Fatalf("synth gave %d of %d puzzles: %v", got, n, err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// The kill tests re-run their own binary as the child to kill: with
// killChildEnv set to "MODE\tDB\tARG", TestKillChild runs MODE on DB.
const killChildEnv = "PENCILBOX_KILL_CHILD"

// soakEnv makes the kill tests (and the load run) go on for longer:
// `make soak` sets it.
const soakEnv = "PENCILBOX_SOAK"

// TestKillChild is the child process of TestKillLeavesConsistent; it does
// nothing in a normal run. Modes: "sets" adds puzzle 1, 2, ... one at a
// time to set ARG, moving each new one to the front and back, and prints
// "done N" after each commit; "import" imports file ARG; "backups" writes
// scheduled backups into folder ARG, one a second from now, until killed; "generate"
// generates into the library with --set gen until killed; "fix" runs
// `check --fix` (the ER fill, then the check); "recipes" builds sets
// "recipe ARG-N" from a recipe, one after another.
func TestKillChild(t *testing.T) {
	arg := os.Getenv(killChildEnv)
	if arg == "" {
		t.Skip("the child of TestKillLeavesConsistent")
	}
	parts := strings.Split(arg, "\t")
	mode, path, extra := parts[0], parts[1], parts[2]
	switch mode {
	case "sets":
		d, err := db.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		sets := db.SetStore{DB: d.W}
		id, _ := strconv.ParseInt(extra, 10, 64)
		ctx := db.WithActor(context.Background(), "killtest")
		for i := int64(1); ; i++ {
			if _, err := sets.Add(ctx, id, []int64{i}, false); err != nil {
				t.Fatal(err)
			}
			if err := sets.Move(ctx, id, i, 1); err != nil {
				t.Fatal(err)
			}
			if err := sets.Move(ctx, id, i, int(i)); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(os.Stdout, "done %d\n", i)
		}
	case "import":
		if code, _, errs := runCLI(t, "", "import", "--db", path, "--jobs", "1", extra); code != 0 {
			t.Fatalf("import: %d %s", code, errs)
		}
	case "generate":
		if code, _, errs := runCLI(t, "", "generate", "--kind", "sudoku", "--count", "1000000", "--jobs", "1", "--db", path, "--set", "gen"); code != 0 {
			t.Fatalf("generate: %d %s", code, errs)
		}
	case "backups":
		d, err := db.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		at := time.Now().UTC()
		for i := 0; ; i++ {
			if _, _, err := d.BackupInto(context.Background(), extra, at.Add(time.Duration(i)*time.Second), 1000); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(os.Stdout, "done %d\n", i)
		}
	case "fix":
		if code, out, errs := runCLI(t, "", "check", "--db", path, "--fix"); code != 0 {
			t.Fatalf("check --fix: %d %s %s", code, out, errs)
		}
	case "queue":
		if code, out, errs := runCLI(t, "", "rate-queue", "--db", path, "--jobs", "2"); code != 0 {
			t.Fatalf("rate-queue: %d %s %s", code, out, errs)
		}
	case "serve":
		serveChild(t, path)
	case "recipes":
		// set build into new sets "recipe N", one after another
		for i := 1; ; i++ {
			name := fmt.Sprintf("recipe %s-%d", extra, i)
			if code, _, errs := runCLI(t, "", "set", "build", "--db", path, "--recipe", "rank=1-8:2", "--seed", strconv.Itoa(i), name); code != 0 {
				t.Fatalf("set build: %d %s", code, errs)
			}
			fmt.Fprintf(os.Stdout, "done %d\n", i)
		}
	}
}

func startKillChild(t *testing.T, mode, path, arg string) (*exec.Cmd, *bufio.Scanner) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestKillChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), killChildEnv+"="+mode+"\t"+path+"\t"+arg)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	return cmd, bufio.NewScanner(out)
}

func kill(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
}

// TestKillLeavesConsistent kills (SIGKILL) a run of set changes, an import
// and a generator run at random moments (the seed is logged;
// PENCILBOX_KILL_SEED repeats it) and wants after each: `check` clean;
// each set change done whole or not at all, with its audit row exactly
// when it was done; every job's start in the audit log and the library's
// puzzles those its jobs' counts say. One round of each in `make test`,
// ten under `make soak`.
func TestKillLeavesConsistent(t *testing.T) {
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
	rng := rand.New(rand.NewPCG(seed, 0))
	rounds := 1
	if os.Getenv(soakEnv) != "" {
		rounds = 10
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "lib.db")
	input := filepath.Join(dir, "synth.sdm")
	writeSynth(t, input, 5000)

	for r := range rounds {
		// set changes on a new set: killed after a random number of them,
		// plus a random part of one
		d, err := db.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		setID, err := db.SetStore{DB: d.W}.Create(context.Background(), fmt.Sprint("killed ", r+1), "")
		d.Close()
		if err != nil {
			t.Fatal(err)
		}
		done := 0 // the set changes the child said it committed
		cmd, out := startKillChild(t, "sets", path, strconv.FormatInt(setID, 10))
		target := 5 + rng.IntN(40)
		for n := 0; n < target && out.Scan(); n++ {
			if _, err := fmt.Sscanf(out.Text(), "done %d", &done); err != nil {
				t.Fatalf("child said %q", out.Text())
			}
		}
		time.Sleep(time.Duration(rng.IntN(3000)) * time.Microsecond)
		cmd.Process.Signal(syscall.SIGKILL)
		for out.Scan() { // what the child said before it died (Wait closes the pipe)
			fmt.Sscanf(out.Text(), "done %d", &done)
		}
		cmd.Wait()
		checkSetKilled(t, path, setID, done)
		checkClean(t, path, fmt.Sprintf("round %d, set changes", r+1))

		for _, mode := range []string{"import", "generate"} {
			cmd, _ := startKillChild(t, mode, path, input)
			wait := time.Duration(300+rng.IntN(2500)) * time.Millisecond
			time.Sleep(wait)
			kill(t, cmd)
			checkJobsKilled(t, path)
			checkClean(t, path, fmt.Sprintf("round %d, %s killed after %v", r+1, mode, wait))
		}
	}
}

func checkClean(t *testing.T, path, when string) {
	t.Helper()
	if code, out, errs := runCLI(t, "", "check", "--db", path); code != 0 {
		t.Fatalf("%s: check: exit %d: %s %s", when, code, out, errs)
	}
}

func openRaw(t *testing.T, path string) *sql.DB {
	t.Helper()
	c, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// checkSetKilled: the set holds 1..k in order at positions 1..k, with one
// set.add audit row per puzzle in it, and k is what the child said it
// committed or one more (killed between the commit and the saying).
func checkSetKilled(t *testing.T, path string, setID int64, said int) {
	t.Helper()
	c := openRaw(t, path)
	var n, maxPos, distinct, inOrder, adds, moves int
	err := c.QueryRow(`SELECT count(*), coalesce(max(pos), 0), count(DISTINCT pos), coalesce(sum(pos = puzzle_id), 0) FROM set_items WHERE set_id = ?`, setID).
		Scan(&n, &maxPos, &distinct, &inOrder)
	if err != nil {
		t.Fatal(err)
	}
	c.QueryRow(`SELECT count(*) FROM audit WHERE set_id = ? AND action = 'set.add'`, setID).Scan(&adds)
	c.QueryRow(`SELECT count(*) FROM audit WHERE set_id = ? AND action = 'set.move'`, setID).Scan(&moves)
	// puzzle k, the newest, is at its place or, killed between its two
	// moves, at the front with the others one place on
	var first int64
	c.QueryRow(`SELECT coalesce(puzzle_id, 0) FROM set_items WHERE set_id = ? AND pos = 1`, setID).Scan(&first)
	if first == int64(n) && n > 1 {
		c.QueryRow(`SELECT coalesce(sum(pos = puzzle_id + 1), 0) + 1 FROM set_items WHERE set_id = ?`, setID).Scan(&inOrder)
	}
	if n != maxPos || n != distinct || n != inOrder {
		t.Errorf("set after the kill: %d items, positions to %d, %d distinct, %d in place", n, maxPos, distinct, inOrder)
	}
	if adds != n {
		t.Errorf("set after the kill: %d puzzles, %d set.add audit rows", n, adds)
	}
	// each add is followed by two moves, each its own transaction
	if moves < 2*(n-1) || moves > 2*n {
		t.Errorf("set after the kill: %d puzzles, %d set.move audit rows", n, moves)
	}
	t.Logf("set changes killed: %d puzzles in the set, the child had said %d", n, said)
	if n < said || n > said+1 {
		t.Errorf("set after the kill: %d puzzles; the child had said %d were committed", n, said)
	}
}

// checkJobsKilled: every job has its start in the audit log, and the
// library holds as many puzzles as its jobs' counts add up to.
func checkJobsKilled(t *testing.T, path string) {
	t.Helper()
	c := openRaw(t, path)
	var jobs, started, puzzles, counted int
	c.QueryRow(`SELECT count(*), coalesce(sum(imported), 0) FROM jobs`).Scan(&jobs, &counted)
	c.QueryRow(`SELECT count(DISTINCT job_id) FROM audit WHERE action IN ('import', 'generate')`).Scan(&started)
	c.QueryRow(`SELECT count(*) FROM puzzles`).Scan(&puzzles)
	var unfinished int
	c.QueryRow(`SELECT count(*) FROM jobs WHERE finished IS NULL OR finished = 0`).Scan(&unfinished)
	t.Logf("after the kill: %d jobs (%d cut short), %d puzzles", jobs, unfinished, puzzles)
	if jobs != started {
		t.Errorf("%d jobs, %d started in the audit log", jobs, started)
	}
	if puzzles != counted {
		t.Errorf("%d puzzles stored, the jobs' counts say %d", puzzles, counted)
	}
}

// TestKillRecipeBuild kills (SIGKILL) `set build` runs making new sets
// from a recipe at random moments (seed logged; PENCILBOX_KILL_SEED
// repeats it) and wants no set left empty: a set is made with its
// puzzles in one transaction (it was two, and a kill between them left an
// empty set that check did not notice). Five kills in `make test`, twenty
// under `make soak`.
func TestKillRecipeBuild(t *testing.T) {
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
	rounds := 5
	if os.Getenv(soakEnv) != "" {
		rounds = 20
	}
	b, err := os.ReadFile(sampleLibrary(t))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "lib.db")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	built := 0
	for r := range rounds {
		cmd, out := startKillChild(t, "recipes", path, strconv.Itoa(r+1))
		// the first set built, then a random while more
		if !out.Scan() {
			t.Fatalf("round %d: the child built no set", r+1)
		}
		time.Sleep(time.Duration(rng.IntN(400_000)) * time.Microsecond)
		kill(t, cmd)
		c := openRaw(t, path)
		var sets, empty, odd int
		c.QueryRow(`SELECT count(*) FROM sets WHERE name LIKE 'recipe %'`).Scan(&sets)
		c.QueryRow(`SELECT count(*) FROM sets s WHERE name LIKE 'recipe %' AND NOT EXISTS (SELECT 1 FROM set_items i WHERE i.set_id = s.id)`).Scan(&empty)
		c.QueryRow(`SELECT count(*) FROM sets s WHERE name LIKE 'recipe %' AND (SELECT count(*) FROM set_items i WHERE i.set_id = s.id) NOT IN (0, 2)`).Scan(&odd)
		if empty > 0 || odd > 0 {
			t.Errorf("round %d: of %d recipe sets, %d empty and %d not of the recipe's 2 puzzles after the kill", r+1, sets, empty, odd)
		}
		built = sets
	}
	t.Logf("%d sets built across %d kills", built, rounds)
	if code, out, errs := runCLI(t, "", "check", "--db", path); code != 0 || strings.Contains(out, "empty set") {
		t.Errorf("check after the kills: exit %d: %s %s", code, out, errs)
	}
}
