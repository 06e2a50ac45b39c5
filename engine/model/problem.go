package model

import (
	"fmt"
	"sort"
	"strings"
)

// Problem is one finding of the catalogue loader or linter: a place in a
// catalogue file and what is wrong there.
type Problem struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Rule     string `json:"rule"`     // load, compat.breaking, compat.unreleased, ...
	Severity string `json:"severity"` // error, warning or note
	Message  string `json:"message"`
	Snippet  string `json:"snippet,omitempty"`
}

func (p Problem) String() string {
	var b strings.Builder
	prefix := ""
	if p.Severity != "" && p.Severity != "error" {
		prefix = p.Severity + ": "
	}
	if p.Line > 0 {
		fmt.Fprintf(&b, "%s:%d:%d: %s%s", p.File, p.Line, p.Column, prefix, p.Message)
	} else {
		fmt.Fprintf(&b, "%s: %s%s", p.File, prefix, p.Message)
	}
	if p.Snippet != "" {
		b.WriteString("\n")
		b.WriteString(p.Snippet)
	}
	return b.String()
}

// LoadError lists every problem found while loading a catalogue. A catalogue
// with any problem is not used.
type LoadError struct {
	Problems []Problem
}

func (e *LoadError) Error() string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		lines[i] = p.String()
	}
	return fmt.Sprintf("catalogue has %d problem(s):\n%s", len(e.Problems), strings.Join(lines, "\n"))
}

// Sort orders the problems by file, line and column.
func (e *LoadError) Sort() {
	sort.SliceStable(e.Problems, func(i, j int) bool {
		a, b := e.Problems[i], e.Problems[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
}

// Snippet renders line `line` of src with a caret under column col, the
// way Problem.String shows where a problem is; "" when there is no such line.
func Snippet(src []byte, line, col int) string {
	if line <= 0 {
		return ""
	}
	lines := strings.Split(string(src), "\n")
	if line > len(lines) {
		return ""
	}
	text := strings.TrimRight(lines[line-1], "\r")
	caret := ""
	if col > 0 {
		caret = "\n     | " + strings.Repeat(" ", col-1) + "^"
	}
	return fmt.Sprintf("%4d | %s%s", line, text, caret)
}
