package export

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"pencilbox"
)

// lineWriter is the .sdm line form: a "# tags:" comment when the puzzle
// has tags, then the 81 cells and the note.
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

// gridWriter is the .sdk form: 9 rows of 9, a blank line between grids.
type gridWriter struct{ w *bufio.Writer }

func openGrid(w io.Writer, _ *writeEnv) (writer, error) {
	return &gridWriter{bufio.NewWriterSize(w, 64<<10)}, nil
}

func (g *gridWriter) write(p pencilbox.Puzzle, n int) error {
	if len(p.Givens) != 81 {
		return fmt.Errorf("givens of %d cells, want 81", len(p.Givens))
	}
	if n > 1 {
		g.w.WriteByte('\n')
	}
	if err := tagsComment(g.w, p.Tags); err != nil {
		return err
	}
	for r := 0; r < 9; r++ {
		g.w.WriteString(p.Givens[r*9 : r*9+9])
		g.w.WriteByte('\n')
	}
	return nil
}

func (g *gridWriter) close() error { return g.w.Flush() }

// notationWriter writes one notation per line (puzz.link URLs, Tatham
// IDs), each after its "# tags:" comment.
type notationWriter struct {
	w    *bufio.Writer
	env  *writeEnv
	name string
	form func(any) (string, bool)
}

func openURL(w io.Writer, env *writeEnv) (writer, error) {
	return &notationWriter{bufio.NewWriterSize(w, 64<<10), env, "url", func(p any) (string, bool) {
		u, ok := p.(interface{ URL() string })
		if !ok {
			return "", false
		}
		return u.URL(), true
	}}, nil
}

func openTatham(w io.Writer, env *writeEnv) (writer, error) {
	return &notationWriter{bufio.NewWriterSize(w, 64<<10), env, "tatham", func(p any) (string, bool) {
		t, ok := p.(interface{ TathamID() string })
		if !ok {
			return "", false
		}
		return t.TathamID(), true
	}}, nil
}

func (t *notationWriter) write(p pencilbox.Puzzle, _ int) error {
	ep, err := parse(t.env.kinds, p)
	if err != nil {
		return err
	}
	s, ok := t.form(ep)
	if !ok {
		return fmt.Errorf("%s puzzles have no %s notation", p.Kind, t.name)
	}
	if err := tagsComment(t.w, p.Tags); err != nil {
		return err
	}
	t.w.WriteString(s)
	return t.w.WriteByte('\n')
}

func (t *notationWriter) close() error { return t.w.Flush() }
