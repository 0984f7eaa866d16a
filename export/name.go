package export

import (
	"strings"
	"unicode"
)

// maxFileName bounds a download's name, in characters, before its
// extension.
const maxFileName = 80

// FileName is a safe file name (no extension) for a download titled
// title, such as a set's name: letters and digits of any script kept,
// every run of anything else (slashes, quotes, spaces, dots) one '-', at
// most 80 characters; "puzzles" when nothing is left. ASCII gives the
// plain name a browser shows when it cannot read the UTF-8 one (accents
// dropped, not the words around them).
func FileName(title string, ascii bool) string {
	var b strings.Builder
	dash := false
	n := 0
	for _, r := range title {
		ok := unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_'
		if ascii && r > unicode.MaxASCII {
			if r = fold(r); r == 0 {
				continue
			}
			ok = true
		}
		if !ok {
			dash = b.Len() > 0
			continue
		}
		if n >= maxFileName {
			break
		}
		if dash {
			b.WriteByte('-')
			n++
			dash = false
		}
		b.WriteRune(r)
		n++
	}
	if b.Len() == 0 {
		return "puzzles"
	}
	return b.String()
}

// fold is the ASCII letter of a Latin letter with an accent ('é' -> 'e'),
// 0 for any other character.
func fold(r rune) rune {
	const from, to = "àáâãäåçèéêëìíîïñòóôõöøùúûüýÿÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝ", "aaaaaaceeeeiiiinoooooouuuuyyAAAAAACEEEEIIIINOOOOOOUUUUY"
	i := 0
	for _, f := range from {
		if f == r {
			return rune(to[i])
		}
		i++
	}
	return 0
}
