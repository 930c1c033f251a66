package web

import (
	"net/http"
	"time"

	"druckreif/scorer"
)

// The account page: the logins with when and where each was last seen,
// a new password (which ends every other login), "log out everywhere",
// and deleting the account.

func (s *Server) accountView(r *http.Request, au scorer.Auth) (*view, error) {
	v := s.newView(r, au, "")
	v.Title = v.T("Konto", "Account")
	ss, err := s.svc.Sessions(r.Context(), au)
	if err != nil {
		return nil, err
	}
	v.Data = map[string]any{"Sessions": ss}
	return v, nil
}

func (s *Server) accountPage(w http.ResponseWriter, r *http.Request) error {
	au, ok, err := s.loggedIn(w, r)
	if !ok {
		return err
	}
	v, err := s.accountView(r, au)
	if err != nil {
		return err
	}
	if r.URL.Query().Get("done") == "password" {
		v.Message = v.T("Das Passwort ist geändert; alle anderen Anmeldungen sind beendet.", "The password is changed; every other login has ended.")
	}
	s.render(w, http.StatusOK, "account", v)
	return nil
}

// accountProblem shows a refusal on the account page.
func (s *Server) accountProblem(w http.ResponseWriter, r *http.Request, au scorer.Auth, err error) error {
	v, verr := s.accountView(r, au)
	if verr != nil {
		return verr
	}
	return s.formProblem(w, r, "account", v, err)
}

func (s *Server) formPassword(w http.ResponseWriter, r *http.Request) error {
	au, ok, err := s.loggedIn(w, r)
	if !ok {
		return err
	}
	if err := s.svc.ChangePassword(r.Context(), au, r.PostFormValue("old"), r.PostFormValue("new"), clientAddr(r)); err != nil {
		return s.accountProblem(w, r, au, err)
	}
	seeOther(w, r, "/account?done=password")
	return nil
}

func (s *Server) formLogoutEverywhere(w http.ResponseWriter, r *http.Request) error {
	au, ok, err := s.loggedIn(w, r)
	if !ok {
		return err
	}
	if err := s.svc.LogoutEverywhere(r.Context(), au); err != nil {
		return s.accountProblem(w, r, au, err)
	}
	setCookie(w, r, loginCookie, "", -time.Second)
	seeOther(w, r, "/")
	return nil
}

func (s *Server) formDeleteAccount(w http.ResponseWriter, r *http.Request) error {
	au, ok, err := s.loggedIn(w, r)
	if !ok {
		return err
	}
	if err := s.svc.DeleteAccount(r.Context(), au, r.PostFormValue("password"), clientAddr(r)); err != nil {
		return s.accountProblem(w, r, au, err)
	}
	setCookie(w, r, loginCookie, "", -time.Second)
	seeOther(w, r, "/")
	return nil
}

// Seats on the table's phone: free one, or give the table a new PIN.

func (s *Server) formFreeSeat(w http.ResponseWriter, r *http.Request) error {
	au, err := s.auth(r)
	if err != nil {
		return err
	}
	id := r.PathValue("id")
	if err := s.svc.FreeSeat(r.Context(), au, id, r.PostFormValue("player")); err != nil {
		return err
	}
	seeOther(w, r, "/t/"+id)
	return nil
}

func (s *Server) formNewPIN(w http.ResponseWriter, r *http.Request) error {
	au, err := s.auth(r)
	if err != nil {
		return err
	}
	id := r.PathValue("id")
	if _, err := s.svc.ChangePIN(r.Context(), au, id); err != nil {
		return err
	}
	seeOther(w, r, "/t/"+id)
	return nil
}
