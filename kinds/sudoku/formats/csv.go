package formats

import (
	"pencilbox/importers"
)

// Column names that hold the puzzle and the solution, compared without
// case. A name starting with "puzzle" also counts (PuzzleR).
var (
	puzzleNames   = []string{"quizzes", "quiz", "puzzle", "puzzles", "sudoku", "givens", "grid", "question", "problem"}
	solutionNames = []string{"solutions", "solution", "answer", "solved"}
)

// CSV reads a table with a header naming the puzzle column (quizzes,
// puzzle, ...) through the shared csv reader (importers.CSVFormat: the
// header, delimiter, title lines and gsf `#!sudoku -cN,...` headers, a
// tags column, the other columns kept as metadata). A row's puzzle is the
// 81-character line form (the rest of the field after white space kept as
// the note); a solution column goes to Record.Solution, which the import
// checks against the puzzle's own.
func CSV() importers.Format {
	return importers.CSVFormat(csvRows())
}

// csvRows is how Sudoku reads the rows of a csv table: the csv format of
// a registry holding several kinds routes the rows whose puzzle field
// sudoku.Kind sniffs here.
func csvRows() importers.CSVKind {
	return importers.CSVKind{
		Kind:     kind,
		Puzzle:   puzzleNames,
		Solution: solutionNames,
		Row: func(line int, puzzle, solution string) importers.Record {
			rec := lineRecord(line, puzzle)
			rec.Solution = solution
			return rec
		},
	}
}
