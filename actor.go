package pencilbox

import "context"

// Who a write is for and where it came from travel in the context, set by
// the web server (the session's user, the client's address) and the
// command line, and read by the store, which writes them into each audit
// row. They are declared here so that the site names them without the
// db package.

type actorKey struct{}

type jobActionKey struct{}

type clientKey struct{}

// WithActor names who the writes made with ctx are for.
func WithActor(ctx context.Context, who string) context.Context {
	return context.WithValue(ctx, actorKey{}, who)
}

// WithClient names the address the writes made with ctx came from (a web
// request's client), kept in each audit row beside the actor.
func WithClient(ctx context.Context, addr string) context.Context {
	return context.WithValue(ctx, clientKey{}, addr)
}

// MaxClient bounds the address kept in an audit row: an IPv6 address with
// a zone is under 64 bytes, and nothing longer is an address.
const MaxClient = 64

// Client is the address ctx's writes came from ("" for the command line
// and the server's own work), cut to MaxClient bytes.
func Client(ctx context.Context) string {
	a, _ := ctx.Value(clientKey{}).(string)
	if len(a) > MaxClient {
		a = a[:MaxClient]
	}
	return a
}

// The actors the audit log names its own rows with, never a user's name
// (ValidUserName refuses them, in any case): the server's own work, the
// command line ("cli", or "cli:" and the OS user: ':' is never in a user
// name), and a visitor without a session (a failed login).
const (
	ActorSystem  = "system"
	ActorCLI     = "cli"
	ActorVisitor = "visitor"
)

// ReservedUserNames are the names no user may take: the audit log's own
// actors.
var ReservedUserNames = []string{ActorSystem, ActorCLI, ActorVisitor}

// Actor is who ctx's writes are for (ActorSystem when no one was named:
// the server's own work, such as creating the first admin).
func Actor(ctx context.Context) string {
	if a, _ := ctx.Value(actorKey{}).(string); a != "" {
		return a
	}
	return ActorSystem
}

// ActorNamed reports whether ctx names an actor (WithActor, even "").
func ActorNamed(ctx context.Context) bool {
	_, ok := ctx.Value(actorKey{}).(string)
	return ok
}

// AsGenerator makes the jobs started with ctx be logged as generator runs
// (ActionGenerate) rather than imports.
func AsGenerator(ctx context.Context) context.Context {
	return context.WithValue(ctx, jobActionKey{}, ActionGenerate)
}

// JobAction is the audit action a job started with ctx is logged as:
// ActionGenerate under AsGenerator, else ActionImport.
func JobAction(ctx context.Context) string {
	if a, _ := ctx.Value(jobActionKey{}).(string); a != "" {
		return a
	}
	return ActionImport
}

// The actions of the audit log.
const (
	ActionImport      = "import"       // an import started (job_id)
	ActionGenerate    = "generate"     // a generator run started (job_id)
	ActionJobEnd      = "job.end"      // an import or a generator run ended, with its counts
	ActionTags        = "tags"         // a puzzle's tags changed
	ActionSetCreate   = "set.create"   // set_id
	ActionSetEdit     = "set.edit"     // name or notes
	ActionSetAdd      = "set.add"      // puzzles added
	ActionSetRemove   = "set.remove"   // a puzzle removed
	ActionSetMove     = "set.move"     // a puzzle moved
	ActionSetDelete   = "set.delete"   //
	ActionSetOrder    = "set.order"    // a new order as a whole (sorted, dragged)
	ActionSetUndo     = "set.undo"     // the last change undone
	ActionSetPublish  = "set.publish"  // a set published (outlet, date), its puzzles linked
	ActionSetReopen   = "set.reopen"   // a published set unlocked for changes (its publications named)
	ActionUserAdd     = "user.add"     //
	ActionUserRole    = "user.role"    //
	ActionUserPasswd  = "user.passwd"  //
	ActionRestore     = "restore"      // the library replaced by a backup (written into the restored file)
	ActionUserDisable = "user.disable" // no login, sessions ended
	ActionUserEnable  = "user.enable"  //
	ActionUserDelete  = "user.delete"  //
	ActionUserLogout  = "user.logout"  // every session of a user ended ("log out everywhere")
	ActionLogin       = "login"        // a session started (the user's own row)
	ActionLoginFailed = "login.failed" // a password check failed (actor "visitor"; no password, no unknown name)
	ActionExport      = "export"       // puzzles downloaded or written to a file (format, what)
	ActionCheckFix    = "check.fix"    // check --fix stored the engine's analysis over puzzles'
	ActionFillSecond  = "fill.second"  // a run filling the second rating (ER) of puzzles that had none
	ActionQueuePause  = "queue.pause"  // the rating queue paused (cancelled) until resumed, across restarts
	ActionQueueResume = "queue.resume" // the rating queue resumed
)
