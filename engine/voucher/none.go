package voucher

import (
	"fmt"

	"formwork/engine/model"

	"gopkg.in/yaml.v3"
)

// nones reads a file declaring document types that make no voucher:
//
//	none:
//	  - reason: {zh: ..., en: ..., th: ...}
//	    edition: travel        # optional: the default edition
//	    docTypes: [EX01, PA, travel/A02]   # edition/CODE: a type of another edition
//
// Every type must exist; the reason is required in every language.
func (c *checker) nones(body *yaml.Node) []*None {
	var list *yaml.Node
	c.entries(body, "none", func(_ string, _, v *yaml.Node) { list = v })
	if list == nil || list.Kind != yaml.SequenceNode || len(list.Content) == 0 {
		c.add(body, "none: a list of {reason, docTypes} is required")
		return nil
	}
	var out []*None
	for _, e := range list.Content {
		var reason model.Text
		var edition string
		var codes, reasonNode *yaml.Node
		c.entries(e, "reason edition docTypes", func(k string, _, v *yaml.Node) {
			switch k {
			case "reason":
				reasonNode = v
				if err := v.Decode(&reason); err != nil {
					c.add(v, "reason: a text in zh, en and th")
				}
			case "edition":
				edition = v.Value
			case "docTypes":
				codes = v
			}
		})
		if reasonNode == nil || reason["zh"] == "" || reason["en"] == "" || reason["th"] == "" {
			c.add(e, "none: a reason in zh, en and th is required")
		}
		if codes == nil || codes.Kind != yaml.SequenceNode || len(codes.Content) == 0 {
			c.add(e, "none: docTypes, a list of document types, is required")
			continue
		}
		for _, n := range codes.Content {
			ed, code := split(edition, n.Value)
			dt := c.docType(ed, code)
			if dt == nil {
				c.add(n, "unknown document type %s", qualified(ed, code))
				continue
			}
			out = append(out, &None{DocType: dt.Code, Edition: dt.Edition, Reason: reason, File: c.file, Line: n.Line, Column: n.Column, dflt: ed == ""})
		}
	}
	return out
}

// dedupe drops problems repeated when one file serves several types.
func (c *checker) dedupe() {
	seen := map[string]bool{}
	out := c.list[:0]
	for _, p := range c.list {
		k := fmt.Sprintf("%d:%d:%s", p.Line, p.Column, p.Message)
		if !seen[k] {
			seen[k] = true
			out = append(out, p)
		}
	}
	c.list = out
}

// AllTypes lists a catalogue's live document types of every edition.
type AllTypes interface {
	DocTypes() []*model.DocType
}

// Uncovered answers a problem for each live document type of types that
// has neither voucher rules nor a declaration that it makes none. A
// catalogue without any voucher file (no schemas/_vouchers) has nothing
// to cover.
func Uncovered(s *Set, types AllTypes) []model.Problem {
	var out []model.Problem
	if s == nil || len(s.byType)+len(s.none) == 0 {
		return nil
	}
	for _, dt := range types.DocTypes() {
		k := key(dt.Edition, dt.Code)
		if s.byType[k] != nil || s.none[k] != nil {
			continue
		}
		out = append(out, model.Problem{File: Dir, Line: 1, Column: 1, Rule: "voucher", Severity: "error",
			Message: fmt.Sprintf("%s/%s has no voucher rules and is not declared under none: with its reason", dt.Edition, dt.Code)})
	}
	return out
}
