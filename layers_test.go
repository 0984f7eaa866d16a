package pencilbox_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestLayers: the packages import along docs/ARCHITECTURE.md's flow
// (importers -> engine -> db -> web/export; library the use cases over
// the store's interfaces; cmd/pencilbox wires): the engine knows nothing
// of SQL, HTTP or storage, and library, importers and db name no layer
// after them; draw (the boards' description and its SVG back end) is a
// leaf, and the back ends (templates, export) import no kind's package. Test files may import anything (a library test opens a real
// database).
func TestLayers(t *testing.T) {
	rules := []struct {
		dir       string // with its subfolders
		forbidden []string
	}{
		{"engine", []string{"database/sql", "net/http", "pencilbox/db", "pencilbox/library", "pencilbox/importers", "pencilbox/web", "pencilbox/export", "pencilbox/templates", "pencilbox/bundle", "pencilbox/kinds"}},
		{"importers", []string{"database/sql", "net/http", "pencilbox/db", "pencilbox/library", "pencilbox/web", "pencilbox/export", "pencilbox/templates", "pencilbox/kinds"}},
		{"library", []string{"pencilbox/db", "pencilbox/web", "pencilbox/export", "pencilbox/templates", "pencilbox/bundle", "pencilbox/kinds"}},
		{"db", []string{"net/http", "pencilbox/library", "pencilbox/web", "pencilbox/export", "pencilbox/templates", "pencilbox/bundle", "pencilbox/kinds"}},
		// the drawing description and its SVG back end are a leaf: no
		// kind, no layer
		{"draw", []string{"pencilbox/engine", "pencilbox/importers", "pencilbox/db", "pencilbox/library", "pencilbox/web", "pencilbox/export", "pencilbox/templates", "pencilbox/bundle", "pencilbox/cmd", "pencilbox/kinds"}},
		// the back ends draw what a kind describes and never see the kind
		{"templates", []string{"pencilbox/kinds"}},
		{"export", []string{"pencilbox/kinds"}},
		// a kind's folder: its engine, formats and registration stand
		// beside the shared layers and never reach storage, pages or the
		// use cases
		{"kinds", []string{"database/sql", "net/http", "pencilbox/db", "pencilbox/library", "pencilbox/templates", "pencilbox/cmd", "pencilbox/bundle"}},
	}
	for _, r := range rules {
		files := 0
		err := filepath.WalkDir(r.dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			files++
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				for _, bad := range r.forbidden {
					if p == bad || strings.HasPrefix(p, bad+"/") {
						t.Errorf("%s imports %s: %s may not depend on it", path, p, r.dir)
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if files == 0 {
			t.Errorf("%s: no Go files found (run from the module's root)", r.dir)
		}
	}
}
