package httpapi

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"formwork/adapters/httpapi/kit"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"formwork/adapters/httpapi/contract"
	"formwork/engine"
	"formwork/masterdata"

	"github.com/labstack/echo/v4"
)

// The master-data routes (issue 11 item 8, docs/api.md "Master data"):
// the configuration centre's list and edit pages, the pickers and the
// prefill of a new document. Who may read and change a type is the
// service's decision, with the signed-in user's roles.

// actorOf is the signed-in user as the master-data service knows them.
func actorOf(c echo.Context) masterdata.Actor {
	id := CurrentUser(c)
	roles := make([]string, len(id.Roles))
	for i, r := range id.Roles {
		roles[i] = r.ID
	}
	return masterdata.Actor{Username: id.Username(), Roles: roles}
}

// listMasterDataTypes: GET /api/formwork/masterdata.
func (s *Server) listMasterDataTypes(c echo.Context) error {
	l := lang(c)
	out := []contract.MasterDataTypeView{}
	for _, info := range s.masterData.Types(actorOf(c)) {
		t := s.masterData.Type(info.Code)
		scope := "group"
		if t.CompanyScoped {
			scope = "company"
		}
		out = append(out, contract.MasterDataTypeView{Code: t.Code, Title: info.Title.In(l), Area: t.Area, Menu: t.Menu,
			Display: t.Display, Search: nonNil(t.Search), Keys: nonNil(t.Keys), Scope: scope, Dated: t.Dated,
			CanRead: info.CanRead, CanWrite: info.CanWrite})
	}
	return ok(c, out)
}

func nonNil(list []string) []string {
	if list == nil {
		return []string{}
	}
	return list
}

// masterDataForm: GET /api/formwork/masterdata/:type/form, for the readers
// of the type.
func (s *Server) masterDataForm(c echo.Context) error {
	code := c.Param("type")
	if _, err := s.masterData.List(c.Request().Context(), actorOf(c), code, masterdata.Query{PageSize: 1}); err != nil {
		return err // an unknown type, or one the user may not read
	}
	t := s.registry.Catalogue().MasterDataType(code)
	if t == nil {
		return engine.Errorf(engine.ENOTFOUND, "type", "the catalogue has no master-data type %s", code)
	}
	schema, ui := engine.ExportMasterData(t, lang(c))
	sum := sha256.Sum256(append(append(schema, 0), ui...))
	etag := `"` + hex.EncodeToString(sum[:8]) + `"`
	c.Response().Header().Set("ETag", etag)
	return ok(c, contract.MasterDataForm{Schema: schema, UISchema: ui, ETag: etag})
}

// listMasterRecords: GET /api/formwork/masterdata/:type/records?q=&company=&active=&page=&pageSize=&sort=.
func (s *Server) listMasterRecords(c echo.Context) error {
	q, err := recordQueryOf(c)
	if err != nil {
		return err
	}
	code := c.Param("type")
	page, err := s.masterData.List(c.Request().Context(), actorOf(c), code, q)
	if err != nil {
		return err
	}
	out := contract.MasterRecordPage{Total: page.Total, Rows: make([]contract.MasterRecord, len(page.Rows))}
	for i := range page.Rows {
		out.Rows[i] = s.recordView(c, &page.Rows[i], false)
	}
	return ok(c, out)
}

// recordQueryOf reads the query parameters of a page of records.
func recordQueryOf(c echo.Context) (masterdata.Query, error) {
	q := masterdata.Query{Q: c.QueryParam("q"), Company: c.QueryParam("company"), Sort: c.QueryParam("sort")}
	switch a := c.QueryParam("active"); a {
	case "":
	case "true", "false":
		active := a == "true"
		q.Active = &active
	default:
		return q, kit.BadParam("active", "true or false", a)
	}
	var err error
	if q.Page, err = kit.IntParam(c, "page"); err != nil {
		return q, err
	}
	q.PageSize, err = kit.IntParam(c, "pageSize")
	return q, err
}

