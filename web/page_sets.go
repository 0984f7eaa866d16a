package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"pencilbox"
	"pencilbox/templates"
	"pencilbox/web/model"
)

func (s *Server) setsPage(c echo.Context) error {
	sets, err := s.setList(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, templates.SetsList(s.chrome(c, "Sets", "sets"), templates.SetsPage{Sets: sets}))
}

func (s *Server) createSet(c echo.Context) error {
	id, err := s.sets.Create(c.Request().Context(), c.FormValue("name"), c.FormValue("notes"))
	if err != nil {
		if isStorageFault(err) {
			return err // a full disk, a damaged file: the error page says which
		}
		return s.redirectFlash(c, "/sets", err.Error())
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/sets/%d", id))
}

// DefaultMaxSetAdd is Config.MaxSetAdd's default.
const DefaultMaxSetAdd = 10000

func (s *Server) addToSet(c echo.Context) error {
	ctx := c.Request().Context()
	setID, err := strconv.ParseInt(c.FormValue("set"), 10, 64)
	if err != nil {
		return userErr(http.StatusBadRequest, "Choose a set.")
	}
	form, _ := c.FormParams()
	var ids []int64
	capped := false // the filter matches more than s.cfg.MaxSetAdd puzzles
	if c.FormValue("what") == "filter" {
		q, err := url.ParseQuery(c.FormValue("filter"))
		if err != nil {
			return userErr(http.StatusBadRequest, "Bad filter.")
		}
		q.Del("page") // every puzzle of the filter, whichever page was shown
		f, err := parseFilter(q)
		if err != nil {
			return err
		}
		f.After, f.Offset, f.IDs = "", 0, nil
		err = s.search(ctx, func(ctx context.Context) error {
			for {
				f.Limit = min(1000, s.cfg.MaxSetAdd-len(ids))
				page, err := s.cfg.Library.Puzzles(ctx, f)
				if err != nil {
					return err
				}
				for _, p := range page.Rows {
					ids = append(ids, p.ID)
				}
				if page.Next == "" {
					return nil
				}
				if len(ids) >= s.cfg.MaxSetAdd {
					capped = true
					return nil
				}
				f.After = page.Next
			}
		})
		if err != nil {
			return err
		}
	} else {
		if len(form["id"]) > s.cfg.MaxSetAdd {
			return userErr(http.StatusBadRequest, "%d puzzles ticked: a set takes at most %d at a time. Add them in parts, or add a filter's puzzles.",
				len(form["id"]), s.cfg.MaxSetAdd)
		}
		for _, v := range form["id"] {
			id, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			if err != nil {
				return userErr(http.StatusBadRequest, "%q is not a puzzle id: nothing was added.", clip(v, 40))
			}
			ids = append(ids, id)
		}
		// Every id must name a stored puzzle: a set of ids that do not
		// could never be shown or exported.
		missing, err := s.cfg.Library.Missing(ctx, ids)
		if err != nil {
			return err
		}
		if len(missing) > 0 {
			return userErr(http.StatusBadRequest, "No puzzle has the %s %s: nothing was added.",
				plural(len(missing), "id", "ids"), idList(missing, 20))
		}
	}
	if len(ids) == 0 {
		return s.redirectFlash(c, "/puzzles", "Tick some puzzles first.")
	}
	n, err := s.sets.Add(ctx, setID, ids)
	if err != nil {
		return err
	}
	msg := fmt.Sprintf("%d puzzles added.", n)
	if capped {
		msg = fmt.Sprintf("The filter matches more than %d puzzles: only its first %d were taken (%d of them new to the set). Narrow the filter to add the rest.",
			s.cfg.MaxSetAdd, s.cfg.MaxSetAdd, n)
	}
	return s.redirectFlash(c, fmt.Sprintf("/sets/%d", setID), msg)
}

func (s *Server) loadSet(c echo.Context, id int64) (model.Set, error) {
	ctx := c.Request().Context()
	si, ids, err := s.sets.Get(ctx, id)
	if err != nil {
		return model.Set{}, err
	}
	set := model.Set{ID: si.ID, Name: si.Name, Notes: si.Notes, Count: si.Count, Updated: si.Updated}
	for _, pid := range ids {
		p, err := s.cfg.Library.Puzzle(ctx, pid)
		if errors.Is(err, ErrNotFound) {
			continue
		}
		if err != nil {
			return set, err
		}
		set.Items = append(set.Items, p)
	}
	return set, nil
}

func (s *Server) setPage(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	set, err := s.loadSet(c, id)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, templates.SetView(s.chrome(c, "Set "+set.Name, "sets"), templates.SetPage{Set: set, Views: s.cfg.Views, Exports: s.exportNames(setKinds(set)...)}))
}

func (s *Server) editSet(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	if err := s.sets.Update(c.Request().Context(), id, c.FormValue("name"), c.FormValue("notes")); err != nil {
		if errors.Is(err, pencilbox.ErrNoSet) || isStorageFault(err) {
			return err
		}
		return s.redirectFlash(c, fmt.Sprintf("/sets/%d", id), err.Error())
	}
	return s.redirectFlash(c, fmt.Sprintf("/sets/%d", id), "Saved.")
}

func (s *Server) moveInSet(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	pid, err1 := strconv.ParseInt(c.FormValue("puzzle"), 10, 64)
	pos, err2 := strconv.Atoi(strings.TrimSpace(c.FormValue("pos")))
	if err1 != nil || err2 != nil {
		return s.redirectFlash(c, fmt.Sprintf("/sets/%d", id), "Give a position number.")
	}
	if err := s.sets.Move(c.Request().Context(), id, pid, pos); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/sets/%d", id))
}

func (s *Server) removeFromSet(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	pid, err := strconv.ParseInt(c.FormValue("puzzle"), 10, 64)
	if err != nil {
		return userErr(http.StatusBadRequest, "Bad puzzle id.")
	}
	if err := s.sets.Remove(c.Request().Context(), id, pid); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/sets/%d", id))
}

func (s *Server) deleteSet(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	if err := s.sets.Delete(c.Request().Context(), id); err != nil {
		return err
	}
	return s.redirectFlash(c, "/sets", "Set deleted.")
}

// ---- export

// setKinds are the kinds of a set's puzzles, each once, sorted.
func setKinds(set model.Set) []string {
	var kinds []string
	for _, p := range set.Items {
		if !slices.Contains(kinds, p.Kind) {
			kinds = append(kinds, p.Kind)
		}
	}
	slices.Sort(kinds)
	return kinds
}
