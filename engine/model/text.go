// Package model is the shared model of the engine: what every stage reads
// and writes. It holds the compiled catalogue's parts (document types,
// sections, fields, enumerations, sub-types, action modes, rules), a decoded
// Document and its typed Values, the typed environment rules run against,
// the multilingual Text, the one Error type with its codes, the loader's
// Problem and the CheckResult of a check. It loads, decodes, evaluates and
// exports nothing itself: the stage packages beside it do (load, decode,
// eval, export, versions, fixtures, lifecycle), behind the facade
// formwork/engine.
package model

import "strings"

// Text is a label or message in several languages, keyed by language code
// (zh, en, th). Chinese is the product's default language.
type Text map[string]string

// DefaultLang is the language used when a request names none.
const DefaultLang = "zh"

// Languages are the languages every text a person reads must have.
var Languages = []string{"zh", "en", "th"}

// In returns the text in lang, falling back to Chinese, then English, then
// any language present.
func (t Text) In(lang string) string {
	if s, ok := t[lang]; ok && s != "" {
		return s
	}
	for _, l := range []string{"zh", "en"} {
		if s, ok := t[l]; ok && s != "" {
			return s
		}
	}
	for _, s := range t {
		return s
	}
	return ""
}

// Missing lists the Languages the text lacks (absent or blank), in the
// order of Languages; nil when it has them all.
func (t Text) Missing() []string {
	var out []string
	for _, l := range Languages {
		if strings.TrimSpace(t[l]) == "" {
			out = append(out, l)
		}
	}
	return out
}

// Format replaces {name} placeholders in every language.
func (t Text) Format(args map[string]Text) Text {
	out := make(Text, len(t))
	for lang, s := range t {
		for k, v := range args {
			s = strings.ReplaceAll(s, "{"+k+"}", v.In(lang))
		}
		out[lang] = s
	}
	return out
}

// Lang picks a supported language from a query value or Accept-Language
// header; unknown values give DefaultLang.
func Lang(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(strings.SplitN(part, ";", 2)[0])
		switch {
		case strings.HasPrefix(part, "zh"):
			return "zh"
		case strings.HasPrefix(part, "en"):
			return "en"
		case strings.HasPrefix(part, "th"):
			return "th"
		}
	}
	return DefaultLang
}

// Clip shortens s to n characters, marking the cut with "…", for quoting a
// value in a message without repeating a megabyte of it.
func Clip(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i] + "…"
		}
		n--
	}
	return s
}
