package httpapi_test

import (
	"encoding/json"
	"fmt"
	"image/color"
	"strings"
	"testing"
)

// requireFiles marks the files of groups required in the attachment
// configuration code (as an administrator would).
func requireFiles(t *testing.T, api *testAPI, code string, groups ...string) {
	t.Helper()
	record := "/api/formwork/masterdata/attachmentConfig/records/" + code
	res := api.request(t, "GET", record, "", api.as(t, "admin"))
	var rec struct {
		Version int64          `json:"version"`
		Body    map[string]any `json:"body"`
	}
	if res.status != 200 || json.Unmarshal(res.envelope.Data, &rec) != nil {
		t.Fatalf("the %s configuration: %s", code, clip(res.body))
	}
	for _, row := range rec.Body["fileList"].([]any) {
		m := row.(map[string]any)
		for _, g := range groups {
			if m["fileGroup"] == g {
				m["required"] = true
			}
		}
	}
	body, _ := json.Marshal(map[string]any{"version": rec.Version, "body": rec.Body})
	if res := api.request(t, "PUT", record, string(body), api.as(t, "admin")); res.status != 200 {
		t.Fatalf("require %v: HTTP %d: %s", groups, res.status, clip(res.body))
	}
}

// A save (not the first, which gives the document the number its files
// are linked to) and a submit refuse a claim that lacks a file group the
// attachment configuration requires, naming the missing file in the
// request's language; files linked at upload or afterwards count.
func TestRequiredAttachments(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		requireFiles(t, api, "EX02-A0101", "invoice", "itinerary")
		// files uploaded before the first save: the create takes the claim,
		// the files are linked to the number it answers
		early := mustUpload(t, api, "employee01", "itinerary.pdf", []byte(minimalPDF), nil)
		id := createDocument(t, api, travelClaim())
		missing := func(version int, want ...string) {
			t.Helper()
			res := updateTravelClaim(t, api, id, version)
			if len(want) == 0 {
				if res.status != 200 {
					t.Fatalf("save with every required file: HTTP %d: %s", res.status, clip(res.body))
				}
				return
			}
			if res.status != 422 {
				t.Fatalf("save lacking %v: HTTP %d: %s", want, res.status, clip(res.body))
			}
			var got []string
			for _, f := range res.findings(t) {
				if f.Rule == "attachment.required" && f.Path == "" && f.Severity == "error" {
					got = append(got, f.Message)
				}
			}
			if len(got) != len(want) {
				t.Fatalf("findings %v, want one for each of %v", got, want)
			}
			for i, w := range want {
				if !strings.Contains(got[i], w) {
					t.Errorf("finding %q does not name %q", got[i], w)
				}
			}
		}
		missing(1, "发票（分组 invoice）", "行程单（分组 itinerary）")
		if res := submit(t, api, id, "employee01"); res.status != 422 || !strings.Contains(res.body, "attachment.required") {
			t.Fatalf("submit lacking the files: HTTP %d: %s", res.status, clip(res.body))
		}
		res := api.request(t, "PUT", "/api/galaxyform/yx/ap/head/update?action=edit&lang=en", travelClaim(with("head.businessId", id), with("head.version", 1)), nil)
		if res.status != 422 || !strings.Contains(res.body, "a required attachment is missing: 发票 (group invoice)") {
			t.Errorf("the finding in English: HTTP %d: %s", res.status, clip(res.body))
		}
		// a file of another group, or of none, does not count
		mustUpload(t, api, "employee01", "taxi.png", pngOf(t, 8, 8, color.Black), map[string]string{"businessId": id, "line": "lineList[0]"})
		mustUpload(t, api, "employee01", "invoice.png", pngOf(t, 8, 8, color.White), map[string]string{"businessId": id, "line": "lineList[0]", "group": "invoice"})
		missing(1, "行程单（分组 itinerary）")
		if res := api.request(t, "POST", "/api/galaxyform/file/link", fmt.Sprintf(`{"fileId":%q,"businessId":%q,"group":"itinerary"}`, early.FileID, id), nil); res.status != 200 {
			t.Fatalf("link: HTTP %d: %s", res.status, clip(res.body))
		}
		missing(1)
		mustSubmit(t, api, id, "employee01")
	})
}
