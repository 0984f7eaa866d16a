package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"

	"pencilbox/db"
)

// runUser is `pencilbox user add|passwd|role|disable|enable|delete|logout`:
// the web admin's users, as an admin manages them on /users. The password
// comes from a prompt on a terminal (asked twice) or from the first line of
// stdin. Flags may come before or after the subcommand.
func runUser(e *env, args []string) int {
	fs := newFlags(e, "user")
	dbPath := fs.String("db", db.DefaultPath(e.getenv), "library database (default $PENCILBOX_DB or ./pencilbox.db)")
	roleFlag := fs.String("role", "editor", "the new user's role: admin, editor or viewer (the first user is always admin)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	rest := fs.Args()
	if len(rest) > 0 {
		if err := fs.Parse(rest[1:]); err != nil {
			return 2
		}
		rest = append([]string{rest[0]}, fs.Args()...)
	}
	what := ""
	if len(rest) > 0 {
		what = rest[0]
	}
	want := map[string]int{"add": 2, "passwd": 2, "role": 3, "disable": 2, "enable": 2, "delete": 2, "logout": 2}[what]
	if want == 0 || len(rest) != want {
		fs.Usage()
		return 2
	}
	name := rest[1]
	// a new name must pass the rule before the password is asked; an old
	// library's user from before a rule can still be given a password or
	// a role
	if err := db.ValidUserName(name); err != nil && what == "add" {
		fmt.Fprintln(e.stderr, "pencilbox user:", err)
		return 2
	}
	roleArg := *roleFlag
	if what == "role" {
		roleArg = rest[2]
	}
	role, err := db.ParseRole(roleArg)
	if err != nil {
		fmt.Fprintln(e.stderr, "pencilbox user:", err)
		return 2
	}
	var pw string
	if what == "add" || what == "passwd" {
		if pw, err = readPassword(e, name); err != nil {
			fmt.Fprintln(e.stderr, "pencilbox user:", err)
			return 2
		}
	}
	store, err := db.Open(*dbPath)
	if err != nil {
		fmt.Fprintln(e.stderr, "pencilbox user:", err)
		return 2
	}
	defer store.Close()
	users := db.UserStore{DB: store.W}
	ctx := cliActor(context.Background(), e)
	switch what {
	case "add":
		var got db.Role
		if got, err = users.AddWithRole(ctx, name, pw, role); err == nil {
			fmt.Fprintf(e.stdout, "user %s added as %s\n", name, got)
			if got != role {
				fmt.Fprintf(e.stdout, "(the first user is always an admin)\n")
			}
		}
	case "passwd":
		if err = users.SetPassword(ctx, name, pw); err == nil {
			fmt.Fprintf(e.stdout, "password of %s changed; their sessions ended\n", name)
		}
	case "role":
		if err = users.SetRole(ctx, name, role); err == nil {
			fmt.Fprintf(e.stdout, "%s is now %s\n", name, role)
		}
	case "disable", "enable":
		if err = users.SetDisabled(ctx, name, what == "disable"); err == nil {
			fmt.Fprintf(e.stdout, "%s is %sd\n", name, what)
		}
	case "delete":
		if err = users.Delete(ctx, name); err == nil {
			fmt.Fprintf(e.stdout, "user %s deleted\n", name)
		}
	case "logout":
		var n int
		if n, err = users.EndSessions(ctx, name); err == nil {
			fmt.Fprintf(e.stdout, "%d sessions of %s ended\n", n, name)
		}
	}
	if err != nil {
		fmt.Fprintln(e.stderr, "pencilbox user:", err)
		return 1
	}
	return 0
}

func readPassword(e *env, name string) (string, error) {
	var pw string
	if f, ok := e.stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		ask := func(prompt string) (string, error) {
			fmt.Fprint(e.stderr, prompt)
			b, err := term.ReadPassword(int(f.Fd()))
			fmt.Fprintln(e.stderr)
			return string(b), err
		}
		a, err := ask("password for " + name + ": ")
		if err != nil {
			return "", err
		}
		b, err := ask("again: ")
		if err != nil {
			return "", err
		}
		if a != b {
			return "", errors.New("the passwords differ")
		}
		pw = a
	} else {
		line, err := bufio.NewReader(io.LimitReader(e.stdin, 4096)).ReadString('\n')
		if err != nil && err != io.EOF {
			return "", fmt.Errorf("read the password from stdin: %w", err)
		}
		pw = strings.TrimRight(line, "\r\n")
	}
	if err := db.ValidPassword(pw); err != nil {
		return "", err
	}
	return pw, nil
}

// randomPassword is a fresh password for the first admin.
func randomPassword() string {
	b := make([]byte, 15)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}
