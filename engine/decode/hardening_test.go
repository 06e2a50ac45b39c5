package decode_test

import (
	"strings"
	"testing"
	"time"

	"formwork/engine/decode"
	"formwork/engine/internal/enginetest"
	"formwork/engine/load"
	"formwork/engine/model"
)

func mini(t *testing.T) *load.Catalogue {
	t.Helper()
	c, err := load.Load(enginetest.Mini(""))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// A number longer than any amount is refused before it is parsed (decimal
// parsing is quadratic: a 4 MB amount cost 87 s), as 'not a number' naming
// the field; so is an exponent that would make rounding build a huge number.
func TestDecodeRefusesLongNumbers(t *testing.T) {
	c := mini(t)
	long := strings.Repeat("9", 41)
	tests := []struct {
		name, value, path, rule, en string
	}{
		{"41 digits", long, "head.amount", "type", "Amount is not a number: longer than 40 characters"},
		{"41 digits as text", `"` + long + `"`, "head.amount", "type", "Amount is not a number: longer than 40 characters"},
		{"4 MB of digits", strings.Repeat("1", 4<<20), "head.amount", "type", "Amount is not a number: longer than 40 characters"},
		{"4 MB of digits as text", `"` + strings.Repeat("1", 4<<20) + `"`, "head.amount", "type", "Amount is not a number: longer than 40 characters"},
		{"4 MB of decimals", "0." + strings.Repeat("0", 4<<20), "head.amount", "type", "Amount is not a number: longer than 40 characters"},
		{"a huge exponent", "1e999999999", "head.amount", "type", "Amount must be a number"},
		{"a three-digit exponent", "1e100", "head.amount", "type", "Amount must be a number"},
		{"40 characters is still a number", "0." + strings.Repeat("0", 38), "", "", ""},
		{"a small exponent", "1.5e2", "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw := []byte(`{"head": {"docType": "T1", "amount": ` + tt.value + `}}`)
			start := time.Now()
			_, fs, err := decode.Decode(c, raw)
			if took := time.Since(start); took > 500*time.Millisecond {
				t.Errorf("decoding took %v", took)
			}
			if err != nil {
				t.Fatal(err)
			}
			if tt.path == "" {
				if len(fs) != 0 {
					t.Errorf("refused: %+v", fs)
				}
				return
			}
			if len(fs) != 1 || fs[0].Path != tt.path || fs[0].Rule != tt.rule || fs[0].Message.In("en") != tt.en {
				t.Errorf("got %+v, want %s %s %q", fs, tt.path, tt.rule, tt.en)
			}
		})
	}
	// a long integer and a long date are refused as fast
	for _, raw := range []string{
		`{"head": {"docType": "T1", "days": ` + strings.Repeat("7", 4<<20) + `}}`,
		`{"head": {"docType": "T1", "day": "` + strings.Repeat("2", 4<<20) + `"}}`,
	} {
		start := time.Now()
		_, fs, err := decode.Decode(c, []byte(raw))
		if err != nil || len(fs) != 1 || time.Since(start) > 500*time.Millisecond {
			t.Errorf("%.40s...: %v %d findings in %v", raw, err, len(fs), time.Since(start))
		}
	}
}

// Commas are thousands separators only, in groups of three; any other comma
// makes the text 'not a number'.
func TestDecodeThousandsSeparators(t *testing.T) {
	c := mini(t)
	tests := []struct{ in, want string }{
		{`"1,234.50"`, `1234.50`},
		{`"1,234,567"`, `1234567.00`},
		{`"-1,234.5"`, `-1234.50`},
		{`" 12,345 "`, `12345.00`},
		{`"100,50"`, ``},
		{`"1,0,0"`, ``},
		{`",100"`, ``},
		{`"1,000,"`, ``},
		{`"1234,567"`, ``},
		{`"1,234.5,0"`, ``},
		{`"1,23"`, ``},
		{`"1.234,50"`, ``},
	}
	for _, tt := range tests {
		d, fs, err := decode.Decode(c, []byte(`{"head": {"docType": "T1", "amount": `+tt.in+`}}`))
		if err != nil {
			t.Fatal(err)
		}
		out, _ := d.MarshalJSON()
		got := ""
		if i := strings.Index(string(out), `"amount":`); i >= 0 {
			got = strings.TrimRight(string(out)[i+len(`"amount":`):], "}")
		}
		if got != tt.want {
			t.Errorf("%s: stored %q, want %q", tt.in, got, tt.want)
		}
		if tt.want == "" && (len(fs) != 1 || fs[0].Rule != "type" || fs[0].Message.In("en") != "Amount must be a number") {
			t.Errorf("%s: findings %+v, want 'Amount must be a number'", tt.in, fs)
		}
	}
}