// recordView is a record as answered, its display field in the request's
// language, its masked fields (mask: account) masked unless whole is asked
// by one who may change the type (the record's own edit form); see
// MasterDataType.Shown.
func (s *Server) recordView(c echo.Context, r *masterdata.Record, whole bool) contract.MasterRecord {
	t := s.registry.Catalogue().MasterDataType(r.Type)
	writer := t != nil && t.Writable(actorOf(c).Roles)
	body, key := t.Shown(r.Body, r.Key, whole && writer, writer)
	return contract.MasterRecord{Type: r.Type, Key: key, Company: r.Company, Active: r.Active, ValidFrom: r.ValidFrom,
		ValidTo: r.ValidTo, Version: r.Version, UpdatedAt: r.UpdatedAt, UpdatedBy: r.UpdatedBy,
		Display: s.displayOf(r, lang(c)), Body: body}
}

// displayOf is a record's display field in lang: a name in that language,
// another value as text, the key when the field is empty.
func (s *Server) displayOf(r *masterdata.Record, lang string) string {
	t := s.masterData.Type(r.Type)
	if t == nil {
		return r.Key
	}
	switch v := r.Body[t.Display].(type) {
	case nil:
		return r.Key
	case map[string]any:
		text := engine.Text{}
		for l, s := range v {
			text[l], _ = s.(string)
		}
		return text.In(lang)
	case string:
		return v
	default:
		return fmt.Sprint(v)
	}
}

// keyParam is the :key of a record route (a key with "/" arrives
// URL-encoded).
func keyParam(c echo.Context) (string, error) {
	key, err := url.PathUnescape(c.Param("key"))
	if err != nil {
		return "", kit.BadParam("key", "a URL-encoded key", c.Param("key"))
	}
	return key, nil
}

// getMasterRecord: GET /api/formwork/masterdata/:type/records/:key.
func (s *Server) getMasterRecord(c echo.Context) error {
	key, err := keyParam(c)
	if err != nil {
		return err
	}
	r, err := s.masterData.Get(c.Request().Context(), actorOf(c), c.Param("type"), key)
	if err != nil {
		return err
	}
	return ok(c, s.recordView(c, r, true))
}

const recordExample = `{"version": 1, "body": {"code": "...", "name": {"zh": "...", "en": "...", "th": "..."}}}`

// readRecordInput reads the body of a create or an update: the record's
// body with company, validFrom and validTo set when sent.
func readRecordInput(c echo.Context) (*contract.MasterRecordInput, error) {
	var in contract.MasterRecordInput
	if err := readJSON(c, &in, true, recordExample); err != nil {
		return nil, err
	}
	if in.Body == nil {
		return nil, engine.Refuse(engine.EINVALID, "body", engine.Text{"zh": "请发送记录的 body：" + recordExample,
			"en": "send the record's body: " + recordExample, "th": "กรุณาส่ง body ของระเบียน: " + recordExample})
	}
	for field, v := range map[string]string{"company": in.Company, "validFrom": in.ValidFrom, "validTo": in.ValidTo} {
		if v != "" {
			in.Body[field] = v
		}
	}
	return &in, nil
}

// createMasterRecord: POST /api/formwork/masterdata/:type/records → 201.
func (s *Server) createMasterRecord(c echo.Context) error {
	in, err := readRecordInput(c)
	if err != nil {
		return err
	}
	ctx, actor, code := c.Request().Context(), actorOf(c), c.Param("type")
	r, err := s.masterData.Create(ctx, actor, code, in.Body)
	if err == nil && in.Active != nil && !*in.Active {
		r, err = s.masterData.Deactivate(ctx, actor, code, r.Key, r.Version)
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, envelope{Code: codeSuccess, Message: "success", Data: s.recordView(c, r, true)})
}

// updateMasterRecord: PUT /api/formwork/masterdata/:type/records/:key.
func (s *Server) updateMasterRecord(c echo.Context) error {
	key, err := keyParam(c)
	if err != nil {
		return err
	}
	in, err := readRecordInput(c)
	if err != nil {
		return err
	}
	ctx, actor, code := c.Request().Context(), actorOf(c), c.Param("type")
	r, err := s.masterData.Update(ctx, actor, code, key, in.Version, in.Body)
	switch {
	case err != nil:
	case in.Active != nil && !*in.Active && r.Active:
		r, err = s.masterData.Deactivate(ctx, actor, code, key, r.Version)
	case in.Active != nil && *in.Active && !r.Active:
		r, err = s.masterData.Reactivate(ctx, actor, code, key, r.Version)
	}
	if err != nil {
		return err
	}
	return ok(c, s.recordView(c, r, true))
}

