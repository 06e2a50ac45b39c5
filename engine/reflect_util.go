package engine

import (
	"encoding/json"
	"reflect"
	"strconv"

	"github.com/expr-lang/expr"
	"github.com/shopspring/decimal"
)

// reflect0 returns a pointer to a new zero value of t, as an expression
// environment.
func reflect0(t reflect.Type) any { return reflect.New(t).Interface() }

// runBool runs a condition against env.
func runBool(c *Cond, env any) (bool, error) {
	out, err := expr.Run(c.Prog, env)
	if err != nil {
		return false, err
	}
	b, _ := out.(bool)
	return b, nil
}

func jsonNum(d decimal.Decimal) json.Number { return json.Number(d.String()) }

func itoa(i int) string { return strconv.Itoa(i) }
