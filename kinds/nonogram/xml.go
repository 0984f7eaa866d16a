package nonogram

import (
	"encoding/xml"
	"fmt"
	"strings"
)

// XMLRecord is a puzzle read from the web Paint-by-Number XML format
// (webpbn.com's export: <puzzleset><puzzle><clues type="columns"><line>
// <count>..), with its strings and goal.
type XMLRecord struct {
	Puzzle                       *Puzzle
	ID, Title, Author, Copyright string
	// Goal is the puzzle's goal image in the kind's solution notation;
	// "" when the file has none.
	Goal string
}

type xmlPuzzleSet struct {
	Puzzles []xmlPuzzle `xml:"puzzle"`
}

type xmlPuzzle struct {
	Type            string     `xml:"type,attr"`
	DefaultColor    string     `xml:"defaultcolor,attr"`
	BackgroundColor string     `xml:"backgroundcolor,attr"`
	Source          string     `xml:"source"`
	ID              string     `xml:"id"`
	Title           string     `xml:"title"`
	Author          string     `xml:"author"`
	Copyright       string     `xml:"copyright"`
	Colors          []xmlColor `xml:"color"`
	Clues           []xmlClues `xml:"clues"`
	Solutions       []xmlSol   `xml:"solution"`
}

type xmlColor struct {
	Name string `xml:"name,attr"`
	Char string `xml:"char,attr"`
}

type xmlClues struct {
	Type  string    `xml:"type,attr"`
	Lines []xmlLine `xml:"line"`
}

type xmlLine struct {
	Counts []xmlCount `xml:"count"`
}

type xmlCount struct {
	Color string `xml:"color,attr"`
	N     string `xml:",chardata"`
}

type xmlSol struct {
	Type  string `xml:"type,attr"`
	Image string `xml:"image"`
}

// SniffXML reports whether text looks like the Paint-by-Number XML.
func SniffXML(text string) bool {
	t := trimText(text)
	return strings.HasPrefix(t, "<") && strings.Contains(t, "<clues")
}

// ParseXML reads every puzzle of a Paint-by-Number XML document (a
// <puzzleset> or a lone <puzzle>). Only one-colour puzzles are read: a
// count of another colour than the puzzle's default is refused.
func ParseXML(text string) ([]*XMLRecord, error) {
	t := trimText(text)
	if err := checkXMLDepth(t); err != nil {
		return nil, err
	}
	var set xmlPuzzleSet
	if err := xml.Unmarshal([]byte(t), &set); err != nil || len(set.Puzzles) == 0 {
		var one xmlPuzzle
		if err2 := xml.Unmarshal([]byte(t), &one); err2 != nil {
			if err == nil {
				err = err2
			}
			return nil, fmt.Errorf("xml: %w", err)
		}
		set.Puzzles = []xmlPuzzle{one}
	}
	out := make([]*XMLRecord, 0, len(set.Puzzles))
	for i, xp := range set.Puzzles {
		rec, err := xp.record()
		if err != nil {
			return nil, fmt.Errorf("xml: puzzle %d: %w", i+1, err)
		}
		out = append(out, rec)
	}
	return out, nil
}

// MaxXMLDepth is the deepest element nesting ParseXML reads. A
// Paint-by-Number document nests five deep (puzzleset, puzzle, clues,
// line, count); encoding/xml's Unmarshal keeps a frame per open element,
// so 590,000 nested elements in a 4 MB document took 258 MB before this
// limit, and are now refused after one token pass.
const MaxXMLDepth = 64

// checkXMLDepth refuses a document nested deeper than MaxXMLDepth before
// it is unmarshalled. Syntax errors are left to Unmarshal, which names them.
func checkXMLDepth(t string) error {
	d := xml.NewDecoder(strings.NewReader(t))
	depth := 0
	for {
		tok, err := d.RawToken()
		if err != nil {
			return nil
		}
		switch tok.(type) {
		case xml.StartElement:
			depth++
			if depth > MaxXMLDepth {
				line, _ := d.InputPos()
				return fmt.Errorf("xml: line %d: elements nested deeper than %d", line, MaxXMLDepth)
			}
		case xml.EndElement:
			depth--
		}
	}
}

