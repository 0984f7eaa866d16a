package web

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"pencilbox"
	"pencilbox/engine"
	"pencilbox/templates"
	"pencilbox/web/model"
)

// MaxGenerateCount bounds one run of the Generate page.
const MaxGenerateCount = 10_000

// generateKinds lists the kinds that can generate (the form's fields for
// their parameters come from their declarations, engine.GenParamsOf).
func (s *Server) generateKinds() []model.GenerateKind {
	var out []model.GenerateKind
	for _, k := range s.cfg.Kinds {
		if _, ok := k.(engine.Generator); !ok {
			continue
		}
		gk := model.GenerateKind{Name: k.Name(), Title: k.Title()}
		for _, t := range k.Ladder() {
			gk.Ranks = max(gk.Ranks, t.Level)
		}
		_, gk.Second = s.cfg.Second[k.Name()]
		out = append(out, gk)
	}
	return out
}

// generateScale is the scale a run may target instead of stars: the
// first scale the kinds with a second rating declare, when they agree on
// it and it is filterable. Its declared key names the form field (the
// CLI's flag), its short label the messages.
func (s *Server) generateScale() (engine.Scale, bool) {
	sc, ok := s.voc.AnyFirstScale(nil)
	return sc, ok && sc.Filter
}

// generateScaleTarget reads the form's range v on sc into req, or says
// why not in errs (rankOK: the stars read, so the pair can be checked).
func (s *Server) generateScaleTarget(c echo.Context, errs *formErrs, req *model.GenerateRequest, k engine.Kind, sc engine.Scale, v string, rankOK bool) {
	sr, ok := s.cfg.Second[k.Name()]
	if t, known := s.voc.Of(k.Name()); !ok || !known || len(t.Scales) == 0 || t.Scales[0].Key != sc.Key {
		errs.add(sc.Key, "%s: %s has no second rating.", sc.Short, k.Title())
		return
	}
	var err error
	if req.ScaleLo, req.ScaleHi, err = pencilbox.ParseScaleRange(v, sc.Short); err != nil {
		errs.add(sc.Key, "%v.", err)
		return
	}
	what := sc.Short + " " + v
	if rank := strings.TrimSpace(c.FormValue("rank")); rank != "" {
		what = "Stars " + rank + " with " + what
	}
	if rankOK {
		// else said already; the combination is checked once the stars read
		if err := engine.CheckSecondTarget(k, sr, req.Opt.MinRank, req.Opt.MaxRank, req.ScaleLo, req.ScaleHi, what); err != nil {
			errs.add(sc.Key, "%s.", sentence(err))
		}
	}
	req.Scale = true
}

func (s *Server) generateForm(c echo.Context) error {
	if s.cfg.Generate == nil {
		return userErr(http.StatusServiceUnavailable, "Generating is not available on this server.")
	}
	return s.generateView(c, templates.GenerateSent{})
}

// generateView answers with the generate page; sent, when it holds an
// error, is the refused form, shown filled, the field at fault marked and
// the error said where the page says its news (a 400).
func (s *Server) generateView(c echo.Context, sent templates.GenerateSent) error {
	jobs, err := s.cfg.Library.Jobs(c.Request().Context(), 50)
	if err != nil {
		return err
	}
	var runs []model.Job
	for _, j := range jobs {
		if j.Source == "generated" && len(runs) < 10 {
			runs = append(runs, j)
		}
	}
	chrome, code := s.chrome(c, "Generate", "generate"), http.StatusOK
	if sent.Error != "" {
		chrome.Flash, code = sent.Error, http.StatusBadRequest
		if len(sent.Errors) > 1 {
			chrome.Flash = fmt.Sprintf("Not started: %d values need fixing (listed in the form).", len(sent.Errors))
		}
	}
	target, _ := s.generateScale()
	return render(c, code, templates.GenerateForm(chrome,
		templates.GeneratePage{Kinds: s.generateKinds(), Target: target, Params: engine.GenParamsOf(s.cfg.Kinds), Jobs: runs, MaxCount: MaxGenerateCount, Sent: sent,
			Limits: fmt.Sprintf("A run stops after %s, keeping what it made, and its page can cancel it; each user may run %d %s (imports and runs) at once, the server %d.",
				spanWords(s.cfg.GenerateLimit), s.cfg.MaxJobsPerUser, plural(s.cfg.MaxJobsPerUser, "job", "jobs"), s.cfg.MaxJobs)}))
}

