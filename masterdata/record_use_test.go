package masterdata_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"formwork/engine"
	"formwork/masterdata"

	"gorm.io/gorm"
)

// refusal is what a refused call answers: the code, and each finding as
// "path: English message".
func refusal(err error) (code string, findings []string) {
	var fs masterdata.Findings
	if errors.As(err, &fs) {
		for _, f := range fs {
			findings = append(findings, f.Path+": "+f.In("en"))
		}
		return fs[0].Code, findings
	}
	var e *engine.Error
	if errors.As(err, &e) {
		return e.Code, []string{e.Path + ": " + e.In("en")}
	}
	if err != nil {
		return "error", []string{err.Error()}
	}
	return "", nil
}

func TestRecordUseCases(t *testing.T) {
	forEachService(t, func(t *testing.T, md *masterdata.Service, _ *gorm.DB) {
		ctx := context.Background()
		organisation(t, md)
		it01 := func() *masterdata.Record { return must(md.Get(ctx, employee, "department", "IT01")) }
		for _, c := range []struct {
			name     string
			call     func() error
			code     string
			findings []string
		}{
			{"an employee may not write departments", func() error {
				_, err := md.Create(ctx, employee, "department", body(t, `{"code": "X1", "name": {"zh": "新"}, "company": "1000"}`))
				return err
			}, engine.EFORBIDDEN, []string{": you may not change Department records"}},
			{"nor read salary grades", func() error { _, err := md.List(ctx, employee, "salaryGrade", masterdata.Query{}); return err },
				engine.EFORBIDDEN, []string{": you may not read Salary grade records"}},
			{"nobody signed in reads nothing", func() error { _, err := md.Get(ctx, nobody, "department", "IT01"); return err },
				engine.EFORBIDDEN, []string{": you may not read Department records"}},
			{"an unknown type", func() error { _, err := md.List(ctx, admin, "nope", masterdata.Query{}); return err },
				engine.ENOTFOUND, []string{"type: there is no master-data type nope"}},
			{"an unknown record", func() error { _, err := md.Get(ctx, admin, "department", "NOPE"); return err },
				engine.ENOTFOUND, []string{"key: Department NOPE does not exist"}},
			{"a key the type has", func() error {
				_, err := md.Create(ctx, admin, "department", body(t, `{"code": "IT01", "name": {"zh": "又一个"}, "company": "1000"}`))
				return err
			}, engine.ECONFLICT, []string{"code: Department IT01 exists already"}},
			{"every finding at once: check, key, references", func() error {
				_, err := md.Create(ctx, admin, "department", body(t, `{"code": "IT\u200b02", "company": "NOPE", "parent": "it01"}`))
				return err
			}, engine.ECHECK, []string{`code: code may not hold "/", spaces around it or characters that do not print`,
				"name: name is required", "company: Company NOPE does not exist", "parent: Department it01 does not exist"}},
			{"a rule of the type", func() error {
				_, err := md.Create(ctx, admin, "department", body(t, `{"code": "D9", "name": {"zh": "九"}, "company": "1000", "parent": "D9"}`))
				return err
			}, engine.ECHECK, []string{"parent: a department is not its own parent", "parent: Department D9 does not exist"}},
			{"a department of another company's parent", func() error {
				_, err := md.Create(ctx, admin, "department", body(t, `{"code": "D9", "name": {"zh": "九"}, "company": "1000", "parent": "HR01"}`))
				return err
			}, engine.ECHECK, []string{"parent: Department HR01 does not belong to company 1000"}},
			{"a dated record ending before it starts", func() error {
				_, err := md.Create(ctx, finance, "exchangeRate", body(t, `{"currency": "USD", "validFrom": "2026-03-02", "validTo": "2026-03-01", "rate": 7.1}`))
				return err
			}, engine.ECHECK, []string{"validTo: valid to cannot be before valid from"}},
			{"a stale version", func() error {
				_, err := md.Update(ctx, admin, "department", "IT01", 7, it01().Body)
				return err
			}, masterdata.ESTALE, []string{"version: Department IT01 was changed meanwhile: reload it and try again"}},
			{"the key fields do not change", func() error {
				b := it01().Body
				b["code"] = "IT02"
				_, err := md.Update(ctx, admin, "department", "IT01", 1, b)
				return err
			}, engine.EINVALID, []string{"code: the key fields cannot change"}},
			{"a deactivation at a stale version", func() error { _, err := md.Deactivate(ctx, admin, "department", "IT01", 0); return err },
				masterdata.ESTALE, []string{"version: Department IT01 was changed meanwhile: reload it and try again"}},
		} {
			t.Run(c.name, func(t *testing.T) {
				code, findings := refusal(c.call())
				if code != c.code || strings.Join(findings, "\n") != strings.Join(c.findings, "\n") {
					t.Errorf("%s %q, want %s %q", code, findings, c.code, c.findings)
				}
			})
		}

		// update, deactivate, reactivate: each a version, each an event
		b := it01().Body
		b["name"] = map[string]any{"zh": "信息技术中心", "en": "IT centre"}
		updated := must(md.Update(ctx, admin, "department", "IT01", 1, b))
		off := must(md.Deactivate(ctx, admin, "department", "IT01", 2))
		if updated.Version != 2 || off.Version != 3 || off.Active || off.UpdatedBy != "admin01" || !off.UpdatedAt.Equal(today) {
			t.Errorf("updated %+v, deactivated %+v", updated, off)
		}
		if r := it01(); r.Active || r.Body["name"].(map[string]any)["en"] != "IT centre" {
			t.Errorf("IT01 read after the deactivation: %+v", r)
		}
		if on := must(md.Reactivate(ctx, admin, "department", "IT01", 3)); !on.Active || on.Version != 4 {
			t.Errorf("reactivated: %+v", on)
		}
		events := must(md.Events(ctx, employee, masterdata.EventQuery{Type: "department", Key: "IT01"}))
		var actions []string
		for _, e := range events.Events {
			actions = append(actions, e.Action)
		}
		if events.Total != 4 || strings.Join(actions, " ") != "update deactivate update create" {
			t.Errorf("IT01's events: %d %v", events.Total, actions)
		}
		var before, after masterdata.Record
		_ = json.Unmarshal(events.Events[1].Before, &before)
		_ = json.Unmarshal(events.Events[1].After, &after)
		if !before.Active || after.Active || events.Events[1].By != "admin01" || events.Events[3].Before != nil {
			t.Errorf("the deactivation's images: before %+v, after %+v", before, after)
		}
		if _, err := md.Events(ctx, employee, masterdata.EventQuery{}); err == nil {
			t.Error("an employee read the events of every type, salary grades among them")
		}
	})
}

func TestTypesByUser(t *testing.T) {
	md := newService(nil)
	for _, c := range []struct {
		actor masterdata.Actor
		want  string
	}{
		{admin, "company:w department:w bank:w vendor:w employee:w exchangeRate:r salaryGrade:w"},
		{finance, "company:r department:r bank:r vendor:r employee:r exchangeRate:w"},
		{employee, "company:r department:r bank:r vendor:r employee:r exchangeRate:r"},
		{nobody, ""},
	} {
		var got []string
		for _, ti := range md.Types(c.actor) {
			got = append(got, ti.Code+map[bool]string{true: ":w", false: ":r"}[ti.CanWrite])
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s: %v, want %s", c.actor.Username, got, c.want)
		}
	}
}