func (xp *xmlPuzzle) record() (*XMLRecord, error) {
	if xp.Type != "" && xp.Type != "grid" {
		return nil, fmt.Errorf("puzzle type %q: only grid puzzles are nonograms", xp.Type)
	}
	def := xp.DefaultColor
	if def == "" {
		def = "black"
	}
	var rows, cols [][]int
	for _, c := range xp.Clues {
		lines := make([][]int, len(c.Lines))
		for i, l := range c.Lines {
			lines[i] = []int{}
			for _, n := range l.Counts {
				if n.Color != "" && n.Color != def {
					return nil, fmt.Errorf("%s %d: a count of colour %q: only one-colour puzzles are read", c.Type, i+1, n.Color)
				}
				var v int
				if _, err := fmt.Sscanf(strings.TrimSpace(n.N), "%d", &v); err != nil || v < 1 || v > MaxSize {
					return nil, fmt.Errorf("%s %d: bad count %q", c.Type, i+1, n.N)
				}
				lines[i] = append(lines[i], v)
			}
		}
		switch c.Type {
		case "rows":
			rows = lines
		case "columns":
			cols = lines
		default:
			return nil, fmt.Errorf("clues of type %q (want rows or columns)", c.Type)
		}
	}
	if rows == nil || cols == nil {
		return nil, fmt.Errorf("want both row and column clues")
	}
	p, err := New(len(cols), len(rows), rows, cols)
	if err != nil {
		return nil, err
	}
	rec := &XMLRecord{Puzzle: p, ID: strings.TrimSpace(xp.ID), Title: strings.TrimSpace(xp.Title),
		Author: strings.TrimSpace(xp.Author), Copyright: strings.TrimSpace(xp.Copyright)}
	bg := xp.BackgroundColor
	if bg == "" {
		bg = "white"
	}
	bgChar := "."
	for _, c := range xp.Colors {
		if c.Name == bg && c.Char != "" {
			bgChar = c.Char
		}
	}
	for _, s := range xp.Solutions {
		if s.Type != "" && s.Type != "goal" && s.Type != "solution" {
			continue
		}
		cells, err := xmlImage(s.Image, p.W, p.H, bgChar)
		if err != nil {
			return nil, fmt.Errorf("goal: %w", err)
		}
		rec.Goal = SolutionText(p.W, p.H, cells)
		break
	}
	return rec, nil
}

// xmlImage reads an <image>: one row a line between '|' marks, bg the
// empty cell's character.
func xmlImage(img string, w, h int, bg string) ([]bool, error) {
	var cells []bool
	r := 0
	for line := range strings.Lines(img) {
		l := strings.TrimSpace(line)
		if l == "" {
			continue
		}
		l = strings.TrimSuffix(strings.TrimPrefix(l, "|"), "|")
		if len(l) != w {
			return nil, fmt.Errorf("image row %d has %d cells, want %d", r+1, len(l), w)
		}
		for i := 0; i < len(l); i++ {
			cells = append(cells, string(l[i]) != bg)
		}
		r++
	}
	if r != h {
		return nil, fmt.Errorf("image has %d rows, want %d", r, h)
	}
	return cells, nil
}

// XMLText writes p as a Paint-by-Number XML puzzle set of one puzzle,
// with title and, when solution is given, its goal image.
func (p *Puzzle) XMLText(title, solution string) string {
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\"?>\n<puzzleset>\n<puzzle type=\"grid\" defaultcolor=\"black\">\n")
	if title != "" {
		b.WriteString("<title>")
		xml.EscapeText(&b, []byte(title))
		b.WriteString("</title>\n")
	}
	b.WriteString("<color name=\"white\" char=\".\">fff</color>\n<color name=\"black\" char=\"X\">000</color>\n")
	for _, sec := range []struct {
		name  string
		lines [][]int
	}{{"columns", p.Cols}, {"rows", p.Rows}} {
		fmt.Fprintf(&b, "<clues type=%q>\n", sec.name)
		for _, l := range sec.lines {
			b.WriteString("<line>")
			for _, v := range l {
				fmt.Fprintf(&b, "<count>%d</count>", v)
			}
			b.WriteString("</line>\n")
		}
		b.WriteString("</clues>\n")
	}
	if cells, err := p.ParseSolution(solution); solution != "" && err == nil {
		b.WriteString("<solution type=\"goal\">\n<image>\n")
		for r := range p.H {
			b.WriteByte('|')
			for c := range p.W {
				if cells[r*p.W+c] {
					b.WriteByte('X')
				} else {
					b.WriteByte('.')
				}
			}
			b.WriteString("|\n")
		}
		b.WriteString("</image>\n</solution>\n")
	}
	b.WriteString("</puzzle>\n</puzzleset>\n")
	return b.String()
}
