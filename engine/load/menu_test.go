package load_test

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"formwork/engine/internal/enginetest"
	"formwork/engine/load"
	"formwork/engine/model"
)

// schemas/_menu.yaml: every entry names what exists, and each kind what it
// needs; a report without its file is accepted only while pending.
func TestMenuFile(t *testing.T) {
	tests := []struct {
		name, menu, want string
		files            map[string]string
	}{
		{name: "fine", menu: "documentTypes: {G: [T1]}\npages:\n  L1: {group: G, kind: list, opens: T1}\n  W1: {group: G, kind: worklist, list: todo}\n  C1: {group: cfg, kind: config}\n  P1: {group: G, kind: page, page: profile}\n  R1: {group: rpt, kind: report, pending: later}\n"},
		{name: "report with its file", menu: "pages:\n  R1: {group: rpt, kind: report}\n", files: map[string]string{"schemas/_reports/R1.yaml": "code: R1\n"}},
		{name: "group names a missing type", menu: "documentTypes: {G: [T1, NOPE]}\n", want: "menu group G names NOPE, which is no document type"},
		{name: "list of a missing type", menu: "pages:\n  L1: {group: G, kind: list, opens: NOPE}\n", want: "page L1: opens unknown document type NOPE"},
		{name: "list without a type", menu: "pages:\n  L1: {group: G, kind: list}\n", want: "page L1: a list needs the document type it opens"},
		{name: "missing sub-type", menu: "pages:\n  L1: {group: G, kind: list, opens: T1, subType: X9}\n", want: "page L1: T1 has no sub-type X9"},
		{name: "unknown worklist", menu: "pages:\n  W1: {group: G, kind: worklist, list: inbox}\n", want: `page W1: worklist "inbox" must be draft`},
		{name: "report without file", menu: "pages:\n  R1: {group: rpt, kind: report}\n", want: "page R1: report R1 has no file schemas/_reports/R1.yaml"},
		{name: "page without page", menu: "pages:\n  P1: {group: G, kind: page}\n", want: "page P1: a page entry needs the page it opens"},
		{name: "no group", menu: "pages:\n  C1: {kind: config}\n", want: "page C1: needs the group it is an entry of"},
		{name: "document type as page", menu: "pages:\n  T1: {group: G, kind: config}\n", want: "page T1: is a document type"},
		{name: "bad kind", menu: "pages:\n  X1: {group: G, kind: screen}\n", want: `page X1: kind "screen" must be`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := enginetest.Mini("")
			fsys[load.MenuFile] = &fstest.MapFile{Data: []byte(tt.menu)}
			for p, s := range tt.files {
				fsys[p] = &fstest.MapFile{Data: []byte(s)}
			}
			c, err := load.Load(fsys)
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				if !c.Menu.Loaded() {
					t.Fatal("no menu loaded")
				}
				return
			}
			var le *model.LoadError
			if !errors.As(err, &le) || len(le.Problems) != 1 || !strings.Contains(le.Problems[0].Message, tt.want) {
				t.Fatalf("want one problem %q, got %v", tt.want, err)
			}
		})
	}
}

// Resolve: a document type of its group opens its list; a page only in its
// own group; pending entries are not shown.
func TestMenuResolve(t *testing.T) {
	fsys := enginetest.Mini("")
	fsys[load.MenuFile] = &fstest.MapFile{Data: []byte("documentTypes: {G: [T1]}\npages:\n  L1: {group: G, kind: list, opens: T1}\n  P1: {group: G, kind: page, page: x, pending: later}\n")}
	c, err := load.Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if p := c.Menu.Resolve("G", "T1"); p == nil || p.Kind != "list" || p.Opens != "T1" || !p.Shown() {
		t.Errorf("G/T1: %+v", p)
	}
	if p := c.Menu.Resolve("H", "T1"); p != nil {
		t.Errorf("H/T1 resolves: %+v", p)
	}
	if p := c.Menu.Resolve("H", "L1"); p != nil {
		t.Errorf("H/L1 resolves: %+v", p)
	}
	if p := c.Menu.Resolve("G", "P1"); p == nil || p.Shown() {
		t.Errorf("G/P1: %+v", p)
	}
	var none *model.Menu
	if none.Resolve("G", "T1") != nil || none.Loaded() {
		t.Error("a catalogue without a menu file resolves something")
	}
}