// deactivateMasterRecord: DELETE /api/formwork/masterdata/:type/records/:key?version=N.
// A record is never removed: documents may name it.
func (s *Server) deactivateMasterRecord(c echo.Context) error {
	key, err := keyParam(c)
	if err != nil {
		return err
	}
	version, err := strconv.ParseInt(c.QueryParam("version"), 10, 64)
	if err != nil || version < 1 {
		return kit.BadParam("version", "the version read (a whole number from 1)", c.QueryParam("version"))
	}
	r, err := s.masterData.Deactivate(c.Request().Context(), actorOf(c), c.Param("type"), key, version)
	if err != nil {
		return err
	}
	return ok(c, contract.MasterRecordRemoved{Key: r.Key, Removed: false, Active: false})
}

// masterRecordNames: GET /api/formwork/masterdata/:type/names?keys=a,b,c.
func (s *Server) masterRecordNames(c echo.Context) error {
	ctx, actor, code, l := c.Request().Context(), actorOf(c), c.Param("type"), lang(c)
	names := contract.MasterRecordNames{}
	for _, key := range strings.Split(c.QueryParam("keys"), ",") {
		if key == "" {
			continue
		}
		r, err := s.masterData.Get(ctx, actor, code, key)
		var e *engine.Error
		switch {
		case errors.As(err, &e) && e.Code == engine.ENOTFOUND && e.Path == "key":
			continue // unknown keys are left out
		case err != nil:
			return err
		}
		names[key] = s.displayOf(r, l)
	}
	return ok(c, names)
}

// masterDataEvents: GET /api/formwork/masterdata/:type/events?key=&page=&pageSize=.
func (s *Server) masterDataEvents(c echo.Context) error {
	q := masterdata.EventQuery{Type: c.Param("type"), Key: c.QueryParam("key")}
	var err error
	if q.Page, err = kit.IntParam(c, "page"); err != nil {
		return err
	}
	if q.PageSize, err = kit.IntParam(c, "pageSize"); err != nil {
		return err
	}
	page, err := s.masterData.Events(c.Request().Context(), actorOf(c), q)
	if err != nil {
		return err
	}
	return ok(c, page)
}

// exportMasterData: GET /api/formwork/masterdata/:type/export.xlsx.
func (s *Server) exportMasterData(c echo.Context) error {
	code := c.Param("type")
	file, err := s.masterData.Export(c.Request().Context(), actorOf(c), code, lang(c))
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="`+url.PathEscape(code)+`.xlsx"`)
	return c.Blob(http.StatusOK, contract.XLSX, file)
}

// importMasterData: POST /api/formwork/masterdata/:type/import, the body
// an xlsx workbook: all its records, or none (422 listing every bad row).
func (s *Server) importMasterData(c echo.Context) error {
	file, err := kit.ReadUpload(c, contract.XLSX)
	if err != nil {
		return err
	}
	result, err := s.masterData.Import(c.Request().Context(), actorOf(c), c.Param("type"), file)
	var findings masterdata.Findings
	if errors.As(err, &findings) {
		return importRefusal{findings}
	}
	if err != nil {
		return err
	}
	return ok(c, result)
}

// importRefusal is an import's findings: each at a row of the sheet.
type importRefusal struct{ masterdata.Findings }

// prefill: GET /api/formwork/masterdata/prefill?docType=: the same head
// for every document type, from the user's employee record.
func (s *Server) prefill(c echo.Context) error {
	ctx, l := c.Request().Context(), lang(c)
	p, err := s.masterData.Prefill(ctx, CurrentUser(c).Username())
	out := contract.MasterDataPrefill{}
	if err != nil || p == nil {
		return answerOrErr(c, out, err)
	}
	for _, f := range []struct{ name, dic, code string }{{"company", "company", p.Company}, {"sob", "sob", p.Sob},
		{"department", "department", p.Department}, {"costCenter", "costCenter", p.CostCenter}, {"bizRang", "bizRang", p.BizRang}} {
		if f.code == "" {
			continue
		}
		name, err := s.masterData.CodeName(ctx, f.dic, f.code)
		if err != nil {
			return err
		}
		out[f.name], out[f.name+"Txt"] = f.code, name.In(l)
	}
	name, err := s.masterData.PersonName(ctx, p.Applicant)
	out["applicant"], out["applicantTxt"] = p.Applicant, name.In(l)
	return answerOrErr(c, out, err)
}

func answerOrErr(c echo.Context, data any, err error) error {
	if err != nil {
		return err
	}
	return ok(c, data)
}
