package contract

import "formwork/adapters/httpapi/dashboardapi"

// The home page's summary (adapters/httpapi/dashboardapi).

func init() {
	apiDocs["GET "+dashboardapi.Path] = apiDoc{Tag: "identity", Summary: "The signed-in user's dashboard in one call: to-do, draft and returned counts (the worklists'), open advances with their outstanding total, the budgets of the user's department in their company this month per budget account, and the user's most recent documents.",
		Response: dashboardapi.Dashboard{}}
}
