package db_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/engine"
)

// TestBackupWhileWriting: a backup taken while another goroutine keeps
// adding puzzles opens, passes the integrity check and holds a count
// between the counts before and after.
func TestBackupWhileWriting(t *testing.T) {
	ctx := context.Background()
	d := MustOpen(t)
	add := func(i int) error {
		g := fmt.Sprintf("%081d", i)
		_, err := d.AddBatch(ctx, []pencilbox.Entry{{
			Puzzle: pencilbox.Puzzle{Kind: "sudoku", Givens: g, Canonical: g, Status: engine.Multiple, Clues: 1, Width: 9, Height: 9},
			Source: pencilbox.Source{Label: "bk", File: "bk.sdm", Line: i, Text: g},
		}}, nil)
		return err
	}
	for i := 1; i <= 200; i++ {
		if err := add(i); err != nil {
			t.Fatal(err)
		}
	}
	before, _ := d.Count(ctx, pencilbox.Filter{}, 0)
	var stop atomic.Bool
	var wg sync.WaitGroup
	var werr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 201; !stop.Load(); i++ {
			if err := add(i); err != nil {
				werr = err
				return
			}
		}
	}()
	dest := filepath.Join(t.TempDir(), "copy.db")
	err := d.Backup(ctx, dest, false)
	stop.Store(true)
	wg.Wait()
	if err != nil || werr != nil {
		t.Fatalf("backup: %v; writer: %v", err, werr)
	}
	after, _ := d.Count(ctx, pencilbox.Filter{}, 0)
	c, err := db.Open(dest)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if s, err := c.IntegrityCheck(ctx); err != nil || s != "ok" {
		t.Errorf("copy: integrity %q %v", s, err)
	}
	n, _ := c.Count(ctx, pencilbox.Filter{}, 0)
	if n < before || n > after {
		t.Errorf("copy holds %d puzzles, want %d-%d", n, before, after)
	}
	if err := d.Backup(ctx, dest, false); !errors.Is(err, db.ErrExists) {
		t.Errorf("backup over an existing file: %v", err)
	}
	if err := d.Backup(ctx, dest, true); err != nil {
		t.Errorf("--force: %v", err)
	}
	if err := d.Backup(ctx, filepath.Join(t.TempDir(), "no", "x.db"), false); err == nil {
		t.Error("backup into a missing folder succeeded")
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(dest), ".*part"))
	if len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}