func (s *Server) generatePost(c echo.Context) error {
	if s.cfg.Generate == nil {
		return userErr(http.StatusServiceUnavailable, "Generating is not available on this server.")
	}
	req, err := s.generateRequest(c)
	if err != nil {
		var fe formErrs
		if errors.As(err, &fe) {
			form, _ := c.FormParams()
			sent := templates.GenerateSent{Form: form, Error: fe.Error(), Field: fe[0].field}
			for _, e := range fe {
				sent.Errors, sent.Fields = append(sent.Errors, e.msg), append(sent.Fields, e.field)
			}
			return s.generateView(c, sent)
		}
		return err
	}
	limit := s.cfg.GenerateLimit
	run := func(ctx context.Context, progress func(model.Job)) (model.Job, error) {
		ctx, cancel := context.WithTimeoutCause(ctx, limit, &pencilbox.JobStop{State: pencilbox.JobStopped,
			Reason: fmt.Sprintf("Stopped at the time limit of a run, %s (pencilbox serve --generate-limit), before it made all %d puzzles asked: the target is rare or out of reach. What it made is stored.", spanWords(limit), req.Count)})
		defer cancel()
		return s.cfg.Generate(ctx, req, progress)
	}
	id, err := s.jobs.run(pencilbox.WithClient(pencilbox.WithActor(s.ctx, c.Get(ctxUser).(string)), clientAddr(c)), run, func() {})
	if pe := (*publicError)(nil); errors.As(err, &pe) {
		return err // a cap on running jobs, named
	}
	if err != nil {
		s.cfg.Log.Printf("generate: %v", err)
		if msg, ok := s.faults.Explain(err); ok {
			return userErr(http.StatusInternalServerError, "The run could not start. %s", msg)
		}
		return userErr(http.StatusInternalServerError, "The run could not start; the error was logged.")
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/import/%d", id))
}

// generateRequest reads and checks the form: a target known to be
// impossible is refused here, before any job starts. Every bad value is
// said (formErrs), not the first alone; a bad kind stops the checks, the
// others depending on it.
func (s *Server) generateRequest(c echo.Context) (model.GenerateRequest, error) {
	var errs formErrs
	bad := func(field, format string, args ...any) (model.GenerateRequest, error) {
		errs.add(field, format, args...)
		return model.GenerateRequest{}, errs
	}
	req := model.GenerateRequest{Kind: strings.TrimSpace(c.FormValue("kind")), Seed: uint64(time.Now().UnixNano())}
	k, err := s.cfg.Kinds.Lookup(req.Kind)
	if err != nil {
		return bad("kind", "Kind: %v.", err)
	}
	gen, ok := k.(engine.Generator)
	if !ok {
		return bad("kind", "Kind %s has no generator.", k.Name())
	}
	if req.Count, err = strconv.Atoi(strings.TrimSpace(c.FormValue("count"))); err != nil || req.Count < 1 || req.Count > MaxGenerateCount {
		errs.add("count", "Count %q: want a number from 1 to %d.", c.FormValue("count"), MaxGenerateCount)
	}
	rankOK := true
	if req.Opt.MinRank, req.Opt.MaxRank, err = pencilbox.ParseRange(c.FormValue("rank"), "Stars"); err != nil {
		errs.add("rank", "%v.", err)
		rankOK = false
	}
	if sc, ok := s.generateScale(); ok {
		if v := strings.TrimSpace(c.FormValue(sc.Key)); v != "" {
			s.generateScaleTarget(c, &errs, &req, k, sc, v, rankOK)
		}
	}
	if req.Opt.Params, err = s.generateParams(c, k, gen); err != nil {
		var pe *publicError
		if !errors.As(err, &pe) {
			return model.GenerateRequest{}, err
		}
		errs = append(errs, pe)
	}
	if req.Tags, err = splitTags(c.FormValue("tags")); err != nil {
		var pe *publicError
		if !errors.As(err, &pe) {
			return model.GenerateRequest{}, err
		}
		errs.add("tags", "%s", pe.msg)
	}
	req.Set = strings.TrimSpace(c.FormValue("set"))
	if req.Set != "" {
		if err := pencilbox.CheckSetText(req.Set, ""); err != nil {
			errs.add("set", "%s.", sentence(err))
		}
	}
	if len(errs) > 0 {
		return model.GenerateRequest{}, errs
	}
	if _, err := gen.NewSource(req.Opt, rand.New(rand.NewPCG(req.Seed, 0))); err != nil {
		if pe := (*engine.GenParamError)(nil); errors.As(err, &pe) {
			return bad(pe.Param, "%s: %v.", pe.Label, pe.Err)
		}
		return bad("", "%s: %v.", k.Title(), err)
	}
	return req, nil
}

// generateParams reads the fields of the generators' declared parameters
// for kind k and checks them against its declaration. An empty field is
// not given (the default); a text field filled for a parameter k does not
// take is refused, while a list of another kind's parameter (it always
// sends a value) is ignored.
func (s *Server) generateParams(c echo.Context, k engine.Kind, gen engine.Generator) (engine.GenValues, error) {
	decl := gen.GenParams()
	vals := engine.GenValues{}
	for _, p := range engine.GenParamsOf(s.cfg.Kinds) {
		text := strings.TrimSpace(c.FormValue(p.Name))
		if text == "" {
			continue
		}
		if !engine.Declares(decl, p.Name) {
			if p.Type == engine.ParamChoice || p.Type == engine.ParamBool {
				continue
			}
			return nil, fieldErr(p.Name, "%s: %s takes no %s.", p.Label, k.Title(), strings.ToLower(p.Label))
		}
		vals[p.Name] = text
	}
	if _, err := engine.ReadGenValues(decl, vals); err != nil {
		if pe := (*engine.GenParamError)(nil); errors.As(err, &pe) {
			return nil, fieldErr(pe.Param, "%s: %v.", pe.Label, pe.Err)
		}
		return nil, err
	}
	return vals, nil
}
