package server

import "formwork/budget"

// Money is an amount in 分 (budget.Money).
//
// transitional: remove after the split.
type Money = budget.Money

// parseMoney reads an amount written as text (budget.ParseMoney).
//
// transitional: remove after the split.
func parseMoney(s string) (Money, error) { return budget.ParseMoney(s) }
