package web

import (
	"net/url"
	"strings"
)

// localPath reports whether next (as decoded from the query or form) is a
// clean path on this site, safe to redirect to after login: it starts with
// exactly one '/', holds no backslash and no control character (browsers
// drop tabs and newlines from a URL, so "/\t/host" becomes "//host", another
// site), and neither it nor its percent-decoded form names a scheme or host.
func localPath(next string) bool {
	if !strings.HasPrefix(next, "/") || len(next) > 2048 {
		return false
	}
	// Check the text as given and once more decoded: a Location header
	// holding "%2F%2Fhost" is harmless, but one decoding too many (a proxy,
	// a later redirect) must not turn it into a host either.
	for _, s := range []string{next, unescaped(next)} {
		if strings.HasPrefix(s, "//") || strings.ContainsRune(s, '\\') {
			return false
		}
		for _, r := range s {
			if r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 {
				return false
			}
		}
	}
	u, err := url.Parse(next)
	return err == nil && u.Scheme == "" && u.Host == "" && u.User == nil && strings.HasPrefix(u.Path, "/")
}

// unescaped is s percent-decoded, or s when it does not decode.
func unescaped(s string) string {
	if d, err := url.PathUnescape(s); err == nil {
		return d
	}
	return s
}
