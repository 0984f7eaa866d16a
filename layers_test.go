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
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"pencilbox"
	"pencilbox/bundle"
	akarikind "pencilbox/kinds/akari/kind"
	killerkind "pencilbox/kinds/killer/kind"
	nonogramkind "pencilbox/kinds/nonogram/kind"
	slitherlinkkind "pencilbox/kinds/slitherlink/kind"
	sudokukind "pencilbox/kinds/sudoku/kind"
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

// bundledKindNames lists the folders of kinds/ that hold a bundle (a
// kind/ folder): a kind being built lands its engine before its bundle
// (its rater may land after its parser and solver), and is registered
// with the bundle. Its name is protected from its first landing
// (kindNames).
func bundledKindNames(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, k := range kindNames(t) {
		if fi, err := os.Stat(filepath.Join("kinds", k, "kind")); err == nil && fi.IsDir() {
			out = append(out, k)
		}
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

// kindTerms are what the registered kinds declare users type or read
// (pencilbox.Vocabulary): scale and verdict keys ("er", "hyp"), and the
// labels and names shown ("ER", "Enclosure+Negation", "hypothesis").
type kindTerms struct {
	keys  []string // equal to a whole string literal or attribute value
	words []string // a word of a string literal, markup, or an identifier
}

// registeredTerms reads the declarations of the kinds cmd/pencilbox
// registers (the same bundles), checking that no folder of kinds/ is
// left out.
func registeredTerms(t *testing.T) kindTerms {
	t.Helper()
	reg := bundle.Registry{sudokukind.Bundle{}, nonogramkind.Bundle{}, akarikind.Bundle{}, killerkind.Bundle{}, slitherlinkkind.Bundle{}}
	if got, want := len(reg.Kinds()), len(bundledKindNames(t)); got != want {
		t.Fatalf("the test registers %d kinds, kinds/ holds %d bundles: add the new kind's bundle here", got, want)
	}
	var out kindTerms
	for _, tm := range pencilbox.NewVocabulary(reg.Kinds(), reg.SecondRaters()) {
		for _, sc := range tm.Scales {
			out.keys = append(out.keys, sc.Key)
			out.words = append(out.words, sc.Short)
		}
		if tm.HasVerdict {
			out.keys = append(out.keys, tm.Verdict.Key, tm.Verdict.Field)
			out.words = append(out.words, tm.Verdict.Name, tm.Verdict.Field)
		}
	}
	if len(out.keys) == 0 {
		t.Fatal("no kind declares a scale or a verdict: the check would check nothing")
	}
	return out
}

// hasWord reports whether w occurs in s as a whole word (case-sensitive:
// "ER" in "ER 6.5-7" or "or ER (", not in "ERROR" or "USER").
func hasWord(s, w string) bool {
	word := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' }
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		j += i
		before, after := j == 0, j+len(w) == len(s)
		if !before {
			r := []rune(s[:j])
			before = !word(r[len(r)-1])
		}
		if !after {
			after = !word([]rune(s[j+len(w):])[0])
		}
		if before && after {
			return true
		}
		i = j + 1
	}
}

// camelWords splits a Go identifier at its case changes and
// underscores: "byER" -> by ER, "ERLo" -> ER Lo, "hypCount" -> hyp Count.
func camelWords(id string) []string {
	var out []string
	r := []rune(id)
	start := 0
	for i := 1; i <= len(r); i++ {
		cut := i == len(r) || r[i] == '_' ||
			(unicode.IsUpper(r[i]) && !unicode.IsUpper(r[i-1])) ||
			(unicode.IsUpper(r[i]) && i+1 < len(r) && unicode.IsLower(r[i+1]) && unicode.IsUpper(r[i-1]))
		if cut {
			if w := strings.Trim(string(r[start:i]), "_"); w != "" {
				out = append(out, w)
			}
			start = i
		}
	}
	return out
}

// namesTerm reports where one Go file of shared code names a kind's
// declared idea: a string literal equal to a key, or holding a label or
// name as a word; an identifier having a label or name as one of its
// words. The keys are not sought as words nor in identifiers: two
// letters such as "er" or "ed" are ordinary Go names (er for an error)
// and English, so only a literal that is the key itself (a form field, a
// parameter) is sure to mean it.
func namesTerm(path string, src []byte, terms kindTerms) []string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
	if err != nil {
		return []string{err.Error()}
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.ImportSpec:
			return false
		case *ast.Ident:
			for _, w := range camelWords(x.Name) {
				for _, l := range terms.words {
					if w == l {
						out = append(out, fset.Position(n.Pos()).String()+": identifier "+x.Name+" names "+strconv.Quote(l))
					}
				}
			}
		case *ast.BasicLit:
			if x.Kind != token.STRING {
				return true
			}
			v, err := strconv.Unquote(x.Value)
			if err != nil {
				v = x.Value
			}
			out = append(out, termsInText(fset.Position(n.Pos()).String(), v, terms)...)
		}
		return true
	})
	return out
}

