package documents

import "testing"

func TestNumberedReplacesTheStandInOnce(t *testing.T) {
	stand, err := standInNumber()
	if err != nil {
		t.Fatal(err)
	}
	other, _ := standInNumber()
	if stand == other {
		t.Fatalf("two stand-ins are the same: %s", stand)
	}
	made := &Record{BusinessID: stand, Status: "draft", Body: `{"head":{"businessId":"` + stand + `","reason":"x"}}`}
	rec := numbered(made, stand, "EX0220261124000001")
	if rec == nil || rec.BusinessID != "EX0220261124000001" || rec.Body != `{"head":{"businessId":"EX0220261124000001","reason":"x"}}` || rec.Status != "draft" {
		t.Fatalf("numbered: %+v", rec)
	}
	if made.BusinessID != stand || made.Body == rec.Body {
		t.Errorf("the record made before was changed: %+v", made)
	}
	// a body holding the stand-in elsewhere too (typed in by chance) is
	// made again, not numbered in two places
	twice := &Record{Body: `{"head":{"businessId":"` + stand + `","reason":"` + stand + `"}}`}
	if rec := numbered(twice, stand, "EX0220261124000002"); rec != nil {
		t.Errorf("a body with the stand-in twice numbered: %+v", rec)
	}
}
