package documents

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"formwork/engine"

	"github.com/shopspring/decimal"
)

// TripSections are the tables of a travel document that hold its trips:
// the itinerary of a trip request (tripList) and the trip details of a
// travel claim (tripDetailList).
var TripSections = []string{"tripList", "tripDetailList"}

// MaxTripDocuments bounds the documents one trip list reads (the latest
// first); Trips says when more exist.
const MaxTripDocuments = 200

// Trip is one trip line of a travel document, with its document's keys.
type Trip struct {
	BusinessID   string      `json:"businessId"`
	DocType      string      `json:"docType"`
	DocTypeTxt   string      `json:"docTypeTxt"`
	Status       string      `json:"status"`
	StatusTxt    string      `json:"statusTxt"`
	Applicant    string      `json:"applicant"`
	ApplicantTxt string      `json:"applicantTxt"`
	CompanyCode  string      `json:"companyCode"`
	Department   string      `json:"department"`
	Section      string      `json:"section"` // tripList (a request's itinerary) or tripDetailList (a claim's trip details)
	LineNo       int         `json:"lineNo"`
	Purpose      string      `json:"purpose"`
	From         string      `json:"from"`
	To           string      `json:"to"`
	StartDate    string      `json:"startDate"`
	EndDate      string      `json:"endDate"`
	Days         string      `json:"days"`
	Transport    string      `json:"transport"` // a key of the enumeration transportMeans
	TransportTxt string      `json:"transportTxt"`
	Amount       json.Number `json:"amount"`
}

// TripList is the trips of a trip query and whether documents were left
// out (more than MaxTripDocuments matched).
type TripList struct {
	Trips     []Trip `json:"trips"`
	Documents int64  `json:"documents"` // how many travel documents matched
	Truncated bool   `json:"truncated"`
}

// TripQuery narrows a trip list: Mine keeps the documents whose
// reimburser (applicant) is the reader; else every travel document the
// reader may read (MayRead's rule). DocTypes narrows to some travel types,
// Status to some states, Section to the lines of one of TripSections (the
// requests' itineraries or the claims' trip details), Transport to the trips
// by one means of transport (a key of the enumeration TransportEnum:
// flights, train journeys).
type TripQuery struct {
	Mine      bool
	DocTypes  []string
	Status    []string
	Section   string
	Transport string
}

// TransportEnum is the enumeration of the trips' means of transport.
const TransportEnum = "transportMeans"

// TripTypes are the codes of the document types that hold trips (a table
// of TripSections, or of section when it is not blank), in catalogue order.
func (l *Lists) TripTypes(section string) []string {
	var out []string
	for _, dt := range l.docs.cat().DocTypes() {
		for _, s := range dt.Sections {
			if slices.Contains(TripSections, s.Name) && (section == "" || s.Name == section) && !slices.Contains(out, dt.Code) {
				out = append(out, dt.Code)
			}
		}
	}
	return out
}

