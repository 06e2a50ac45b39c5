package main

import (
	"strings"

	"formwork/engine"
)

// sarif renders problems as SARIF 2.1.0, for code-scanning tools.
func sarif(problems []engine.Problem) map[string]any {
	rules := map[string]bool{}
	results := []any{}
	for _, p := range problems {
		rules[p.Rule] = true
		level := p.Severity
		if level == "" {
			level = "error"
		}
		loc := map[string]any{"artifactLocation": map[string]any{"uri": p.File}}
		if p.Line > 0 {
			region := map[string]any{"startLine": p.Line, "startColumn": max(p.Column, 1)}
			if p.Snippet != "" {
				region["snippet"] = map[string]any{"text": strings.TrimSpace(p.Snippet)}
			}
			loc["region"] = region
		}
		results = append(results, map[string]any{
			"ruleId": p.Rule, "level": level, "message": map[string]any{"text": p.Message},
			"locations": []any{map[string]any{"physicalLocation": loc}},
		})
	}
	var ruleList []any
	for r := range rules {
		ruleList = append(ruleList, map[string]any{"id": r})
	}
	return map[string]any{
		"$schema": "https://json.schemastore.org/sarif-2.1.0.json",
		"version": "2.1.0",
		"runs": []any{map[string]any{
			"tool":    map[string]any{"driver": map[string]any{"name": "formwork lint", "informationUri": "docs/rules.md", "rules": ruleList}},
			"results": results,
		}},
	}
}
