package engine_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"formwork/engine"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// ex02WithLines is a valid EX02 with n charge lines (and, with items, as
// many item lines).
func ex02WithLines(n int, items bool) []byte {
	doc := validEX02()
	var lines, rows []any
	for i := 0; i < n; i++ {
		lines = append(lines, obj{"status": "success", "costType": "交通费", "amount": json.Number("12.34"), "expDate": "2026-11-10", "advBusinessId": fmt.Sprintf("EX01202611%06d", i)})
		if items {
			rows = append(rows, obj{"costType": "交通费", "amount": json.Number("12.34"), "taxAmount": json.Number("1.02"), "startDate": "2026-11-10", "advDate": "2026-11-09", "city": "北京"})
		}
	}
	doc["lineList"] = lines
	// paid in full: the rest amount (amount - payments) is 0
	cents := n * 1234
	doc["paymentList"].([]any)[0].(obj)["paymentAmount"] = json.Number(fmt.Sprintf("%d.%02d", cents/100, cents%100))
	if items {
		doc["itemList"] = rows
	}
	b, _ := json.Marshal(doc)
	return b
}

// ex02Varied is ex02WithLines with every line's amounts different and its
// dates spread over a month, as in a real claim: rules and derived values
// that read amounts run for every row (BenchmarkCheckEX02 and
// BenchmarkEvaluateEX02 repeat one line, whose outcome eval's row memo
// reuses).
func ex02Varied(n int) []byte {
	doc := validEX02()
	var lines, rows []any
	cents := 0
	for i := 0; i < n; i++ {
		amount := json.Number(fmt.Sprintf("%d.%02d", 12+i/100, i%100))
		cents += (12+i/100)*100 + i%100
		day := fmt.Sprintf("2026-11-%02d", 1+i%28)
		lines = append(lines, obj{"status": "success", "costType": "交通费", "amount": amount, "expDate": day, "advBusinessId": fmt.Sprintf("EX01202611%06d", i)})
		rows = append(rows, obj{"costType": "交通费", "amount": amount, "taxAmount": json.Number(fmt.Sprintf("0.%02d", 1+i%98)), "startDate": day, "advDate": day, "city": "北京"})
	}
	doc["lineList"], doc["itemList"] = lines, rows
	doc["paymentList"].([]any)[0].(obj)["paymentAmount"] = json.Number(fmt.Sprintf("%d.%02d", cents/100, cents%100))
	b, _ := json.Marshal(doc)
	return b
}

// BenchmarkVariedEX02 is the check and the evaluation of 500 charge and 500
// itinerary lines that all differ in their amounts (ex02Varied).
func BenchmarkVariedEX02(b *testing.B) {
	c := catalogue(b)
	raw := ex02Varied(500)
	b.Run("check", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			d, fs, err := engine.Decode(c, raw)
			if err != nil {
				b.Fatal(err)
			}
			if res := engine.Check(d, fs, engine.Options{Action: "new"}); !res.Valid {
				b.Fatalf("invalid: %+v", res.Errors[:1])
			}
		}
	})
	b.Run("evaluate", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			d, fs, _ := engine.Decode(c, raw)
			engine.Evaluate(d, fs, engine.Options{Action: "edit"})
		}
	})
}

// BenchmarkCheckEX02 is the full server-side check of a document from its
// JSON bytes: decode, defaults, derived values, required fields, every rule,
// line status. Target: 500 charge lines under 2 ms.
func BenchmarkCheckEX02(b *testing.B) {
	c := catalogue(b)
	for _, n := range []int{1, 50, 500} {
		raw := ex02WithLines(n, false)
		b.Run(fmt.Sprintf("lines=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				d, fs, err := engine.Decode(c, raw)
				if err != nil {
					b.Fatal(err)
				}
				if res := engine.Check(d, fs, engine.Options{Action: "new"}); !res.Valid {
					b.Fatalf("invalid: %+v", res.Errors[:1])
				}
			}
		})
	}
}

