package model

import (
	"testing"
	"time"
)

// isoDay answers as time.Parse("2006-01-02") for every yyyy-MM-dd shape.
func TestIsoDayAsTimeParse(t *testing.T) {
	cases := []string{"2026-02-29", "2024-02-29", "2000-02-29", "1900-02-29", "0000-02-29", "2026-13-01", "2026-00-10",
		"2026-04-31", "2026-12-31", "2026-01-00", "20a6-01-01", "2026-1a-01", "2026-01-3x", "9999-12-31", "2026-+1-01", "-026-01-01"}
	for y := 1999; y <= 2001; y++ {
		for m := 0; m <= 13; m++ {
			for d := 0; d <= 32; d++ {
				cases = append(cases, time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC).Format("")+fmtDay(y, m, d))
			}
		}
	}
	for _, c := range cases {
		_, err := time.Parse("2006-01-02", c)
		if got := isoDay(c); got != (err == nil) {
			t.Errorf("isoDay(%q) = %v, time.Parse says %v", c, got, err)
		}
	}
}

func fmtDay(y, m, d int) string {
	two := func(n int) string { return string(rune('0'+n/10)) + string(rune('0'+n%10)) }
	return two(y/100) + two(y%100) + "-" + two(m) + "-" + two(d)
}
