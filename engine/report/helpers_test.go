package report

import (
	"fmt"

	"formwork/engine/model"
)

type loadErr = model.LoadError

func fmtProblem(sev string, line, col int, msg string) string {
	if sev == "note" {
		return fmt.Sprintf("note %d:%d %s", line, col, msg)
	}
	return fmt.Sprintf("%d:%d %s", line, col, msg)
}
