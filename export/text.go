package export

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"pencilbox"
)

// lineWriter is the .sdm line form: a "# tags:" comment when the puzzle
// has tags, then the stored givens (Sudoku: 81 cells) and the note.
type lineWriter struct{ w *bufio.Writer }

func openLine(w io.Writer, _ *writeEnv) (writer, error) {
	return &lineWriter{bufio.NewWriterSize(w, 64<<10)}, nil
}

func (l *lineWriter) write(p pencilbox.Puzzle, _ int) error {
	if err := tagsComment(l.w, p.Tags); err != nil {
		return err
	}
	l.w.WriteString(p.Givens)
	if note := oneLine(p.Note); note != "" {
		l.w.WriteString(" ")
		l.w.WriteString(note)
	}
	return l.w.WriteByte('\n')
}

func (l *lineWriter) close() error { return l.w.Flush() }

// oneLine keeps a note on one line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// gridWriter is the .sdk form: the givens in rows of the puzzle's width
// (Sudoku: 9 rows of 9), a blank line between grids.
type gridWriter struct{ w *bufio.Writer }

func openGrid(w io.Writer, _ *writeEnv) (writer, error) {
	return &gridWriter{bufio.NewWriterSize(w, 64<<10)}, nil
}

func (g *gridWriter) write(p pencilbox.Puzzle, n int) error {
	if p.Width <= 0 || len(p.Givens) != p.Width*p.Height {
		return fmt.Errorf("givens of %d cells, want %dx%d", len(p.Givens), p.Width, p.Height)
	}
	if n > 1 {
		g.w.WriteByte('\n')
	}
	if err := tagsComment(g.w, p.Tags); err != nil {
		return err
	}
	for r := 0; r < p.Height; r++ {
		g.w.WriteString(p.Givens[r*p.Width : (r+1)*p.Width])
		g.w.WriteByte('\n')
	}
	return nil
}

func (g *gridWriter) close() error { return g.w.Flush() }

// notationWriter writes one kind's notation per line (puzz.link URLs,
// Tatham IDs), each after its "# tags:" comment.
type notationWriter struct {
	w    *bufio.Writer
	env  *writeEnv
	name string
}

func openNotation(w io.Writer, env *writeEnv, name string) (writer, error) {
	return &notationWriter{bufio.NewWriterSize(w, 64<<10), env, name}, nil
}

func (t *notationWriter) write(p pencilbox.Puzzle, _ int) error {
	k, ok := t.env.kinds.lookup(p.Kind)
	if !ok {
		return fmt.Errorf("unknown puzzle kind %q", p.Kind)
	}
	form := k.text(t.name)
	if form == nil || form.Line == nil {
		return fmt.Errorf("%s puzzles have no %s notation", p.Kind, t.name)
	}
	ep, err := k.Engine.Parse(p.Givens)
	if err != nil {
		return err
	}
	if err := tagsComment(t.w, p.Tags); err != nil {
		return err
	}
	t.w.WriteString(form.Line(ep))
	return t.w.WriteByte('\n')
}

func (t *notationWriter) close() error { return t.w.Flush() }
