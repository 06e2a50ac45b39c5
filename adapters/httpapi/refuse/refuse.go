// Package refuse answers the refusals a page marks where they are: a
// request's field (AtField), or the rows of a refused spreadsheet import
// (Import), each with its findings in the answer's data.
package refuse

import (
	"errors"
	"strconv"
	"strings"

	"formwork/adapters/httpapi/contract"
	"formwork/adapters/httpapi/kit"
	"formwork/engine"
)

// AtField is a refusal naming a field (an *engine.Error with a path) as an
// answer whose data names it too ({findings: [{path, code, message}]}), so
// that a page marks the field; other errors as they are.
func AtField(err error, lang string) error {
	var e *engine.Error
	if !errors.As(err, &e) || e.Path == "" {
		return err
	}
	msg := e.Text.In(lang)
	if msg == "" {
		msg = e.Message
	}
	return kit.Fail(e.Code, e.Path, msg, contract.MasterDataFindings{Findings: []contract.MasterDataFinding{{Path: e.Path, Code: e.Code, Message: msg}}})
}

// Import is a refused import (nothing imported): 422 ECHECK with every
// problem and the sheet row its path (rows[N].field) names; the message is
// the first problem's, with how many more.
func Import(problems []*engine.Error, lang string) error {
	data := contract.MasterDataFindings{Findings: make([]contract.MasterDataFinding, len(problems))}
	for i, e := range problems {
		row, _ := strconv.Atoi(strings.SplitN(strings.TrimPrefix(e.Path, "rows["), "]", 2)[0])
		data.Findings[i] = contract.MasterDataFinding{Path: e.Path, Code: e.Code, Message: e.Text.In(lang), Row: row}
	}
	msg := data.Findings[0].Message
	if len(problems) > 1 {
		msg += " (+" + strconv.Itoa(len(problems)-1) + ")"
	}
	return kit.Fail(engine.ECHECK, problems[0].Path, msg, data)
}
