package web

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"

	"pencilbox"
	"pencilbox/engine"
	"pencilbox/importers"
	"pencilbox/library"
	"pencilbox/web/model"
)

// StoreLibrary is the Library of a store (db.DB implements
// pencilbox.SiteStore): pages read through it, imports run the library's
// pipeline (one writer, batches) into it.
type StoreLibrary struct {
	Store   pencilbox.SiteStore
	Kinds   engine.Registry
	Formats importers.Registry
	// Highlights are the dashboard's facts the kinds declare
	// (bundle.Registry.Highlights); Stats counts them.
	Highlights []model.Highlight
	// Workers is the import's analysis goroutines (0 = all cores).
	Workers int
	// Second are the kinds' second raters: imports rate with them, the
	// dashboard shows the background fill's progress.
	Second engine.SecondRaters
	// Queue, when set, is the rating queue: an import leaves the slower
	// scales of new puzzles pending for it (library.Options.Queue) and
	// kicks it when done. nil rates them during the import.
	Queue RatingQueue
}

var _ Library = (*StoreLibrary)(nil)

// SizedKinds are the registered kinds whose stored boards are of more than
// one size (pencilbox.SiteStore's VariesInSize): the library page offers
// the size filter for them.
func (l *StoreLibrary) SizedKinds(ctx context.Context) ([]string, error) {
	var out []string
	for _, k := range l.Kinds {
		v, err := l.Store.VariesInSize(ctx, k.Name())
		if err != nil {
			return nil, err
		}
		if v {
			out = append(out, k.Name())
		}
	}
	return out, nil
}

// vocabulary is what the library's kinds declare (their scales and
// verdicts).
func (l *StoreLibrary) vocabulary() pencilbox.Vocabulary {
	return pencilbox.NewVocabulary(l.Kinds, l.Second)
}

// Stats summarises the library for the dashboard.
func (l *StoreLibrary) Stats(ctx context.Context) (model.Stats, error) {
	st, err := l.Store.Stats(ctx)
	if err != nil {
		return model.Stats{}, err
	}
	out := model.Stats{}
	have := map[string]pencilbox.KindStats{}
	for _, k := range st.Kinds {
		have[k.Kind] = k
	}
	// every registered kind, in registry order, even when it has no puzzle
	for _, k := range l.Kinds {
		levels := 0
		for _, t := range k.Ladder() {
			levels = max(levels, t.Level)
		}
		ks := have[k.Name()]
		m := model.KindStats{Kind: k.Name(), Title: k.Title(), Total: ks.Total, ByStatus: ks.ByStatus, Ranks: make([]int, levels)}
		if m.ByStatus == nil {
			m.ByStatus = map[string]int{}
		}
		for r, n := range ks.Ranks {
			if r >= 1 && r <= levels {
				m.Ranks[r-1] = n
			}
		}
		if sc := l.Second.ScalesOf(k.Name()); len(sc) > 0 {
			m.ScaleKey, m.ScaleShort, m.ScaleStep = sc[0].Key, sc[0].Short, sc[0].Step
			if m.ScalePending, err = l.Store.SecondPending(ctx, []string{k.Name()}); err != nil {
				return model.Stats{}, err
			}
			bins, err := l.Store.SecondHistogram(ctx, k.Name())
			if err != nil {
				return model.Stats{}, err
			}
			m.ScaleBins = scaleBins(bins)
		}
		out.Kinds = append(out.Kinds, m)
	}
	for _, h := range l.Highlights {
		n, err := l.count(ctx, h.Query)
		if err != nil {
			return model.Stats{}, fmt.Errorf("dashboard highlight %s: %w", h.ID, err)
		}
		h.Count = n
		out.Highlights = append(out.Highlights, h)
	}
	return out, nil
}

// count counts the puzzles of a filter given as the list's URL query.
func (l *StoreLibrary) count(ctx context.Context, query string) (int, error) {
	q, err := url.ParseQuery(query)
	if err != nil {
		return 0, err
	}
	f, err := parseFilter(q, l.vocabulary())
	if err != nil {
		return 0, err
	}
	df := domainFilter(f)
	impliedRank(&df, l.Kinds)
	return l.Store.Count(ctx, df, 0)
}

// domainFilter maps the URL's filter to the store's.
func domainFilter(f model.Filter) pencilbox.Filter {
	d := pencilbox.Filter{
		Kind: f.Kind, Status: f.Status, Source: f.Source, Tag: f.Tag, Technique: f.Technique, Q: f.Q,
		TagNot: f.TagNot, Published: f.Published, Outlet: f.Outlet, InSet: f.InSet,
		RankMin: f.RankMin, RankMax: f.RankMax, CluesMin: f.CluesMin, CluesMax: f.CluesMax,
		ScaleMin: f.ScaleMin, ScaleMax: f.ScaleMax, ScaleKey: f.ScaleKey, ScaleKinds: f.ScaleKinds, ScalePending: f.ScalePending,
		VerdictKinds: f.VerdictKinds,
		SizeMin:      pencilbox.Size{W: f.SizeMin[0], H: f.SizeMin[1]}, SizeMax: pencilbox.Size{W: f.SizeMax[0], H: f.SizeMax[1]},
		IDs: f.IDs, Sort: f.Sort, SortKinds: f.SortKinds, Desc: f.Desc, After: f.After, Offset: f.Offset, Limit: f.Limit,
		CountBy: f.CountBy,
	}
	switch f.Verdict {
	case "yes":
		d.Verdict = engine.Yes
	case "no":
		d.Verdict = engine.No
	}
	if d.Sort == "date" {
		d.Sort = pencilbox.SortCreated
	}
	return d
}

