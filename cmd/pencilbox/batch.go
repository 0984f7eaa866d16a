package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"

	"pencilbox/engine"
)

// maxLine bounds one input line; a longer line is reported, not read whole.
const maxLine = 1 << 20

// batchFlags are the flags shared by the commands that work puzzle by
// puzzle over files (solve, rate, canon).
type batchFlags struct {
	kind  string
	jobs  int
	stats bool
}

func (b *batchFlags) register(fs *flag.FlagSet, withStats bool) {
	fs.StringVar(&b.kind, "kind", "", "puzzle kind (sudoku, akari); default: detected from each line's notation")
	fs.IntVar(&b.jobs, "jobs", runtime.NumCPU(), "puzzles worked on in parallel (output keeps input order)")
	if withStats {
		fs.BoolVar(&b.stats, "stats", false, "print 'N puzzles in T s (R/s)' on stderr at the end")
	}
}

// newFlags makes a command's flag set writing its usage to e.stderr.
func newFlags(e *env, name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, usageFor(name))
		fmt.Fprintln(e.stderr, "\nFlags:")
		fs.PrintDefaults()
	}
	return fs
}

// line is one input line waiting for its answer.
type line struct {
	file string
	no   int
	text string
	out  string // what to print on stdout
	err  string // what to print on stderr
}

// chunkSize lines travel together to a worker; it keeps channel traffic low.
const chunkSize = 64

// eachPuzzle parses every puzzle line of files (stdin for none or "-"),
// calls work for each on b.jobs goroutines and prints the answers in input
// order. Bad lines are reported as FILE:LINE: reason. It returns the exit
// status: 0, 1 if any line was bad, 2 if an input could not be read.
func eachPuzzle(e *env, b *batchFlags, files []string, work func(engine.Puzzle) string) int {
	var forced engine.Kind
	if b.kind != "" {
		k, err := e.kinds.Lookup(b.kind)
		if err != nil {
			fmt.Fprintf(e.stderr, "pencilbox: %v\n", err)
			return 2
		}
		forced = k
	}
	if b.jobs < 1 {
		b.jobs = 1
	}
	if len(files) == 0 {
		files = []string{"-"}
	}

	work1 := func(l *line) {
		k := forced
		if k == nil {
			k = e.kinds.Detect(l.text)
		}
		p, err := k.Parse(l.text)
		if err != nil {
			l.err = fmt.Sprintf("%s:%d: %v", l.file, l.no, err)
			return
		}
		l.out = work(p)
	}

	// Chunks go to the workers through todo, and to the printer, in input
	// order, through ordered; each chunk's done channel says it is ready.
	type chunk struct {
		lines []line
		done  chan struct{}
	}
	todo := make(chan *chunk, b.jobs)
	ordered := make(chan *chunk, 4*b.jobs)
	var wg sync.WaitGroup
	for range b.jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range todo {
				for i := range c.lines {
					work1(&c.lines[i])
				}
				close(c.done)
			}
		}()
	}

	start := time.Now()
	var n, bad int
	printed := make(chan struct{})
	go func() {
		defer close(printed)
		w := bufio.NewWriter(e.stdout)
		defer w.Flush()
		for c := range ordered {
			<-c.done
			for _, l := range c.lines {
				if l.err != "" {
					w.Flush()
					fmt.Fprintln(e.stderr, l.err)
					bad++
					continue
				}
				n++
				w.WriteString(l.out)
			}
		}
	}()

	status := 0
	cur := &chunk{done: make(chan struct{})}
	flush := func() {
		if len(cur.lines) == 0 {
			return
		}
		ordered <- cur
		todo <- cur
		cur = &chunk{done: make(chan struct{})}
	}
	for _, name := range files {
		err := readLines(e, name, func(no int, text string, tooLong bool) {
			l := line{file: name, no: no, text: text}
			if name == "-" {
				l.file = "stdin"
			}
			if tooLong {
				l.err = fmt.Sprintf("%s:%d: line longer than %d bytes", l.file, no, maxLine)
			}
			cur.lines = append(cur.lines, l)
			if len(cur.lines) == chunkSize {
				flush()
			}
		})
		if err != nil {
			flush()
			fmt.Fprintf(e.stderr, "pencilbox: %v\n", err)
			status = 2
		}
	}
	flush()
	close(todo)
	wg.Wait()
	close(ordered)
	<-printed

	if b.stats {
		secs := time.Since(start).Seconds()
		fmt.Fprintf(e.stderr, "%d puzzles in %.3f s (%.0f/s)\n", n, secs, float64(n)/secs)
	}
	if status == 0 && bad > 0 {
		status = 1
	}
	return status
}

// readLines calls fn for each non-blank, non-comment line of the named file
// ("-" is stdin), stripping a BOM, CR and trailing blanks. A line longer than
// maxLine is reported through tooLong with its text cut.
func readLines(e *env, name string, fn func(no int, text string, tooLong bool)) error {
	var r io.Reader = e.stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		defer f.Close()
		r = f
	}
	br := bufio.NewReaderSize(r, 64<<10)
	for no := 1; ; no++ {
		text, tooLong, err := readLine(br)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s:%d: %w", name, no, err)
		}
		if no == 1 {
			text = strings.TrimPrefix(text, "\ufeff")
		}
		text = strings.TrimRight(text, " \t\r")
		if tooLong {
			fn(no, "", true)
			continue
		}
		if t := strings.TrimSpace(text); t == "" || t[0] == '#' {
			continue
		}
		fn(no, text, false)
	}
}

// readLine reads one line of at most maxLine bytes, discarding the rest of
// a longer line.
func readLine(br *bufio.Reader) (string, bool, error) {
	var buf []byte
	tooLong := false
	for {
		part, isPrefix, err := br.ReadLine()
		if err != nil {
			if err == io.EOF && (len(buf) > 0 || tooLong) {
				return string(buf), tooLong, nil
			}
			return "", false, err
		}
		if !tooLong {
			if len(buf)+len(part) > maxLine {
				tooLong, buf = true, nil
			} else {
				buf = append(buf, part...)
			}
		}
		if !isPrefix {
			return string(buf), tooLong, nil
		}
	}
}