// No key or text may hold a NUL character, invalid UTF-8 or half a UTF-16
// surrogate pair, anywhere in the document: EINVALID naming the place.
func TestDecodeRefusesBadText(t *testing.T) {
	c := mini(t)
	tests := []struct {
		name, doc, path, en string
	}{
		{"an escaped NUL", `{"head": {"docType": "T1", "note": "a\u0000b"}}`, "head.note", "head.note contains a NUL character"},
		{"a raw NUL", "{\"head\": {\"docType\": \"T1\", \"note\": \"a\x00b\"}}", "head.note", "head.note contains a NUL character"},
		{"a NUL in a key", `{"head": {"docType": "T1", "no\u0000te": "x"}}`, `head.no\x00te`, `head.no\x00te contains a NUL character`},
		{"invalid UTF-8", "{\"head\": {\"docType\": \"T1\", \"note\": \"caf\xe9\"}}", "head.note", "head.note is not valid UTF-8 text"},
		{"invalid UTF-8 in a row", "{\"head\": {\"docType\": \"T1\"}, \"lineList\": [{}, {\"note\": \"\xff\"}]}", "lineList[1].note", "lineList[1].note is not valid UTF-8 text"},
		{"invalid UTF-8 in a key", "{\"head\": {\"docType\": \"T1\", \"n\xffte\": 1}}", `head.n\xffte`, `head.n\xffte is not valid UTF-8 text`},
		{"a lone high surrogate", `{"head": {"docType": "T1", "note": "a\ud800b"}}`, "head.note", `head.note contains half of a UTF-16 surrogate pair (such as \ud800)`},
		{"a lone low surrogate", `{"head": {"docType": "T1"}, "lineList": [{"note": "\uDC00"}]}`, "lineList[0].note", `lineList[0].note contains half of a UTF-16 surrogate pair (such as \ud800)`},
		{"a high surrogate before a letter", `{"head": {"docType": "T1", "note": "\ud800\u0041"}}`, "head.note", `head.note contains half of a UTF-16 surrogate pair (such as \ud800)`},
		{"a surrogate at the end", `{"head": {"docType": "T1", "note": "x\ud83d"}}`, "head.note", `head.note contains half of a UTF-16 surrogate pair (such as \ud800)`},
		{"a surrogate in a key", `{"head": {"docType": "T1", "\ud800": 1}}`, "head.\ufffd", "head.\ufffd contains half of a UTF-16 surrogate pair (such as \\ud800)"},
		{"a surrogate in an unknown section", `{"head": {"docType": "T1"}, "extra": {"a": ["\udfff"]}}`, "extra.a[0]", `extra.a[0] contains half of a UTF-16 surrogate pair (such as \ud800)`},
		{"NUL in a value where a scalar belongs", `{"head": {"docType": "T1", "note": {"x": "\u0000"}}}`, "head.note.x", "head.note.x contains a NUL character"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := decode.Decode(c, []byte(tt.doc))
			e, ok := err.(*model.Error)
			if !ok || e.Code != model.EINVALID || e.Path != tt.path || e.In("en") != tt.en {
				t.Fatalf("got %#v, want EINVALID at %q: %s", err, tt.path, tt.en)
			}
			for _, lang := range model.Languages {
				if e.Text[lang] == "" {
					t.Errorf("no %s message", lang)
				}
			}
		})
	}
	for _, ok := range []string{
		`{"head": {"docType": "T1", "note": "\ud83d\ude00 ok"}}`,     // a surrogate pair is a character
		`{"head": {"docType": "T1", "note": "a \\ud800 literally"}}`, // an escaped backslash, then text
		`{"head": {"docType": "T1", "note": "中文 ไทย"}}`,
	} {
		if _, _, err := decode.Decode(c, []byte(ok)); err != nil {
			t.Errorf("%s: refused: %v", ok, err)
		}
	}
}

// A key given twice in one object, at any level, is refused: the check and
// the store could otherwise read different documents.
func TestDecodeRefusesDuplicateKeys(t *testing.T) {
	c := mini(t)
	tests := []struct {
		name, doc, path, en string
	}{
		{"docType twice", `{"head": {"docType": "EX02", "docType": "T1"}}`, "head.docType", `the key "docType" appears twice in head`},
		{"two heads", `{"head": {"docType": "T1"}, "head": {"docType": "T1", "amount": 1}}`, "head", `the key "head" appears twice in the document`},
		{"in a row", `{"head": {"docType": "T1"}, "lineList": [{"amount": 1}, {"amount": 1, "note": "x", "amount": 2}]}`, "lineList[1].amount", `the key "amount" appears twice in lineList[1]`},
		{"deep down", `{"head": {"docType": "T1", "note": {"a": [{"b": 1, "b": 2}]}}}`, "head.note.a[0].b", `the key "b" appears twice in head.note.a[0]`},
		{"in a large object", `{"head": {"docType": "T1"` + manyKeys(40) + `, "k7": 0}}`, "head.k7", `the key "k7" appears twice in head`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := decode.Decode(c, []byte(tt.doc))
			e, ok := err.(*model.Error)
			if !ok || e.Code != model.EINVALID || e.Path != tt.path || e.In("en") != tt.en {
				t.Fatalf("got %#v, want EINVALID at %q: %s", err, tt.path, tt.en)
			}
		})
	}
	dt := c.DocType("T1")
	if _, _, err := decode.DecodeAs(dt, []byte(`{"head": {"docType": "T1", "amount": 1, "amount": 2}}`)); model.ErrorCode(err) != model.EINVALID {
		t.Errorf("DecodeAs: %v", err)
	}
}

func manyKeys(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString(`, "k` + itoa(i) + `": 1`)
	}
	return b.String()
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}