// figuresOf are p's second-rating figures as its kind declares them
// (none where it has no rating, or the queue has not rated it: a figure
// left in a pending row's slots is never shown).
func figuresOf(p pencilbox.Puzzle, voc pencilbox.Vocabulary) []model.Figure {
	if p.Scales[0] <= 0 || !p.ScaleRated {
		return nil
	}
	t, _ := voc.Of(p.Kind)
	out := make([]model.Figure, 0, len(t.Scales))
	for i, sc := range t.Scales {
		out = append(out, model.Figure{Key: sc.Key, Name: sc.Name, Short: sc.Short, Value: p.Scales[i], Text: sc.Format(p.Scales[i])})
	}
	return out
}

// pendingOf are p's declared scales the rating queue has not rated yet
// (none when rated, or its kind declares none), each saying "pending".
func pendingOf(p pencilbox.Puzzle, voc pencilbox.Vocabulary) []model.Figure {
	if p.ScaleRated {
		return nil
	}
	t, _ := voc.Of(p.Kind)
	var out []model.Figure
	for _, sc := range t.Scales {
		out = append(out, model.Figure{Key: sc.Key, Name: sc.Name, Short: sc.Short, Text: pencilbox.PendingWord})
	}
	return out
}

// viewPuzzle is p as the pages and the API show it, its figures and
// verdict named as its kind declares them (voc).
func viewPuzzle(p pencilbox.Puzzle, voc pencilbox.Vocabulary) model.Puzzle {
	m := model.Puzzle{
		ID: p.ID, Kind: p.Kind, Givens: p.Givens, Width: p.Width, Height: p.Height,
		Status: p.Status.String(), Rank: p.Rank, Score: p.Score, Clues: p.Clues,
		Profile: p.Profile, Tags: p.Tags, Note: p.Note, Added: p.Created, Solution: p.Solution,
	}
	t, _ := voc.Of(p.Kind)
	m.Figures = figuresOf(p, voc)
	m.Pending = pendingOf(p, voc)
	if p.Scales[0] > 0 && p.ScaleRated {
		if len(t.Scales) > 0 {
			m.ScaleNote, m.NoteKey, m.NoteName = p.ScaleNote, t.Scales[0].NoteKey, t.Scales[0].NoteName
		}
	}
	if p.Verdict != engine.NA && t.HasVerdict {
		m.Verdict, m.VerdictKey = p.Verdict.String(), t.Verdict.Field
	}
	if m.Tags == nil {
		m.Tags = []string{}
	}
	for _, s := range p.Sources {
		m.Sources = append(m.Sources, viewSource(s))
	}
	return m
}

func viewSource(s pencilbox.Source) model.Source {
	return model.Source{Name: s.Label, File: s.File, Line: s.Line, Text: s.Text}
}

// impliedRank raises the filter's lowest rank to the level of the
// technique it asks for: a puzzle's rank is the level of the hardest
// technique it needs, so none below can match. The store then starts its
// walk at that rank instead of passing every easier puzzle.
func impliedRank(f *pencilbox.Filter, kinds engine.Registry) {
	if f.Technique == "" {
		return
	}
	level := 0
	for _, k := range kinds {
		if f.Kind != "" && k.Name() != f.Kind {
			continue
		}
		for _, t := range k.Ladder() {
			if t.ID == f.Technique && (level == 0 || t.Level < level) {
				level = t.Level
			}
		}
	}
	f.RankMin = max(f.RankMin, level)
}

// Puzzles lists one page; each row carries its first source.
func (l *StoreLibrary) Puzzles(ctx context.Context, f model.Filter) (model.Page, error) {
	df := domainFilter(f)
	impliedRank(&df, l.Kinds)
	if err := l.Store.CheckFilter(df); err != nil {
		return model.Page{}, userErr(http.StatusBadRequest, "%v", err)
	}
	pg, err := l.Store.Puzzles(ctx, df)
	if err != nil {
		return model.Page{}, err
	}
	out := model.Page{Next: pg.Next, Total: pg.Total, More: pg.More, Rows: make([]model.Puzzle, len(pg.Rows))}
	ids := make([]int64, len(pg.Rows))
	for i, p := range pg.Rows {
		// the solution too: an app pulling levels through /api/puzzles
		// needs it to check its players' answers
		out.Rows[i] = viewPuzzle(p, l.vocabulary())
		ids[i] = p.ID
	}
	first, err := l.Store.FirstSources(ctx, ids)
	if err != nil {
		return model.Page{}, err
	}
	for i := range out.Rows {
		if s, ok := first[out.Rows[i].ID]; ok {
			out.Rows[i].Sources = []model.Source{viewSource(s)}
		}
	}
	return out, nil
}

