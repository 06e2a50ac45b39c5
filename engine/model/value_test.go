package model_test

import (
	"testing"

	"formwork/engine/model"
)

func TestNormalizeDate(t *testing.T) {
	for in, want := range map[string]string{
		"2026-01-05": "2026-01-05", "2026/1/5": "2026-01-05", "2026/01/05": "2026-01-05", "20260105": "2026-01-05",
		"2026-01-05 10:00:00": "2026-01-05", "2026-1-5": "2026-01-05", "2026.1.5": "2026-01-05",
		"2026-01-05T10:00:00+08:00": "2026-01-05", " 2026-01-05 ": "2026-01-05",
		"2026-02-30": "", "2026-13-01": "", "05/01/2026": "", "yesterday": "", "": "",
	} {
		got, ok := model.NormalizeDate(in)
		if got != want || ok != (want != "") {
			t.Errorf("NormalizeDate(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}
