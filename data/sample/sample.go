// Package sample holds the bundled sample library: a few hundred Sudoku
// spanning the difficulty range and some Akari, each file naming its source
// collection in its leading # comment lines. library.Seed imports them.
package sample

import "embed"

// FS holds the sample files (*.txt) at its root.
//
//go:embed *.txt
var FS embed.FS
