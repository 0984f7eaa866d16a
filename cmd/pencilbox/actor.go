package main

import (
	"context"

	"pencilbox/db"
)

// cliActor names the command line's writes in the audit log: "cli:" and
// the OS user ($USER, else $LOGNAME), or "cli" alone.
func cliActor(ctx context.Context, e *env) context.Context {
	who := db.ActorCLI
	for _, k := range []string{"USER", "LOGNAME"} {
		if u := e.getenv(k); u != "" {
			who += ":" + u
			break
		}
	}
	return db.WithActor(ctx, who)
}
