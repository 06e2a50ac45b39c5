package model

import (
	"sort"
	"strconv"
	"strings"
)

// Finding is one problem a check found: where (path), which rule, how
// serious, and the message in every language.
type Finding struct {
	Path     string
	Rule     string
	Severity Severity
	Message  Text
}

// CheckResult is the outcome of checking one document: the contract shared
// by the CLI, the save endpoint and the evaluate call.
type CheckResult struct {
	DocType       string
	SchemaVersion int
	Valid         bool
	Errors        []Finding
}

// CheckView is a CheckResult with messages in one language, as JSON.
type CheckView struct {
	DocType       string        `json:"docType"`
	SchemaVersion int           `json:"schemaVersion"`
	Valid         bool          `json:"valid"`
	Errors        []FindingView `json:"errors"`
}

// FindingView is a Finding with its message in one language.
type FindingView struct {
	Path     string   `json:"path"`
	Rule     string   `json:"rule"`
	Severity Severity `json:"severity"`
	Message  string   `json:"message"`
}

// View renders the result in lang.
func (r *CheckResult) View(lang string) CheckView {
	v := CheckView{DocType: r.DocType, SchemaVersion: r.SchemaVersion, Valid: r.Valid, Errors: make([]FindingView, len(r.Errors))}
	for i, f := range r.Errors {
		v.Errors[i] = FindingView{Path: f.Path, Rule: f.Rule, Severity: f.Severity, Message: f.Message.In(lang)}
	}
	return v
}

// Blocking returns the findings of severity s.
func (r *CheckResult) Blocking(s Severity) []Finding {
	var out []Finding
	for _, f := range r.Errors {
		if f.Severity == s {
			out = append(out, f)
		}
	}
	return out
}

// Finish sorts the findings by path, then rule, and sets Valid: no error,
// and no confirm finding the user has not confirmed (those are dropped).
func (r *CheckResult) Finish(confirmed map[string]bool) {
	kept := r.Errors[:0]
	r.Valid = true
	for _, f := range r.Errors {
		if f.Severity == SeverityConfirm && confirmed[f.Rule] {
			continue
		}
		if f.Severity != SeverityWarning {
			r.Valid = false
		}
		kept = append(kept, f)
	}
	r.Errors = kept
	sort.SliceStable(r.Errors, func(i, j int) bool {
		a, b := r.Errors[i], r.Errors[j]
		if c := ComparePaths(a.Path, b.Path); c != 0 {
			return c < 0
		}
		return a.Rule < b.Rule
	})
	if r.Errors == nil {
		r.Errors = []Finding{}
	}
}

// ComparePaths orders paths with row indexes compared as numbers, so that
// lineList[2] comes before lineList[10].
func ComparePaths(a, b string) int {
	for a != "" && b != "" {
		ia, ib := strings.IndexByte(a, '['), strings.IndexByte(b, '[')
		if ia < 0 || ib < 0 || a[:ia] != b[:ib] {
			return strings.Compare(a, b)
		}
		ea, eb := strings.IndexByte(a, ']'), strings.IndexByte(b, ']')
		if ea < 0 || eb < 0 {
			return strings.Compare(a, b)
		}
		na, erra := strconv.Atoi(a[ia+1 : ea])
		nb, errb := strconv.Atoi(b[ib+1 : eb])
		if erra != nil || errb != nil {
			return strings.Compare(a, b)
		}
		if na != nb {
			if na < nb {
				return -1
			}
			return 1
		}
		a, b = a[ea+1:], b[eb+1:]
	}
	return strings.Compare(a, b)
}
