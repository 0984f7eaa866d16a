package templates

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/a-h/templ"

	"pencilbox"
	"pencilbox/engine"
	"pencilbox/web/model"
)

// Chrome is what every page's frame needs.
type Chrome struct {
	Title string
	User  string // "" on the login page
	Role  string // the user's role: admin, editor or viewer (pencilbox.Role)
	CSRF  string // the CSRF token for the page's forms
	Flash string // a one-line message (errors of a form)
	Fault string // a fault the admin must act on (a damaged file, a failed backup), on every page
	Nav   string // the active section
	// Static is the version of the embedded stylesheet and script (their
	// content hash): their links carry it, so browsers cache them for good.
	Static string
}

// asset is the link to an embedded static file, versioned.
func (c Chrome) asset(name string) string {
	if c.Static == "" {
		return "/static/" + name
	}
	return "/static/" + name + "?v=" + c.Static
}

// CanEdit reports whether the user may change the library (import, tags,
// sets): viewers are not shown the forms they could not send.
func (c Chrome) CanEdit() bool { return c.Role == "editor" || c.Role == "admin" }

// IsAdmin reports whether the user manages users.
func (c Chrome) IsAdmin() bool { return c.Role == "admin" }

// AuditRow is one row of the audit log (db.AuditEntry).
type AuditRow struct {
	ID     int64
	At     time.Time
	Actor  string
	Client string // the web client's address, "" for the command line
	Action string
	SetID  int64
	JobID  int64
	Detail string
}

// AuditPage is the data of "/audit".
type AuditPage struct {
	User     string // the filter's user ("" any)
	Puzzle   string // the filter's puzzle id ("" any)
	Users    []string
	Rows     []AuditRow
	OlderURL string // the next page, "" at the end
}

// UsersPage is the data of "/users".
type UsersPage struct {
	Users []UserRow
	Roles []string // the roles, least able first
	Self  string   // the admin reading the page (no disable or delete offered)
	// New is the new-user form as sent (refilled when it was refused).
	New UserForm
	// Form names the form refused ("new", or "user:NAME" for a row's
	// forms), Errors every reason, Reset the password typed in a refused
	// reset of that row.
	Form   string
	Errors []string
	Reset  string
}

// UserForm is the new-user form's fields.
type UserForm struct {
	Name, Password, Role string
}

// UserRow is one user of the users page.
type UserRow struct {
	Name     string
	Role     string
	Created  time.Time
	Disabled bool
	// Logins says the account's failed logins of the last hour and its
	// pause ("" when none): what the login limit keeps of it.
	Logins string
}

// errorsFor is the list of reasons when the form refused is form.
func (d UsersPage) errorsFor(form string) []string {
	if d.Form != form {
		return nil
	}
	return d.Errors
}

// newRole is the role the new-user form shows chosen.
func (d UsersPage) newRole() string {
	if d.New.Role != "" {
		return d.New.Role
	}
	return "editor"
}

// AccountPage is the data of "/account": the user's own password and
// sessions.
type AccountPage struct {
	Name, Role string
	// Errors lists why the password change was refused; Old, New and
	// Confirm are what was typed (Old is not refilled when it was wrong).
	Errors            []string
	Old, New, Confirm string
}

// Dashboard is the data of "/".
type Dashboard struct {
	Stats model.Stats
	Jobs  []model.Job
	// BackupNote names backups named for a later time than now (for
	// admins; "" when none).
	BackupNote string
	// Paused says, to admins, each user whose logins the login limit
	// pauses ("5 failed logins for X in the last hour, ...").
	Paused []string
	// Queue is the rating queue's state (nil when the server runs none).
	Queue *model.Queue
}

// QueuePage is the data of "/queue", the rating queue's job page.
type QueuePage struct {
	Queue model.Queue
	// CanControl offers Cancel and Resume (editors and admins).
	CanControl bool
}

