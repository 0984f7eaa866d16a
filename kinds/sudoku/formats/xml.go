package formats

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"

	"pencilbox/importers"
)

// XML reads the OpenSudoku export: <opensudoku><game data="0600..."/>...
// Version 2 (<opensudoku version="2"><folder name="..."><game data=.../>)
// too. The game's other attributes, its folder's name and the collection's
// name, author and description go to Record.Meta.
//
// The input is streamed token by token, and nothing is kept of an element
// but its name while it is open, so memory stays flat whatever the file's
// size: elements nested deeper than MaxXMLDepth, a token (a tag with its
// attributes, a run of text, a comment) longer than MaxXMLToken, or broken
// XML end the input with one bad record naming the line; the games before
// it are read.
func XML() importers.Format {
	return importers.Format{
		Name:   "xml",
		Kind:   kind,
		Detect: detectXML,
		Read:   readXML,
	}
}

func detectXML(head []byte) bool {
	head = bytes.TrimLeft(head, " \t\r\n")
	if bytes.HasPrefix(head, []byte("<?xml")) {
		i := bytes.Index(head, []byte("?>"))
		if i < 0 {
			return false
		}
		head = bytes.TrimLeft(head[i+2:], " \t\r\n")
		for bytes.HasPrefix(head, []byte("<!--")) {
			j := bytes.Index(head, []byte("-->"))
			if j < 0 {
				return false
			}
			head = bytes.TrimLeft(head[j+3:], " \t\r\n")
		}
	}
	return bytes.HasPrefix(head, []byte("<opensudoku"))
}

// MaxXMLDepth bounds how deep elements nest. OpenSudoku's are 3 deep
// (opensudoku, folder, game); the decoder keeps every open element's
// name, so without a bound a file of nested elements costs memory in
// proportion to its size.
const MaxXMLDepth = 32

// MaxXMLToken bounds one token: a tag with its attributes (a game is
// about 200 bytes), a run of text, a comment. The decoder holds a token
// whole; the text kept of a collection's name or description is its
// first 1,024 bytes.
const MaxXMLToken = 64 << 10

var collectionMeta = map[string]bool{"name": true, "author": true, "description": true, "comment": true, "level": true, "source": true}

func readXML(r io.Reader, emit func(importers.Record) error) error {
	cr := importers.NewCapReader(importers.Buffered(r), MaxXMLToken)
	d := xml.NewDecoder(cr)
	ctx := map[string]string{}
	capture := ""
	var text strings.Builder
	games, depth := 0, 0
	for {
		line, _ := d.InputPos()
		tok, err := d.Token()
		cr.Ack()
		if err == io.EOF {
			if games == 0 {
				return emit(importers.Record{Line: line, Err: fmt.Errorf("xml: no <game> element")})
			}
			return nil
		}
		if err != nil {
			if errors.Is(err, importers.ErrRecordTooLong) {
				err = fmt.Errorf("a tag or text longer than %d KiB", MaxXMLToken>>10)
			}
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				line = se.Line
				err = errors.New(se.Msg)
			}
			return emit(importers.Record{Line: line, Err: fmt.Errorf("xml: %v (rest of the input skipped)", err)})
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if depth++; depth > MaxXMLDepth {
				return emit(importers.Record{Line: line, Err: fmt.Errorf("xml: elements nested deeper than %d (rest of the input skipped)", MaxXMLDepth)})
			}
			switch {
			case t.Name.Local == "game":
				games++
				if err := emit(gameRecord(line, t, ctx)); err != nil {
					return err
				}
			case t.Name.Local == "folder":
				// OpenSudoku version 2 groups games in named folders.
				delete(ctx, "folder")
				for _, a := range t.Attr {
					if a.Name.Local == "name" && a.Value != "" {
						ctx["folder"] = a.Value
					}
				}
			case collectionMeta[t.Name.Local]:
				capture = t.Name.Local
				text.Reset()
			}
		case xml.CharData:
			if capture != "" && text.Len() < 1024 {
				text.Write(t[:min(len(t), 1024)])
			}
		case xml.EndElement:
			depth--
			if capture != "" {
				if v := strings.TrimSpace(text.String()); v != "" {
					ctx[capture] = v
				}
				capture = ""
			}
		}
	}
}

func gameRecord(line int, t xml.StartElement, ctx map[string]string) importers.Record {
	data, has := "", false
	var meta map[string]string
	for _, a := range t.Attr {
		if a.Name.Local == "data" {
			data, has = a.Value, true
			continue
		}
		if a.Value == "" {
			continue
		}
		if meta == nil {
			meta = map[string]string{}
		}
		meta[a.Name.Local] = a.Value
	}
	if !has {
		return importers.Record{Line: line, Meta: meta, Err: fmt.Errorf("xml: <game> has no data attribute")}
	}
	for k, v := range ctx {
		if meta == nil {
			meta = map[string]string{}
		}
		if _, ok := meta[k]; !ok {
			meta[k] = v
		}
	}
	rec := lineRecord(line, strings.TrimSpace(data))
	if rec.Note != "" && rec.Err == nil {
		rec.Err = fmt.Errorf("xml: data holds more than the 81 cells")
		rec.Puzzle = nil
	}
	rec.Meta = meta
	return rec
}
