package httpapi_test

// Request bodies built from the seed documents (seeds/documents/*.json, valid
// documents of each type) with a few values changed, so that each scenario
// shows only what it is about.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// docEdit changes a decoded document.
type docEdit func(doc map[string]any)

// with sets the value at path ("head.amount", "lineList[0].costType",
// "lineList[2]"), creating objects on the way. Use json.Number("2458.50") to
// send a number exactly as written.
func with(path string, v any) docEdit {
	return func(doc map[string]any) { setAt(doc, path, v, false) }
}

// without removes the value at path.
func without(path string) docEdit {
	return func(doc map[string]any) { setAt(doc, path, nil, true) }
}

// travelClaim is the EX02 employee travel claim of the seeds (A01/A0101,
// amount 2458.50, two charge lines, one itinerary line, one payment).
func travelClaim(edits ...docEdit) string { return seedDocument("EX02-travel.json", edits...) }

// inThailand files a claim in company 3000 (Thailand) for one of its
// employees, Somsri Boonma (somsri.b, TH-FIN01): its codes are that
// company's, as the reference check wants.
func inThailand() docEdit {
	return func(doc map[string]any) {
		for path, v := range map[string]string{"head.companyCode": "3000", "head.department": "TH-FIN01",
			"head.costCenter": "3000FIN01", "head.applicant": "somsri.b"} {
			setAt(doc, path, v, false)
		}
	}
}

// invoiceSupplement is the travel claim as an EX02 invoice supplement (A05),
// which has no itinerary.
func invoiceSupplement(edits ...docEdit) string {
	return travelClaim(append([]docEdit{with("head.businessType1", "A05"), without("head.businessType2"), without("itemList")}, edits...)...)
}

// repayment is the EX05 repayment of the seeds (amount 800.00, receipt 800.00).
func repayment(edits ...docEdit) string { return seedDocument("EX05-repayment.json", edits...) }

// seedDocument reads seeds/documents/<file> and applies edits. A broken seed
// is a broken test setup: it panics.
func seedDocument(file string, edits ...docEdit) string {
	return editedDocument(filepath.Join("..", "..", "seeds", "documents", file), edits...)
}

// exampleWith is rules/examples/form/<file> with edits applied.
func exampleWith(file string, edits ...docEdit) string {
	return editedDocument(filepath.Join("..", "..", "rules", "examples", "form", file), edits...)
}

// editedDocument reads the document at path and applies edits. A broken
// file is a broken test setup: it panics.
func editedDocument(file string, edits ...docEdit) string {
	b, err := os.ReadFile(file)
	if err != nil {
		panic(err)
	}
	var doc map[string]any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		panic(fmt.Sprintf("seed %s: %v", file, err))
	}
	for _, e := range edits {
		e(doc)
	}
	out, err := json.Marshal(doc)
	if err != nil {
		panic(err)
	}
	return string(out)
}

var pathStepRe = regexp.MustCompile(`([^.\[\]]+)|\[(\d+)\]`)

// setAt sets (or with remove, deletes) the value at path in a JSON tree.
func setAt(root map[string]any, path string, v any, remove bool) {
	var steps []any
	for _, m := range pathStepRe.FindAllStringSubmatch(path, -1) {
		if m[1] != "" {
			steps = append(steps, m[1])
		} else {
			i, _ := strconv.Atoi(m[2])
			steps = append(steps, i)
		}
	}
	var cur any = root
	for i, step := range steps {
		last := i == len(steps)-1
		switch c := cur.(type) {
		case map[string]any:
			key := step.(string)
			if last {
				if remove {
					delete(c, key)
				} else {
					c[key] = v
				}
				return
			}
			if _, ok := c[key]; !ok {
				if _, isIndex := steps[i+1].(int); isIndex {
					c[key] = []any{}
				} else {
					c[key] = map[string]any{}
				}
			}
			if l, isList := c[key].([]any); isList {
				c[key] = grow(l, steps[i+1])
			}
			cur = c[key]
		case []any:
			n := step.(int)
			if last {
				if remove {
					panic("without: cannot remove a row by index: " + path)
				}
				c[n] = v
				return
			}
			if c[n] == nil {
				c[n] = map[string]any{}
			}
			cur = c[n]
		default:
			panic("with: no place for " + path)
		}
	}
}

// grow makes a list long enough for index next (if next is an index).
func grow(l []any, next any) []any {
	n, ok := next.(int)
	for ok && len(l) <= n {
		l = append(l, nil)
	}
	return l
}

// storeTravelClaim creates a travel claim through the API and returns its
// business id.
func storeTravelClaim(t *testing.T, api *testAPI, edits ...docEdit) string {
	t.Helper()
	res := api.request(t, "POST", "/api/galaxyform/yx/ap/head/create?action=new", travelClaim(edits...), nil)
	if res.status != 200 {
		t.Fatalf("storing a travel claim: HTTP %d: %s", res.status, clip(res.body))
	}
	id, _ := valueAt(res.data(t), "head", "businessId")
	s, _ := id.(string)
	if s == "" {
		t.Fatalf("storing a travel claim: no businessId in %s", clip(res.body))
	}
	return s
}

// updateTravelClaim sends the travel claim with the given number and version
// (and edits) to update; it returns the answer.
func updateTravelClaim(t *testing.T, api *testAPI, businessID string, version int, edits ...docEdit) *apiResponse {
	t.Helper()
	edits = append([]docEdit{with("head.businessId", businessID), with("head.version", version)}, edits...)
	return api.request(t, "PUT", "/api/galaxyform/yx/ap/head/update?action=edit", travelClaim(edits...), nil)
}

// loadDocument loads a stored document through the API.
func loadDocument(t *testing.T, api *testAPI, businessID string) any {
	t.Helper()
	res := api.request(t, "GET", "/api/galaxyform/yx/ap/head/load?businessId="+businessID, "", nil)
	if res.status != 200 {
		t.Fatalf("loading %s: HTTP %d: %s", businessID, res.status, clip(res.body))
	}
	return res.data(t)
}