// Puzzle returns one puzzle with its sources and solution.
func (l *StoreLibrary) Puzzle(ctx context.Context, id int64) (model.Puzzle, error) {
	p, err := l.Store.Puzzle(ctx, id)
	if err != nil {
		return model.Puzzle{}, err
	}
	return viewPuzzle(p, l.vocabulary()), nil
}

// SetTags replaces a puzzle's tags.
func (l *StoreLibrary) SetTags(ctx context.Context, id int64, tags []string) error {
	return l.Store.SetTags(ctx, id, tags)
}

// Missing returns the ids that name no stored puzzle.
func (l *StoreLibrary) Missing(ctx context.Context, ids []int64) ([]int64, error) {
	return l.Store.Missing(ctx, ids)
}

// Pick fills a recipe from the unused puzzles of f (library.Pick).
func (l *StoreLibrary) Pick(ctx context.Context, f model.Filter, r library.Recipe, seed uint64) ([]int64, error) {
	return library.Pick(ctx, l.Store, domainFilter(f), r, seed)
}

// RecipePending counts the unused candidates of a recipe on a scale that
// the rating queue has not rated yet (library.RecipePending).
func (l *StoreLibrary) RecipePending(ctx context.Context, f model.Filter, r library.Recipe) (int, string, error) {
	return library.RecipePending(ctx, l.Store, domainFilter(f), r)
}

// PuzzleID is the id of the stored puzzle of kind with that canonical form.
func (l *StoreLibrary) PuzzleID(ctx context.Context, kind, canonical string) (int64, bool, error) {
	return l.Store.PuzzleID(ctx, kind, canonical)
}

func viewJob(j pencilbox.Job) model.Job {
	m := model.Job{
		ID: j.ID, Source: j.Source, Format: j.Format, Files: j.Files, Started: j.Started, Finished: j.Finished, Owner: j.Owner,
		Done: j.State != pencilbox.JobRunning, State: j.State, Read: j.Read, Imported: j.Imported, Invalid: j.Invalid,
		Duplicates: j.Duplicates, Rejected: j.Rejected, Failed: j.Failed,
	}
	if m.Format == "" {
		m.Format = "auto"
	}
	for _, e := range j.Errors {
		m.Errors = append(m.Errors, model.JobError{File: e.File, Line: e.Line, Msg: e.Msg})
	}
	return m
}

// Jobs lists the newest import jobs.
func (l *StoreLibrary) Jobs(ctx context.Context, n int) ([]model.Job, error) {
	js, err := l.Store.Jobs(ctx, n)
	if err != nil {
		return nil, err
	}
	out := make([]model.Job, len(js))
	for i, j := range js {
		out[i] = viewJob(j)
	}
	return out, nil
}

// Job returns one stored job with its kept errors.
func (l *StoreLibrary) Job(ctx context.Context, id int64) (model.Job, error) {
	j, err := l.Store.Job(ctx, id)
	if err != nil {
		return model.Job{}, err
	}
	return viewJob(j), nil
}

// Import runs the library's import pipeline on r, reporting the job after
// its start and after each committed batch.
func (l *StoreLibrary) Import(ctx context.Context, r io.Reader, opts model.ImportOptions, progress func(model.Job)) (model.Job, error) {
	name := opts.File
	if name == "" {
		name = "pasted text"
	}
	j, err := library.Import(ctx, l.Store, l.Formats, []library.Input{{Name: name, R: r}}, library.Options{
		Source: opts.Source, Format: opts.Format, Tags: opts.Tags, Jobs: l.Workers, Second: l.Second,
		SolutionKeys: true,
		Queue:        l.Queue != nil,
		ChooseFormat: "choose one in the Format field",
		FailUnread:   true,
		OnStart:      func(j pencilbox.Job) { progress(viewJob(j)) },
		OnBatch:      func(j pencilbox.Job) { progress(viewJob(j)) },
	})
	if l.Queue != nil {
		l.Queue.Kick() // what it queued is rated at once
	}
	// Rejected records are in the job's counts and errors, not err: err
	// says the upload could not be read, or the import stopped.
	m := viewJob(j)
	m.Done = true
	return m, err
}

// scaleBins lays out the second rating's half-point counts from the lowest
// bin with puzzles to the highest, empty bins between included.
func scaleBins(counts map[int]int) []model.ScaleBin {
	lo, hi := -1, -1
	for b := range counts {
		if lo < 0 || b < lo {
			lo = b
		}
		hi = max(hi, b)
	}
	if lo < 0 {
		return nil
	}
	out := make([]model.ScaleBin, 0, hi-lo+1)
	for b := lo; b <= hi; b++ {
		out = append(out, model.ScaleBin{Lo: float64(5*b) / 10, Hi: float64(5*b+4) / 10, N: counts[b]})
	}
	return out
}
