package web

// Reading a request's form: once, in bodyLimit, after the checks that need
// no body (the route exists, the user may use it) and, for a multipart
// body, with its CSRF token checked before any file part is written. The
// form was read on the request copy session makes for the audit actor's
// context, which net/http never cleans: a viewer's 60 MiB upload to a
// route it may not use left its multipart-* file for good.

import (
	"crypto/hmac"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/labstack/echo/v4"

	"pencilbox/internal/stale"
)

const (
	// maxFormParts bounds the parts of one multipart body (Go's own
	// bound, mime/multipart's 1,000, named so its refusal says so: it was
	// answered as an upload over the size limit).
	maxFormParts = 1000
	// maxFormFiles bounds the files of one form: the import form sends
	// one; each is a file on disk while the request runs.
	maxFormFiles = 4
	// maxBeforeToken bounds the values a multipart body may send before
	// its CSRF token (the site's forms send the token first; a token in
	// the X-CSRF-Token header is known before the body): nothing more is
	// read, and no file is written, for a request the token would refuse.
	maxBeforeToken = 64 << 10
	// ctxFiles holds the request's []*formFile.
	ctxFiles = "files"
	// multipartPrefix begins the names of the files Go's mime/multipart
	// writes into os.TempDir() (no process id in them): an older server
	// left them there.
	multipartPrefix = "multipart-"
)

// formErrs is every bad value of a form, each naming its field (marked
// on the page) in the form's order: a refused form lists them all, not
// the first alone.
type formErrs []*publicError

func (e formErrs) Error() string {
	msgs := make([]string, len(e))
	for i, pe := range e {
		msgs[i] = pe.msg
	}
	return strings.Join(msgs, " ")
}

// add appends field's reason.
func (e *formErrs) add(field, format string, args ...any) {
	*e = append(*e, &publicError{code: http.StatusBadRequest, msg: fmt.Sprintf(format, args...), field: field})
}

// has reports whether field has a reason already.
func (e formErrs) has(field string) bool {
	for _, pe := range e {
		if pe.field == field {
			return true
		}
	}
	return false
}

// formFile is one file part of a multipart body, written to Config.UploadDir
// as it arrived (stale.Pattern names it after this process, so a killed
// server's are removed at the next start).
type formFile struct {
	field string // the form field
	name  string // the file's base name as the client sent it
	path  string // the copy on disk
	size  int64
	// taken is set by a handler that keeps the file past the request
	// (an import running in the background) and removes it itself.
	taken bool
}

// requestFile returns the first file the request's form carried in field
// (nil: none).
func requestFile(c echo.Context, field string) *formFile {
	files, _ := c.Get(ctxFiles).([]*formFile)
	for _, f := range files {
		if f.field == field {
			return f
		}
	}
	return nil
}

// removeFiles removes the files no handler took.
func removeFiles(files []*formFile) {
	for _, f := range files {
		if !f.taken {
			os.Remove(f.path)
		}
	}
}

// takesBody reports whether the route reads a body before its own checks:
// the login and logout forms. Every other body is read only once the group's
// checks (requireUser, requireRole) let the request through.
func takesBody(route string) bool {
	return route == "POST /login" || route == "POST /logout"
}

// gate runs the checks of the routes behind the login (requireUser, then
// requireRole) before the body is read: ok is false when they answered
// (a redirect to the login, a 403, a 404), with their error.
func (s *Server) gate(c echo.Context) (ok bool, err error) {
	pass := func(echo.Context) error { ok = true; return nil }
	err = s.requireUser(s.requireRole(pass))(c)
	return ok, err
}

// leaveBody gives the request an empty form (its query only) without
// reading the body, so nothing after (csrf, FormValue) reads it either.
func leaveBody(r *http.Request) {
	q, _ := url.ParseQuery(r.URL.RawQuery)
	r.Form, r.PostForm = q, url.Values{}
	r.MultipartForm = &multipart.Form{Value: map[string][]string{}, File: map[string][]*multipart.FileHeader{}}
}

