// Package median is the median the benchmark commands report
// (tools/benchreport, tools/benchcompare): a figure of rounds that a slow
// spell of a shared machine moves less than a mean.
package median

import "slices"

// Of is the median of xs (the mean of the two middle ones when their
// number is even; 0 when there are none). xs is left as it was.
func Of(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(xs))
	if n := len(s); n%2 == 0 {
		return (s[n/2-1] + s[n/2]) / 2
	}
	return s[len(s)/2]
}
