// Package formcallapi serves the spec's form calls that take the
// documents' server-side names (documents.md 7: formRmbHead and
// formRmbCharges of reimburse/createCommonCharges, formIvvfHead of
// ivvf/modifyForm) and the document type's change log (doc/type/log).
// The named calls are the documents' own create and update under the
// server's names: the body is renamed (formRmbHead -> head, formRmbCharges
// -> lineList, formIvvfHead -> head; other lists keep their names) and
// handed to the save, which checks, stores and answers as it always does.
package formcallapi

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"

	"formwork/adapters/httpapi/kit"
	"formwork/engine"

	"github.com/labstack/echo/v4"
)

// Paths of the calls.
const (
	CommonChargesPath = "/api/galaxyform/reimburse/createCommonCharges"
	ModifyFormPath    = "/api/galaxyform/ivvf/modifyForm"
	TypeLogPath       = "/api/galaxyform/doc/type/log"
)

// reimburseFamily is the family of the reimbursements createCommonCharges
// files (the expense claims).
const reimburseFamily = "ap"

// Deps are the document calls the form calls hand over to.
type Deps struct {
	// Create and Update are the save handlers of
	// /api/galaxyform/yx/:family/head/create and update (they read the
	// body and the family parameter).
	Create, Update echo.HandlerFunc
	// FamilyOf is the family of a stored document's type; an unknown
	// document is ENOTFOUND.
	FamilyOf func(ctx context.Context, businessID string) (string, error)
	// TypeLog is the change log of a document type in an edition ("" the
	// default), newest version first.
	TypeLog func(docType, edition string) (any, error)
}

// API is the form calls' handlers.
type API struct{ deps Deps }

// New builds the handlers on deps.
func New(deps Deps) *API { return &API{deps: deps} }

// Routes are the form calls, for everyone signed in (the save decides who
// may save what, as for the documents' own calls).
func (a *API) Routes() []kit.Route {
	return []kit.Route{
		{Method: "POST", Path: CommonChargesPath, Access: kit.SignedIn, Handle: a.createCommonCharges},
		{Method: "POST", Path: ModifyFormPath, Access: kit.SignedIn, Handle: a.modifyForm},
		{Method: "POST", Path: TypeLogPath, Access: kit.SignedIn, Handle: a.typeLog},
	}
}

// createCommonCharges: POST /api/galaxyform/reimburse/createCommonCharges
// with formRmbHead (the head) and formRmbCharges (the charge lines): a new
// reimbursement, as head/create under /yx/ap/.
func (a *API) createCommonCharges(c echo.Context) error {
	body, _, err := renamed(c, "formRmbHead", map[string]string{"formRmbHead": "head", "formRmbCharges": "lineList"},
		`{"formRmbHead":{"docType":"EX02","businessType1":"A04"},"formRmbCharges":[{"costType":"通讯费","amount":100}]}`)
	if err != nil {
		return err
	}
	return a.save(c, body, reimburseFamily, a.deps.Create)
}

// modifyForm: POST /api/galaxyform/ivvf/modifyForm with formIvvfHead (the
// head of a stored document, with its businessId and version) and the
// lists: the stored document saved again, as head/update under its
// family.
func (a *API) modifyForm(c echo.Context) error {
	body, head, err := renamed(c, "formIvvfHead", map[string]string{"formIvvfHead": "head"},
		`{"formIvvfHead":{"businessId":"EX02202611200001","docType":"EX02","version":1},"invoiceList":[]}`)
	if err != nil {
		return err
	}
	var id struct {
		BusinessID string `json:"businessId"`
	}
	if json.Unmarshal(head, &id) != nil || strings.TrimSpace(id.BusinessID) == "" {
		return engine.Refuse(engine.EINVALID, "formIvvfHead.businessId", engine.Text{
			"zh": "formIvvfHead.businessId为空：请填写要修改的单据号",
			"en": "formIvvfHead.businessId is missing: name the document to modify",
			"th": "ไม่มี formIvvfHead.businessId: กรุณาระบุเลขที่เอกสารที่จะแก้ไข"})
	}
	family, err := a.deps.FamilyOf(c.Request().Context(), strings.TrimSpace(id.BusinessID))
	if err != nil {
		return err
	}
	return a.save(c, body, family, a.deps.Update)
}

// save hands the renamed body to a save handler under family.
func (a *API) save(c echo.Context, body []byte, family string, handle echo.HandlerFunc) error {
	req := c.Request()
	req.Body, req.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
	c.SetParamNames("family")
	c.SetParamValues(family)
	return handle(c)
}

// renamed reads the body (one JSON object) and renames its keys by names;
// the head key must be there and be an object, which it returns too.
func renamed(c echo.Context, headKey string, names map[string]string, example string) ([]byte, json.RawMessage, error) {
	var in map[string]json.RawMessage
	if err := kit.ReadJSON(c, &in, false, example); err != nil {
		return nil, nil, err
	}
	head := bytes.TrimSpace(in[headKey])
	if len(head) == 0 || head[0] != '{' {
		return nil, nil, engine.Refuse(engine.EINVALID, headKey, engine.Text{
			"zh": headKey + "应为单据抬头对象，例如 " + example,
			"en": headKey + " must be the document's head object, as in " + example,
			"th": headKey + " ต้องเป็นออบเจ็กต์ส่วนหัวของเอกสาร เช่น " + example})
	}
	out := make(map[string]json.RawMessage, len(in))
	for k, v := range in {
		to, ok := names[k]
		if !ok {
			to = k
		}
		if _, taken := out[to]; taken || (ok && in[to] != nil) {
			return nil, nil, engine.Refuse(engine.EINVALID, to, engine.Text{
				"zh": to + "与" + k + "重复：请只用其中一个",
				"en": to + " is given twice (as " + to + " and " + k + "): send one of them",
				"th": to + " ถูกส่งมาซ้ำ (" + to + " และ " + k + "): กรุณาส่งเพียงอย่างเดียว"})
		}
		out[to] = v
	}
	body, err := json.Marshal(out)
	return body, head, err
}

// typeLogRequest is doc/type/log's body.
type typeLogRequest struct {
	DocType string `json:"docType"`
	Edition string `json:"edition"`
}

// typeLog: POST /api/galaxyform/doc/type/log {docType, edition}: the
// document type's versions, newest first, each with what changed from the
// one before.
func (a *API) typeLog(c echo.Context) error {
	var req typeLogRequest
	if err := kit.ReadJSON(c, &req, true, `{"docType":"EX02"}`); err != nil {
		return err
	}
	if strings.TrimSpace(req.DocType) == "" {
		return engine.Refuse(engine.EINVALID, "docType", engine.Text{"zh": "docType为空", "en": "docType is missing", "th": "ไม่มี docType"})
	}
	log, err := a.deps.TypeLog(strings.TrimSpace(req.DocType), strings.TrimSpace(req.Edition))
	if err != nil {
		return err
	}
	return kit.OK(c, log)
}
