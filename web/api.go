package web

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"pencilbox/engine"
	"pencilbox/web/model"
)

func (s *Server) apiPuzzles(c echo.Context) error {
	q := c.QueryParams()
	// a search that is a puzzle: the stored puzzles it is or is a
	// symmetric image of (none: an empty page), as on the list
	g, err := s.byGivens(c.Request().Context(), q.Get("q"), strings.TrimSpace(q.Get("kind")))
	if err != nil {
		return err
	}
	if g.read {
		q = withoutKeys(q, "q", "kind")
	}
	f, err := parseFilter(q, s.voc)
	if err != nil {
		return g.explain(err)
	}
	if g.read {
		f.IDs = append([]int64{}, g.ids...)
	}
	page, err := s.listPage(c.Request().Context(), f)
	if err != nil {
		return err
	}
	if page.Rows == nil {
		page.Rows = []model.Puzzle{}
	}
	if page.More && !f.CountAll {
		page.CountURL = countURL("/api/puzzles", c.QueryParams())
	}
	return c.JSON(http.StatusOK, page)
}

type apiPuzzle struct {
	model.Puzzle
	Steps []engine.Step `json:"steps"`
	// The sets holding it and its publications (the never-twice check).
	Sets         []model.Membership  `json:"sets"`
	Publications []model.Publication `json:"publications"`
}

// MarshalJSON writes the puzzle (its figures under its kind's keys:
// model.Puzzle.MarshalJSON), then the steps, sets and publications.
func (a apiPuzzle) MarshalJSON() ([]byte, error) {
	base, err := a.Puzzle.MarshalJSON()
	if err != nil {
		return nil, err
	}
	rest, err := json.Marshal(struct {
		Steps        []engine.Step       `json:"steps"`
		Sets         []model.Membership  `json:"sets"`
		Publications []model.Publication `json:"publications"`
	}{a.Steps, a.Sets, a.Publications})
	if err != nil {
		return nil, err
	}
	return model.MergeObjects(base, rest)
}

func (s *Server) apiPuzzle(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	p, err := s.cfg.Library.Puzzle(c.Request().Context(), id)
	if err != nil {
		return err
	}
	// The ladder's steps unless ?steps= asks for another log the puzzle
	// offers (the step viewer's "er").
	source := stepsLadder
	if v := c.QueryParam("steps"); v != "" {
		if !slices.Contains(s.stepSources(p), v) {
			return userErr(http.StatusBadRequest, "steps must be %s", strings.Join(s.stepSources(p), " or "))
		}
		source = v
	}
	steps, _ := s.puzzleSteps(p, source)
	sets, pubs, err := s.puzzleUse(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, apiPuzzle{Puzzle: p, Steps: apiSteps(steps), Sets: sets, Publications: pubs})
}

// apiSteps copies a step log (the cache's is shared) with every list a
// list, never null.
func apiSteps(steps []engine.Step) []engine.Step {
	out := make([]engine.Step, len(steps))
	for i, st := range steps {
		if st.Pattern == nil {
			st.Pattern = []int{}
		}
		if st.Place == nil {
			st.Place = []engine.Mark{}
		}
		if st.Eliminate == nil {
			st.Eliminate = []engine.Mark{}
		}
		out[i] = st
	}
	return out
}

func (s *Server) apiSets(c echo.Context) error {
	sets, err := s.setList(c)
	if err != nil {
		return err
	}
	if sets == nil {
		sets = []model.Set{}
	}
	return c.JSON(http.StatusOK, map[string]any{"sets": sets})
}

func (s *Server) apiSet(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	set, pg, err := s.loadSet(c, id, askedPage(c))
	if err != nil {
		return err
	}
	if set.Items == nil {
		set.Items = []model.Puzzle{}
	}
	ps, err := s.sets.Publications(c.Request().Context(), id)
	if err != nil {
		return err
	}
	pubs := make([]model.Publication, len(ps))
	for i, p := range ps {
		pubs[i] = viewPublication(p)
	}
	return c.JSON(http.StatusOK, apiSet{Set: set, Publications: pubs, Page: pg.num, Pages: pg.pages, PageSize: SetPageSize})
}

// apiSet is a set with its publications (outlet, date, how many puzzles).
// apiSet is a set with one page of its puzzles (SetPageSize, page=N);
// count is the whole set's.
type apiSet struct {
	model.Set
	Publications []model.Publication `json:"publications"`
	Page         int                 `json:"page"`
	Pages        int                 `json:"pages"`
	PageSize     int                 `json:"page_size"`
}

func (s *Server) apiJob(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	j, err := s.job(c, id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, j)
}
