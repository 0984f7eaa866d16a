package web

import (
	"crypto/hmac"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"pencilbox"
	"pencilbox/templates"
	"pencilbox/web/model"
)

// job returns an import job: the live copy while it runs, else the stored one.
func (s *Server) job(c echo.Context, id int64) (model.Job, error) {
	if j, ok := s.jobs.get(id); ok {
		return j, nil
	}
	return s.cfg.Library.Job(c.Request().Context(), id)
}

func (s *Server) importForm(c echo.Context) error {
	return s.importView(c, templates.ImportSent{})
}

// importTooLarge answers an import whose body is over MaxUpload (its
// Content-Length says so) with the import page, 413: the file's size and
// the limit said, and the values the form sends before its file (format,
// source label, tags) kept. Only once the route's checks (requireUser,
// requireRole) let it through, only the first maxBeforeToken bytes are
// read, and only with the right CSRF token; the file is never read.
func (s *Server) importTooLarge(c echo.Context) error {
	if ok, err := s.gate(c); !ok {
		return err
	}
	want, err := s.wantToken(c)
	if err != nil {
		return err
	}
	r := c.Request()
	size := r.ContentLength
	r.Body = http.MaxBytesReader(c.Response(), r.Body, maxBeforeToken)
	mr, err := r.MultipartReader()
	if err != nil {
		return userErr(http.StatusBadRequest, "The form could not be read: %v.", err)
	}
	values, verified := url.Values{}, false
	for {
		p, err := mr.NextPart()
		if err != nil || p.FileName() != "" {
			break // the file, or the bytes read run out: what came before is kept
		}
		b, err := io.ReadAll(p)
		if err != nil {
			break
		}
		if p.FormName() == csrfField {
			if want == "" || !hmac.Equal(b, []byte(want)) {
				return errBadToken
			}
			verified = true
		}
		values.Add(p.FormName(), string(b))
	}
	if !verified {
		return errBadToken
	}
	leaveBody(r)
	msg := fmt.Sprintf("The upload is too large: %s sent, the limit is %s (pencilbox serve --max-upload). Nothing was imported: choose a smaller file, or split it, and import again.",
		mibText(size), mibText(s.cfg.MaxUpload))
	return s.importViewCode(c, http.StatusRequestEntityTooLarge, templates.ImportSent{Text: values.Get("text"), Format: values.Get("format"),
		Source: values.Get("source"), Tags: values.Get("tags"), Error: msg, Field: "file"})
}

// mibText is a byte count in MiB, one decimal.
func mibText(n int64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }

// importView answers with the import page; sent, when it holds an error,
// is the refused form, shown filled with its error (a 400).
func (s *Server) importView(c echo.Context, sent templates.ImportSent) error {
	code := http.StatusOK
	if sent.Error != "" {
		code = http.StatusBadRequest
	}
	return s.importViewCode(c, code, sent)
}

// importViewCode is importView answering with status code.
func (s *Server) importViewCode(c echo.Context, code int, sent templates.ImportSent) error {
	jobs, err := s.cfg.Library.Jobs(c.Request().Context(), 10)
	if err != nil {
		return err
	}
	d := templates.ImportPage{Formats: s.cfg.Formats, Jobs: jobs, MaxUpload: s.cfg.MaxUpload, Sent: sent}
	if q, ok, err := s.queueView(c.Request().Context()); err != nil {
		return err
	} else if ok {
		d.Queue = &q
	}
	return render(c, code, templates.ImportForm(s.chrome(c, "Import", "import"), d))
}

// refuseImport shows the import form again as it was sent, field marked,
// with msg (and, when a file was chosen, a request to choose it again:
// a browser cannot be handed a file back).
func (s *Server) refuseImport(c echo.Context, field, msg string) error {
	if f := requestFile(c, "file"); f != nil && f.name != "" {
		msg += " Nothing was imported: choose the file again."
	}
	return s.importView(c, templates.ImportSent{Text: c.FormValue("text"), Format: c.FormValue("format"),
		Source: c.FormValue("source"), Tags: c.FormValue("tags"), Error: msg, Field: field})
}

