package library

import (
	"context"
	"errors"
	"io"
	"path/filepath"

	"github.com/schollz/progressbar/v3"

	"pencilbox/importers"
)

// read sends every record of inputs to the workers, in input order, each
// holding a token; an input that cannot be read travels as one item
// saying why. It closes work at the end.
func (p *pipeline) read(ctx context.Context, inputs []Input) {
	defer close(p.work)
	seq := 0
	send := func(it *item) error {
		select {
		case p.tokens <- struct{}{}:
		case <-ctx.Done():
			return ctx.Err()
		}
		it.seq = seq
		seq++
		select {
		case p.work <- it:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	// skip reports an input that could not be read and goes on,
	// unless the import itself is being stopped.
	skip := func(in Input, err error) bool {
		if ctx.Err() != nil {
			p.readErr = ctx.Err()
			return false
		}
		if serr := send(&item{file: in.Name, unreadable: err.Error()}); serr != nil {
			p.readErr = serr
			return false
		}
		return true
	}
	for _, in := range inputs {
		label := p.opts.Source
		if label == "" {
			label = filepath.Base(in.Name)
			if in.Name == "-" {
				label = "stdin"
			}
		}
		if in.Err != nil {
			if !skip(in, in.Err) {
				return
			}
			continue
		}
		r := in.R
		if p.bar != nil && in.Size > 0 {
			r = &countReader{r: r, bar: p.bar}
		}
		f, br, err := importers.Open(r, p.reg, p.opts.Format)
		if errors.Is(err, importers.ErrEmpty) {
			continue
		}
		if ufe := (*importers.UnknownFormatError)(nil); errors.As(err, &ufe) && p.opts.ChooseFormat != "" {
			ufe.How = p.opts.ChooseFormat
		}
		if err != nil {
			if !skip(in, err) {
				return
			}
			continue
		}
		err = f.Read(br, func(rec importers.Record) error {
			return send(&item{file: in.Name, label: label, rec: rec})
		})
		if err != nil {
			// The records before the error are in; the rest of the
			// input is lost, so it counts as not read.
			if !skip(in, err) {
				return
			}
		}
	}
}

type countReader struct {
	r   io.Reader
	bar *progressbar.ProgressBar
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.bar.Add(n)
	return n, err
}
