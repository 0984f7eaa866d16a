package library

import (
	"context"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"pencilbox"
	"pencilbox/data/sample"
	"pencilbox/importers"
)

// SampleTag marks the puzzles Seed imports.
const SampleTag = "sample"

// Seed imports the bundled sample library (data/sample) into store when it
// holds no puzzle yet; a database with puzzles is left alone (ok = false).
// Each file becomes its own source label, "sample/<file name>".
func Seed(ctx context.Context, store pencilbox.LibraryStore, reg importers.Registry) (job pencilbox.Job, ok bool, err error) {
	n, err := store.Count(ctx, pencilbox.Filter{}, 1)
	if err != nil {
		return job, false, err
	}
	if n > 0 {
		return job, false, nil
	}
	job, err = ImportFS(ctx, store, reg, sample.FS, Options{Tags: []string{SampleTag}})
	return job, err == nil, err
}

// ImportFS imports every *.txt file of fsys as one job, each file labelled
// "sample/<name>".
func ImportFS(ctx context.Context, store pencilbox.LibraryStore, reg importers.Registry, fsys fs.FS, opts Options) (pencilbox.Job, error) {
	names, err := fs.Glob(fsys, "*.txt")
	if err != nil {
		return pencilbox.Job{}, err
	}
	total := pencilbox.Job{Source: "sample"}
	for _, name := range names {
		f, err := fsys.Open(name)
		if err != nil {
			return total, err
		}
		o := opts
		o.Source = "sample/" + strings.TrimSuffix(path.Base(name), ".txt")
		j, err := Import(ctx, store, reg, []Input{{Name: name, R: f}}, o)
		f.Close()
		if err != nil {
			return total, fmt.Errorf("seed %s: %w", name, err)
		}
		total.ID = j.ID
		total.Files = append(total.Files, name)
		total.Read += j.Read
		total.Imported += j.Imported
		total.Duplicates += j.Duplicates
		total.Invalid += j.Invalid
		total.Rejected += j.Rejected
		total.Errors = append(total.Errors, j.Errors...)
		total.State = j.State
	}
	return total, nil
}
