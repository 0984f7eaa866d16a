package pencilbox_test

import (
	"bufio"
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
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
// leaf; web knows no database; the kinds (kinds/<kind>) stand beside
// the shared layers. Test files may import anything (a library test opens
// a real database). TestSharedNamesNoKind keeps every kind out of the
// shared packages.
func TestLayers(t *testing.T) {
	rules := []struct {
		dir       string // with its subfolders
		forbidden []string
	}{
		{"engine", []string{"database/sql", "net/http", "pencilbox/db", "pencilbox/library", "pencilbox/importers", "pencilbox/web", "pencilbox/export", "pencilbox/templates", "pencilbox/bundle", "pencilbox/kinds"}},
		{"importers", []string{"database/sql", "net/http", "pencilbox/db", "pencilbox/library", "pencilbox/web", "pencilbox/export", "pencilbox/templates", "pencilbox/kinds"}},
		{"library", []string{"pencilbox/db", "pencilbox/web", "pencilbox/export", "pencilbox/templates", "pencilbox/bundle", "pencilbox/kinds"}},
		{"db", []string{"net/http", "pencilbox/library", "pencilbox/web", "pencilbox/export", "pencilbox/templates", "pencilbox/bundle", "pencilbox/kinds"}},
		// the site reads and writes through the root's store interfaces
		// (pencilbox.SiteStore, ExportStore, Faults): never the database
		{"web", []string{"database/sql", "pencilbox/db"}},
		// the drawing description and its SVG back end are a leaf: no
		// kind, no layer
		{"draw", []string{"pencilbox/engine", "pencilbox/importers", "pencilbox/db", "pencilbox/library", "pencilbox/web", "pencilbox/export", "pencilbox/templates", "pencilbox/bundle", "pencilbox/cmd", "pencilbox/kinds"}},
		// the back ends draw what a kind describes and never see the kind
		{"templates", []string{"pencilbox/kinds"}},
		{"export", []string{"pencilbox/kinds"}},
		// a kind's folder: its engine, formats and registration stand
		// beside the shared layers and never reach storage, pages or the
		// use cases (TestKindLayers is finer)
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

// sharedExempt are the folders that may name a kind: the kinds' own, the
// wiring (cmd/pencilbox registers them) and the one-off report tools.
var sharedExempt = []string{"kinds", "cmd", filepath.Join("internal", "tools")}

// kindNames are the kinds the repository holds: the folders of kinds/, so
// that a new kind is kept out of shared code as soon as it exists.
func kindNames(t *testing.T) []string {
	t.Helper()
	ents, err := os.ReadDir("kinds")
	if err != nil {
		t.Fatalf("kinds: %v (run from the module's root)", err)
	}
	var out []string
	for _, e := range ents {
		if e.IsDir() {
			out = append(out, strings.ToLower(e.Name()))
		}
	}
	if len(out) < 2 {
		t.Fatalf("kinds: found %v, want sudoku and akari at least", out)
	}
	return out
}

// namesKind reports where one Go file of shared code names a kind: an
// import of pencilbox/kinds/..., or an identifier or a string literal
// (markup, a query, a class name) containing a kind's name, in any case.
// Comments may name kinds (they give examples).
func namesKind(path string, src []byte, kinds []string) []string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
	if err != nil {
		return []string{err.Error()}
	}
	var out []string
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == "pencilbox/kinds" || strings.HasPrefix(p, "pencilbox/kinds/") {
			out = append(out, fset.Position(imp.Pos()).String()+": imports "+p)
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		var text string
		switch x := n.(type) {
		case *ast.ImportSpec:
			return false // reported above
		case *ast.Ident:
			text = x.Name
		case *ast.BasicLit:
			if x.Kind == token.STRING {
				text = x.Value
			}
		}
		low := strings.ToLower(text)
		for _, k := range kinds {
			if strings.Contains(low, k) {
				out = append(out, fset.Position(n.Pos()).String()+": names "+k+" in "+strconv.Quote(truncate(text)))
			}
		}
		return true
	})
	return out
}

// namesKindStatic reports the non-comment lines of a stylesheet or a
// script of the shared web pages that name a kind (a class, a selector).
func namesKindStatic(path string, src []byte, kinds []string) []string {
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "//") || strings.HasPrefix(line, "/*") || strings.HasPrefix(line, "*") {
			continue
		}
		if i := strings.Index(line, " //"); i >= 0 {
			line = line[:i]
		}
		low := strings.ToLower(line)
		for _, k := range kinds {
			if strings.Contains(low, k) {
				out = append(out, path+":"+strconv.Itoa(n)+": names "+k+" in "+strconv.Quote(truncate(line)))
			}
		}
	}
	return out
}

func truncate(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}

