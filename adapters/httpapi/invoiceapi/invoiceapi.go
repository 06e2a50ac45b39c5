// Package invoiceapi is the HTTP handlers of invoices: the user's pool
// (MY00007 我的发票), the spec's /ocr calls on it, and the invoices of a
// document (commonForm/queryInvoicesByBusinessId, arcommon/openInvoiceInfoInf).
// Handlers parse, call one use case of the invoices service and answer.
package invoiceapi

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"strconv"
	"strings"

	"formwork/adapters/httpapi/contract"
	"formwork/adapters/httpapi/kit"
	"formwork/documents"
	"formwork/engine"
	"formwork/invoices"

	"github.com/labstack/echo/v4"
)

// API is the invoices' handlers.
type API struct {
	invoices  *invoices.Service
	documents *documents.Service
}

// New builds the handlers on the invoices and documents services.
func New(inv *invoices.Service, docs *documents.Service) *API {
	return &API{invoices: inv, documents: docs}
}

// Routes are the invoices' routes: the pool for MY00007 and myInvoice, the rest for
// anyone signed in (each call decides on the invoice or document).
func (a *API) Routes() []kit.Route {
	in := kit.SignedIn
	return []kit.Route{
		{Method: "GET", Path: "/api/formwork/invoices", Access: kit.Menu("MY00007", "myInvoice"), Handle: a.pool},
		{Method: "POST", Path: "/api/formwork/invoices/:id/verify", Access: in, Handle: a.verify},
		{Method: "POST", Path: "/ocr/createImagePathApi/createImagePath", Access: in, Handle: a.createImagePath},
		{Method: "GET", Path: "/ocr/appPage/appShowImagePage", Access: in, Handle: a.showOne},
		{Method: "GET", Path: "/ocr/pcPage/pcTicketPackagePage", Access: in, Handle: a.pool},
		{Method: "GET", Path: "/ocr/pcPage/pcSelectTicketPage", Access: in, Handle: a.selectable},
		{Method: "GET", Path: "/ocr/appPage/appSelectTicketPage", Access: in, Handle: a.selectable},
		{Method: "POST", Path: "/ocr/setlink/barcodeLinkInvoice", Access: in, Handle: a.barcodeLink},
		{Method: "POST", Path: "/ocr/startFlow/addFlow", Access: in, Handle: a.addFlow},
		{Method: "POST", Path: "/api/galaxyform/commonForm/queryInvoicesByBusinessId", Access: in, Handle: a.byDocument},
		{Method: "GET", Path: "/api/galaxyform/arcommon/openInvoiceInfoInf", Access: in, Handle: a.showOne},
		// documents.md 7 sends these four as POST: the same answers
		{Method: "POST", Path: "/ocr/appPage/appShowImagePage", Access: in, Handle: a.showOnePosted},
		{Method: "POST", Path: "/ocr/pcPage/pcTicketPackagePage", Access: in, Handle: a.pool},
		{Method: "POST", Path: "/ocr/pcPage/pcSelectTicketPage", Access: in, Handle: a.selectable},
		{Method: "POST", Path: "/ocr/appPage/appSelectTicketPage", Access: in, Handle: a.selectable},
	}
}

func user(c echo.Context) string { return kit.CurrentUser(c).Username() }

func answerList(c echo.Context, list []invoices.Pooled, err error) error {
	if err != nil {
		return err
	}
	if list == nil {
		list = []invoices.Pooled{}
	}
	return kit.OK(c, list)
}

// pool: my invoices, newest first.
func (a *API) pool(c echo.Context) error {
	list, err := a.invoices.Pool(c.Request().Context(), user(c))
	return answerList(c, list, err)
}

// selectable: my invoices no document holds (to pick for a document).
func (a *API) selectable(c echo.Context) error {
	list, err := a.invoices.Pool(c.Request().Context(), user(c))
	free := []invoices.Pooled{}
	for _, p := range list {
		if p.HeldBy == "" && p.InvoiceNo != "" {
			free = append(free, p)
		}
	}
	return answerList(c, free, err)
}

// maxPicture bounds a picture sent to recognition (base64 inside JSON).
const maxPicture = 10 << 20

// createImagePath: recognise the invoices of a picture or PDF sent as
// base64 and put them in my pool.
func (a *API) createImagePath(c echo.Context) error {
	var req contract.RecogniseRequest
	if err := kit.ReadJSON(c, &req, true, `{"name":"receipt.png","content":"<base64>"}`); err != nil {
		return err
	}
	content, err := base64.StdEncoding.DecodeString(req.Content)
	if err != nil || len(content) == 0 {
		return engine.Refuse(engine.EINVALID, "content", engine.Text{"zh": "content 须为 base64 编码的文件", "en": "content must be the file in base64", "th": "content ต้องเป็นไฟล์ที่เข้ารหัส base64"})
	}
	if len(content) > maxPicture {
		return engine.Refuse(engine.ETOOLARGE, "content", engine.Text{"zh": "文件超过 10 MB", "en": "the file is larger than 10 MB", "th": "ไฟล์มีขนาดเกิน 10 MB"})
	}
	sum := sha256.Sum256(content)
	fileID := hex.EncodeToString(sum[:])
	found, err := a.invoices.Recognise(c.Request().Context(), user(c), fileID, req.ContentType, content)
	if err != nil {
		return err
	}
	if found == nil {
		found = contract.RecogniseAnswer{}.Invoices
	}
	return kit.OK(c, contract.RecogniseAnswer{FileID: fileID, Invoices: found})
}

