package main

import "pencilbox/db"

// describe is err as the CLI prints it: for a condition the user can act
// on (a full disk, a damaged database: db.Explain), the sentence saying
// what to do, with SQLite's own words after it; else the error.
func describe(err error, path string) string {
	if msg, ok := db.Explain(err, path); ok {
		return msg + "\n  (" + err.Error() + ")"
	}
	return err.Error()
}
