package registry_test

import (
	"os"
	"regexp"
	"sync"
	"testing"
	"time"

	"formwork/engine"
	"formwork/registry"
)

var repo struct {
	once sync.Once
	cat  *engine.Catalogue
	err  error
}

// catalogue is the repository's catalogue, loaded once.
func catalogue(t *testing.T) *engine.Catalogue {
	t.Helper()
	repo.once.Do(func() { repo.cat, repo.err = engine.Load(os.DirFS("..")) })
	if repo.err != nil {
		t.Fatal(repo.err)
	}
	return repo.cat
}

func TestFormETag(t *testing.T) {
	s := registry.NewService(catalogue(t), nil, nil)
	tag := s.FormETag("form", "EX02", 1, "A01", "new", "zh")
	if !regexp.MustCompile(`^"[0-9a-f]{32}"$`).MatchString(tag) {
		t.Fatalf("ETag %s: want a strong entity tag (quoted, no W/)", tag)
	}
	if again := s.FormETag("form", "EX02", 1, "A01", "new", "zh"); again != tag {
		t.Errorf("the same form: %s, then %s", tag, again)
	}
	if byDefault := s.FormETag("form", "EX02", 1, "A01", "", "zh"); byDefault != tag {
		t.Errorf("the default action is new: %s, %s", byDefault, tag)
	}
	seen := map[string]string{tag: "the first"}
	for what, other := range map[string]string{
		"edition":  s.FormETag("travel", "EX02", 1, "A01", "new", "zh"),
		"docType":  s.FormETag("form", "EX03", 1, "A01", "new", "zh"),
		"version":  s.FormETag("form", "EX02", 2, "A01", "new", "zh"),
		"subType":  s.FormETag("form", "EX02", 1, "A01.A0101", "new", "zh"),
		"action":   s.FormETag("form", "EX02", 1, "A01", "read", "zh"),
		"language": s.FormETag("form", "EX02", 1, "A01", "new", "th"),
		// the parts are delimited: moving a character from one to the next is another form
		"boundary": s.FormETag("form", "EX02", 1, "A0", "1new", "zh"),
	} {
		if was, twice := seen[other]; twice {
			t.Errorf("another %s gives the ETag of %s", what, was)
		}
		seen[other] = what
	}

	s.ReloadFailed([]engine.Problem{{File: "schemas/EX02.yaml", Message: "broken"}})
	if after := s.FormETag("form", "EX02", 1, "A01", "new", "zh"); after != tag {
		t.Error("a reload that failed keeps the catalogue, and the ETags")
	}
	s.SetCatalogue(catalogue(t))
	reloaded := s.FormETag("form", "EX02", 1, "A01", "new", "zh")
	if reloaded == tag {
		t.Error("a reload keeps the ETag")
	}
	s.SetLifecycle(nil)
	if s.FormETag("form", "EX02", 1, "A01", "new", "zh") == reloaded {
		t.Error("a lifecycle reload keeps the ETag")
	}
	if other := registry.NewService(catalogue(t), nil, nil); other.FormETag("form", "EX02", 1, "A01", "new", "zh") == tag {
		t.Error("another server (a restart) gives the same ETag")
	}
}

func TestReloadStatus(t *testing.T) {
	now := time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
	s := registry.NewService(catalogue(t), nil, func() time.Time { return now })
	if st := s.Status(); !st.OK || !st.LoadedAt.IsZero() {
		t.Errorf("before any reload: %+v", st)
	}
	if s.Lifecycle() != registry.BuiltinLifecycle() || s.Lifecycle().States["draft"] == nil {
		t.Error("without a lifecycle the built-in one is in use")
	}
	problems := []engine.Problem{{File: "schemas/EX02.yaml", Line: 3, Message: "broken"}}
	s.ReloadFailed(problems)
	if st := s.Status(); st.OK || len(st.Problems) != 1 || !st.LoadedAt.Equal(now) || s.Catalogue() != catalogue(t) {
		t.Errorf("after a failed reload: %+v", st)
	}
	s.SetCatalogue(catalogue(t))
	if st := s.Status(); !st.OK || len(st.Problems) != 0 {
		t.Errorf("after a reload: %+v", st)
	}
}

func TestRefusalsInEveryLanguage(t *testing.T) {
	s := registry.NewService(catalogue(t), nil, nil)
	live, err := s.DocType(registry.DocTypeRef{Code: "EX02"})
	if err != nil {
		t.Fatal(err)
	}
	_, diffErr := s.Diff(live, "1", "x")
	_, exportAction := s.Export(live, "", "foo", "en")
	_, exportSubType := s.Export(live, "A01.A0199", "new", "en")
	for _, c := range []struct {
		err        error
		code, path string
		zh, en, th string
	}{
		{second(s.DocType(registry.DocTypeRef{Code: "EX99"})), engine.ENOTFOUND, "docType",
			`docType: 单据类型"EX99"不存在`, `docType: unknown docType "EX99"`, `docType: ไม่มีประเภทเอกสาร "EX99"`},
		{second(s.DocType(registry.DocTypeRef{Code: "EX02", Edition: "moon"})), engine.ENOTFOUND, "edition",
			`edition: 目录版本"moon"不存在`, `edition: unknown edition "moon"`, `edition: ไม่มีรุ่นแค็ตตาล็อก "moon"`},
		{second(s.DocType(registry.DocTypeRef{Code: "EX02", Version: "x"})), engine.EINVALID, "version",
			`version: 版本号应为正整数，而不是"x"`, `version: version must be a whole number, not "x"`, `version: หมายเลขเวอร์ชันต้องเป็นจำนวนเต็มบวก ไม่ใช่ "x"`},
		{second(s.DocType(registry.DocTypeRef{Code: "EX02", Version: "7"})), engine.ENOTFOUND, "version",
			"version: EX02没有版本7（现有版本：1、2）", "version: EX02 has no version 7 (versions: 1, 2)", "version: EX02 ไม่มีเวอร์ชัน 7 (เวอร์ชันที่มี: 1, 2)"},
		{diffErr, engine.EINVALID, "from", "from: from和to应为版本号", "from: from and to must be version numbers", "from: from และ to ต้องเป็นหมายเลขเวอร์ชัน"},
		{exportAction, engine.EINVALID, "action", `action: 未知的操作模式"foo"`, `action: unknown action "foo"`, `action: ไม่รู้จักโหมดการทำงาน "foo"`},
		{exportSubType, engine.ENOTFOUND, "subType", `subType: EX02没有业务类型"A01.A0199"`, `subType: EX02 has no sub-type "A01.A0199"`,
			`subType: EX02 ไม่มีประเภทธุรกิจ "A01.A0199"`},
	} {
		e, ok := c.err.(*engine.Error)
		if !ok {
			t.Errorf("%v: want an *engine.Error", c.err)
			continue
		}
		if e.Code != c.code || e.Path != c.path || e.In("zh") != c.zh || e.In("en") != c.en || e.In("th") != c.th {
			t.Errorf("%s %s:\n  %s\n  %s\n  %s\nwant %s %s:\n  %s\n  %s\n  %s", e.Code, e.Path, e.In("zh"), e.In("en"), e.In("th"),
				c.code, c.path, c.zh, c.en, c.th)
		}
	}
	if _, err := s.Diff(live, "1", "9"); engine.ErrorCode(err) != engine.ENOTFOUND {
		t.Errorf("a diff to a missing version: %v", err)
	}
	if f, err := s.Export(live, "A01.A0101", "", "en"); err != nil || f == nil {
		t.Errorf("a known sub-type, the default action: %v", err)
	}
}

func second[T any](_ T, err error) error { return err }