// verify: send one invoice to verification (查验), as its uploader or a
// reader of the document holding it; answers it with the statuses.
func (a *API) verify(c echo.Context) error {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return kit.BadParam("id", "an invoice id", c.Param("id"))
	}
	if _, err := a.readable(c, id); err != nil {
		return err
	}
	p, err := a.invoices.Verify(c.Request().Context(), user(c), id)
	if err != nil {
		return err
	}
	return kit.OK(c, p)
}

// readable loads an invoice the user may see: their own, or one a
// document they may read holds.
func (a *API) readable(c echo.Context, id int64) (*invoices.Pooled, error) {
	p, err := a.invoices.Find(c.Request().Context(), id)
	if err != nil {
		return nil, err
	}
	if p.Uploader != user(c) {
		if err := a.mayReadDocument(c, p.HeldBy); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// showOne: one invoice, to its uploader or to whoever may read the
// document holding it.
func (a *API) showOne(c echo.Context) error {
	id, err := strconv.ParseInt(strings.TrimSpace(c.QueryParam("id")), 10, 64)
	if err != nil {
		return kit.BadParam("id", "an invoice id", c.QueryParam("id"))
	}
	p, err := a.readable(c, id)
	if err != nil {
		return err
	}
	return kit.OK(c, p)
}

// showOnePosted: POST appShowImagePage {id} (or ?id=), as showOne.
func (a *API) showOnePosted(c echo.Context) error {
	if c.QueryParam("id") != "" {
		return a.showOne(c)
	}
	var in struct {
		ID json.Number `json:"id"`
	}
	if err := kit.ReadJSON(c, &in, false, `{"id":1}`); err != nil {
		return err
	}
	c.QueryParams().Set("id", in.ID.String())
	return a.showOne(c)
}

func (a *API) mayReadDocument(c echo.Context, businessID string) error {
	if businessID == "" {
		return engine.Refuse(engine.EFORBIDDEN, "id", otherPool)
	}
	rec, err := a.documents.Get(c.Request().Context(), businessID)
	if err != nil {
		return err
	}
	return a.documents.MayRead(c.Request().Context(), kit.CurrentUser(c), rec)
}

// byDocument: the invoices a document holds, to whoever may read it.
func (a *API) byDocument(c echo.Context) error {
	var req contract.BusinessIDRequest
	if err := kit.ReadJSON(c, &req, false, `{"businessId":"EX02202601010001"}`); err != nil {
		return err
	}
	if strings.TrimSpace(req.BusinessID) == "" {
		return engine.Refuse(engine.EINVALID, "businessId", engine.Text{"zh": "缺少 businessId", "en": "businessId is required", "th": "ต้องระบุ businessId"})
	}
	if err := a.mayReadDocument(c, req.BusinessID); err != nil {
		return err
	}
	list, err := a.invoices.ByDocument(c.Request().Context(), req.BusinessID)
	return answerList(c, list, err)
}

// addFlow: the invoice lines a new document starts with for several of my
// unclaimed pooled invoices (the claims are taken when it is saved).
func (a *API) addFlow(c echo.Context) error {
	var req contract.AddFlowRequest
	if err := kit.ReadJSON(c, &req, true, `{"ids":[1,2]}`); err != nil {
		return err
	}
	if len(req.IDs) == 0 || len(req.IDs) > 200 {
		return engine.Refuse(engine.EINVALID, "ids", engine.Text{"zh": "请选择1至200张发票", "en": "choose 1 to 200 invoices", "th": "กรุณาเลือกใบกำกับภาษี 1 ถึง 200 ใบ"})
	}
	lines := make([]contract.InvoiceLine, 0, len(req.IDs))
	for _, id := range req.IDs {
		p, err := a.invoices.Find(c.Request().Context(), id)
		if err != nil {
			return err
		}
		if p.Uploader != user(c) {
			return engine.Refuse(engine.EFORBIDDEN, "ids", otherPool)
		}
		if p.HeldBy != "" {
			return invoices.HeldElsewhere("ids", p.Key, p.HeldBy)
		}
		lines = append(lines, contract.InvoiceLineOf(*p))
	}
	return kit.OK(c, contract.AddFlowAnswer{InvoiceList: lines})
}

// barcodeLink: LINK answers the invoice line a document takes for one of
// my pooled invoices (the claim itself is the document's save); DELETE
// removes one of my unclaimed invoices from the pool.
func (a *API) barcodeLink(c echo.Context) error {
	var req contract.BarcodeLinkRequest
	if err := kit.ReadJSON(c, &req, true, `{"operation":"LINK","id":1}`); err != nil {
		return err
	}
	ctx := c.Request().Context()
	switch req.Operation {
	case "LINK":
		p, err := a.invoices.Find(ctx, req.ID)
		if err != nil {
			return err
		}
		if p.Uploader != user(c) {
			return engine.Refuse(engine.EFORBIDDEN, "id", otherPool)
		}
		return kit.OK(c, contract.InvoiceLineOf(*p))
	case "DELETE":
		if err := a.invoices.Remove(ctx, user(c), req.ID); err != nil {
			return err
		}
		return kit.OK(c, nil)
	}
	return kit.BadParam("operation", "LINK or DELETE", req.Operation)
}

// otherPool refuses an invoice of another user's pool that no document
// the user may read holds.
var otherPool = engine.Text{"zh": "该发票在其他用户的发票池中", "en": "this invoice is in another user's pool", "th": "ใบกำกับภาษีนี้อยู่ในคลังของผู้ใช้อื่น"}
