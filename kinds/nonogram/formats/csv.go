package formats

import (
	"strings"

	"pencilbox/importers"
	"pencilbox/kinds/nonogram"
)

// CSV reads the csv table `export --format csv` writes (puzzle, solution,
// rank, ..., tags) through the shared csv reader (importers.CSVFormat): a
// row's puzzle is a Nonogram notation (the export writes Pattern IDs
// `WxH:COLS/ROWS`), its solution, when given, is checked against the
// clues as the other Nonogram formats check theirs, its tags kept, the
// other columns kept as metadata. In a registry with Sudoku's csv the two
// are one format, each row read by the kind whose puzzle it is.
func CSV() importers.Format {
	return importers.CSVFormat(csvRows())
}

func csvRows() importers.CSVKind {
	return importers.CSVKind{
		Kind:     kind,
		Puzzle:   []string{"puzzle"},
		Solution: []string{"solution"},
		Takes:    takesCSV,
		Row:      csvRow,
	}
}

// takesCSV claims what the kind sniffs, and a mistyped Pattern ID too (a
// "WxH:" head and a '/' between clues, which no other kind's game ID
// has), so that its row is a bad record with the Nonogram parser's
// reason.
func takesCSV(puzzle string) bool {
	if kind.Sniff(puzzle) {
		return true
	}
	head, rest, ok := strings.Cut(puzzle, ":")
	w, h, x := strings.Cut(head, "x")
	return ok && x && digits(w) && digits(h) && strings.Contains(rest, "/")
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func csvRow(line int, puzzle, solution string) importers.Record {
	rec := importers.Record{Line: line, Text: puzzle}
	p, err := nonogram.Parse(puzzle)
	if err != nil {
		rec.Err = err
		return rec
	}
	if solution != "" {
		if err := checkSolution(p, solution); err != nil {
			rec.Err = err
			return rec
		}
		rec.Solution = solution
	}
	rec.Puzzle = p
	return rec
}
