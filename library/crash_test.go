package library_test

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"pencilbox"
	"pencilbox/data/sample"
	"pencilbox/db"
	"pencilbox/kinds/sudoku"
	"pencilbox/kinds/sudoku/synth"
	"pencilbox/library"
)

// The crash test re-runs its own binary as the importing child: with
// crashChildEnv set to "DB\tINPUT\tBATCH", TestCrashChild imports INPUT
// into DB like `pencilbox import` (BATCH records per transaction, 0 = the
// default) and exits.
const crashChildEnv = "PENCILBOX_CRASH_CHILD"

// TestCrashChild is the child process of TestCrashSafety; it does nothing
// in a normal run.
func TestCrashChild(t *testing.T) {
	arg := os.Getenv(crashChildEnv)
	if arg == "" {
		t.Skip("the child of TestCrashSafety")
	}
	path, rest, _ := strings.Cut(arg, "\t")
	input, batch, _ := strings.Cut(rest, "\t")
	batchSize, _ := strconv.Atoi(batch)
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	f, err := os.Open(input)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	_, err = library.Import(context.Background(), d, registry(), []library.Input{{Name: "crash.sdm", R: f}},
		library.Options{Tags: []string{"crash"}, BatchSize: batchSize})
	if err != nil {
		t.Fatal(err)
	}
}

