// Package damage breaks a closed SQLite database file on purpose, for the
// tests that check what pencilbox does with a damaged library.
package damage

import (
	"database/sql"
	"fmt"
	"os"

	_ "modernc.org/sqlite" // the driver
)

// Table overwrites the b-tree page header of table's root page in the
// database file at path (closed, its WAL checkpointed), so that SQLite
// finds it malformed on the first read of the table. The schema stays
// readable: the database opens, and fails when it is used.
func Table(path, table string) error {
	conn, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		return err
	}
	var root, size int64
	err = conn.QueryRow(`SELECT rootpage FROM sqlite_schema WHERE type = 'table' AND name = ?`, table).Scan(&root)
	if err == nil {
		err = conn.QueryRow(`PRAGMA page_size`).Scan(&size)
	}
	if err == nil {
		_, err = conn.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
	}
	if cerr := conn.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("damage %s: %w", path, err)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	// A page type no b-tree page has, and a cell count past the page.
	if _, err := f.WriteAt([]byte{0x07, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, (root-1)*size); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
