package eval_test

import (
	"reflect"
	"strings"
	"testing"

	"formwork/engine/eval"
	"formwork/engine/internal/enginetest"
	"formwork/engine/load"
	"formwork/engine/model"

	"github.com/shopspring/decimal"
)

// A filler fills a row struct as model.FillStruct does, whether the keys
// of the row are the catalogue's names of its fields (as decode stores
// them) or equal texts made elsewhere, and leaves keys of no field out.
func TestFillerIsFillStruct(t *testing.T) {
	c, err := load.Load(enginetest.Mini(""))
	if err != nil {
		t.Fatal(err)
	}
	s := c.DocType("T1").Section("lineList")
	var named, other []string
	for _, f := range s.Fields {
		named = append(named, f.Name)
		other = append(other, strings.Clone(f.Name))
	}
	if len(named) < 2 {
		t.Fatalf("lineList of T1 has fields %v", named)
	}
	for _, names := range [][]string{named, other} {
		vals := model.Values{"noSuchField": "x"}
		for i, name := range names {
			switch model.GoType(s.Field(name).Type) {
			case model.DecimalType:
				vals[name] = decimal.New(int64(1234+i), -2)
			case model.IntType:
				vals[name] = 7 + i
			default:
				vals[name] = "v" + name
			}
		}
		want := reflect.New(s.RowType()).Elem()
		model.FillStruct(want, s, vals)
		rows := eval.FillRows(s, vals)
		if !reflect.DeepEqual(rows.Index(1).Interface(), want.Interface()) || !rows.Index(0).IsZero() {
			t.Errorf("filled %+v, want %+v (and row 0 zero)", rows.Index(1).Interface(), want.Interface())
		}
	}
}
