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
	"pencilbox/templates"
)

// buildSet makes a set, or extends one, from a recipe over the unused
// puzzles of the list's filter, picked with a seed (random when none is
// given, and said, so the pick can be made again). A refused form comes
// back as the list with the recipe's panel open, filled as sent, every
// reason listed (recipeRefused).
func (s *Server) buildSet(c echo.Context) error {
	ctx := c.Request().Context()
	rf := &templates.RecipeForm{Recipe: c.FormValue("recipe"), Seed: c.FormValue("seed"), Set: c.FormValue("set"), Name: c.FormValue("name")}
	var errs formErrs
	fail := func() error { return s.recipeRefused(c, rf, errs) }
	recipe, err := library.ParseRecipe(rf.Recipe, s.voc)
	if err != nil {
		errs.add("recipe", "%s.", sentence(err))
	}
	q, err := url.ParseQuery(c.FormValue("filter"))
	if err != nil {
		return userErr(http.StatusBadRequest, "Bad filter.")
	}
	q.Del("page")
	f, err := parseFilter(q, s.voc)
	if err != nil {
		return err
	}
	if f.Published == "yes" || f.InSet != "" && f.InSet != "no" || f.Outlet != "" {
		errs.add("", "A recipe takes only unused puzzles (never published, in no set): clear the Published, Outlet and In a set filters first.")
	}
	f.After, f.Offset, f.IDs = "", 0, nil
	seed := rand.Uint64() >> 1
	if v := strings.TrimSpace(rf.Seed); v != "" {
		if seed, err = strconv.ParseUint(v, 10, 64); err != nil {
			errs.add("seed", "Seed %q: write a whole number, or leave it empty for a random one.", clip(v, 40))
		}
	}
	var setID int64
	name := strings.TrimSpace(rf.Name)
	if v := rf.Set; v != "" {
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
			errs.add("set", "%s", lockedFlash(err))
		} else if err != nil {
			return err
		}
	} else if name == "" {
		errs.add("name", "Name the new set, or choose a set to extend.")
	} else if err := pencilbox.CheckSetText(name, ""); err != nil {
		errs.add("name", "%s.", sentence(err))
	}
	if len(errs) > 0 {
		return fail()
	}
	// not the list's budget but the recipe's (library.DefaultRecipeBudget,
	// Config.RecipeBudget): a recipe is one deliberate action, bounded
	// all the same; the request's context ends it when the editor leaves
	pctx, cancel := library.WithRecipeBudget(ctx, s.cfg.RecipeBudget)
	ids, err := s.cfg.Library.Pick(pctx, f, recipe, seed)
	cancel()
	// what the rating queue has not rated yet is no candidate: said
	pendingNote := ""
	if pl, ok := s.cfg.Library.(PendingLibrary); ok && (err == nil || errors.As(err, new(*library.ShortError))) {
		n, key, perr := pl.RecipePending(ctx, f, recipe)
		if perr != nil {
			return perr
		}
		pendingNote = library.PendingNote(n, key)
	}
	var short *library.ShortError
	var over *library.BudgetError
	if errors.As(err, &short) || errors.As(err, &over) {
		errs.add("recipe", "%s%s.", sentence(err), pendingNote)
		return fail()
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
			errs.add("", "%s.", sentence(err))
			return fail()
		case err != nil && s.isStorageFault(err):
			return err
		case err != nil:
			errs.add("name", "%s.", sentence(err))
			return fail()
		}
	} else if _, err := s.sets.Add(ctx, setID, ids, false); err != nil {
		if errors.Is(err, pencilbox.ErrSetLocked) {
			errs.add("set", "%s", lockedFlash(err))
			return fail()
		}
		if errors.As(err, &re) {
			// another editor used one meanwhile
			return s.redirectFlash(c, fmt.Sprintf("/sets/%d", setID), sentence(err)+".")
		}
		return err
	}
	s.rememberSet(c, setID)
	return s.redirectFlash(c, fmt.Sprintf("/sets/%d", setID),
		fmt.Sprintf("%s set %q: %d puzzles from recipe %s, seed %d (the same seed picks the same puzzles)%s.", verb, name, len(ids), recipe, seed, pendingNote))
}

// recipeRefused answers a refused recipe: the list it was sent from
// (back), its recipe panel open with rf as sent and every reason of
// errs, each field at fault marked.
func (s *Server) recipeRefused(c echo.Context, rf *templates.RecipeForm, errs formErrs) error {
	for _, e := range errs {
		rf.Errors, rf.Fields = append(rf.Errors, e.msg), append(rf.Fields, e.field)
	}
	q := url.Values{}
	if back, _ := backToList(c); back != "" {
		if u, err := url.Parse(back); err == nil {
			q = u.Query()
		}
	}
	return s.libraryPage(c, q, rf)
}
