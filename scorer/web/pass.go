package web

import (
	"errors"
	"net/http"
	"net/url"

	"druckreif/scorer"
)

// Handing the table's phone to a player without a phone: the page shows
// only what that player's own phone would (never a solution, nobody
// else's choice) and their choice form; after the tap it shows nothing but
// "Zurück an den Tisch". The choice goes in as the table's, for that
// player, and never replaces one made on a phone.

type passData struct {
	Board  *boardData
	Player string
	Done   bool
	Back   string
}

func (s *Server) passView(r *http.Request, player string) (*view, *boardData, error) {
	au, err := s.auth(r)
	if err != nil {
		return nil, nil, err
	}
	id := r.PathValue("id")
	snap, err := s.svc.TableAs(r.Context(), au, id, player)
	if err != nil {
		return nil, nil, err
	}
	v := s.newView(r, au, snap.Title)
	d := s.boardFor(r, snap)
	d.PassFor = snap.Viewer.Player
	d.ActURL = "/t/" + id + "/act?as=" + url.QueryEscape(snap.Viewer.Player)
	v.Data = &passData{Board: d, Player: snap.Viewer.Player, Back: "/t/" + id}
	return v, d, nil
}

func (s *Server) passPage(w http.ResponseWriter, r *http.Request) error {
	v, _, err := s.passView(r, r.URL.Query().Get("player"))
	if err != nil {
		return err
	}
	s.render(w, http.StatusOK, "pass", v)
	return nil
}

func (s *Server) passDone(w http.ResponseWriter, r *http.Request) error {
	au, err := s.auth(r)
	if err != nil {
		return err
	}
	v := s.newView(r, au, "")
	v.Title = v.T("Gewählt", "Chosen")
	v.Data = &passData{Player: r.URL.Query().Get("player"), Done: true, Back: "/t/" + r.PathValue("id")}
	s.render(w, http.StatusOK, "pass", v)
	return nil
}

// actAs is a choice made on the table's phone handed to player.
func (s *Server) actAs(w http.ResponseWriter, r *http.Request, player string) error {
	_, d, err := s.passView(r, player)
	if err != nil {
		return err
	}
	au, _ := s.auth(r)
	version, err := formVersion(r)
	if err != nil {
		return err
	}
	action, err := actionFromForm(r, d)
	if err == nil {
		_, err = s.svc.Act(r.Context(), au, r.PathValue("id"), version, action)
	}
	var e *scorer.Error
	if err != nil && errors.As(err, &e) {
		// Refused: the same page, with the reason above the form.
		v2, _, verr := s.passView(r, player)
		if verr != nil {
			return verr
		}
		v2.Problem = v2.Text(e.Msg)
		s.render(w, e.Status, "pass", v2)
		return nil
	}
	if err != nil {
		return err
	}
	seeOther(w, r, "/t/"+r.PathValue("id")+"/pass/done?player="+url.QueryEscape(d.PassFor))
	return nil
}

// formRematch opens the rematch from the result screen and goes there.
func (s *Server) formRematch(w http.ResponseWriter, r *http.Request) error {
	snap, err := onTable(s, r, s.svc.Rematch)
	if err != nil {
		return err
	}
	seeOther(w, r, "/t/"+snap.ID)
	return nil
}

// formFollow takes a phone from the old table to its seat at the rematch
// (the "rematch" event's script posts it).
func (s *Server) formFollow(w http.ResponseWriter, r *http.Request) error {
	au, err := s.auth(r)
	if err != nil {
		return err
	}
	to := r.PostFormValue("to")
	j, err := s.svc.Follow(r.Context(), au, r.PathValue("id"), to)
	var e *scorer.Error
	if errors.As(err, &e) && e.Rule == "seat-taken" {
		seeOther(w, r, "/j/"+to)
		return nil
	}
	if err != nil {
		return err
	}
	if j.Token != "" {
		setCookie(w, r, seatPrefix+to, j.Token, cookieAge)
	}
	seeOther(w, r, "/t/"+to)
	return nil
}
