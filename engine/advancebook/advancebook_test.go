package advancebook_test

import (
	"errors"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"formwork/engine/advancebook"
	"formwork/engine/internal/enginetest"
	"formwork/engine/model"
)

// TestCatalogueAdvances: the catalogue's advance types load and say what
// the lifecycle asks of them.
func TestCatalogueAdvances(t *testing.T) {
	cat := enginetest.Catalogue(t)
	b, err := advancebook.Load(os.DirFS(enginetest.Root(t)), cat)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ docType, edition, want string }{
		{"EX04", "form", "loan"}, {"B01", "travel", "loan"}, {"B01", "form", ""}, {"AK", "form", "loan"},
		{"EX01", "form", "preApplication"}, {"AA", "form", "prepayment paymentList.prepayAmount"},
		{"AX", "form", "withholding accruedList.amount"}, {"EX02", "form", ""},
	}
	for _, tt := range tests {
		got := ""
		if a := b.Kind(tt.docType, tt.edition); a != nil {
			got = a.Kind
			if a.Lines != "" {
				got += " " + a.Lines + "." + a.Amount
			}
		}
		if got != tt.want {
			t.Errorf("%s (%s): %q, want %q", tt.docType, tt.edition, got, tt.want)
		}
	}
	for code, want := range map[string]string{"EX05": "repay", "AY": "return", "EX02": "writeOff", "EX03": "writeOff"} {
		if got := b.EffectOf(code); got != want {
			t.Errorf("effect of %s: %s, want %s", code, got, want)
		}
	}
	if r := b.Reference("withHoldRefs"); r == nil || r.Item != "withholdItem" || !r.Accepts("withholding") || r.Accepts("loan") {
		t.Errorf("withHoldRefs: %+v", r)
	}
}

// TestAdvanceBookProblems: each mistake is an error at its line and column.
func TestAdvanceBookProblems(t *testing.T) {
	cat := enginetest.Catalogue(t)
	tests := []struct{ name, src, want string }{
		{"unknown type", "advances:\n  - {docType: ZZ99, kind: loan}\n", `2:15: unknown document type "ZZ99"`},
		{"unknown edition", "advances:\n  - {docType: B01, edition: moon, kind: loan}\n", `2:29: unknown edition "moon"`},
		{"type not in edition", "advances:\n  - {docType: EX04, edition: travel, kind: loan}\n", `unknown document type "EX04" in edition travel`},
		{"unknown kind", "advances:\n  - {docType: EX04, kind: gift}\n", `2:27: unknown kind of advance "gift"`},
		{"unknown table", "advances:\n  - {docType: AA, kind: prepayment, lines: nothing, amount: amount}\n", `2:44: AA (form) has no table "nothing"`},
		{"unknown field", "advances:\n  - {docType: AA, kind: prepayment, lines: paymentList, amount: nothing}\n", `2:65: table paymentList of AA (form) has no field "nothing"`},
		{"lines without amount", "advances:\n  - {docType: AA, kind: prepayment, lines: paymentList}\n", "lines and amount go together"},
		{"unknown key", "advances:\n  - {docType: EX04, kind: loan, colour: red}\n", "colour"},
		{"unknown list", "advances:\n  - {docType: EX04, kind: loan}\nreferences:\n  - {list: nowhere, id: a, item: b, amount: c, kinds: [loan]}\n", `4:12: no document type has a table "nowhere" with a field "a"`},
		{"unknown ref field", "advances:\n  - {docType: EX04, kind: loan}\nreferences:\n  - {list: outStandList, id: advBusinessId, item: nothing, amount: verAmount, kinds: [loan]}\n", `has no field "nothing"`},
		{"unknown effect", "advances:\n  - {docType: EX04, kind: loan}\neffects:\n  - {docType: EX05, effect: forgive}\n", `4:29: unknown effect "forgive"`},
		{"effect of unknown type", "advances:\n  - {docType: EX04, kind: loan}\neffects:\n  - {docType: QQ, effect: repay}\n", `4:15: unknown document type "QQ"`},
		{"empty", "# nothing\n", "the file is empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := advancebook.Load(fstest.MapFS{advancebook.File: {Data: []byte(tt.src)}}, cat)
			var le *model.LoadError
			if !errors.As(err, &le) {
				t.Fatalf("want a LoadError, got %v", err)
			}
			var all []string
			for _, p := range le.Problems {
				all = append(all, p.String())
			}
			if got := strings.Join(all, "\n"); !strings.Contains(got, tt.want) || !strings.Contains(got, advancebook.File) {
				t.Fatalf("problems:\n%s\nwant %q", got, tt.want)
			}
		})
	}
}
