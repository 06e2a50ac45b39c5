package server

import "formwork/adapters/sqldb"

// BudgetEntry is the row of budget_entries: process_view.go scans the
// entries of a document into it.
//
// transitional: remove after the split (the process view can ask
// budget.Service.Holdings instead).
type BudgetEntry = sqldb.BudgetEntry