// Trips answers the trip lines of the travel documents q asks for, over
// the documents who may read, the latest documents first, titles in lang.
func (l *Lists) Trips(ctx context.Context, who Reader, q TripQuery, lang string) (*TripList, error) {
	if q.Section != "" && !slices.Contains(TripSections, q.Section) {
		return nil, invalid("section", "%s 不是行程表（可选：%s）", "%s is not a table of trips (one of %s)", "%s ไม่ใช่ตารางการเดินทาง (เลือกจาก %s)",
			q.Section, strings.Join(TripSections, ", "))
	}
	types := l.TripTypes(q.Section)
	for i, t := range q.DocTypes {
		if !slices.Contains(types, t) {
			return nil, invalid(fmt.Sprintf("docTypes[%d]", i), "%s 不是有行程的单据类型（可选：%s）", "%s is not a document type with trips (one of %s)",
				"%s ไม่ใช่ประเภทเอกสารที่มีการเดินทาง (เลือกจาก %s)", t, strings.Join(types, ", "))
		}
	}
	if len(q.DocTypes) > 0 {
		types = q.DocTypes
	}
	means := l.docs.cat().Enums[TransportEnum]
	if q.Transport != "" && (means == nil || !slices.ContainsFunc(means.Values, func(v engine.EnumValue) bool { return v.Key == q.Transport })) {
		return nil, invalid("transport", "%s 不是交通工具的代码", "%s is not a means of transport's code", "%s ไม่ใช่รหัสยานพาหนะ", q.Transport)
	}
	out := &TripList{Trips: []Trip{}}
	var recs []Record
	for _, t := range types {
		lq := ListQuery{DocType: t, Filters: ListFilters{Status: q.Status}, Sort: ListSort{Field: "createAt", Order: "desc"}, PageSize: MaxListPageSize}
		if q.Mine {
			lq.Filters.Applicant = who.Username()
		}
		f, err := l.Filter(ctx, who, lq)
		if err != nil {
			return nil, err
		}
		n, _, err := l.store.ListTotals(ctx, f)
		if err != nil {
			return nil, err
		}
		out.Documents += n
		f.Offset, f.Limit = 0, MaxTripDocuments
		if err := l.store.ListEach(ctx, f, func(r *Record) error { recs = append(recs, *r); return nil }); err != nil {
			return nil, err
		}
	}
	slices.SortStableFunc(recs, func(a, b Record) int { return b.CreatedAt.Compare(a.CreatedAt) })
	if len(recs) > MaxTripDocuments {
		recs = recs[:MaxTripDocuments]
	}
	out.Truncated = out.Documents > int64(len(recs))
	rows, err := l.rows(ctx, recs, lang)
	if err != nil {
		return nil, err
	}
	for i, row := range rows {
		stored, err := l.docs.Get(ctx, recs[i].BusinessID)
		if err != nil {
			return nil, err
		}
		for _, t := range tripsOf(row, stored.Body) {
			if (q.Transport != "" && t.Transport != q.Transport) || (q.Section != "" && t.Section != q.Section) {
				continue
			}
			if means != nil {
				for _, v := range means.Values {
					if v.Key == t.Transport {
						t.TransportTxt = v.Label.In(lang)
					}
				}
			}
			out.Trips = append(out.Trips, t)
		}
	}
	return out, nil
}

// tripsOf are the trip lines of a document body (a line flagged D, deleted,
// is left out).
func tripsOf(row ListRow, body string) []Trip {
	var doc map[string]json.RawMessage
	if json.Unmarshal([]byte(body), &doc) != nil {
		return nil
	}
	var out []Trip
	for _, section := range TripSections {
		var lines []map[string]any
		dec := json.NewDecoder(bytes.NewReader(doc[section]))
		dec.UseNumber()
		if len(doc[section]) == 0 || dec.Decode(&lines) != nil {
			continue
		}
		for i, line := range lines {
			if lineText(line, "flag") == "D" {
				continue
			}
			t := Trip{BusinessID: row.BusinessID, DocType: row.DocType, DocTypeTxt: row.DocTypeTxt, Status: row.Status, StatusTxt: row.StatusTxt,
				Applicant: row.Applicant, ApplicantTxt: row.ApplicantTxt, CompanyCode: row.CompanyCode, Department: row.Department,
				Section: section, LineNo: i + 1, Purpose: lineText(line, "tripPurpose", "remark"),
				From: lineText(line, "departure", "startPoint"), To: lineText(line, "arrival", "endPoint"),
				StartDate: lineText(line, "startDate"), EndDate: lineText(line, "endDate"), Days: lineText(line, "tripDays", "days"),
				Transport: lineText(line, "transportMeans"), Amount: "0.00"}
			if d, err := decimal.NewFromString(lineText(line, "localAmount", "amount")); err == nil {
				t.Amount = json.Number(d.StringFixed(2))
			}
			out = append(out, t)
		}
	}
	return out
}

// lineText is the first of a line's fields that holds a value, as text.
func lineText(line map[string]any, names ...string) string {
	for _, n := range names {
		switch v := line[n].(type) {
		case string:
			if v != "" {
				return v
			}
		case json.Number:
			return engine.Clip(v.String(), 40)
		}
	}
	return ""
}
