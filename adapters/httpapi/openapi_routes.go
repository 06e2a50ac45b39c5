package httpapi

import "formwork/engine"

// apiDocs documents every route of the route table (routes.go) for the
// OpenAPI document; the drift test fails on a route without one.
var apiDocs = map[string]apiDoc{
	// identity
	"POST /api/galaxycommon/login/auth":                 {Tag: "identity", Summary: "Sign in with username and password: {username, password} -> {token, expiresAt, menuPermissions, user}; refusals answer 200 with code 401 or 429.", Request: object{}, Response: object{}},
	"GET /api/galaxycommon/login/cas":                   {Tag: "identity", Summary: "Sign in with a CAS single sign-on ticket; answers as login/auth.", Query: []string{"ticket", "service"}, Response: object{}},
	"GET /api/galaxycommon/login/options":               {Tag: "identity", Summary: "How a visitor signs in: {casLoginUrl, passwordLogin, menuVariant}.", Response: object{}},
	"GET /api/formwork/health":                          {Tag: "operations", Summary: "Liveness and the state of the catalogue and the database.", Response: object{}},
	"GET /api/openapi.json":                             {Tag: "operations", Summary: "This document."},
	"GET /api/galaxyform/cas/logout":                    {Tag: "identity", Summary: "End the session server-side: {casLogoutUrl?}.", Response: object{}},
	"GET /api/galaxycommon/user/current":                {Tag: "identity", Summary: "The signed-in user (navigation-and-access.md 3.1) with display twins (suffix Txt).", Response: object{}},
	"POST /api/galaxycommon/searchhelp/queryPermission": {Tag: "identity", Summary: "The signed-in user's permissions.", Request: object{}, Response: []object{}},
	"GET /api/galaxycommon/menu/tree":                   {Tag: "identity", Summary: "The permitted menu tree of the server's variant.", Response: []object{}},
	"GET /api/galaxyreport/rptAuth/selectByUserId":      {Tag: "identity", Summary: "The report authority of a user (company, report type).", Query: []string{"userId"}, Response: []object{}},
	"GET /api/galaxyform/proxyAuth/list":                {Tag: "identity", Summary: "Delegations (proxy authorisation) the user gave or received.", Response: []object{}},
	"POST /api/galaxyform/proxyAuth/save":               {Tag: "identity", Summary: "Create or change a delegation: {authorTo, authorStatus, activeFrom, activeTo}.", Request: object{}, Response: object{}},
	"GET /api/galaxycommon/user/list":                   {Tag: "identity", Summary: "Users (user management).", Query: []string{"q"}, Response: []object{}},
	// registry and evaluate
	"GET /api/formwork/registry/docTypes":                   {Tag: "registry", Summary: "Document types of an edition: [{docType, family, version, edition, title}].", Query: []string{"edition"}, Response: []object{}},
	"GET /api/formwork/registry/docTypes/:docType/form":     {Tag: "registry", Summary: "The export of a document type: JSON Schema 2020-12 + uiSchema, sub-types and buttons for a sub-type and action; ETag and If-None-Match (304).", Query: []string{"subType", "action", "edition", "version"}, Response: object{}},
	"GET /api/formwork/registry/docTypes/:docType/versions": {Tag: "registry", Summary: "Released versions of a document type.", Query: []string{"edition"}, Response: []object{}},
	"GET /api/formwork/registry/docTypes/:docType/diff":     {Tag: "registry", Summary: "The changes between two versions and whether they are compatible.", Query: []string{"edition", "from", "to"}, Response: object{}},
	"GET /api/formwork/registry/editions":                   {Tag: "registry", Summary: "Editions and the companies or sets of books that use each.", Response: []object{}},
	"GET /api/formwork/registry/status":                     {Tag: "registry", Summary: "Whether the last catalogue reload worked, and its problems.", Response: object{}},
	"POST /api/formwork/evaluate":                           {Tag: "registry", Summary: "Evaluate a document under an action: {check, fields, values} (field states, changed values).", Query: []string{"action", "confirm"}, Request: documentBody{}, Response: object{}},
	// documents
	"POST /api/galaxyform/yx/:family/head/create": {Tag: "documents", Summary: "Check a new document and store it: data is the stored document, form its states, check, process and schema; 422 with the CheckResult when refused.", Query: []string{"action", "confirm", "tempSave", "authorBy"}, Request: documentBody{}, Response: new(documentAnswer)},
	"PUT /api/galaxyform/yx/:family/head/update":  {Tag: "documents", Summary: "Save a stored document again at the version loaded (409 when stale).", Query: []string{"action", "confirm", "tempSave"}, Request: documentBody{}, Response: new(documentAnswer)},
	"GET /api/galaxyform/yx/:family/head/load":    {Tag: "documents", Summary: "Load a stored document with its form under an action (default edit).", Query: []string{"businessId", "action"}, Response: new(documentAnswer)},
	// lifecycle, worklists, budget, printing
	"POST /api/galaxyform/process/startProcess":   {Tag: "process", Summary: "Submit a draft or returned document: full check, approval route, budget occupation, first task.", Query: []string{"confirm"}, Request: object{}, Response: object{}},
	"POST /api/galaxyform/process/complete":       {Tag: "process", Summary: "Decide a task: approve, reject, addSign, supplement.", Request: object{}, Response: object{}},
	"POST /api/galaxyform/process/void":           {Tag: "process", Summary: "Void a document for good.", Request: object{}, Response: object{}},
	"GET /api/galaxyform/process/history":         {Tag: "process", Summary: "A document's state, allowed actions, tasks, events and budget.", Query: []string{"businessId"}, Response: object{}},
	"POST /api/galaxyform/worklist/query":         {Tag: "process", Summary: "Worklists: draft, todo, applied, done, returned, with filters and paging.", Request: object{}, Response: object{}},
	"POST /api/galaxyform/budget/queryBudget":     {Tag: "budget", Summary: "Budgets of a node, or what a document draws.", Request: object{}, Response: object{}},
	"POST /api/galaxyform/budget/postBudget":      {Tag: "budget", Summary: "Occupy a document's budget.", Request: object{}, Response: object{}},
	"GET /api/galaxyform/budget/releaseADVBudget": {Tag: "budget", Summary: "Release a pre-application's occupied budget.", Query: []string{"businessId", "amount"}, Response: object{}},
	"POST /api/galaxyform/budget/save":            {Tag: "budget", Summary: "Create or change a budget.", Request: object{}, Response: object{}},
	"GET /api/galaxyform/print/:businessId":       {Tag: "printing", Summary: "The A4 print view of a document (HTML).", Query: []string{"lang"}},
	"GET /api/galaxyform/cfg/approver/list":       {Tag: "configuration", Summary: "The approver configuration.", Response: []object{}},
	"POST /api/galaxyform/cfg/approver/save":      {Tag: "configuration", Summary: "Create or change an approver configuration row.", Request: object{}, Response: object{}},
	"POST /api/galaxyform/cfg/approver/delete":    {Tag: "configuration", Summary: "Delete an approver configuration row.", Request: object{}, Response: object{}},
	// search help and dictionaries
	"POST /api/galaxyform/searchhelp/querySobBusinessTypeCode1": {Tag: "searchhelp", Summary: "Business types of level 1 offered in a set of books.", Request: object{}, Response: []object{}},
	"POST /api/galaxyform/searchhelp/querySobBusinessTypeCode2": {Tag: "searchhelp", Summary: "Business types of level 2 offered in a set of books.", Request: object{}, Response: []object{}},
	"POST /api/galaxyform/searchhelp/querySobBusinessTypeCode3": {Tag: "searchhelp", Summary: "Business types of level 3 offered in a set of books.", Request: object{}, Response: []object{}},
	"POST /api/galaxycommon/searchhelp/queryBusinessType":       {Tag: "searchhelp", Summary: "One business type and its children.", Request: object{}, Response: []object{}},
	"POST /api/galaxycommon/searchhelp/queryBusinessTypes":      {Tag: "searchhelp", Summary: "Business types under several parents.", Request: object{}, Response: []object{}},
	"POST /api/galaxycommon/searchhelp/querySpecAccCode1":       {Tag: "searchhelp", Summary: "Special accounts of level 1.", Request: object{}, Response: []object{}},
	"POST /api/galaxycommon/searchhelp/querySpecAccCode2":       {Tag: "searchhelp", Summary: "Special accounts of level 2.", Request: object{}, Response: []object{}},
	"POST /api/galaxyform/searchhelp/queryEmployeeInfo":         {Tag: "searchhelp", Summary: "Employees of a company and department.", Request: object{}, Response: []object{}},
	"POST /api/galaxycommon/searchhelp/queryCompanion":          {Tag: "searchhelp", Summary: "Travel companions.", Request: object{}, Response: []object{}},
	"POST /api/galaxyform/doc/type/searchhelp":                  {Tag: "searchhelp", Summary: "The document-type tree of the menus.", Request: object{}, Response: []object{}},
	"GET /api/galaxyform/doc/type/load":                         {Tag: "searchhelp", Summary: "One document type with its sub-type tree.", Query: []string{"docType", "sob"}, Response: object{}},
	"POST /rest/dic/children":                                   {Tag: "searchhelp", Summary: "Dictionary entries by dictionary id.", Request: object{}, Response: object{}},
	"POST /rest/dic/list":                                       {Tag: "searchhelp", Summary: "Dictionary entries by dictionary id.", Request: object{}, Response: object{}},
}

// checkViewType keeps the check result's type in the document: the
// answers' form.check and the 422 refusals carry it.
var _ = engine.CheckView{}
