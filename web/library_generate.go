package web

import (
	"context"
	"fmt"
	"runtime"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/library"
	"pencilbox/web/model"
)

// Generate runs the generator into the library (library.Generate: an
// import of source "generated"), reporting the job after its start and
// after each committed batch.
func (l *DBLibrary) Generate(ctx context.Context, req model.GenerateRequest, progress func(model.Job)) (model.Job, error) {
	k, err := l.Kinds.Lookup(req.Kind)
	if err != nil {
		return model.Job{}, err
	}
	jobs := l.Workers
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	o := library.GenerateOptions{Kind: k, Opt: req.Opt, Count: req.Count, Jobs: jobs, Seed: req.Seed,
		ER: req.ER, ERLo: req.ERLo, ERHi: req.ERHi, Set: req.Set,
		Note: fmt.Sprintf("generated on the admin site: kind %s, %+v, ER %t %g-%g, seed %d, %d workers",
			k.Name(), req.Opt, req.ER, req.ERLo, req.ERHi, req.Seed, jobs)}
	if req.ER {
		var ok bool
		if o.Second, ok = l.Second[k.Name()]; !ok {
			return model.Job{}, fmt.Errorf("kind %s has no second rating", k.Name())
		}
	}
	// The audit log names the run a generator run, as the CLI's are.
	j, err := library.Generate(db.AsGenerator(ctx), l.DB, l.Formats, o, library.Options{
		Tags: req.Tags, Jobs: l.Workers, Second: l.Second,
		OnStart: func(j pencilbox.Job) { progress(viewJob(j)) },
		OnBatch: func(j pencilbox.Job) { progress(viewJob(j)) },
	})
	m := viewJob(j)
	m.Done = true
	return m, err
}