// Library is the data of "/puzzles".
type Library struct {
	Query url.Values // the filter as given (to refill the form)
	Page  model.Page
	Views Views
	Kinds engine.Registry
	// Vocab is what the kinds declare: the scale and verdict fields,
	// the scale column and sort the list offers come from it.
	Vocab    pencilbox.Vocabulary
	Sets     []model.Set
	LastSet  int64    // the set added to last: chosen in the set menus
	Outlets  []string // the outlets published in: the outlet filter offers them
	PageNum  int      // the page's number (1 = first)
	NextURL  string   // carries the cursor and the next page's number
	PrevURL  string   // the previous numbered page; "" on the first or past the numbered pages
	FirstURL string
	Exports  []string
	// SizedKinds are the kinds whose boards are of several sizes: the
	// form offers its Size field for them (or when the filter has one).
	SizedKinds []string
	// Matches says how many puzzles the filter matches, above the list;
	// Elapsed how long the page took, below it.
	Matches string
	Elapsed string
	// SearchNote says why a search some kind claimed as its notation was
	// not read as a puzzle (a grid with a row too short), shown above the
	// word search's results.
	SearchNote string
	// Error says what is wrong with the filter and what to change (a
	// search over its limits, one that ran out of time): the page then
	// shows it instead of the results, under the form as it was filled.
	Error string
	// ErrorField names the form field Error is about ("" = none): the
	// form marks it (for the eye and for screen readers).
	ErrorField string
	// Recipe is a refused recipe form: its panel shows open, filled as
	// sent, with every reason (nil: a new form, closed).
	Recipe *RecipeForm
}

// RecipeForm is the recipe form as sent (recipe, seed, set id, new
// set's name) and why it was refused: Errors, each about the field at
// the same place in Fields ("" = none).
type RecipeForm struct {
	Recipe, Seed, Set, Name string
	Errors                  []string
	Fields                  []string
}

// recipe is the recipe form as sent, or a new one.
func (l Library) recipe() RecipeForm {
	if l.Recipe == nil {
		return RecipeForm{}
	}
	return *l.Recipe
}

// recipeInvalid marks the recipe form's field name when a reason is
// about it.
func (l Library) recipeInvalid(name string) templ.Attributes {
	if l.Recipe == nil || !slices.Contains(l.Recipe.Fields, name) {
		return nil
	}
	return templ.Attributes{"class": "invalid", "aria-invalid": "true", "aria-describedby": "recipe-errors"}
}

// sizeField says whether the filter form offers Size: some kind of the
// library (the filter's kind, when it names one) holds boards of several
// sizes, or the filter has a size already.
func (l Library) sizeField() bool {
	if l.Query.Get("size") != "" {
		return true
	}
	kind := l.Query.Get("kind")
	for _, k := range l.SizedKinds {
		if kind == "" || k == kind {
			return true
		}
	}
	return false
}

// invalid marks the filter form's field name when the error is about it:
// aria-invalid, tied to the error's sentence.
func (l Library) invalid(name string) templ.Attributes {
	if l.Error == "" || l.ErrorField != name {
		return nil
	}
	return templ.Attributes{"class": "invalid", "aria-invalid": "true", "aria-describedby": "filter-error"}
}

// PuzzlePage is the data of "/puzzles/:id".
type PuzzlePage struct {
	P            model.Puzzle
	View         KindView
	Ladder       []engine.Technique
	ShowSolution bool
	Steps        []engine.Step
	Step         int // 1-based step shown; len(Steps)+1 = solved
	StepBoard    templ.Component
	StepErr      string
	Sets         []model.Set
	LastSet      int64 // the set added to last: chosen in the set menu
	// InSets are the sets holding the puzzle; Publications its
	// publications (kept when the set was since edited or deleted).
	InSets       []model.Membership
	Publications []model.Publication
	History      []AuditRow // the audit log's rows about this puzzle, newest first
	// StepSources names the step logs offered ("er": the kind's second
	// rater's, "stars": the ladder's), the default first; StepSource is
	// the one shown.
	StepSources []string
	StepSource  string
	// VerdictName names the kind's own yes/no verdict shown beside the
	// rating (engine.Verdicter); "" when the kind has none.
	VerdictName string
	// Tags is the tag form sent back refused (zero: the form shows the
	// puzzle's tags).
	Tags TagsForm
}

