package templates_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"pencilbox/templates"
)

// TestDashboardEmptyOffersImportToEditors: a library with no jobs yet
// points editors and admins to the import page, and a viewer (who may not
// import) to nothing they would be refused.
func TestDashboardEmptyOffersImportToEditors(t *testing.T) {
	for _, tc := range []struct {
		role string
		link bool
	}{{"viewer", false}, {"editor", true}, {"admin", true}} {
		var buf bytes.Buffer
		c := templates.Chrome{Title: "Dashboard", User: "u", Role: tc.role}
		if err := templates.DashboardPage(c, templates.Dashboard{}).Render(context.Background(), &buf); err != nil {
			t.Fatal(err)
		}
		body := buf.String()
		if !strings.Contains(body, "No imports yet") {
			t.Errorf("%s: the empty dashboard does not say there are no imports", tc.role)
		}
		if got := strings.Contains(body, `href="/import"`); got != tc.link {
			t.Errorf("%s: import link shown = %v, want %v", tc.role, got, tc.link)
		}
	}
}
