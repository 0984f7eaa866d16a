package library_test

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/library"
)

// failingReader gives some lines, then a read error.
type failingReader struct {
	data string
	err  error
}

func (r *failingReader) Read(p []byte) (int, error) {
	if r.data == "" {
		return 0, r.err
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

// TestImportGoesOnPastUnreadableInputs: an input that cannot be opened,
// read or recognised is reported as FILE: reason (on Errors and in the
// job), the inputs after it are still imported, and Import's error says
// so without failing the job.
func TestImportGoesOnPastUnreadableInputs(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name         string
		inputs       []library.Input
		imported     int
		wantErrs     []string // job errors, in input order
		unreadable   bool
		summaryParts []string
	}{
		{
			name: "all good",
			inputs: []library.Input{
				{Name: "a.sdm", R: strings.NewReader(hard + "\n")},
			},
			imported:     1,
			summaryParts: []string{"imported 1, duplicates 0, invalid 0, rejected 0 in "},
		},
		{
			name: "binary, missing and failing inputs between good ones",
			inputs: []library.Input{
				{Name: "a.sdm", R: strings.NewReader(hard + "\n")},
				{Name: "bin.dat", R: strings.NewReader("\x00\x01\x02\xff\xfe binary \x00 data\n")},
				{Name: "missing.txt", Err: os.ErrNotExist},
				{Name: "cut.sdm", R: &failingReader{data: image(t) + "\n", err: errors.New("disk on fire")}},
				{Name: "c.sdm", R: strings.NewReader(empty + "\nnot a puzzle\n")},
			},
			imported: 1, // hard; its image in cut.sdm is a duplicate
			wantErrs: []string{
				"bin.dat: format not recognised",
				"missing.txt: file does not exist",
				"cut.sdm: disk on fire",
				"c.sdm:2: ",
			},
			unreadable:   true,
			summaryParts: []string{"rejected 1, 3 files could not be read (see errors above) in "},
		},
		{
			name: "one unreadable input only",
			inputs: []library.Input{
				{Name: "missing.txt", Err: os.ErrPermission},
			},
			wantErrs:     []string{"missing.txt: permission denied"},
			unreadable:   true,
			summaryParts: []string{"rejected 0, 1 file could not be read (see errors above) in "},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := MustOpen(t)
			var stderr strings.Builder
			job, err := library.Import(ctx, d, registry(), tc.inputs, library.Options{Jobs: 2, Errors: &stderr})
			if got := errors.Is(err, library.ErrUnreadable); got != tc.unreadable || (err != nil && !got) {
				t.Fatalf("err = %v, want unreadable %v", err, tc.unreadable)
			}
			if job.Imported != tc.imported {
				t.Errorf("imported %d, want %d", job.Imported, tc.imported)
			}
			if job.State != pencilbox.JobDone || job.Failed != "" {
				t.Errorf("job state %q (%q), want done: unreadable inputs do not stop it", job.State, job.Failed)
			}
			lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
			if len(tc.wantErrs) == 0 {
				lines = nil
			}
			if len(lines) != len(tc.wantErrs) || len(job.Errors) != len(tc.wantErrs) {
				t.Fatalf("reported:\n%s\njob errors %v\nwant %q", stderr.String(), job.Errors, tc.wantErrs)
			}
			stored, err2 := d.Job(ctx, job.ID)
			if err2 != nil {
				t.Fatal(err2)
			}
			for i, want := range tc.wantErrs {
				if !strings.HasPrefix(lines[i], want) {
					t.Errorf("line %d: %q, want %q...", i+1, lines[i], want)
				}
				if got := job.Errors[i].String(); got != lines[i] {
					t.Errorf("job error %d: %q, reported %q", i+1, got, lines[i])
				}
				if i >= len(stored.Errors) || stored.Errors[i].String() != lines[i] {
					t.Errorf("stored job errors %v lack %q", stored.Errors, lines[i])
				}
			}
			if stored.State != pencilbox.JobDone {
				t.Errorf("stored job state %q, want done", stored.State)
			}
			s := library.Summary(job, err, 0)
			for _, part := range tc.summaryParts {
				if !strings.Contains(s, part) {
					t.Errorf("summary %q lacks %q", s, part)
				}
			}
		})
	}
}

// TestImportStopsWhenCancelled: an import cancelled while it reads is not
// mistaken for unreadable inputs: it ends with the context's error, and
// its job is recorded as interrupted (neither done nor failed).
func TestImportStopsWhenCancelled(t *testing.T) {
	d := MustOpen(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	job, err := library.Import(ctx, d, registry(), []library.Input{
		{Name: "a.sdm", R: strings.NewReader(hard + "\n")},
		{Name: "b.sdm", R: strings.NewReader(hard + "\n")},
	}, library.Options{Jobs: 1, OnStart: func(pencilbox.Job) { cancel() }})
	if !errors.Is(err, context.Canceled) || errors.Is(err, library.ErrUnreadable) {
		t.Fatalf("err = %v, want context.Canceled only", err)
	}
	if job.State != pencilbox.JobInterrupted {
		t.Errorf("job state %q, want interrupted", job.State)
	}
	if stored, err := d.Job(context.Background(), job.ID); err != nil || stored.State != pencilbox.JobInterrupted || stored.Failed == "" {
		t.Errorf("stored job %q %q (%v), want interrupted with its reason", stored.State, stored.Failed, err)
	}
}