func (s *Server) importPost(c echo.Context) error {
	if s.cfg.Import == nil {
		return userErr(http.StatusServiceUnavailable, "Importing is not available on this server.")
	}
	tags, err := splitTags(c.FormValue("tags"))
	var pe *publicError
	if errors.As(err, &pe) {
		return s.refuseImport(c, "tags", pe.msg)
	}
	if err != nil {
		return err
	}
	opts := model.ImportOptions{
		Format: strings.TrimSpace(c.FormValue("format")),
		Source: strings.TrimSpace(c.FormValue("source")),
		Tags:   tags,
	}
	if err := pencilbox.CheckSourceLabel(opts.Source); err != nil {
		return s.refuseImport(c, "source", sentence(err)+".")
	}
	if opts.Format != "" {
		ok := false
		for _, f := range s.cfg.Formats {
			ok = ok || f == opts.Format
		}
		if !ok {
			return s.refuseImport(c, "format", fmt.Sprintf("Unknown format %q: choose one in the Format field, or auto-detect.", clip(opts.Format, 40)))
		}
	}
	r, name, cleanup, err := s.upload(c)
	if err != nil {
		return err
	}
	// an uploaded file's name is the client's to choose: kept to the
	// label's limit, as a file on disk would be
	name = firstRunes(name, pencilbox.MaxSourceLabel)
	opts.File = name
	if opts.Source == "" {
		opts.Source = name
	}
	if r == nil {
		return s.redirectFlash(c, "/import", "Choose a file or paste some puzzles.")
	}
	if opts.Source == "" {
		opts.Source = "web-" + time.Now().Format("20060102-150405")
	}
	id, err := s.jobs.start(pencilbox.WithClient(pencilbox.WithActor(s.ctx, c.Get(ctxUser).(string)), clientAddr(c)), s.cfg.Import, r, opts, cleanup)
	if pe := (*publicError)(nil); errors.As(err, &pe) {
		return err // a cap on running jobs, named
	}
	if err != nil {
		s.cfg.Log.Printf("import: %v", err)
		if msg, ok := s.faults.Explain(err); ok {
			code := http.StatusInternalServerError
			if s.faults.Fault(err) == pencilbox.FaultDiskFull {
				code = http.StatusInsufficientStorage
			}
			return userErr(code, "The import could not start. %s", msg)
		}
		return userErr(http.StatusInternalServerError, "The import could not start; the error was logged.")
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/import/%d", id))
}

// upload returns the import's input: the uploaded file (bodyLimit wrote
// it to Config.UploadDir; the import takes it over, since it runs on in
// the background, and cleanup removes it) or the pasted text; nil when
// neither was given. name is the uploaded file's name.
func (s *Server) upload(c echo.Context) (r io.Reader, name string, cleanup func(), err error) {
	none := func() {}
	if f := requestFile(c, "file"); f != nil && f.size > 0 {
		fh, err := os.Open(f.path)
		if err != nil {
			return nil, "", none, fmt.Errorf("upload: %w", err)
		}
		f.taken = true
		return fh, f.name, func() { fh.Close(); os.Remove(f.path) }, nil
	}
	text := c.FormValue("text")
	if strings.TrimSpace(text) == "" {
		return nil, "", none, nil
	}
	return strings.NewReader(text), "", none, nil
}

func (s *Server) jobPage(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	j, err := s.job(c, id)
	if err != nil {
		return err
	}
	owner, here := s.jobs.owner(id)
	user, _ := c.Get(ctxUser).(string)
	may := here && !j.Done && role(c).AtLeast(pencilbox.RoleEditor) && (owner == user || role(c) == pencilbox.RoleAdmin)
	d := templates.JobPage{Job: j, CanCancel: may}
	if j.Done {
		// the import left the slower scales to the queue: say where
		// they stand
		if q, ok, err := s.queueView(c.Request().Context()); err != nil {
			return err
		} else if ok {
			d.Queue = &q
		}
	}
	return render(c, http.StatusOK, templates.JobView(s.chrome(c, fmt.Sprintf("Import job %d", id), "import"), d))
}

// cancelJob stops a running job (an import or a generator run) for the
// user who started it or an admin: from its page (POST
// /import/:id/cancel) or the API (POST /api/jobs/:id/cancel, 202). What
// it stored is kept and the job is recorded as cancelled, by whom.
func (s *Server) cancelJob(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	user, _ := c.Get(ctxUser).(string)
	may := func(owner string) error {
		if owner != user && role(c) != pencilbox.RoleAdmin {
			return userErr(http.StatusForbidden, "Only the user who started job %d, or an admin, may cancel it.", id)
		}
		return nil
	}
	owner, here := s.jobs.owner(id)
	if !here {
		j, err := s.cfg.Library.Job(c.Request().Context(), id)
		if err != nil {
			return err
		}
		if err := may(j.Owner); err != nil {
			return err
		}
		if !j.Done {
			return userErr(http.StatusConflict, "Job %d runs in another program on this library (a command-line import or generate): stop it there.", id)
		}
		return userErr(http.StatusConflict, "Job %d has already ended (%s): there is nothing to cancel.", id, j.State)
	}
	if err := may(owner); err != nil {
		return err
	}
	if !s.jobs.cancel(id, &pencilbox.JobStop{State: pencilbox.JobCancelled,
		Reason: fmt.Sprintf("Cancelled by %s. What it stored is kept.", user)}) {
		return userErr(http.StatusConflict, "Job %d has already ended: there is nothing to cancel.", id)
	}
	if isAPI(c) {
		j, err := s.job(c, id)
		if err != nil {
			return err
		}
		return c.JSON(http.StatusAccepted, j)
	}
	return s.redirectFlash(c, fmt.Sprintf("/import/%d", id), fmt.Sprintf("Job %d is being cancelled: what it stored is kept.", id))
}

// ---- sets
