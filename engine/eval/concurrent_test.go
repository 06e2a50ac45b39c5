package eval_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
	"testing"

	"formwork/engine/eval"
	"formwork/engine/internal/enginetest"
)

// Evaluations run at once, of documents of many rows (whose row structs,
// machines and lists of changes runs reuse) and some with a line in error,
// each give what the same evaluation gives alone: in particular a row
// without an advance date is not read with the date a row of another
// document had (ex02.advance-before-start).
func TestConcurrentEvaluations(t *testing.T) {
	var docs [][]byte
	for n := 20; n <= 60; n += 20 {
		doc := enginetest.ValidEX02()
		var lines, items []any
		for i := 0; i < n; i++ {
			line := enginetest.Obj{"costType": "交通费", "amount": json.Number(fmt.Sprintf("%d.%02d", 10+i%3, i%100))}
			if i == n/2 {
				delete(line, "costType") // required: this line is in error
			}
			lines = append(lines, line)
			item := enginetest.Obj{"costType": "交通费", "amount": json.Number("12.00"), "startDate": "2026-11-10"}
			if n == 40 {
				item["advDate"] = "2026-11-12" // after the start: every item is in error
			}
			items = append(items, item)
		}
		doc["lineList"], doc["itemList"] = lines, items
		b, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, b)
	}
	type outcome struct {
		Values map[string]any
		Fields map[string]eval.FieldState
		Errors []string
	}
	evaluate := func(raw []byte) outcome {
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			t.Error(err)
		}
		d, fs := enginetest.Decode(t, v)
		ev := eval.Evaluate(d, fs, eval.Options{Action: "edit"})
		var errs []string
		for _, f := range ev.Check.Errors {
			errs = append(errs, f.Path+" "+f.Rule)
		}
		return outcome{ev.Values, ev.Fields, errs}
	}
	want := make([]outcome, len(docs))
	for i, raw := range docs {
		want[i] = evaluate(raw)
		if len(want[i].Errors) == 0 || len(want[i].Values) == 0 {
			t.Fatalf("document %d: no finding or no changed value: %+v", i, want[i])
		}
	}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for k := 0; k < 10; k++ {
				i := (g + k) % len(docs)
				if got := evaluate(docs[i]); !reflect.DeepEqual(got, want[i]) {
					t.Errorf("document %d evaluated at once with others: %+v, want %+v", i, got, want[i])
					return
				}
			}
		}(g)
	}
	wg.Wait()
}
