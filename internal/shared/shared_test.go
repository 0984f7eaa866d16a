package shared_test

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"pencilbox/internal/shared"
)

// TestLinesOrSample: without the shared folder (PENCILBOX_SHARED naming a
// folder that has no data/ counts as none) the committed sample is read,
// comments and blank lines left out; with it, the shared file.
func TestLinesOrSample(t *testing.T) {
	t.Setenv("PENCILBOX_SHARED", "/nonexistent")
	if d := shared.Dir(); d != "" {
		t.Fatalf("Dir() = %q for a folder that does not exist", d)
	}
	if got := shared.LinesOrSample(t, "data/demo/lines.txt"); !reflect.DeepEqual(got, []string{"first", "second"}) {
		t.Errorf("sample lines %q", got)
	}

	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "data", "demo"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "data", "demo", "lines.txt"), []byte("whole\ncollection\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PENCILBOX_SHARED", dir)
	if got := shared.LinesOrSample(t, "data/demo/lines.txt"); !reflect.DeepEqual(got, []string{"whole", "collection"}) {
		t.Errorf("shared lines %q", got)
	}
}
