package web

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"pencilbox"
)

// browser starts headless Chromium (Debian's chromium package; `make test`
// installs it). Without it the test skips, except under CI where it fails.
func browser(t *testing.T) context.Context {
	t.Helper()
	return browserFor(t, 120*time.Second)
}

// browserFor is browser for a test that may take up to d.
func browserFor(t *testing.T, d time.Duration) context.Context {
	t.Helper()
	path := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("no chromium on PATH (make test installs Debian's chromium package)")
		}
		t.Skip("no chromium on PATH: browser tests skipped (make test installs it)")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.WindowSize(1280, 1000),
		chromedp.Flag("disable-dev-shm-usage", true))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(actx)
	t.Cleanup(cancel2)
	// the first call starts the browser and must not carry a timeout
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	ctx, cancel3 := context.WithTimeout(ctx, d)
	t.Cleanup(cancel3)
	return ctx
}

func do(t *testing.T, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

func get[T any](t *testing.T, ctx context.Context, what string, a chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return v
}

// waitURL waits until the page's address contains want (a link followed
// by a script: the old page's context goes away under the query).
func waitURL(t *testing.T, ctx context.Context, want string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		loc, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.readyState === "complete" ? location.href : ""`))
		if err == nil && strings.Contains(loc, want) {
			return
		}
	}
	t.Fatalf("the page never reached an address with %q", want)
}

// TestBrowser drives the site as a curator does: log in, filter to 5
// stars, open a puzzle, step through its whole solution with the arrow
// key, upload a file and find its puzzles in the list.
func TestBrowser(t *testing.T) {
	e := newTestEnv(t, nil)
	ctx := browser(t)
	base := e.srv.URL

	do(t, ctx, "log in",
		chromedp.Navigate(base+"/puzzles"),
		chromedp.WaitVisible(chromedp.CSS(`input[name=username]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name=username]`), testUser),
		chromedp.SendKeys(chromedp.CSS(`input[name=password]`), testPass),
		chromedp.Submit(chromedp.CSS(`input[name=password]`)))
	waitURL(t, ctx, "/puzzles")
	do(t, ctx, "list", chromedp.WaitVisible(chromedp.CSS(`form.filters`)))

	// filter to 5 stars with the form
	do(t, ctx, "filter to 5 stars",
		chromedp.SetValue(chromedp.CSS(`input[name=rank]`), "5"),
		chromedp.Click(chromedp.CSS(`form.filters button[type=submit]`)))
	waitURL(t, ctx, "rank=5")
	do(t, ctx, "list", chromedp.WaitVisible(chromedp.CSS(`table.puzzles`)))
	loc := get(t, ctx, "location", chromedp.Location())
	stars := get(t, ctx, "stars", chromedp.Evaluate[[]string](
		`Array.from(document.querySelectorAll("table.puzzles td.stars"), td => td.textContent)`))
	want := e.matches(pencilbox.Filter{RankMin: 5, RankMax: 5})
	if !strings.Contains(loc, "rank=5") || len(stars) != min(want, PageSize) || want == 0 {
		t.Fatalf("after filtering: %s lists %d rows, want %d", loc, len(stars), want)
	}
	for _, s := range stars {
		if strings.Count(s, "★") != 5 {
			t.Errorf("a row of the 5-star list shows %q", s)
		}
	}

	// open the first puzzle and step to the solved grid with the arrow key
	do(t, ctx, "open a puzzle",
		chromedp.Click(chromedp.CSS(`table.puzzles a.pid`)))
	waitURL(t, ctx, "/puzzles/")
	do(t, ctx, "board", chromedp.WaitVisible(chromedp.CSS(`svg.board`)))
	counter := get(t, ctx, "step counter", chromedp.Text(chromedp.CSS(`p.stepno`)))
	var n int
	if _, err := fmt.Sscanf(strings.TrimSpace(counter), "Step 1 of %d", &n); err != nil || n < 1 {
		t.Fatalf("step counter %q", counter)
	}
	for i := 2; i <= n+1; i++ {
		do(t, ctx, fmt.Sprintf("arrow key to step %d", i), chromedp.KeyEvent(kb.ArrowRight))
		waitURL(t, ctx, fmt.Sprintf("step=%d", i))
		do(t, ctx, "board", chromedp.WaitVisible(chromedp.CSS(`svg.board`)))
		if i <= n {
			if s := get(t, ctx, "sentence", chromedp.Text(chromedp.CSS(`#sentence`))); strings.TrimSpace(s) == "" {
				t.Errorf("step %d has no sentence", i)
			}
		}
	}
	solved := get(t, ctx, "the solved grid", chromedp.Text(chromedp.CSS(`#solved`)))
	if !strings.Contains(solved, fmt.Sprintf("Solved after %d steps", n)) {
		t.Errorf("last page says %q", solved)
	}

	// upload a file of two new puzzles and a bad line
	file := filepath.Join(t.TempDir(), "newspaper-week-48.sdm")
	content := "000000010400000000020000000000050407008000300001090000300400200050100000000806000\n" +
		"not a puzzle\n" +
		"000000012000035000000600070700000300000400800100000000000120000080000040050000600\n"
	if err := os.WriteFile(file, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	do(t, ctx, "upload",
		chromedp.Navigate(base+"/import"),
		chromedp.WaitVisible(chromedp.CSS(`input[type=file]`)),
		chromedp.SetUploadFiles(chromedp.CSS(`input[type=file]`), []string{file}),
		chromedp.SendKeys(chromedp.CSS(`input[name=tags]`), "week48"),
		chromedp.Click(chromedp.CSS(`form.import button[type=submit]`)))
	waitURL(t, ctx, "/import/")
	do(t, ctx, "job done", chromedp.WaitVisible(chromedp.CSS(`#jobpuzzles`)))
	state := get(t, ctx, "job state", chromedp.Text(chromedp.CSS(`#jstate`)))
	errs := get(t, ctx, "job errors", chromedp.Text(chromedp.CSS(`table.errors`)))
	if !strings.Contains(state, "Done") || !strings.Contains(errs, "newspaper-week-48.sdm") || !strings.Contains(errs, "2") {
		t.Errorf("job page: %q, errors %q", state, errs)
	}
	do(t, ctx, "see the uploaded puzzles",
		chromedp.Click(chromedp.CSS(`#jobpuzzles`)))
	waitURL(t, ctx, "source=")
	do(t, ctx, "list", chromedp.WaitVisible(chromedp.CSS(`table.puzzles`)))
	rows := get(t, ctx, "rows", chromedp.Evaluate[int](`document.querySelectorAll("table.puzzles a.pid").length`))
	listed := get(t, ctx, "list", chromedp.Text(chromedp.CSS(`table.puzzles`)))
	if rows != 2 || !strings.Contains(listed, "newspaper-week-48.sdm") || !strings.Contains(listed, "week48") {
		t.Errorf("the list after the upload has %d rows: %q", rows, listed)
	}
}