// TestSharedNamesNoKind: shared code (every package but kinds/..., cmd/...
// and internal/tools/..., test files aside) imports no kind's package and
// names no kind outside its comments, so a kind is added without
// touching it (docs/ARCHITECTURE.md, "How to add a kind").
func TestSharedNamesNoKind(t *testing.T) {
	kinds := kindNames(t)
	files := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			for _, ex := range sharedExempt {
				if path == ex {
					return filepath.SkipDir
				}
			}
			if name := d.Name(); path != "." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		static := strings.HasPrefix(path, filepath.Join("web", "static")+string(filepath.Separator)) &&
			(strings.HasSuffix(path, ".js") || strings.HasSuffix(path, ".css"))
		if !static && (!strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go")) {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		var bad []string
		if static {
			bad = namesKindStatic(path, src, kinds)
		} else {
			bad = namesKind(path, src, kinds)
		}
		for _, b := range bad {
			t.Errorf("shared code names a kind: %s", b)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Errorf("checked %d shared files, want the whole tree (run from the module's root)", files)
	}
}

// TestNamesKindCatches: the check above finds what it is for (an import,
// a call, a string, a class in a stylesheet) and lets comments be.
func TestNamesKindCatches(t *testing.T) {
	kinds := []string{"sudoku", "akari"}
	src := `package web

import "pencilbox/kinds/sudoku"

// Sudoku and Akari in a comment are fine.
func f() any {
	if kind == "akari" {
		return sudoku.Kind{}
	}
	var isSudoku bool
	return isSudoku
}
`
	got := namesKind("web/x.go", []byte(src), kinds)
	for _, want := range []string{"imports pencilbox/kinds/sudoku", `names akari in "\"akari\""`, `names sudoku in "sudoku"`, `names sudoku in "isSudoku"`} {
		found := false
		for _, g := range got {
			found = found || strings.Contains(g, want)
		}
		if !found {
			t.Errorf("namesKind missed %s; got %q", want, got)
		}
	}
	for _, g := range got {
		if strings.Contains(g, ":5:") {
			t.Errorf("a comment was reported: %s", g)
		}
	}
	if got := namesKind("web/y.go", []byte("package web\n\n// an Akari example\nvar x = 1\n"), kinds); len(got) != 0 {
		t.Errorf("a comment alone: %q", got)
	}
	css := "/* .akari cells */\n.board .cell { fill: none; }\n.akari-lit { fill: yellow; }\n"
	if got := namesKindStatic("web/static/app.css", []byte(css), kinds); len(got) != 1 || !strings.Contains(got[0], ":3:") {
		t.Errorf("stylesheet: got %q, want line 3 only", got)
	}
}

// kindAllowed is what a file of kinds/<kind>/ may import of the module,
// by its place in the kind's folder: the engine side (the kind's package,
// and its own sub-packages such as Sudoku's explainer) what the engine
// may, the formats the importers too, and the registration (kind/) what
// a Bundle hands over (export's text formats, the dashboard's highlights).
// A kind's own packages are allowed to each other; another kind's never.
func kindAllowed(rel, kind string) []string {
	own := "pencilbox/kinds/" + kind
	switch {
	case strings.HasPrefix(rel, "kind/"):
		return []string{own, "pencilbox/engine", "pencilbox/draw", "pencilbox/importers", "pencilbox/export", "pencilbox/web/model", "pencilbox/internal"}
	case strings.HasPrefix(rel, "formats/"):
		return []string{own, "pencilbox/engine", "pencilbox/draw", "pencilbox/importers", "pencilbox/internal"}
	}
	return []string{own, "pencilbox/engine", "pencilbox/draw", "pencilbox/internal"}
}

// TestKindLayers: each kind's folder keeps the engine's layering inside
// it (kindAllowed) and never imports another kind, so that a kind's
// engine stays free of formats, exports and pages as engine/ is.
func TestKindLayers(t *testing.T) {
	kinds := kindNames(t)
	for _, kind := range kinds {
		dir := filepath.Join("kinds", kind)
		files := 0
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			files++
			rel, _ := filepath.Rel(dir, path)
			allowed := kindAllowed(filepath.ToSlash(rel), kind)
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				if p == "database/sql" || p == "net/http" {
					t.Errorf("%s imports %s: a kind reaches no storage or HTTP", path, p)
				}
				if p != "pencilbox" && !strings.HasPrefix(p, "pencilbox/") {
					continue
				}
				ok := false
				for _, a := range allowed {
					ok = ok || p == a || strings.HasPrefix(p, a+"/")
				}
				if own := "pencilbox/kinds/" + kind; !strings.HasPrefix(rel, "kind"+string(filepath.Separator)) && (p == own+"/kind" || strings.HasPrefix(p, own+"/kind/")) {
					ok = false // only cmd/pencilbox and tests take a Bundle
				}
				if !ok {
					t.Errorf("%s imports %s: in kinds/%s/%s it may import only %v", path, p, kind, filepath.Dir(filepath.ToSlash(rel)), allowed)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if files == 0 {
			t.Errorf("%s: no Go files", dir)
		}
	}
}