// TagsForm is a tag field as it was sent and why it was refused.
type TagsForm struct {
	Typed string
	Error string
}

// tagsValue is what the tag field of p's page holds: the refused text as
// typed, else the puzzle's tags.
func (p PuzzlePage) tagsValue() string {
	if p.Tags.Error != "" {
		return p.Tags.Typed
	}
	return tagsText(p.P.Tags)
}

// tagsInvalid marks the tag field when it was refused.
func (p PuzzlePage) tagsInvalid() templ.Attributes {
	if p.Tags.Error == "" {
		return templ.Attributes{"aria-describedby": "tags-rule"}
	}
	return templ.Attributes{"class": "invalid", "aria-invalid": "true", "aria-describedby": "tags-error tags-rule"}
}

// tagRule says how tags are typed and their limits.
func tagRule() string { return pencilbox.TagRule() }

// verdictNames names the yes/no verdicts of the kinds that declare one
// ("" when none does): the library filter on them is offered only then.
func verdictNames(kinds engine.Registry) string {
	var names []string
	for _, k := range kinds {
		if n := engine.VerdictName(k); n != "" && !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return strings.Join(names, " / ")
}

// ImportPage is the data of "/import".
type ImportPage struct {
	Formats []string
	Jobs    []model.Job
	// Queue is the rating queue's state, listed with the jobs (nil when
	// the server runs none).
	Queue     *model.Queue
	MaxUpload int64 // bytes
	// Sent is the form as it was sent when it was refused (zero: an
	// empty form): the page shows it filled, the field at fault marked.
	Sent ImportSent
}

// ImportSent is a refused import form: what was typed (a chosen file
// cannot be kept: Error then asks for it again), why, and which field.
type ImportSent struct {
	Text, Format, Source, Tags string
	Error, Field               string
}

// invalid marks the import form's field name when the error is about it.
func (d ImportPage) invalid(name string) templ.Attributes {
	if d.Sent.Error == "" || d.Sent.Field != name {
		return nil
	}
	return templ.Attributes{"class": "invalid", "aria-invalid": "true"}
}

// JobPage shows one import job.
type JobPage struct {
	Job model.Job
	// CanCancel offers the Cancel button: the job runs in this server
	// and the user started it or is an admin.
	CanCancel bool
	// Queue is the rating queue's state once the job is done (nil: not
	// done, or no queue): its slower scales are the queue's to rate.
	Queue *model.Queue
}

// SetsPage lists the sets.
type SetsPage struct {
	Sets []model.Set
	// Kinds titles the kinds of each set's puzzles.
	Kinds engine.Registry
	// Name and Notes fill the new-set form: what was sent, when refused.
	Name, Notes string
}

// Locking is the publications that lock the set: not reopened since.
func (d SetPage) Locking() []model.Publication {
	var out []model.Publication
	for _, p := range d.Publications {
		if p.Locks() {
			out = append(out, p)
		}
	}
	return out
}

// kindTitles are the titles of a set's kinds, comma separated ("empty"
// for a set of no puzzles; a kind no longer registered by its name).
func (d SetsPage) kindTitles(kinds []string) string {
	if len(kinds) == 0 {
		return "empty"
	}
	out := make([]string, len(kinds))
	for i, name := range kinds {
		out[i] = name
		if k, err := d.Kinds.Lookup(name); err == nil {
			out[i] = k.Title()
		}
	}
	return strings.Join(out, ", ")
}

// PublishForm is a refused publish form: outlet and date as sent, and
// every reason, each about the field at the same place in Fields.
type PublishForm struct {
	Outlet, Date string
	Images       bool // print as random images
	Errors       []string
	Fields       []string
}

// publishVal is the publish form's field name: as sent, else its
// default (today's date, no outlet).
func (d SetPage) publishVal(name string) string {
	switch {
	case d.PublishSent != nil && name == "outlet":
		return d.PublishSent.Outlet
	case d.PublishSent != nil:
		return d.PublishSent.Date
	case name == "date":
		return d.Today
	}
	return ""
}

// publishInvalid marks the publish form's field name when a reason is
// about it.
func (d SetPage) publishInvalid(name string) templ.Attributes {
	if d.PublishSent == nil || !slices.Contains(d.PublishSent.Fields, name) {
		return nil
	}
	return templ.Attributes{"class": "invalid", "aria-invalid": "true", "aria-describedby": "publish-errors"}
}

// SetPage shows one set.
type SetPage struct {
	// PublishSent is a refused publish form (nil: a new one).
	PublishSent *PublishForm
	Set         model.Set
	Views       Views
	Exports     []string
	// LastChange says what the Undo button undoes ("" hides it).
	LastChange string
	// SortKey says what "Sort by difficulty" sorts by.
	SortKey string
	// Message says what the last ordering change did, in the part a
	// script swaps in (where no flash is shown).
	Message string
	// Publications are the set's, by date; Outlets those used so far
	// (the publish form offers them); Today fills its date.
	Publications []model.Publication
	Outlets      []string
	Today        string
	// CanImage offers to publish the puzzles as random images of
	// themselves: a kind of the set can print them so (engine.Imager).
	CanImage bool
	// Page is the page of the set shown (from 1) of Pages, PageSize
	// puzzles a page; Offset is the position of its first puzzle less
	// one (Set.Items are that page's).
	Page, Pages, Offset, PageSize int
	// Sent, when set, fills the name and notes form: what was sent, when
	// refused (Set keeps the stored ones for the heading).
	Sent *model.Set
}

// FormName and FormNotes are what the set's form shows: what was sent
// when it was refused, else the stored name and notes.
func (d SetPage) FormName() string {
	if d.Sent != nil {
		return d.Sent.Name
	}
	return d.Set.Name
}

// FormNotes: see FormName.
func (d SetPage) FormNotes() string {
	if d.Sent != nil {
		return d.Sent.Notes
	}
	return d.Set.Notes
}

// ScaleColumn is the short label of the set table's scale column: the
// first figure of the set's rated puzzles when they all share its key
// (a column means one scale); ok is false when none is rated or they
// differ.
func (d SetPage) ScaleColumn() (short string, ok bool) {
	key := d.ScaleKey()
	for _, p := range d.Set.Items {
		if len(p.Figures) > 0 && p.Figures[0].Key == key {
			return p.Figures[0].Short, true
		}
	}
	return "", false
}

// ScaleKey is the key of the set table's scale column ("" = none).
func (d SetPage) ScaleKey() string {
	key := ""
	for _, p := range d.Set.Items {
		if len(p.Figures) == 0 {
			continue
		}
		if key != "" && p.Figures[0].Key != key {
			return ""
		}
		key = p.Figures[0].Key
	}
	return key
}

// rowID anchors a set's row: a move without the script goes back to it.
func rowID(id int64) string { return fmt.Sprintf("p%d", id) }

// isAre is the verb for n things.
func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// plural is n with the noun's singular or plural form.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func stars(n int) string {
	if n <= 0 {
		return "–"
	}
	return strings.Repeat("★", n)
}