// readMultipart reads a multipart body part by part: values into the
// request's form, files straight to disk in Config.UploadDir (never held
// in memory). The CSRF token must be known (X-CSRF-Token, or a csrf
// field within the first maxBeforeToken bytes of values) and right
// before any file part is written. The files are returned also with an
// error; the caller removes those no handler takes.
func (s *Server) readMultipart(c echo.Context, want string) (files []*formFile, err error) {
	r := c.Request()
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, userErr(http.StatusBadRequest, "The form could not be read: %v.", err)
	}
	q, _ := url.ParseQuery(r.URL.RawQuery)
	values := url.Values{}
	verified := false
	if sent := r.Header.Get("X-CSRF-Token"); sent != "" {
		if want == "" || !hmac.Equal([]byte(sent), []byte(want)) {
			return nil, errBadToken
		}
		verified = true
	}
	var before int64 // value bytes read before the token
	for parts := 0; ; parts++ {
		p, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return files, formReadErr(err)
		}
		if parts == maxFormParts {
			return files, userErr(http.StatusBadRequest, "The form has more than %d parts: that is the most one request may send.", maxFormParts)
		}
		field := p.FormName()
		if field == "" {
			continue // not a form field (NextPart drains it)
		}
		if p.FileName() == "" {
			lim := io.Reader(p)
			if !verified {
				lim = io.LimitReader(p, maxBeforeToken-before+1)
			}
			b, err := io.ReadAll(lim)
			if err != nil {
				return files, formReadErr(err)
			}
			values.Add(field, string(b))
			if !verified {
				before += int64(len(b))
				switch {
				case field == csrfField:
					if want == "" || !hmac.Equal(b, []byte(want)) {
						return files, errBadToken
					}
					verified = true
				case before > maxBeforeToken:
					return files, errBadToken
				}
			}
			continue
		}
		if !verified {
			return files, errBadToken
		}
		if len(files) == maxFormFiles {
			return files, userErr(http.StatusBadRequest, "The form sends more than %d files: that is the most one request may send.", maxFormFiles)
		}
		f, err := s.writePart(p, field)
		if f != nil {
			files = append(files, f)
		}
		if err != nil {
			return files, err
		}
	}
	form := url.Values{} // the body's values, then the query's, as net/http orders them
	for k, v := range values {
		form[k] = append([]string(nil), v...)
	}
	for k, v := range q {
		form[k] = append(form[k], v...)
	}
	r.Form, r.PostForm = form, values
	r.MultipartForm = &multipart.Form{Value: values, File: map[string][]*multipart.FileHeader{}}
	return files, nil
}

// writePart streams one file part to a new file of Config.UploadDir. The
// file is returned also with an error (the caller removes it).
func (s *Server) writePart(p *multipart.Part, field string) (*formFile, error) {
	tmp, err := os.CreateTemp(s.cfg.UploadDir, stale.Pattern(UploadPrefix, ""))
	if err != nil {
		return nil, s.uploadDiskErr(fmt.Errorf("upload: %w", err))
	}
	f := &formFile{field: field, name: filepath.Base(p.FileName()), path: tmp.Name()}
	f.size, err = io.Copy(tmp, p)
	if cerr := tmp.Close(); err == nil && cerr != nil {
		err = s.uploadDiskErr(fmt.Errorf("upload: %w", cerr))
	}
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return f, s.uploadDiskErr(fmt.Errorf("upload: %w", err))
		}
		return f, formReadErr(err)
	}
	return f, nil
}

// uploadDiskErr says a full upload folder in words (507), and leaves any
// other error of its files to the error handler (logged, 500).
func (s *Server) uploadDiskErr(err error) error {
	if errors.Is(err, syscall.ENOSPC) {
		s.cfg.Log.Printf("%v", err)
		return userErr(http.StatusInsufficientStorage, "The disk holding the upload folder %s is full: free some space and try again. Nothing was imported.", s.cfg.UploadDir)
	}
	return err
}

// formReadErr is the answer to a body that broke off or broke the
// multipart rules: the size limit's error stays one (bodyLimit answers
// 413), any other is a 400 naming it.
func formReadErr(err error) error {
	if tooLarge(err) || timedOut(err) {
		return err
	}
	return userErr(http.StatusBadRequest, "The form could not be read: %v.", err)
}