// crashInput writes the crash test's input: n distinct synthetic puzzles
// from the bundled samples, with repeats (duplicates: later lines of the
// same puzzle), bad lines (rejected) and puzzles without a unique solution
// (invalid) mixed in. It returns the number of records.
func crashInput(t *testing.T, path string, n int) int {
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
	got, err := synth.Generate(bases, &buf, synth.Options{N: n, Seed: 5, Note: true})
	if err != nil || got != n {
		t.Fatalf("synth gave %d of %d puzzles: %v", got, n, err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	var out []string
	for i, l := range lines {
		out = append(out, l)
		switch {
		case i%400 == 17:
			out = append(out, "this is not a puzzle")
		case i%400 == 99:
			// Two givens removed: usually several solutions; a distinct
			// puzzle each time.
			b := []byte(l[:81])
			for c, k := 0, 0; c < 81 && k < 10; c++ {
				if b[c] != '.' {
					b[c] = '.'
					k++
				}
			}
			out = append(out, string(b))
		case i%250 == 3 && i > 500:
			out = append(out, lines[i-500]) // a repeat: a duplicate with its own source line
		}
	}
	if err := os.WriteFile(path, []byte(strings.Join(out, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return len(out)
}

// startChild starts the importing child on dbPath.
func startChild(t *testing.T, dbPath, input string, batch int) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%s\t%s\t%d", crashChildEnv, dbPath, input, batch))
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	return cmd
}

func runChild(t *testing.T, dbPath, input string) time.Duration {
	t.Helper()
	start := time.Now()
	cmd := startChild(t, dbPath, input, 0)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("import child: %v\n%s", err, cmd.Stdout)
	}
	return time.Since(start)
}

// TestCrashSafety kills an import with SIGKILL at random points (seeded;
// the seed is logged, PENCILBOX_CRASH_SEED repeats a run), checks the
// database after each kill, completes the import and compares the result
// with a clean import of the same input.
func TestCrashSafety(t *testing.T) {
	if testing.Short() {
		t.Skip("runs several imports in child processes")
	}
	if os.Getenv(crashChildEnv) != "" {
		t.Skip("in the child")
	}
	ctx := context.Background()
	dir := t.TempDir()
	input := filepath.Join(dir, "crash.sdm")
	records := crashInput(t, input, 5000)

	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("PENCILBOX_CRASH_SEED"); s != "" {
		var err error
		if seed, err = strconv.ParseUint(s, 10, 64); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("seed %d (PENCILBOX_CRASH_SEED=%d repeats this run); %d records", seed, seed, records)
	rng := rand.New(rand.NewPCG(seed, 0))

	clean := filepath.Join(dir, "clean.db")
	full := runChild(t, clean, input)
	t.Logf("clean import in a child: %v", full)

	crashed := filepath.Join(dir, "crashed.db")
	const kills = 5
	mid := 0
	var lastJob int64 // the newest job before this run's
	for k := range kills {
		// The first kill lands anywhere in the first half of a full run's
		// time (process start and the new database's migrations included).
		// The others land when the running job has committed a random
		// share of the input (kill k in the k-th fifth, since each run
		// starts the input over, so every run stores new puzzles) plus up
		// to 100 ms, so they fall anywhere between and inside commits.
		// Batch sizes vary to move the commit points.
		batch := []int{0, 50, 250, 1000}[rng.IntN(4)]
		cmd := startChild(t, crashed, input, batch)
		var when string
		if k == 0 {
			delay := time.Duration(float64(full) * 0.5 * rng.Float64())
			time.Sleep(delay)
			when = fmt.Sprintf("after %v", delay)
		} else {
			target := int(float64(records) * (float64(k) + rng.Float64()) / kills)
			jitter := time.Duration(rng.IntN(100)) * time.Millisecond
			waitRead(t, crashed, lastJob, target, cmd)
			time.Sleep(jitter)
			when = fmt.Sprintf("at %d records read + %v", target, jitter)
		}
		when += fmt.Sprintf(" (batch %d)", batch)
		cmd.Process.Signal(syscall.SIGKILL)
		if err := cmd.Wait(); err == nil {
			t.Logf("kill %d %s: the child had finished", k+1, when)
		}
		d, err := db.Open(crashed)
		if err != nil {
			t.Fatalf("kill %d %s (seed %d): reopen: %v", k+1, when, seed, err)
		}
		if s, err := d.IntegrityCheck(ctx); err != nil || s != "ok" {
			t.Fatalf("kill %d %s (seed %d): integrity_check = %q, %v", k+1, when, seed, s, err)
		}
		jobs, err := d.Jobs(ctx, 100)
		if err != nil {
			t.Fatal(err)
		}
		stored, _ := d.Count(ctx, pencilbox.Filter{}, 0)
		state := "no job yet"
		if len(jobs) > 0 && jobs[0].ID > lastJob {
			j := jobs[0]
			lastJob = j.ID
			state = fmt.Sprintf("job %d %s: read %d, imported %d, duplicates %d, invalid %d, rejected %d",
				j.ID, j.State, j.Read, j.Imported, j.Duplicates, j.Invalid, j.Rejected)
			if cmd.ProcessState.Success() {
				if j.State != pencilbox.JobDone {
					t.Errorf("kill %d: finished child's job is %s", k+1, j.State)
				}
			} else if j.State == pencilbox.JobDone && j.Read == records {
				// the kill landed after the job's last commit, before the
				// process exited: a finished job is right
			} else if j.State != pencilbox.JobInterrupted {
				t.Errorf("kill %d (seed %d): killed job shows as %s, want %s", k+1, seed, j.State, pencilbox.JobInterrupted)
			} else if j.Read > 0 && j.Read < records {
				mid++
			}
		}
		t.Logf("kill %d %s: %d puzzles stored; %s", k+1, when, stored, state)
		checkConsistent(t, d, fmt.Sprintf("kill %d (seed %d)", k+1, seed))
		d.Close()
	}
	if mid == 0 {
		t.Errorf("no kill landed mid-import (seed %d): the input is too small for this machine", seed)
	}

	runChild(t, crashed, input)
	a, b := mustOpenPath(t, clean), mustOpenPath(t, crashed)
	jobs, err := b.Jobs(ctx, 1)
	if err != nil || len(jobs) != 1 {
		t.Fatal(err)
	}
	last := jobs[0]
	if last.State != pencilbox.JobDone || last.Read != records || last.Read != last.Imported+last.Duplicates+last.Invalid+last.Rejected {
		t.Errorf("completing job: %+v, want done with %d records read", last, records)
	}
	checkConsistent(t, b, "after the completing run")
	if x, y := snapshot(t, a), snapshot(t, b); !slices.Equal(x, y) {
		for i := range min(len(x), len(y)) {
			if x[i] != y[i] {
				t.Fatalf("seed %d: the crashed-and-completed library differs from a clean import (%d vs %d rows); first difference:\n clean:   %s\n crashed: %s",
					seed, len(x), len(y), x[i], y[i])
			}
		}
		t.Fatalf("seed %d: the crashed-and-completed library has %d rows, the clean one %d", seed, len(y), len(x))
	}
	cj, _ := a.Jobs(ctx, 1)
	if n, _ := b.Count(ctx, pencilbox.Filter{}, 0); n != cj[0].Imported+cj[0].Invalid {
		t.Errorf("%d puzzles, the clean job stored %d", n, cj[0].Imported+cj[0].Invalid)
	}
}

// waitRead waits until a job newer than lastJob in the database at path has
// committed at least target records read, or the child ends.
func waitRead(t *testing.T, path string, lastJob int64, target int, cmd *exec.Cmd) {
	t.Helper()
	r, err := sql.Open("sqlite", "file:"+path+"?_pragma=query_only(1)&_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	exited := make(chan struct{})
	go func() {
		// Signal 0 fails once the child has exited (it is not reaped
		// until Wait, so poll its /proc state instead).
		for {
			b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", cmd.Process.Pid))
			if err != nil || bytes.Contains(b, []byte(") Z ")) {
				close(exited)
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
	}()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		var id int64
		var read int
		err := r.QueryRow(`SELECT id, read FROM jobs ORDER BY id DESC LIMIT 1`).Scan(&id, &read)
		if err == nil && id > lastJob && read >= target {
			return
		}
		select {
		case <-exited:
			return
		case <-time.After(2 * time.Millisecond):
		}
	}
	t.Fatalf("the job after %d never read %d records", lastJob, target)
}

func mustOpenPath(t *testing.T, path string) *db.DB {
	t.Helper()
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// checkConsistent checks what a committed state must satisfy: each job's
// counts add up, the jobs' new puzzles are the stored puzzles, every puzzle
// has a source and a search row.
func checkConsistent(t *testing.T, d *db.DB, when string) {
	t.Helper()
	ctx := context.Background()
	jobs, err := d.Jobs(ctx, 1000)
	if err != nil {
		t.Fatal(err)
	}
	added := 0
	for _, j := range jobs {
		if j.Read != j.Imported+j.Duplicates+j.Invalid+j.Rejected {
			t.Errorf("%s: job %d read %d != imported %d + duplicates %d + invalid %d + rejected %d",
				when, j.ID, j.Read, j.Imported, j.Duplicates, j.Invalid, j.Rejected)
		}
		added += j.Imported + j.Invalid
	}
	var puzzles, orphans, unsourced, search int
	err = d.R.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM puzzles),
		(SELECT count(*) FROM sources WHERE puzzle_id NOT IN (SELECT id FROM puzzles)),
		(SELECT count(*) FROM puzzles WHERE id NOT IN (SELECT puzzle_id FROM sources)),
		(SELECT count(*) FROM search)`).Scan(&puzzles, &orphans, &unsourced, &search)
	if err != nil {
		t.Fatal(err)
	}
	if puzzles != added || orphans != 0 || unsourced != 0 || search != puzzles {
		t.Errorf("%s: %d puzzles, jobs added %d; %d orphan sources, %d puzzles without a source, %d search rows",
			when, puzzles, added, orphans, unsourced, search)
	}
}

// snapshot lists a library's content independent of ids and times: each
// puzzle with its analysis, tags and search text, and each source.
func snapshot(t *testing.T, d *db.DB) []string {
	t.Helper()
	ctx := context.Background()
	var out []string
	q := func(query string) {
		rows, err := d.R.QueryContext(ctx, query)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]sql.NullString, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			var f []string
			for _, v := range vals {
				f = append(f, v.String)
			}
			out = append(out, strings.Join(f, " | "))
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
	}
	q(`SELECT 'puzzle', kind, canonical, givens, status, solution, rank, score, verdict1, clues, note, meta, profile,
		(SELECT group_concat(technique || '=' || count) FROM (SELECT * FROM profile WHERE puzzle_id = p.id ORDER BY technique)),
		(SELECT group_concat(tag) FROM (SELECT tag FROM tags WHERE puzzle_id = p.id ORDER BY tag)),
		(SELECT body FROM search WHERE rowid = p.id)
		FROM puzzles p ORDER BY kind, canonical`)
	q(`SELECT 'source', p.kind, p.canonical, s.label, s.file, s.line, s.text
		FROM sources s JOIN puzzles p ON p.id = s.puzzle_id ORDER BY p.kind, p.canonical, s.label, s.file, s.line`)
	return out
}