func score(f float64) string { return fmt.Sprintf("%.1f", f) }

func techniqueName(ladder []engine.Technique, id string) string {
	for _, t := range ladder {
		if t.ID == id {
			return t.Name
		}
	}
	return id
}

func (p PuzzlePage) stepURL(n int) templ.SafeURL {
	q := url.Values{}
	if p.ShowSolution {
		q.Set("solution", "1")
	}
	if p.StepSource != "" && len(p.StepSources) > 0 && p.StepSource != p.StepSources[0] {
		q.Set("steps", p.StepSource)
	}
	q.Set("step", itoa(n))
	return templ.URL(fmt.Sprintf("/puzzles/%d?%s#step", p.P.ID, q.Encode()))
}

// sourceURL is the step viewer's first step from another step log.
func (p PuzzlePage) sourceURL(source string) templ.SafeURL {
	q := url.Values{}
	if p.ShowSolution {
		q.Set("solution", "1")
	}
	q.Set("steps", source)
	return templ.URL(fmt.Sprintf("/puzzles/%d?%s#step", p.P.ID, q.Encode()))
}

// stepSourceLabel names a step log for the switch.
// stepSourceLabel names a step log: the ladder's, or the second
// rater's by its first scale ("Sudoku Explainer rating steps (ER)").
func (p PuzzlePage) stepSourceLabel(source string) string {
	if len(p.P.Figures) > 0 && source == p.P.Figures[0].Key {
		return p.P.Figures[0].Name + " steps (" + p.P.Figures[0].Short + ")"
	}
	return "Star-ladder steps"
}

