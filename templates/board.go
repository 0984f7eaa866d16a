package templates

import (
	"context"
	"io"

	"github.com/a-h/templ"

	"pencilbox/draw/svg"
	"pencilbox/engine"
	"pencilbox/web/model"
)

// DrawnView is the web view of a kind that describes its boards
// (engine.Describer): the shared SVG back end (draw/svg) draws the
// thumbnail, the board and the step viewer's board from the kind's
// description, so no kind has markup of its own. A puzzle the kind cannot
// describe shows as its givens' text.
func DrawnView(d engine.Describer) KindView { return drawnView{d} }

type drawnView struct{ d engine.Describer }

func (v drawnView) Thumb(p model.Puzzle) templ.Component {
	b, err := v.d.Describe(p.Givens, "")
	if err != nil {
		return givensText(p.Givens)
	}
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		// into the page buffer's free space when it has some (no buffer
		// of the thumbnail's own: a list page draws fifty)
		if ab, ok := w.(interface{ AvailableBuffer() []byte }); ok {
			_, err := w.Write(svg.AppendThumb(ab.AvailableBuffer(), b))
			return err
		}
		_, err := w.Write(svg.Thumb(b))
		return err
	})
}

func (v drawnView) Board(p model.Puzzle, solution string) templ.Component {
	b, err := v.d.Describe(p.Givens, solution)
	if err != nil && solution != "" {
		b, err = v.d.Describe(p.Givens, "") // a solution that does not fit: the givens
	}
	if err != nil {
		return givensText(p.Givens)
	}
	return boardFrame(b)
}

func (v drawnView) Step(p model.Puzzle, steps []engine.Step, n int) (templ.Component, error) {
	b, err := v.d.DescribeStep(p.Givens, steps, n)
	if err != nil {
		return nil, err
	}
	return boardFrame(b), nil
}

// rawSVG writes SVG the back end made: it escapes every text it writes.
func rawSVG(b []byte) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		_, err := w.Write(b)
		return err
	})
}
