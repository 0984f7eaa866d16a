package web

import (
	"container/list"
	"fmt"
	"net/http"
	"strconv"
	"sync"

	"github.com/labstack/echo/v4"

	"pencilbox/db"
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

func (sc *stepCache) get(kind engine.Kind, givens string) ([]engine.Step, error) {
	key := kind.Name() + "\x00" + givens
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
	steps := pz.Rate(true).Steps
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

// puzzleSteps returns the step log of a stored puzzle (nil when its kind is
// unknown or it is not unique).
func (s *Server) puzzleSteps(p model.Puzzle) ([]engine.Step, []engine.Technique) {
	kind, err := s.cfg.Kinds.Lookup(p.Kind)
	if err != nil {
		return nil, nil
	}
	if p.Status != engine.Unique.String() {
		return nil, kind.Ladder()
	}
	steps, err := s.steps.get(kind, p.Givens)
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
	p, err := s.cfg.Library.Puzzle(c.Request().Context(), id)
	if err != nil {
		return err
	}
	steps, ladder := s.puzzleSteps(p)
	pp := templates.PuzzlePage{P: p, View: s.cfg.Views.View(p.Kind), Ladder: ladder, Steps: steps,
		ShowSolution: c.QueryParam("solution") == "1"}
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
	if pp.Sets, err = s.setList(c); err != nil {
		return err
	}
	if pp.History, err = s.history(c, db.AuditFilter{Puzzle: id, Limit: historyRows}); err != nil {
		return err
	}
	return render(c, http.StatusOK, templates.PuzzlePageView(s.chrome(c, fmt.Sprintf("Puzzle %d", id), "puzzles"), pp))
}

func (s *Server) setTags(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	tags, err := splitTags(c.FormValue("tags"))
	if err != nil {
		return err
	}
	if err := s.cfg.Library.SetTags(c.Request().Context(), id, tags); err != nil {
		return err
	}
	return s.redirectFlash(c, fmt.Sprintf("/puzzles/%d", id), "Tags saved.")
}

// ---- import
