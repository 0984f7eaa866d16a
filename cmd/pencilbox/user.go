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

// runUser is `pencilbox user add|passwd NAME`: the web admin's users. The
// password comes from a prompt on a terminal (asked twice) or from the
// first line of stdin.
func runUser(e *env, args []string) int {
	fs := newFlags(e, "user")
	dbPath := fs.String("db", db.DefaultPath(e.getenv), "library database (default $PENCILBOX_DB or ./pencilbox.db)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 2 || (fs.Arg(0) != "add" && fs.Arg(0) != "passwd") {
		fs.Usage()
		return 2
	}
	what, name := fs.Arg(0), fs.Arg(1)
	if err := db.ValidUserName(name); err != nil {
		fmt.Fprintln(e.stderr, "pencilbox user:", err)
		return 2
	}
	pw, err := readPassword(e, name)
	if err != nil {
		fmt.Fprintln(e.stderr, "pencilbox user:", err)
		return 2
	}
	store, err := db.Open(*dbPath)
	if err != nil {
		fmt.Fprintln(e.stderr, "pencilbox user:", err)
		return 2
	}
	defer store.Close()
	users := db.UserStore{DB: store.W}
	ctx := context.Background()
	if what == "add" {
		err = users.Add(ctx, name, pw)
	} else {
		err = users.SetPassword(ctx, name, pw)
	}
	if err != nil {
		fmt.Fprintln(e.stderr, "pencilbox user:", err)
		return 1
	}
	if what == "add" {
		fmt.Fprintf(e.stdout, "user %s added\n", name)
	} else {
		fmt.Fprintf(e.stdout, "password of %s changed; their sessions ended\n", name)
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
