package export

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"pencilbox/importers"
)

// TestAppendRecord: the hand-written JSON of a record is byte for byte
// what encoding/json writes, for records with every field empty or set,
// and strings holding quotes, backslashes, control characters, invalid
// UTF-8, U+2028 and HTML.
func TestAppendRecord(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"", "a", "\"", "\\", "\n", "\r\t", "\x00", "\x1f", "\x7f", "<b>&", "é", "日本", "\u2028", "\u2029",
		"\xff", "\xe2\x80", "💡", " ", "word", "\b\f"}
	str := func() string {
		var sb strings.Builder
		for range r.IntN(5) {
			sb.WriteString(pieces[r.IntN(len(pieces))])
		}
		return sb.String()
	}
	floats := []float64{0, 1, -2.5, 117, 1.0 / 3, 1e-7, 2.5e-7, 1e21, 123456789012345680000, 1e-6, -0.000001, 5e-324, 1.7976931348623157e308}
	for i := range 3000 {
		rec := importers.JSONRecord{Kind: str(), Puzzle: str()}
		if r.IntN(2) == 0 {
			rec = importers.JSONRecord{
				ID: r.Int64N(1 << 40), Kind: str(), Puzzle: str(), Canonical: str(), Status: str(), Solution: str(),
				Rank: r.IntN(9) - 1, Score: floats[r.IntN(len(floats))], Verdict: str(), Clues: r.IntN(82),
				Width: r.IntN(50), Height: r.IntN(50), Note: str(), Created: str(),
			}
			for range r.IntN(4) {
				if rec.Profile == nil {
					rec.Profile = map[string]int{}
				}
				rec.Profile[str()] = r.IntN(100)
			}
			for range r.IntN(3) {
				rec.Tags = append(rec.Tags, str())
			}
			for range r.IntN(3) {
				if rec.Meta == nil {
					rec.Meta = map[string]string{}
				}
				rec.Meta[str()] = str()
			}
			for range r.IntN(3) {
				rec.Sources = append(rec.Sources, importers.JSONSource{Label: str(), File: str(), Line: r.IntN(1000), Text: str()})
			}
		}
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(rec); err != nil {
			t.Fatal(err)
		}
		got, err := appendRecord(nil, rec)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want.String() {
			t.Fatalf("record %d:\n got %s\nwant %s", i, got, want.Bytes())
		}
	}
}