func puzzleURL(id int64) templ.SafeURL { return templ.URL(fmt.Sprintf("/puzzles/%d", id)) }

func sel(q url.Values, key, v string) bool { return q.Get(key) == v }

func tagsText(tags []string) string { return strings.Join(tags, ", ") }

func (l Library) exportURL(format string) templ.SafeURL {
	q := url.Values{}
	for k, v := range l.Query {
		if k != "page" && k != "after" {
			q[k] = v
		}
	}
	q.Set("format", format)
	if format == "pdf" {
		// a booklet has options: its button opens their form
		return templ.URL("/booklet?" + q.Encode())
	}
	return templ.URL("/export?" + q.Encode())
}

func (l Library) filterQuery() string {
	q := url.Values{}
	for k, v := range l.Query {
		if k != "after" && k != "page" {
			q[k] = v
		}
	}
	return q.Encode()
}

// ReusePage asks before puzzles already used (published, or in another
// set) are added to a set: it names them and why, and offers to add them
// anyway or only the others.
type ReusePage struct {
	SetID   int64
	SetName string
	// the add as it was asked: sent again with reuse=yes
	What, Filter, Back, At string
	IDs                    []int64 // the ticked ids (what=ticked)
	Reused                 []ReuseRow
	More                   int     // reused puzzles not listed
	Others                 []int64 // the asked puzzles not used
}

// ReuseRow is one used puzzle and why it counts as used.
type ReuseRow struct {
	ID  int64
	Why string
}

// addAction is where the confirm sends the add again (the control used
// on the list, for its anchor).
func (r ReusePage) addAction() templ.SafeURL {
	if r.At == "bottom" {
		return "/sets/add?at=bottom"
	}
	return "/sets/add"
}

// cancelURL goes back to where the add came from.
func (r ReusePage) cancelURL() templ.SafeURL {
	if r.Back != "" {
		return templ.URL(r.Back)
	}
	return setURL(r.SetID)
}

// listURL is the list page as shown (filter, page and cursor): where an
// add to a set comes back to.
func (l Library) listURL() string { return "/puzzles?" + l.Query.Encode() }

// Histogram bars of one kind, drawn by the server.
type bar struct {
	X, Y, W, H int
	Label      string // the bar's name (its tooltip)
	Tick       string // the axis label under it ("" = none)
	N          int
	URL        string // the list of the bar's puzzles
}

func histogram(k model.KindStats) []bar {
	maxN := 1
	for _, n := range k.Ranks {
		maxN = max(maxN, n)
	}
	out := make([]bar, len(k.Ranks))
	for i, n := range k.Ranks {
		h := n * 120 / maxN
		if n > 0 && h == 0 {
			h = 1
		}
		out[i] = bar{X: 30 + i*44, Y: 140 - h, W: 34, H: h, Label: itoa(i+1) + "★", Tick: itoa(i+1) + "★", N: n,
			URL: "/puzzles?kind=" + url.QueryEscape(k.Kind) + "&rank=" + itoa(i+1)}
	}
	return out
}

func histWidth(k model.KindStats) string { return itoa(40 + len(k.Ranks)*44) }

