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
// filter key). Bars are scalePitch apart, wide enough for a six-digit
// count at the count's font; the axis names the whole points alone (every
// other bar), so its labels never touch (at 30 px, the counts above
// overlapped).
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
		label := engine.FormatTenths(b.Lo)
		tick := ""
		if b.Lo == float64(int(b.Lo)) || len(k.ScaleBins) == 1 {
			tick = label
		}
		out[i] = bar{X: 30 + i*scalePitch, Y: 140 - h, W: scalePitch - 6, H: h, Label: label, Tick: tick, N: b.N,
			URL: "/puzzles?kind=" + url.QueryEscape(k.Kind) + "&" + url.QueryEscape(k.ScaleKey) + "=" + url.QueryEscape(rng)}
	}
	return out
}

// scalePitch is the scale histogram's bar spacing: a count of six digits
// at 10 px is about 33 px wide.
const scalePitch = 38

func scaleHistWidth(k model.KindStats) string { return itoa(40 + len(k.ScaleBins)*scalePitch) }
