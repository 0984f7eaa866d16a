// Command pencilbox keeps a library of pencil puzzles: it imports, solves,
// rates, serves and exports them. This file only wires the packages.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"

	"pencilbox"
	"pencilbox/bundle"
	"pencilbox/engine"
	"pencilbox/export"
	"pencilbox/importers"
	akarikind "pencilbox/kinds/akari/kind"
	killerkind "pencilbox/kinds/killer/kind"
	nonogramkind "pencilbox/kinds/nonogram/kind"
	slitherlinkkind "pencilbox/kinds/slitherlink/kind"
	sudokukind "pencilbox/kinds/sudoku/kind"
)

// env is what a command may touch: its streams, the environment and the
// registered kinds (their bundles, and the registries the bundles give).
// Tests run commands with their own env.
type env struct {
	stdin      io.Reader
	stdout     io.Writer
	stderr     io.Writer
	getenv     func(string) string
	bundles    bundle.Registry
	kinds      engine.Registry
	formats    importers.Registry
	exports    export.Kinds
	second     engine.SecondRaters // the kinds' second raters (bundle.SecondRated)
	isTerminal func(io.Writer) bool
}

// command is one subcommand. run parses its own flags and returns the exit
// status.
type command struct {
	name    string
	args    string
	summary string
	run     func(e *env, args []string) int
}

// commands is the CLI's table, in the order help lists them. (A function,
// not a variable: the commands' usage text reads the table.)
func commands() []command {
	return []command{
		{"solve", "[--kind K] [--jobs N] [--stats] [FILE...|-]", "solve puzzles and check uniqueness", runSolve},
		{"rate", "[--kind K] [--steps] [--er] [--jobs N] [--stats] [--cpuprofile FILE] [--memprofile FILE] [FILE...|-]", "solve and rate puzzles on the technique ladder (--er: and the kind's second rating, ER/EP/ED)", runRate},
		{"generate", "--kind K --count N [--rank R|A-B] [--symmetry S] [--clues A-B] [--minimal=false] [--size WxH] [--black P%] [--seed S] [--jobs N] [--time D] (--db PATH [--tag T]... [--set NAME] | -o FILE|-)", "make new puzzles to a target (rank, symmetry, clues): unique, minimal, not yet in the library", runGenerate},
		{"canon", "[--kind K] [FILE...|-]", "print each puzzle's canonical form (duplicates share it)", runCanon},
		{"import", "[--db PATH] [--source LABEL] [--format NAME] [--tag T]... [--jobs N] [--queue=false] FILE...|- | --ratings FILE...", "store puzzles in the library database (analysed, duplicates merged; slower scales queued)", runImport},
		{"rate-queue", "[--db PATH] [--jobs N] [--nice N] [--wait]", "rate what imports left pending on the kinds' slower scales (serve does it in the background), with a progress bar; one process at a time (--wait: for the one at work)", runRateQueue},
		{"export", "[--db PATH] [filters] [--set NAME] --format FMT -o FILE [--limit N] [--shuffle SEED] [pdf options]", "write puzzles as a PDF booklet or a text format (--format; -h lists them)", runExport},
		{"set", "list|show|create|add|remove|build|publish|delete [--db PATH] ...", "the admin's sets for scripts: show, fill (ids, a filter, a recipe), publish; used puzzles refused unless --allow-reuse", runSet},
		{"backup", "[--db PATH] [--force] DEST", "copy a live database consistently (VACUUM INTO)", runBackup},
		{"restore", "[--db PATH] BACKUP", "replace the library by a backup (checked first; the old file kept aside; stop serve first)", runRestore},
		{"check", "[--db PATH] [--fix] [--jobs N]", "integrity check, then every stored analysis against the engine (--fix mends)", runCheck},
		{"serve", "[--db PATH] [--addr HOST:PORT] [--max-upload MIB] [--sample=false] [--jobs N] [--trusted-proxy CIDR]... [--hsts] [--backup-dir D --backup-every 24h --backup-keep 14]", "serve the admin web site (a new database gets the sample library and an admin user)", runServe},
		{"user", "[--db PATH] add [--role admin|editor|viewer] NAME | passwd NAME | role NAME admin|editor|viewer | disable|enable|delete|logout NAME", "add a web admin user (an editor by default; the first is admin), change a password (from a prompt or stdin) or a role, disable, enable or delete a user, end a user's sessions", runUser},
	}
}