func statusKeys(m map[string]int) []string {
	keys := []string{"unique", "multiple", "none", "unknown"}
	var out []string
	for _, k := range keys {
		if _, ok := m[k]; ok {
			out = append(out, k)
		}
	}
	for k := range m {
		found := false
		for _, o := range keys {
			found = found || o == k
		}
		if !found {
			out = append(out, k)
		}
	}
	return out
}

func rateText(j model.Job) string { return fmt.Sprintf("%.0f/s", j.Rate()) }

// jobPuzzlesURL lists the puzzles of a job's source label, newest first.
func jobPuzzlesURL(j model.Job) templ.SafeURL {
	q := url.Values{"source": {j.Source}, "sort": {"date"}, "order": {"desc"}}
	return templ.URL("/puzzles?" + q.Encode())
}

func mib(n int64) string { return fmt.Sprintf("%d MiB", n>>20) }

func jobURL(id int64) templ.SafeURL { return templ.URL(fmt.Sprintf("/import/%d", id)) }

func contains(list []string, s string) bool { return slices.Contains(list, s) }

func setURL(id int64) templ.SafeURL { return templ.URL(fmt.Sprintf("/sets/%d", id)) }

// Length hints of the forms' text fields (maxlength: a browser stops
// the typing there; the server refuses longer with the limit named).
func maxSetName() string     { return itoa(pencilbox.MaxSetName) }
func maxSetNotes() string    { return itoa(pencilbox.MaxSetNotes) }
func maxSourceLabel() string { return itoa(pencilbox.MaxSourceLabel) }

// setPageURL is page n of a set's page, at its table.
func setPageURL(id int64, n int) templ.SafeURL {
	if n <= 1 {
		return templ.URL(fmt.Sprintf("/sets/%d#items", id))
	}
	return templ.URL(fmt.Sprintf("/sets/%d?page=%d#items", id, n))
}

func setAction(id int64, what string) templ.SafeURL {
	return templ.URL(fmt.Sprintf("/sets/%d/%s", id, what))
}

// exportLabel is an export button's text: the format's name, and an
// ellipsis where the button opens a form first (the booklet's options).
func exportLabel(format string) string {
	if format == "pdf" {
		return "pdf…"
	}
	return format
}

func setExportURL(id int64, format string) templ.SafeURL {
	if format == "pdf" {
		// a booklet has options: its button opens their form
		return templ.URL(fmt.Sprintf("/sets/%d/booklet?format=pdf", id))
	}
	return templ.URL(fmt.Sprintf("/sets/%d/export?format=%s", id, url.QueryEscape(format)))
}

func when(j model.Job) string {
	if j.Started.IsZero() {
		return ""
	}
	return j.Started.Format("2006-01-02 15:04")
}

func boolText(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

// clip shortens s to n runes for display, marking the cut.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// verdictText says a kind's yes/no verdict in words a curator reads
// beside its name ("Enclosure+Negation: no, this puzzle is beyond it").
func verdictText(v string) string {
	switch v {
	case "yes":
		return "yes, it solves this puzzle"
	case "no":
		return "no, this puzzle is beyond it"
	}
	return v
}

// resetValue is the password typed in name's refused reset form.
func (d UsersPage) resetValue(name string) string {
	if d.Form == "user:"+name {
		return d.Reset
	}
	return ""
}

// printedBooklet is the booklet of set printed as publication pub's
// random images (the set's booklet form, with that choice made).
func printedBooklet(set, pub int64) templ.SafeURL {
	return templ.SafeURL(fmt.Sprintf("/sets/%d/booklet?image=%d", set, pub))
}

// publishedLine is one of a puzzle's publications: "Daily Times,
// 2026-12-01 (set Week 49, position 2)", and whether it was printed as a
// random image of itself.
func publishedLine(u model.Publication) string {
	s := fmt.Sprintf("%s, %s (set %s, position %d", u.Outlet, u.Date, u.SetName, u.Pos)
	if u.Image != 0 {
		s += ", printed as a random image of itself"
	}
	return s + ")"
}
