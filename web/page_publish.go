package web

// The publishing side of the set pages (issue 17): a set marked published
// (outlet, date), and adding puzzles that are already used only once
// asked.

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"pencilbox"
	"pencilbox/engine"
	"pencilbox/templates"
)

// publishSet records the set as published in an outlet on a date.
func (s *Server) publishSet(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	sent := &templates.PublishForm{Outlet: c.FormValue("outlet"), Date: c.FormValue("date"), Images: c.FormValue("images") == "1"}
	var errs formErrs
	if err := pencilbox.CheckOutlet(strings.TrimSpace(sent.Outlet)); err != nil {
		errs.add("outlet", "%s.", sentence(err))
	}
	if _, err := pencilbox.ParseDate(sent.Date, time.Now()); err != nil {
		errs.add("date", "%s.", sentence(err))
	}
	var pub pencilbox.Publication
	if len(errs) == 0 {
		var image uint64
		if sent.Images {
			image = pencilbox.NewImageSeed()
		}
		var err error
		pub, err = s.sets.Publish(c.Request().Context(), id, sent.Outlet, sent.Date, image)
		if errors.Is(err, pencilbox.ErrNoSet) || s.isStorageFault(err) {
			return err
		}
		if err != nil {
			errs.add("", "%s.", sentence(err))
		}
	}
	if len(errs) > 0 {
		// the set's page again, the publish form as sent, every reason
		d, err := s.setPageData(c, id)
		if err != nil {
			return err
		}
		for _, e := range errs {
			sent.Errors, sent.Fields = append(sent.Errors, e.msg), append(sent.Fields, e.field)
		}
		d.PublishSent = sent
		ch := s.chrome(c, "Set "+d.Set.Name, "sets")
		ch.Flash = "Not published: " + errs.Error()
		return render(c, http.StatusBadRequest, templates.SetView(ch, d))
	}
	return s.redirectFlash(c, fmt.Sprintf("/sets/%d#publications", id),
		fmt.Sprintf("Published in %s on %s: its %d puzzles keep the record%s.", pub.Outlet, pub.Date, pub.Count, imagesNote(pub)))
}

// imagesNote is what the flash adds for a publication printed as random
// images.
func imagesNote(pub pencilbox.Publication) string {
	if pub.Image == 0 {
		return ""
	}
	return ", printed as random images: its booklet prints those images, now and in a reprint"
}

// imagers reports whether any of kinds can print a puzzle as another
// image of itself (engine.Imager): the publish form offers random
// images only then.
func (s *Server) imagers(kinds []string) bool {
	for _, name := range kinds {
		if k, err := s.cfg.Kinds.Lookup(name); err == nil {
			if _, ok := k.(engine.Imager); ok {
				return true
			}
		}
	}
	return false
}

// reopenSet unlocks a published set for changes (SetStore.Reopen: its
// publications stay, stamped, and the audit log records it).
func (s *Server) reopenSet(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	pubs, err := s.sets.Reopen(c.Request().Context(), id)
	if errors.Is(err, pencilbox.ErrNotLocked) {
		return s.redirectFlash(c, fmt.Sprintf("/sets/%d", id), sentence(err)+".")
	}
	if err != nil {
		return err
	}
	var what []string
	for _, p := range pubs {
		what = append(what, p.Outlet+" on "+p.Date)
	}
	return s.redirectFlash(c, fmt.Sprintf("/sets/%d", id),
		fmt.Sprintf("Reopened for changes. Its publications (%s) keep their records; marking it published again locks it again.", strings.Join(what, "; ")))
}

// locked is a *pencilbox.LockedError when a publication locks set si
// (what its changes would be refused with), else nil; a read error is
// returned as is.
func (s *Server) locked(ctx context.Context, si pencilbox.Set) error {
	pubs, err := s.sets.Publications(ctx, si.ID)
	if err != nil {
		return err
	}
	var locking []pencilbox.Publication
	for _, p := range pubs {
		if p.Locks() {
			locking = append(locking, p)
		}
	}
	if len(locking) == 0 {
		return nil
	}
	return &pencilbox.LockedError{Set: si.Name, Publications: locking}
}

// lockedFlash is the message of a change refused because the set is
// published, saying where to reopen it.
func lockedFlash(err error) string {
	return sentence(err) + " (Reopen, under Publications)."
}

// maxReuseListed bounds the used puzzles the confirm page lists.
const maxReuseListed = 200

// reuseConfirm answers an add that the store refused because some of its
// puzzles are used: the page names them and why, and sends the add again
// with reuse=yes, or with the unused puzzles only.
func (s *Server) reuseConfirm(c echo.Context, setID int64, ids []int64, re *pencilbox.ReuseError) error {
	r := templates.ReusePage{SetID: setID, SetName: re.Set, What: c.FormValue("what"), Filter: c.FormValue("filter"), At: c.QueryParam("at")}
	if back, _ := backToList(c); back != "" {
		r.Back = back
	}
	if r.What != "filter" {
		r.What, r.IDs = "ticked", ids
	}
	used := make(map[int64]bool, len(re.Reused))
	for i, u := range re.Reused {
		used[u.Puzzle] = true
		if i < maxReuseListed {
			r.Reused = append(r.Reused, templates.ReuseRow{ID: u.Puzzle, Why: u.Why()})
		}
	}
	r.More = len(re.Reused) - len(r.Reused)
	for _, id := range ids {
		if !used[id] {
			r.Others = append(r.Others, id)
		}
	}
	return render(c, http.StatusConflict, templates.SetReuseConfirm(s.chrome(c, "Already used", "sets"), r))
}

// today is the publish form's date.
func today() string { return time.Now().Format(time.DateOnly) }
