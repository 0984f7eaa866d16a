package library_test

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/importers"
	"pencilbox/kinds/akari"
	"pencilbox/library"
)

// testLimit is a work limit low enough for an empty 40x40 Akari grid to hit
// at once (it needs about 3 million assignments), high enough for a 10x10
// one (about 15,000).
const testLimit = 100_000

// limited is an Akari puzzle rated with testLimit instead of the default
// work limit, so a test reaches the limit in milliseconds, not seconds.
type limited struct{ *akari.Puzzle }

func (p limited) Rate(withSteps bool) engine.Rating {
	return akari.RateLimit(p.Puzzle, withSteps, testLimit)
}

// limitedFormat reads one Akari puzzle per line as limited puzzles.
func limitedFormat() importers.Format {
	return importers.Format{
		Name: "limited-akari", Kind: akari.Kind{},
		Read: func(r io.Reader, emit func(importers.Record) error) error {
			sc := bufio.NewScanner(r)
			sc.Buffer(nil, 1<<20)
			for line := 1; sc.Scan(); line++ {
				rec := importers.Record{Line: line, Text: sc.Text()}
				p, err := akari.Parse(sc.Text())
				if err != nil {
					rec.Err = err
				} else {
					rec.Puzzle = limited{p}
				}
				if err := emit(rec); err != nil {
					return err
				}
			}
			return sc.Err()
		},
	}
}

func emptyGrid(n int) string {
	p, err := akari.New(n, n, []byte(strings.Repeat(".", n*n)))
	if err != nil {
		panic(err)
	}
	return p.TathamID()
}

// TestWorkLimitReported: a puzzle whose solve stops at the work limit is
// stored with status unknown, and the import says so on Errors and in the
// job's errors as FILE:LINE: gave up; puzzles decided within the limit
// are not mentioned.
func TestWorkLimitReported(t *testing.T) {
	ctx := context.Background()
	const gaveUp = "gave up: solver work limit reached (status unknown, stored)"
	cases := []struct {
		name   string
		text   string
		status engine.Status
		errs   []string
	}{
		{"empty 40x40 hits the limit", emptyGrid(40), engine.Unknown, []string{"big.txt:2: " + gaveUp}},
		{"empty 10x10 is decided", emptyGrid(10), engine.Multiple, nil},
		{"a unique puzzle is rated", "3x3:d4d", engine.Unique, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := MustOpen(t)
			var stderr strings.Builder
			in := library.Input{Name: "big.txt", R: strings.NewReader("1x1:a\n" + tc.text + "\n")}
			job, err := library.Import(ctx, d, importers.Registry{limitedFormat()}, []library.Input{in},
				library.Options{Format: "limited-akari", Jobs: 1, Errors: &stderr})
			if err != nil {
				t.Fatal(err)
			}
			if job.Rejected != 0 || job.Imported+job.Invalid != 2 {
				t.Errorf("imported %d, invalid %d, rejected %d: want both stored", job.Imported, job.Invalid, job.Rejected)
			}
			var got []string
			for _, e := range job.Errors {
				got = append(got, e.String())
			}
			if strings.Join(got, "\n") != strings.Join(tc.errs, "\n") {
				t.Errorf("job errors %q, want %q", got, tc.errs)
			}
			if want := strings.Join(tc.errs, "\n"); strings.TrimSuffix(stderr.String(), "\n") != want {
				t.Errorf("reported %q, want %q", stderr.String(), want)
			}
			stored, err := d.Job(ctx, job.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(stored.Errors) != len(tc.errs) {
				t.Errorf("stored job errors %v, want %q", stored.Errors, tc.errs)
			}
			p, err := akari.Parse(tc.text)
			if err != nil {
				t.Fatal(err)
			}
			status, _, ok, err := d.Known(ctx, "akari", p.Canonical())
			if err != nil || !ok || status != tc.status {
				t.Errorf("stored: %v %v (found %v), want status %v", status, err, ok, tc.status)
			}
		})
	}
}
