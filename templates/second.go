package templates

import (
	"net/url"

	"pencilbox"
	"pencilbox/engine"
	"pencilbox/web/model"
)

// tenths shows a second-rating figure ("7.0"), or nothing where there is
// none.
func tenths(v float64) string {
	if v <= 0 {
		return ""
	}
	return engine.FormatTenths(v)
}

// scaleHistogram is the bars of a kind's first-figure histogram, one per
// half point, each linked to the list of its puzzles (the scale's own
// filter key).
func scaleHistogram(k model.KindStats) []bar {
	maxN := 1
	for _, b := range k.ScaleBins {
		maxN = max(maxN, b.N)
	}
	out := make([]bar, len(k.ScaleBins))
	for i, b := range k.ScaleBins {
		h := b.N * 120 / maxN
		if b.N > 0 && h == 0 {
			h = 1
		}
		rng := pencilbox.FormatScaleRange(b.Lo, b.Hi)
		out[i] = bar{X: 30 + i*30, Y: 140 - h, W: 24, H: h, Label: engine.FormatTenths(b.Lo), N: b.N,
			URL: "/puzzles?kind=" + url.QueryEscape(k.Kind) + "&" + url.QueryEscape(k.ScaleKey) + "=" + url.QueryEscape(rng)}
	}
	return out
}

func scaleHistWidth(k model.KindStats) string { return itoa(40 + len(k.ScaleBins)*30) }
