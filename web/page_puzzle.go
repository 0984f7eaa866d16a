package web

import (
	"container/list"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"

	"pencilbox"
	"pencilbox/engine"
	"pencilbox/templates"
	"pencilbox/web/model"
)

// stepCache keeps recent puzzles' step logs: rating with steps costs up to
// tens of milliseconds, and the step viewer asks for the same log at every
// click.
type stepCache struct {
	mu    sync.Mutex
	cap   int
	ll    *list.List
	items map[string]*list.Element
}

type stepEntry struct {
	key   string
	steps []engine.Step
}

func newStepCache(n int) *stepCache {
	return &stepCache{cap: n, ll: list.New(), items: map[string]*list.Element{}}
}

func (sc *stepCache) get(kind engine.Kind, givens string, second engine.SecondRater) ([]engine.Step, error) {
	key := kind.Name() + "\x00" + givens
	if second != nil {
		key += "\x00second"
	}
	sc.mu.Lock()
	if e, ok := sc.items[key]; ok {
		sc.ll.MoveToFront(e)
		sc.mu.Unlock()
		return e.Value.(*stepEntry).steps, nil
	}
	sc.mu.Unlock()
	pz, err := kind.Parse(givens)
	if err != nil {
		return nil, err
	}
	var steps []engine.Step
	if second != nil {
		steps = second.RateSecond(pz, true).Steps
	} else {
		steps = pz.Rate(true).Steps
	}
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if _, ok := sc.items[key]; !ok {
		sc.items[key] = sc.ll.PushFront(&stepEntry{key: key, steps: steps})
		for sc.ll.Len() > sc.cap {
			last := sc.ll.Back()
			sc.ll.Remove(last)
			delete(sc.items, last.Value.(*stepEntry).key)
		}
	}
	return steps, nil
}

// The step viewer's logs, chosen by ?steps=: the ladder's (stars) and
// the kind's second rater's, named by its first scale's key (Sudoku:
// steps=er).
const stepsLadder = "stars"

// stepSources are the step logs puzzle p offers, the one shown first
// first: the second rater's where the puzzle has its rating.
func (s *Server) stepSources(p model.Puzzle) []string {
	if _, ok := s.cfg.Second[p.Kind]; ok && len(p.Figures) > 0 {
		return []string{p.Figures[0].Key, stepsLadder}
	}
	return []string{stepsLadder}
}

// puzzleSteps returns a stored puzzle's step log from source (nil when
// its kind is unknown or it is not unique).
func (s *Server) puzzleSteps(p model.Puzzle, source string) ([]engine.Step, []engine.Technique) {
	kind, err := s.cfg.Kinds.Lookup(p.Kind)
	if err != nil {
		return nil, nil
	}
	if p.Status != engine.Unique.String() {
		return nil, kind.Ladder()
	}
	var second engine.SecondRater
	if source != stepsLadder && len(p.Figures) > 0 && source == p.Figures[0].Key {
		second = s.cfg.Second[p.Kind]
	}
	steps, err := s.steps.get(kind, p.Givens, second)
	if err != nil {
		return nil, kind.Ladder()
	}
	return steps, kind.Ladder()
}

func (s *Server) puzzle(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	return s.puzzleView(c, id, templates.TagsForm{})
}

// puzzleView answers with puzzle id's page; tags, when it holds an
// error, is the tag form as it was sent, shown filled with the error (a
// 400).
func (s *Server) puzzleView(c echo.Context, id int64, tags templates.TagsForm) error {
	p, err := s.cfg.Library.Puzzle(c.Request().Context(), id)
	if err != nil {
		return err
	}
	sources := s.stepSources(p)
	source := sources[0]
	if v := c.QueryParam("steps"); v != "" {
		if !slices.Contains(sources, v) {
			return userErr(http.StatusBadRequest, "steps must be %s", strings.Join(sources, " or "))
		}
		source = v
	}
	steps, ladder := s.puzzleSteps(p, source)
	pp := templates.PuzzlePage{P: p, View: s.cfg.Views.View(p.Kind), Ladder: ladder, Steps: steps,
		ShowSolution: c.QueryParam("solution") == "1", StepSources: sources, StepSource: source, Tags: tags}
	if k, err := s.cfg.Kinds.Lookup(p.Kind); err == nil {
		pp.VerdictName = engine.VerdictName(k)
	}
	if len(steps) > 0 {
		n := 1
		if v := c.QueryParam("step"); v != "" {
			n, err = strconv.Atoi(v)
			if err != nil || n < 1 || n > len(steps)+1 {
				return userErr(http.StatusBadRequest, "step must be 1-%d", len(steps)+1)
			}
		}
		pp.Step = n
		pp.StepBoard, err = pp.View.Step(p, steps, n-1)
		if err != nil {
			pp.StepErr = "The step log cannot be replayed: " + err.Error()
		}
	}
	if c.QueryParam("part") == "step" {
		// The step viewer's script moving between steps: the board and
		// sentence only, not the page with its whole step list again.
		if len(steps) == 0 || pp.StepErr != "" {
			return userErr(http.StatusNotFound, "This puzzle has no step to show.")
		}
		return render(c, http.StatusOK, templates.StepPart(pp))
	}
	if pp.InSets, pp.Publications, err = s.puzzleUse(c.Request().Context(), id); err != nil {
		return err
	}
	if pp.Sets, err = s.setList(c); err != nil {
		return err
	}
	pp.LastSet = setFor(pp.Sets, lastSet(c), pp.P.Kind)
	if pp.History, err = s.history(c, pencilbox.AuditFilter{Puzzle: id, Limit: historyRows}); err != nil {
		return err
	}
	code := http.StatusOK
	if tags.Error != "" {
		code = http.StatusBadRequest
	}
	return render(c, code, templates.PuzzlePageView(s.chrome(c, fmt.Sprintf("Puzzle %d", id), "puzzles"), pp))
}

func (s *Server) setTags(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	typed := c.FormValue("tags")
	tags, err := splitTags(typed)
	var pe *publicError
	if errors.As(err, &pe) {
		// refused whole, nothing saved: the page again, the field as typed
		return s.puzzleView(c, id, templates.TagsForm{Typed: typed, Error: pe.msg})
	}
	if err != nil {
		return err
	}
	if err := s.cfg.Library.SetTags(c.Request().Context(), id, tags); err != nil {
		return err
	}
	return s.redirectFlash(c, fmt.Sprintf("/puzzles/%d", id), "Tags saved.")
}

// ---- import
