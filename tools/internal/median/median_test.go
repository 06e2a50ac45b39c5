package median

import "testing"

func TestOf(t *testing.T) {
	for _, c := range []struct {
		xs   []float64
		want float64
	}{
		{nil, 0},
		{[]float64{3}, 3},
		{[]float64{5, 1, 3}, 3},
		{[]float64{4, 1, 3, 2}, 2.5},
	} {
		in := append([]float64(nil), c.xs...)
		if got := Of(c.xs); got != c.want {
			t.Errorf("Of(%v) = %v, want %v", in, got, c.want)
		}
		for i := range in {
			if c.xs[i] != in[i] {
				t.Errorf("Of changed its input: %v, was %v", c.xs, in)
			}
		}
	}
}
