package httpapi_test

import (
	"encoding/json"
	"fmt"
	"image/color"
)

// The files' routes in the route walk: fileId nope is no file; the claim
// is employee01's draft (manager01 may not open it).
func init() {
	nope := "?fileId=nope"
	for k, v := range map[string]routeCall{
		"POST /api/galaxyform/file/upload":           {"signed in", uploadURL, `{}`, [5]int{401, 400, 400, 400, 400}},
		"GET /api/galaxyform/file/getUFSToken":       {"signed in", "/api/galaxyform/file/getUFSToken?businessId={businessId}", "", [5]int{401, 200, 403, 200, 200}},
		"GET /api/galaxyform/file/previewImage":      {"signed in", "/api/galaxyform/file/previewImage" + nope, "", [5]int{401, 404, 404, 404, 404}},
		"GET /api/galaxyform/file/previewDoc":        {"signed in", "/api/galaxyform/file/previewDoc" + nope, "", [5]int{401, 404, 404, 404, 404}},
		"GET /api/galaxyform/file/previewWps":        {"signed in", "/api/galaxyform/file/previewWps" + nope, "", [5]int{401, 404, 404, 404, 404}},
		"GET /api/galaxyform/file/download":          {"signed in", "/api/galaxyform/file/download" + nope, "", [5]int{401, 404, 404, 404, 404}},
		"POST /api/galaxyform/file/link":             {"signed in", "/api/galaxyform/file/link", `{"fileId":"nope","businessId":"{businessId}"}`, [5]int{401, 404, 404, 404, 404}},
		"POST /api/galaxyform/doc/attachment/list":   {"signed in", attachmentsURL, `{"businessId":"{businessId}"}`, [5]int{401, 200, 403, 200, 200}},
		"GET /api/galaxyform/commonForm/getHelpDocs": {"signed in", helpDocsURL + "?docType=EX02&businessType1=A01&businessType2=A0101", "", [5]int{401, 200, 200, 200, 200}},
	} {
		routeWalk[k] = v
	}
}

// files: upload an image and a PDF to a claim and read them every way.
func (w *answerWalk) files() {
	t, api := w.t, w.api
	res := w.call("POST /api/galaxyform/yx/{family}/head/create", "", createClaim, travelClaim(), 200)
	id := fmt.Sprint(mustValue(t, res.data(t), "head", "businessId"))
	tok := w.call("GET /api/galaxyform/file/getUFSToken", "", "/api/galaxyform/file/getUFSToken?businessId="+id, "", 200)
	var token struct{ Token string }
	_ = json.Unmarshal(tok.envelope.Data, &token)
	up := api.upload(t, "employee01", "taxi.png", pngOf(t, 40, 20, color.White), map[string]string{"businessId": id, "token": token.Token})
	w.answered("POST /api/galaxyform/file/upload", "POST", uploadURL, "", up, 201)
	w.answered("POST /api/galaxyform/file/upload", "POST", uploadURL, "", api.upload(t, "employee01", "x.png", []byte("text"), nil), 415)
	var img uploadedFile
	_ = json.Unmarshal(up.envelope.Data, &img)
	pdf := mustUpload(t, api, "employee01", "hotel.pdf", []byte(minimalPDF), nil)
	w.call("POST /api/galaxyform/file/link", "", "/api/galaxyform/file/link", fmt.Sprintf(`{"fileId":%q,"businessId":%q,"line":"lineList[0]"}`, pdf.FileID, id), 200)
	w.call("POST /api/galaxyform/doc/attachment/list", "", attachmentsURL, fmt.Sprintf(`{"businessId":%q}`, id), 200)
	w.call("GET /api/galaxyform/file/previewImage", "", "/api/galaxyform/file/previewImage?fileId="+img.FileID+"&size=20", "", 200)
	w.call("GET /api/galaxyform/file/previewImage", "manager01", "/api/galaxyform/file/previewImage?fileId="+img.FileID, "", 403)
	w.call("GET /api/galaxyform/file/previewDoc", "", "/api/galaxyform/file/previewDoc?fileId="+pdf.FileID, "", 200)
	w.call("GET /api/galaxyform/file/previewDoc", "", "/api/galaxyform/file/previewDoc?fileId="+img.FileID, "", 415)
	w.call("GET /api/galaxyform/file/previewWps", "", "/api/galaxyform/file/previewWps?fileId="+pdf.FileID, "", 200)
	w.call("GET /api/galaxyform/file/download", "", "/api/galaxyform/file/download?fileId="+pdf.FileID, "", 200)
	w.call("GET "+helpDocsURL, "", helpDocsURL+"?docType=EX02&businessType1=A01&businessType2=A0101&action=fssc", "", 200)
	w.call("GET "+helpDocsURL, "", helpDocsURL, "", 200)
}
