package eval

import "sync/atomic"

// counts are how many documents this process prepared and fully checked.
var counts struct{ prepares, checks atomic.Int64 }

// Counters are how many times this process prepared a document (sub-type,
// defaults, rule environment, derived values) and ran the full pre-save
// check on one, since it started. They cost two atomic additions per
// evaluation and exist for tests: one reads them before and after a save to
// see how much work the save did.
type Counters struct {
	Prepares int64
	Checks   int64
}

// CountersNow reads the counters.
func CountersNow() Counters {
	return Counters{Prepares: counts.prepares.Load(), Checks: counts.checks.Load()}
}

// Since is how much c counted after earlier.
func (c Counters) Since(earlier Counters) Counters {
	return Counters{Prepares: c.Prepares - earlier.Prepares, Checks: c.Checks - earlier.Checks}
}
