package identity

import (
	"testing"
	"time"
)

// slide: where a use moves a sliding session's expiry, and when that is
// written.
func TestSessionSlide(t *testing.T) {
	t0 := time.Date(2026, 5, 4, 9, 0, 0, 0, time.UTC)
	ttl := 8 * time.Hour
	for _, c := range []struct {
		name      string
		expires   time.Time
		max       time.Time
		sliding   bool
		use       time.Time
		want      time.Time
		wantWrite bool
	}{
		{"a use moves the expiry a minute past the TTL", t0.Add(ttl), t0.Add(24 * time.Hour), true, t0.Add(time.Hour), t0.Add(9*time.Hour + time.Minute), true},
		{"a use within a minute of the last write is not written", t0.Add(ttl + time.Minute), t0.Add(24 * time.Hour), true, t0.Add(30 * time.Second), t0.Add(ttl + time.Minute), false},
		{"the expiry stops at the maximum age", t0.Add(ttl), t0.Add(ttl + 30*time.Second), true, t0.Add(ttl - 30*time.Second), t0.Add(ttl + 30*time.Second), true},
		{"at the maximum age nothing more is written", t0.Add(ttl + 30*time.Second), t0.Add(ttl + 30*time.Second), true, t0.Add(ttl), t0.Add(ttl + 30*time.Second), false},
		{"a session that does not slide keeps its expiry", t0.Add(ttl), t0.Add(ttl), false, t0.Add(time.Hour), t0.Add(ttl), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			sess := &Session{ExpiresAt: c.expires, MaxExpiresAt: c.max, Sliding: c.sliding}
			got, write := sess.slide(c.use, ttl)
			if !got.Equal(c.want) || write != c.wantWrite {
				t.Errorf("slide = %s, %v; want %s, %v", got, write, c.want, c.wantWrite)
			}
			if end := c.use.Add(ttl); c.sliding && got.Before(end) && got.Before(c.max) {
				t.Errorf("the session would end %s after its last use, before its TTL and its maximum age", got.Sub(c.use))
			}
		})
	}
}
