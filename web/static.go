package web

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"sort"

	"pencilbox"

	"github.com/labstack/echo/v4"
)

//go:embed static
var staticFS embed.FS

// staticAssets is the embedded stylesheet and script with their content
// hash: pages link them as /static/<name>?v=<version>, so a browser keeps
// them for a year (immutable) and a new build, whose hash differs, is
// fetched at once; a request without the version gets an ETag to revalidate.
type staticAssets struct {
	files   map[string][]byte
	etag    map[string]string
	version string // hash of every file: the ?v= of the pages' links
}

func loadStatic() staticAssets {
	a := staticAssets{files: map[string][]byte{}, etag: map[string]string{}}
	all := sha256.New()
	var names []string
	_ = fs.WalkDir(staticFS, "static", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, p)
		}
		return nil
	})
	sort.Strings(names)
	for _, p := range names {
		b, err := fs.ReadFile(staticFS, p)
		if err != nil {
			continue
		}
		sum := sha256.Sum256(b)
		name := "/" + path.Base(p)
		a.files[name] = b
		a.etag[name] = `"` + hex.EncodeToString(sum[:8]) + `"`
		all.Write([]byte(name))
		all.Write(sum[:])
	}
	a.version = hex.EncodeToString(all.Sum(nil)[:6])
	return a
}

func (s *Server) static(c echo.Context) error {
	name := path.Clean("/" + c.Param("*"))
	b, ok := s.assets.files[name]
	if !ok {
		return pencilbox.ErrNotFound
	}
	ctype := mime.TypeByExtension(path.Ext(name))
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	h := c.Response().Header()
	etag := s.assets.etag[name]
	h.Set("ETag", etag)
	if c.QueryParam("v") == s.assets.version {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "public, max-age=300")
	}
	if c.Request().Header.Get("If-None-Match") == etag {
		return c.NoContent(http.StatusNotModified)
	}
	return c.Blob(http.StatusOK, ctype, b)
}
