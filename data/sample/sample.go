// Package sample holds the bundled sample library: a few hundred Sudoku
// spanning the difficulty range, some Akari, 40 Slitherlinks (Janko.at's and
// Tatham's Loopy's, every rank), 132 Killer Sudoku (Janko.at's, Tatham's
// Solo's, 4x4s of our generator) and fifty nonograms of every size and
// rank, each file naming its source collection in its leading # comment
// lines. library.Seed imports them.
package sample

import "embed"

// FS holds the sample files (*.txt) at its root.
//
//go:embed *.txt
var FS embed.FS
