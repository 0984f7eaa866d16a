package web

import (
	"context"

	"pencilbox"
	"pencilbox/web/model"
)

// puzzleUse reads the sets holding a puzzle and its publications (kept
// when the sets were since edited or deleted): what the puzzle page and
// the API's puzzle show, lists never nil.
func (s *Server) puzzleUse(ctx context.Context, id int64) ([]model.Membership, []model.Publication, error) {
	ms, err := s.sets.PuzzleSets(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	ps, err := s.sets.PuzzlePublications(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	sets := make([]model.Membership, len(ms))
	for i, m := range ms {
		sets[i] = model.Membership{SetID: m.SetID, Name: m.Name, Pos: m.Pos}
	}
	pubs := make([]model.Publication, len(ps))
	for i, p := range ps {
		pubs[i] = viewPublication(p)
	}
	return sets, pubs, nil
}

func viewPublication(p pencilbox.Publication) model.Publication {
	m := model.Publication{ID: p.ID, SetID: p.SetID, SetName: p.SetName, Outlet: p.Outlet, Date: p.Date,
		At: p.At, Actor: p.Actor, Count: p.Count, Pos: p.Pos, ReopenedBy: p.ReopenedBy, Image: p.Image}
	if !p.Locks() {
		m.Reopened = &p.Reopened
	}
	return m
}