// BenchmarkCheckEX02Decoded is the check alone, on an already decoded
// document: what compares with BenchmarkJSONSchemaEX02/validate.
func BenchmarkCheckEX02Decoded(b *testing.B) {
	c := catalogue(b)
	raw := ex02WithLines(500, false)
	d, fs, _ := engine.Decode(c, raw)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if res := engine.Check(d, fs, engine.Options{Action: "new"}); !res.Valid {
			b.Fatal("invalid")
		}
	}
}

// BenchmarkEvaluateEX02 is the evaluate call the form makes on every
// change: the check plus visibility, required and editable of every field
// and the changed values, for 500 charge lines (and, with items, 500
// itinerary lines besides). Target: 500 lines under 2 ms.
func BenchmarkEvaluateEX02(b *testing.B) {
	c := catalogue(b)
	for _, items := range []bool{false, true} {
		raw := ex02WithLines(500, items)
		b.Run(fmt.Sprintf("lines=500/items=%v", items), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				d, fs, _ := engine.Decode(c, raw)
				engine.Evaluate(d, fs, engine.Options{Action: "edit"})
			}
		})
	}
}

// BenchmarkJSONSchemaEX02 is santhosh-tekuri/jsonschema v6 validating the
// same 500-line document against the exported JSON Schema alone: with
// parsing the JSON (parse+validate, to compare with BenchmarkCheckEX02) and
// without (validate, to compare with BenchmarkCheckEX02Decoded). The full
// check should not be slower than this structural check alone.
func BenchmarkJSONSchemaEX02(b *testing.B) {
	s := compileSchema(b, "EX02", "")
	raw := ex02WithLines(500, false)
	b.Run("parse+validate", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
			if err != nil {
				b.Fatal(err)
			}
			if err := s.Validate(inst); err != nil {
				b.Fatal(err)
			}
		}
	})
	inst, _ := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	b.Run("validate", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if err := s.Validate(inst); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkCatalogueLoad loads and compiles the whole catalogue. Target:
// under 200 ms.
func BenchmarkCatalogueLoad(b *testing.B) {
	fsys := os.DirFS("..")
	for i := 0; i < b.N; i++ {
		if _, err := engine.Load(fsys); err != nil {
			b.Fatal(err)
		}
	}
}

// compileSchema compiles the export of a document type (new, default
// edition) with santhosh-tekuri/jsonschema.
func compileSchema(t testing.TB, docType, subType string) *jsonschema.Schema {
	t.Helper()
	f, err := catalogue(t).DocType(docType).Export(subType, "new", "zh")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(f.Schema)
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	url := "https://formwork.schemas/" + docType + ".json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// BenchmarkSaveCheckEX02 is the engine's part of one save from the JSON
// bytes: decode, then CheckSave (one preparation, one check, the forbidden
// changes), for a new claim (compared with its cached blank) and an update
// (compared with the stored document, decoded too).
func BenchmarkSaveCheckEX02(b *testing.B) {
	c := catalogue(b)
	for _, n := range []int{3, 500} {
		raw := ex02WithLines(n, false)
		stored, _, _ := engine.Decode(c, raw)
		engine.Check(stored, nil, engine.Options{Action: "new"})
		prevRaw, _ := stored.MarshalJSON()
		b.Run(fmt.Sprintf("create/lines=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				d, fs, err := engine.Decode(c, raw)
				if err != nil {
					b.Fatal(err)
				}
				if sc := c.CheckSave(d, fs, nil, engine.Options{Action: "new"}); !sc.Check.Valid || len(sc.Forbidden) > 0 {
					b.Fatalf("refused: %+v %v", sc.Check.Errors, sc.Forbidden)
				}
			}
		})
		b.Run(fmt.Sprintf("update/lines=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				d, fs, err := engine.Decode(c, raw)
				if err != nil {
					b.Fatal(err)
				}
				prev, _, _ := engine.DecodeAs(d.Type, prevRaw)
				if sc := c.CheckSave(d, fs, prev, engine.Options{Action: "edit"}); !sc.Check.Valid || len(sc.Forbidden) > 0 {
					b.Fatalf("refused: %+v %v", sc.Check.Errors, sc.Forbidden)
				}
			}
		})
	}
}
