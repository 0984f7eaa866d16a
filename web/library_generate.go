package web

import (
	"context"
	"fmt"
	"runtime"
	"strconv"

	"pencilbox"
	"pencilbox/library"
	"pencilbox/web/model"
)

// Generate runs the generator into the library (library.Generate: an
// import of source "generated"), reporting the job after its start and
// after each committed batch.
func (l *StoreLibrary) Generate(ctx context.Context, req model.GenerateRequest, progress func(model.Job)) (model.Job, error) {
	k, err := l.Kinds.Lookup(req.Kind)
	if err != nil {
		return model.Job{}, err
	}
	// short is the label of the scale a run may target (the kind's first
	// scale, as declared), said in its note and what it was asked.
	short := "second rating"
	if t, ok := l.vocabulary().Of(k.Name()); ok && len(t.Scales) > 0 {
		short = t.Scales[0].Short
	}
	jobs := l.Workers
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	o := library.GenerateOptions{Kind: k, Opt: req.Opt, Count: req.Count, Jobs: jobs, Seed: req.Seed,
		Scale: req.Scale, ScaleLo: req.ScaleLo, ScaleHi: req.ScaleHi, Set: req.Set,
		Note: fmt.Sprintf("generated on the admin site: kind %s, %+v, %s %t %g-%g, seed %d, %d workers",
			k.Name(), req.Opt, short, req.Scale, req.ScaleLo, req.ScaleHi, req.Seed, jobs)}
	o.Asked = generateAsked(k.Title(), short, req)
	if req.Scale {
		var ok bool
		if o.Second, ok = l.Second[k.Name()]; !ok {
			return model.Job{}, fmt.Errorf("kind %s has no second rating", k.Name())
		}
	}
	// The audit log names the run a generator run, as the CLI's are.
	j, err := library.Generate(pencilbox.AsGenerator(ctx), l.Store, l.Formats, o, library.Options{
		Tags: req.Tags, Jobs: l.Workers, Second: l.Second,
		OnStart: func(j pencilbox.Job) { progress(viewJob(j)) },
		OnBatch: func(j pencilbox.Job) { progress(viewJob(j)) },
	})
	m := viewJob(j)
	m.Done = true
	return m, err
}

// generateAsked says what a run was asked, as its import job's input name
// (the Generate page's runs list it): the kind, the target (short: the
// targeted scale's label), the count.
func generateAsked(title, short string, req model.GenerateRequest) string {
	target := "any stars"
	switch lo, hi := req.Opt.MinRank, req.Opt.MaxRank; {
	case req.Scale:
		target = short + " " + scaleRange(req.ScaleLo, req.ScaleHi)
		if lo > 0 || hi > 0 {
			target = "stars " + rankRange(lo, hi) + ", " + target
		}
	case lo > 0 || hi > 0:
		target = "stars " + rankRange(lo, hi)
	}
	return fmt.Sprintf("%s, %s, %d puzzles", title, target, req.Count)
}

func rankRange(lo, hi int) string {
	switch {
	case lo == hi:
		return strconv.Itoa(lo)
	case hi == 0:
		return strconv.Itoa(lo) + "-"
	case lo == 0:
		return "-" + strconv.Itoa(hi)
	}
	return strconv.Itoa(lo) + "-" + strconv.Itoa(hi)
}

func scaleRange(lo, hi float64) string {
	f := func(v float64) string {
		if v == 0 {
			return ""
		}
		return strconv.FormatFloat(v, 'f', 1, 64)
	}
	if lo == hi {
		return f(lo)
	}
	return f(lo) + "-" + f(hi)
}
