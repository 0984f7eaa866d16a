package web

// Sets built from a recipe (issue 17): quotas over the unused puzzles of
// the list's filter, picked with a seed (library.Pick), into a new set or
// one extended.

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"pencilbox"
	"pencilbox/library"
)

// buildSet makes a set, or extends one, from a recipe over the unused
// puzzles of the list's filter, picked with a seed (random when none is
// given, and said, so the pick can be made again).
func (s *Server) buildSet(c echo.Context) error {
	ctx := c.Request().Context()
	back, _ := backToList(c)
	if back == "" {
		back = "/puzzles"
	}
	back += "#recipe"
	fail := func(msg string) error { return s.redirectFlash(c, back, msg) }
	recipe, err := library.ParseRecipe(c.FormValue("recipe"))
	if err != nil {
		return fail(sentence(err) + ".")
	}
	q, err := url.ParseQuery(c.FormValue("filter"))
	if err != nil {
		return userErr(http.StatusBadRequest, "Bad filter.")
	}
	q.Del("page")
	f, err := parseFilter(q)
	if err != nil {
		return err
	}
	if f.Published == "yes" || f.InSet != "" && f.InSet != "no" || f.Outlet != "" {
		return fail("A recipe takes only unused puzzles (never published, in no set): clear the Published, Outlet and In a set filters first.")
	}
	f.After, f.Offset, f.IDs = "", 0, nil
	seed := rand.Uint64() >> 1
	if v := strings.TrimSpace(c.FormValue("seed")); v != "" {
		if seed, err = strconv.ParseUint(v, 10, 64); err != nil {
			return fail(fmt.Sprintf("Seed %q: write a whole number, or leave it empty for a random one.", clip(v, 40)))
		}
	}
	var setID int64
	name := strings.TrimSpace(c.FormValue("name"))
	if v := c.FormValue("set"); v != "" {
		if setID, err = strconv.ParseInt(v, 10, 64); err != nil {
			return userErr(http.StatusBadRequest, "Choose a set.")
		}
		si, _, err := s.sets.Get(ctx, setID)
		if err != nil {
			return err
		}
		name = si.Name
		// a published set is refused before the recipe is filled (Add
		// would refuse it after)
		if err := s.locked(ctx, si); errors.Is(err, pencilbox.ErrSetLocked) {
			return fail(lockedFlash(err) + " Nothing was built.")
		} else if err != nil {
			return err
		}
	} else if name == "" {
		return fail("Name the new set, or choose a set to extend.")
	} else if err := pencilbox.CheckSetText(name, ""); err != nil {
		return fail(sentence(err) + ". Nothing was built.")
	}
	// not the list's budget but the recipe's (library.DefaultRecipeBudget,
	// Config.RecipeBudget): a recipe is one deliberate action, bounded
	// all the same; the request's context ends it when the editor leaves
	pctx, cancel := library.WithRecipeBudget(ctx, s.cfg.RecipeBudget)
	ids, err := s.cfg.Library.Pick(pctx, f, recipe, seed)
	cancel()
	var short *library.ShortError
	var over *library.BudgetError
	if errors.As(err, &short) || errors.As(err, &over) {
		return fail(sentence(err) + ". Nothing was built.")
	}
	if err != nil {
		return err
	}
	verb := "Extended"
	var re *pencilbox.ReuseError
	if setID == 0 {
		verb = "Built"
		// made with its puzzles in one transaction: a kill leaves no
		// empty set
		setID, _, err = s.sets.CreateFilled(ctx, name, fmt.Sprintf("from recipe %s, seed %d", recipe, seed), ids, false)
		switch {
		case errors.As(err, &re):
			// another editor used one meanwhile
			return fail(sentence(err) + ". Nothing was built.")
		case err != nil && isStorageFault(err):
			return err
		case err != nil:
			return fail(sentence(err) + ".")
		}
	} else if _, err := s.sets.Add(ctx, setID, ids, false); err != nil {
		if errors.Is(err, pencilbox.ErrSetLocked) {
			return fail(lockedFlash(err) + " Nothing was built.")
		}
		if errors.As(err, &re) {
			// another editor used one meanwhile
			return s.redirectFlash(c, fmt.Sprintf("/sets/%d", setID), sentence(err)+".")
		}
		return err
	}
	s.rememberSet(c, setID)
	return s.redirectFlash(c, fmt.Sprintf("/sets/%d", setID),
		fmt.Sprintf("%s set %q: %d puzzles from recipe %s, seed %d (the same seed picks the same puzzles).", verb, name, len(ids), recipe, seed))
}
