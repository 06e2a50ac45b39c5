package engine

import "strings"

// Text is a label or message in several languages, keyed by language code
// (zh, en, th). Chinese is the product's default language.
type Text map[string]string

// DefaultLang is the language used when a request names none.
const DefaultLang = "zh"

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
