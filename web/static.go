package web

import (
	"embed"
	"io/fs"
	"mime"
	"net/http"
	"path"

	"github.com/labstack/echo/v4"
)

//go:embed static
var staticFS embed.FS

func (s *Server) static(c echo.Context) error {
	name := path.Clean("/" + c.Param("*"))
	b, err := fs.ReadFile(staticFS, "static"+name)
	if err != nil {
		return ErrNotFound
	}
	ctype := mime.TypeByExtension(path.Ext(name))
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=3600")
	return c.Blob(http.StatusOK, ctype, b)
}
