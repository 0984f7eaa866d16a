package templates

import (
	"bytes"
	"context"
	"encoding/xml"
	"strconv"
	"strings"
	"testing"

	"pencilbox/engine/akari"
)

// TestAkariThumb: the hand-written thumbnail is well-formed SVG whose
// black rects cover exactly the grid's black cells and whose texts are
// its clues, in place.
func TestAkariThumb(t *testing.T) {
	for _, id := range []string{
		"http://pzv.jp/p.html?lightup/6/6/nekcakbl",
		"4x4:eBBbBBe", // two black runs of two
		"3x3:a1c2c",
		"3x3:d4d",
		"5x1:BB1BB", // one row, all black: one rect
		"1x1:a",
	} {
		p, err := akari.Parse(id)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		var buf bytes.Buffer
		if err := akariThumb(p).Render(context.Background(), &buf); err != nil {
			t.Fatal(err)
		}
		cs := akSize(p.W, p.H, 72)
		covered := make([]bool, len(p.Cells))
		var clues []string
		d := xml.NewDecoder(&buf)
		inClues, inText := false, ""
		for {
			tok, err := d.Token()
			if err != nil {
				if err.Error() != "EOF" {
					t.Fatalf("%s: not well-formed: %v", id, err)
				}
				break
			}
			switch e := tok.(type) {
			case xml.StartElement:
				attr := map[string]int{}
				for _, a := range e.Attr {
					attr[a.Name.Local], _ = strconv.Atoi(a.Value)
					if a.Name.Local == "fill" && a.Value == "#fff" && e.Name.Local == "g" {
						inClues = true
					}
				}
				if e.Name.Local == "rect" && attr["height"] == cs {
					for x := (attr["x"] - 2) / cs; x < (attr["x"]-2+attr["width"])/cs; x++ {
						covered[(attr["y"]-2)/cs*p.W+x] = true
					}
				}
				if e.Name.Local == "text" && inClues {
					inText = strconv.Itoa((attr["y"]-2)/cs*p.W + (attr["x"]-2)/cs)
				}
			case xml.CharData:
				if inText != "" {
					clues = append(clues, inText+":"+string(e))
					inText = ""
				}
			}
		}
		var want []string
		for i, c := range p.Cells {
			black := c == '#' || c >= '0' && c <= '4'
			if covered[i] != black {
				t.Errorf("%s: cell %d black %v, drawn %v", id, i, black, covered[i])
			}
			if c >= '0' && c <= '4' {
				want = append(want, strconv.Itoa(i)+":"+string(c))
			}
		}
		if strings.Join(clues, " ") != strings.Join(want, " ") {
			t.Errorf("%s: clues %v, want %v", id, clues, want)
		}
	}
}