func newEnv() *env {
	// Every puzzle kind is registered here, once, by its bundle. Each
	// kind's claim on a text is its own: Akari's Tatham IDs leave
	// Nonogram's Pattern IDs of the same "WxH:" head alone
	// (TestDetectLeavesPatternIDs).
	bundles := bundle.Registry{sudokukind.Bundle{}, nonogramkind.Bundle{}, akarikind.Bundle{}, killerkind.Bundle{}, slitherlinkkind.Bundle{}}
	return &env{
		stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv,
		bundles: bundles, kinds: bundles.Kinds(), formats: bundles.Formats(), exports: bundles.Exports(),
		second: bundles.SecondRaters(),
		isTerminal: func(w io.Writer) bool {
			f, ok := w.(*os.File)
			return ok && term.IsTerminal(int(f.Fd()))
		},
	}
}

func main() {
	os.Exit(run(newEnv(), os.Args[1:]))
}

func run(e *env, args []string) int {
	if err := e.bundles.Check(); err != nil {
		fmt.Fprintln(e.stderr, "pencilbox: a registered kind:", err)
		return 2
	}
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		if len(args) > 1 {
			return run(e, []string{args[1], "-h"})
		}
		usage(e, e.stdout)
		return 0
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(e, args[1:])
		}
	}
	fmt.Fprintf(e.stderr, "pencilbox: unknown command %q\n\n", args[0])
	usage(e, e.stderr)
	return 2
}

func usage(e *env, w io.Writer) {
	fmt.Fprintf(w, "pencilbox keeps a library of pencil puzzles (%s): import, solve, rate, serve, export.\n", e.kindNames())
	fmt.Fprintln(w, "\nUsage: pencilbox COMMAND [flags] [args]\n\nCommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\n'pencilbox help COMMAND' or 'pencilbox COMMAND -h' explains a command's flags.")
}

// usageFor prints a command's synopsis; flag sets call it on -h.
func usageFor(name string) string {
	for _, c := range commands() {
		if c.name == name {
			return fmt.Sprintf("Usage: pencilbox %s %s\n\n%s.", c.name, c.args, strings.ToUpper(c.summary[:1])+c.summary[1:])
		}
	}
	return ""
}

// Help texts name the registered kinds and formats from the registries,
// so a new kind's bundle is all it takes to list it.

// kindNames lists the registered kinds' names: "sudoku, akari".
func (e *env) kindNames() string {
	names := make([]string, len(e.kinds))
	for i, k := range e.kinds {
		names[i] = k.Name()
	}
	return strings.Join(names, ", ")
}

// importFormatNames lists the import formats' names.
func (e *env) importFormatNames() string {
	names := make([]string, len(e.formats))
	for i, f := range e.formats {
		names[i] = f.Name
	}
	return strings.Join(names, ", ")
}

// exportFormatNames lists the export formats' names.
func (e *env) exportFormatNames() string {
	var names []string
	for _, f := range e.exports.Formats() {
		names = append(names, f.Name)
	}
	return strings.Join(names, ", ")
}

// verdictNames says which kinds have a yes/no verdict of their own
// (engine.Verdicter) and its name: "sudoku: Enclosure+Negation".
func (e *env) verdictNames() string {
	var out []string
	for _, k := range e.kinds {
		if n := engine.VerdictName(k); n != "" {
			out = append(out, k.Name()+": "+n)
		}
	}
	return strings.Join(out, "; ")
}

// vocabulary is what the registered kinds declare: their scales and
// verdicts, read by the filter flags.
func (e *env) vocabulary() pencilbox.Vocabulary {
	return pencilbox.NewVocabulary(e.kinds, e.second)
}

// scaleText prints v, figure i of kind's second rating, as its declared
// scale does (engine.Scale.Format); "" when the kind declares no such
// scale.
func (e *env) scaleText(kind string, i int, v float64) string {
	sc := e.second.ScalesOf(kind)
	if i >= len(sc) {
		return ""
	}
	return sc[i].Format(v)
}