// termsInText reports a string literal's (or a markup line's) use of the
// terms: equal to a key, or a label or name as a word.
func termsInText(where, v string, terms kindTerms) []string {
	var out []string
	for _, k := range terms.keys {
		if v == k {
			out = append(out, where+": "+strconv.Quote(v)+" is a kind's declared key")
		}
	}
	for _, l := range terms.words {
		if hasWord(v, l) {
			out = append(out, where+": "+strconv.Quote(truncate(v))+" names "+strconv.Quote(l))
		}
	}
	return out
}

// templQuoted are the quoted texts of a templ line: attribute values and
// Go string literals.
var templQuoted = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)

// namesTermTempl reports the non-comment lines of a templ source that name
// a kind's declared idea: a quoted text equal to a key (name="er"), or a
// label or name as a word anywhere in the line (markup shows it).
func namesTermTempl(path string, src []byte, terms kindTerms) []string {
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "//") || strings.HasPrefix(line, "<!--") {
			continue
		}
		where := path + ":" + strconv.Itoa(n)
		for _, m := range templQuoted.FindAllStringSubmatch(line, -1) {
			for _, k := range terms.keys {
				if m[1] == k {
					out = append(out, where+": "+strconv.Quote(m[1])+" is a kind's declared key")
				}
			}
		}
		for _, l := range terms.words {
			if hasWord(line, l) {
				out = append(out, where+": "+strconv.Quote(truncate(line))+" names "+strconv.Quote(l))
			}
		}
	}
	return out
}

// TestSharedNamesNoKindTerms: shared code (as TestSharedNamesNoKind; the
// templates' .templ sources rather than their generated Go) names no
// kind's declared scale or verdict: it reads keys, labels and names from
// the declarations (pencilbox.Vocabulary), so a kind with other scales
// gets its own words everywhere (issue #29).
func TestSharedNamesNoKindTerms(t *testing.T) {
	terms := registeredTerms(t)
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
		var bad []string
		switch {
		case strings.HasSuffix(path, "_test.go") || strings.HasSuffix(path, "_templ.go"):
			return nil
		case strings.HasSuffix(path, ".go"), strings.HasSuffix(path, ".templ"):
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			files++
			if strings.HasSuffix(path, ".go") {
				bad = namesTerm(path, src, terms)
			} else {
				bad = namesTermTempl(path, src, terms)
			}
		}
		for _, b := range bad {
			t.Errorf("shared code names a kind's declared idea: %s", b)
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

// TestNamesTermCatches: the check above finds a key as a literal, a label
// in a message or an identifier, and lets comments, the Go name er and
// words that merely contain a label be.
func TestNamesTermCatches(t *testing.T) {
	terms := kindTerms{keys: []string{"er", "hyp", "hypothesis"}, words: []string{"ER", "Enclosure+Negation", "hypothesis"}}
	src := `package web

// ER and "er" in a comment are fine.
func f(er error) {
	v := c.FormValue("er")
	msg := "ER: too hard"
	var byER bool
	var ERLo float64
	ok := "ERROR: USER er" // no label as a word, no key as the whole
	h := "solution, hypothesis or profile"
}
`
	got := strings.Join(namesTerm("x.go", []byte(src), terms), "\n")
	for _, want := range []string{`x.go:5:19: "er" is a kind's declared key`, `x.go:6:9: "ER: too hard" names "ER"`,
		"identifier byER", "identifier ERLo", `names "hypothesis"`} {
		if !strings.Contains(got, want) {
			t.Errorf("missed %s in:\n%s", want, got)
		}
	}
	if n := strings.Count(got, "\n") + 1; n != 5 {
		t.Errorf("%d reports, want 5:\n%s", n, got)
	}
	tsrc := `// or ER in a comment
<label>or ER ({ d.titles() }) <input name="er" value={ d.val("er", "") }/></label>
<p>an ERROR for the user</p>
`
	got = strings.Join(namesTermTempl("x.templ", []byte(tsrc), terms), "\n")
	if strings.Count(got, `"er" is a kind's declared key`) != 2 || !strings.Contains(got, `names "ER"`) || strings.Contains(got, "x.templ:1") || strings.Contains(got, "x.templ:3") {
		t.Errorf("templ reports:\n%s", got)
	}
	for id, want := range map[string]string{"byER": "by ER", "ERLo": "ER Lo", "hypCount": "hyp Count", "erRange": "er Range", "HTTPServer": "HTTP Server", "a_b": "a b"} {
		if got := strings.Join(camelWords(id), " "); got != want {
			t.Errorf("camelWords(%s) = %q, want %q", id, got, want)
		}
	}
}
