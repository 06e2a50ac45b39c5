package contract

import (
	"net/http"

	"formwork/documents"
	"formwork/engine"
	"formwork/identity"
	"formwork/masterdata"
	"formwork/process"
	"formwork/registry"
	"formwork/searchhelp"
)

// Refusals beyond those of every route (400, 401, 403, 413).
var (
	notFound       = []int{http.StatusNotFound}
	stale          = []int{http.StatusNotFound, http.StatusConflict}
	refusedOrStale = []int{http.StatusNotFound, http.StatusConflict, http.StatusUnprocessableEntity}
	refused        = []int{http.StatusNotFound, http.StatusUnprocessableEntity}
)

// XLSX is the content type of a spreadsheet (master-data export and import).
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// masterDataQuery are the query parameters of a page of records.
var masterDataQuery = []string{"q", "company", "active", "page", "pageSize", "sort"}

// apiDocs documents every route of the route table (routes.go) for the
// OpenAPI document; the drift test fails on a route without one.
var apiDocs = map[string]apiDoc{
	// identity
	"POST /api/galaxycommon/login/auth":                 {Tag: "identity", Summary: "Sign in with username and password. Success is code 200 with the token, menus and user; a refusal answers HTTP 200 with code 401, 429 or 503, its message and data null.", Request: passwordLogin{}, Response: new(loginAnswer)},
	"GET /api/galaxycommon/login/cas":                   {Tag: "identity", Summary: "Sign in with a CAS single sign-on ticket; answers as login/auth.", Query: []string{"ticket", "service"}, Response: new(loginAnswer)},
	"GET /api/galaxycommon/login/options":               {Tag: "identity", Summary: "How a visitor signs in.", Response: loginOptions{}},
	"GET /api/formwork/health":                          {Tag: "operations", Summary: "Liveness.", Response: health{}},
	"GET /api/openapi.json":                             {Tag: "operations", Summary: "This document.", Response: openAPIObject{}},
	"GET /api/galaxyform/cas/logout":                    {Tag: "identity", Summary: "End the session server-side; with single sign-on, where the browser ends that session too.", Response: logoutAnswer{}},
	"GET /api/galaxycommon/user/current":                {Tag: "identity", Summary: "The signed-in user (navigation-and-access.md 3.1) with display twins (suffix Txt).", Response: currentUser{}},
	"POST /api/galaxycommon/searchhelp/queryPermission": {Tag: "identity", Summary: "The signed-in user's permissions (any body).", Response: []permission{}},
	"GET /api/galaxycommon/menu/tree":                   {Tag: "identity", Summary: "The permitted menu tree of a variant (default: the server's).", Query: []string{"variant"}, Response: []*identity.MenuNode{}},
	"GET /api/galaxyreport/rptAuth/selectByUserId":      {Tag: "identity", Summary: "The report authority of a user (company, report type).", Query: []string{"userId", "companyCode", "rptType"}, Response: []identity.ReportAuthority{}},
	"GET /api/galaxyform/proxyAuth/list":                {Tag: "identity", Summary: "Delegations (proxy authorisation) the user gave or received.", Response: []identity.DelegationView{}},
	"POST /api/galaxyform/proxyAuth/save":               {Tag: "identity", Summary: "Create or change a delegation.", Request: identity.DelegationInput{}, Response: identity.DelegationView{}, Refusals: notFound},
	"GET /api/galaxycommon/user/list":                   {Tag: "identity", Summary: "Users (user management).", Response: []identity.UserEntry{}},
	// registry and evaluate
	"GET /api/formwork/registry/docTypes":                   {Tag: "registry", Summary: "Document types of an edition, or of every edition.", Query: []string{"edition"}, Response: []registry.DocTypeEntry{}},
	"GET /api/formwork/registry/docTypes/:docType/form":     {Tag: "registry", Summary: "The export of a document type: JSON Schema 2020-12 + uiSchema, sub-types and buttons for a sub-type and action; ETag and If-None-Match (304).", Query: []string{"subType", "action", "edition", "version"}, Response: engine.Form{}, Refusals: notFound},
	"GET /api/formwork/registry/docTypes/:docType/versions": {Tag: "registry", Summary: "Released versions of a document type.", Query: []string{"edition"}, Response: []registry.VersionEntry{}, Refusals: notFound},
	"GET /api/formwork/registry/docTypes/:docType/diff":     {Tag: "registry", Summary: "The changes between two versions and whether they are compatible.", Query: []string{"edition", "from", "to"}, Response: registry.Difference{}, Refusals: notFound},
	"GET /api/formwork/registry/editions":                   {Tag: "registry", Summary: "Editions and the companies or sets of books that use each.", Response: []registry.EditionEntry{}},
	"GET /api/formwork/registry/status":                     {Tag: "registry", Summary: "Whether the last catalogue reload worked, and its problems.", Response: catalogueState{}},
	"POST /api/formwork/evaluate":                           {Tag: "registry", Summary: "Evaluate a document under an action: the check, the field states and the values evaluation changed.", Query: []string{"action", "confirm"}, Request: formDocument{}, Response: registry.Evaluation{}},
	// documents
	"POST /api/galaxyform/yx/:family/head/create": {Tag: "documents", Summary: "Check a new document and store it: data is the stored document, form its states, check, process and schema; 422 with the check result when refused.", Query: []string{"action", "confirm", "tempSave", "authorBy"}, Request: formDocument{}, Response: storedForm{}, Refusals: refusedOrStale},
	"PUT /api/galaxyform/yx/:family/head/update":  {Tag: "documents", Summary: "Save a stored document again at the version loaded (409 when stale).", Query: []string{"action", "confirm", "tempSave"}, Request: formDocument{}, Response: storedForm{}, Refusals: refusedOrStale},
	"GET /api/galaxyform/yx/:family/head/load":    {Tag: "documents", Summary: "Load a stored document with its form under an action (default edit).", Query: []string{"businessId", "action"}, Response: storedForm{}, Refusals: notFound},
	"POST /api/formwork/documents/query":          {Tag: "documents", Summary: "The generic document list: the documents of a type (every type when docType is blank) the user may read, searched (q), filtered, sorted, paged (pageSize at most 500), with the total and the amount total of the filtered set. 400 names the field at fault.", Request: DocumentQuery{}, Response: documents.ListPage{}},
	"POST /api/formwork/documents/export.xlsx":    {Tag: "documents", Summary: "The whole filtered list (the query's body; its page aside) as a spreadsheet attachment; X-Total-Count is its row count. More than 100,000 documents is refused (413) before anything is written.", Request: DocumentQuery{}, File: XLSX},
	"GET /api/formwork/documents/to-confirm":      {Tag: "documents", Summary: "Awaiting my confirmation (toConfirm, MY00009): the documents whose reimburser is the user but which someone else made (a delegate, finance staff), still a draft or returned, latest first (at most 500).", Response: []documents.ListRow{}},
	"GET /api/formwork/documents/trips":           {Tag: "documents", Summary: "Trips (myTravelTrip, MY00008; the YX17 and SL travel pages): the itinerary lines (tripList) and trip details (tripDetailList) of the travel documents the user may read, mine=true: those whose reimburser is the user; docTypes and status narrow (comma-separated), section to tripList or tripDetailList, transport to one means of transport (a key of transportMeans: 1 plane, 2 train). The latest 200 documents; truncated says when more matched. 400 names a bad parameter.", Query: []string{"mine", "docTypes", "status", "section", "transport"}, Response: documents.TripList{}},
	// lifecycle, worklists, budget, printing
	"POST /api/galaxyform/process/startProcess":   {Tag: "process", Summary: "Submit a draft or returned document: full check, approval route, budget occupation, first task.", Query: []string{"confirm"}, Request: processRequest{}, Response: ProcessAnswer{}, Refusals: refusedOrStale},
	"POST /api/galaxyform/process/complete":       {Tag: "process", Summary: "Decide a task: approve, reject, addSign, supplement.", Request: taskDecision{}, Response: ProcessAnswer{}, Refusals: stale},
	"POST /api/galaxyform/process/void":           {Tag: "process", Summary: "Void a document for good.", Request: processRequest{}, Response: ProcessAnswer{}, Refusals: stale},
	"POST /api/galaxyform/process/recall":         {Tag: "process", Summary: "Recall a submitted document to draft before anyone decided on it (its owner); 409 naming who decided once someone did.", Request: processRequest{}, Response: ProcessAnswer{}, Refusals: stale},
	"GET /api/galaxyform/process/history":         {Tag: "process", Summary: "A document's state, allowed actions, tasks, events and budget.", Query: []string{"businessId"}, Response: ProcessAnswer{}, Refusals: notFound},
	"POST /api/galaxyform/worklist/query":         {Tag: "process", Summary: "Worklists: draft, todo, applied, done, returned (with the last rejection reason), recall (mine in approval, nobody decided yet), with filters and paging.", Request: worklistQuery{}, Response: page[process.WorklistItem]{}},
	"POST /api/galaxyform/budget/queryBudget":     {Tag: "budget", Summary: "What a document draws and holds (with businessId), or a page of the budget table (menu budget).", Request: BudgetQuery{}, Response: budgetAnswer{}, Refusals: notFound},
	"POST /api/galaxyform/budget/postBudget":      {Tag: "budget", Summary: "Occupy a document's budget.", Query: []string{"confirm"}, Request: processRequest{}, Response: DocumentBudget{}, Refusals: refusedOrStale},
	"GET /api/galaxyform/budget/releaseADVBudget": {Tag: "budget", Summary: "Release a pre-application's occupied budget.", Query: []string{"businessId", "amount"}, Response: budgetRelease{}, Refusals: stale},
	"POST /api/galaxyform/budget/save":            {Tag: "budget", Summary: "Create or change a budget.", Request: BudgetChange{}, Response: BudgetView{}, Refusals: stale},
	"GET /api/galaxyform/print/:businessId":       {Tag: "printing", Summary: "The A4 print view of a document (HTML).", Query: []string{"lang"}, HTML: true, Refusals: notFound},
	"GET /api/galaxyform/cfg/approver/list":       {Tag: "configuration", Summary: "The approver configuration.", Response: []ApproverConfigView{}},
	"POST /api/galaxyform/cfg/approver/save":      {Tag: "configuration", Summary: "Create or change an approver configuration row.", Request: ApproverConfigChange{}, Response: ApproverConfigView{}, Refusals: notFound},
	"POST /api/galaxyform/cfg/approver/delete":    {Tag: "configuration", Summary: "Delete an approver configuration row.", Request: RowID{}, Response: RowID{}, Refusals: notFound},
	// master data (issue 11 item 8); the service decides read and write per type with the user's roles
	"GET /api/formwork/masterdata":                       {Tag: "masterdata", Summary: "The master-data types the user may read, with what they may do.", Response: []MasterDataTypeView{}},
	"GET /api/formwork/masterdata/prefill":               {Tag: "masterdata", Summary: "A new document's company, set of books, department, cost centre and applicant from the user's employee record, with names (suffix Txt).", Query: []string{"docType"}, Response: MasterDataPrefill{}},
	"GET /api/formwork/masterdata/:type/form":            {Tag: "masterdata", Summary: "The JSON Schema 2020-12 and uiSchema of a type's record body; ref fields carry x-ref.", Query: []string{"lang"}, Response: MasterDataForm{}, Refusals: notFound},
	"GET /api/formwork/masterdata/:type/records":         {Tag: "masterdata", Summary: "A page of records: q searches the key and the type's search fields (substring, ignoring case).", Query: masterDataQuery, Response: MasterRecordPage{}, Refusals: notFound},
	"POST /api/formwork/masterdata/:type/records":        {Tag: "masterdata", Summary: "Create a record (201); 422 with the findings when refused, 409 when the key exists.", Request: MasterRecordInput{}, Response: MasterRecord{}, Created: true, Refusals: refusedOrStale},
	"GET /api/formwork/masterdata/:type/records/:key":    {Tag: "masterdata", Summary: "One record, active or not (a key with / is URL-encoded).", Response: MasterRecord{}, Refusals: notFound},
	"PUT /api/formwork/masterdata/:type/records/:key":    {Tag: "masterdata", Summary: "Change a record at the version read (409 when stale); 422 with the findings when refused.", Request: MasterRecordInput{}, Response: MasterRecord{}, Refusals: refusedOrStale},
	"DELETE /api/formwork/masterdata/:type/records/:key": {Tag: "masterdata", Summary: "Deactivate a record at the version read (records are kept for the documents that name them).", Query: []string{"version"}, Response: MasterRecordRemoved{}, Refusals: stale},
	"GET /api/formwork/masterdata/:type/names":           {Tag: "masterdata", Summary: "The display names of keys (comma-separated) in the user's language; unknown keys are left out.", Query: []string{"keys"}, Response: MasterRecordNames{}, Refusals: notFound},
	"GET /api/formwork/masterdata/:type/events":          {Tag: "masterdata", Summary: "The audit events of a type (and a key of it), newest first.", Query: []string{"key", "page", "pageSize"}, Response: masterdata.EventPage{}, Refusals: notFound},
	"GET /api/formwork/masterdata/:type/export.xlsx":     {Tag: "masterdata", Summary: "Every record of a type as a spreadsheet (attachment), labelled in the user's language.", File: XLSX, Refusals: notFound},
	"POST /api/formwork/masterdata/:type/import":         {Tag: "masterdata", Summary: "Import a spreadsheet of records (the export's form): all or nothing; 422 lists every bad row and field.", Upload: XLSX, Response: masterdata.ImportResult{}, Refusals: refused},
	// search help and dictionaries
	"POST /api/galaxyform/searchhelp/querySobBusinessTypeCode1": {Tag: "searchhelp", Summary: "Business types of level 1 offered in a set of books.", Request: SobBusinessTypeBody{}, Response: []searchhelp.Option{}},
	"POST /api/galaxyform/searchhelp/querySobBusinessTypeCode2": {Tag: "searchhelp", Summary: "Business types of level 2 offered in a set of books.", Request: SobBusinessTypeBody{}, Response: []searchhelp.Option{}},
	"POST /api/galaxyform/searchhelp/querySobBusinessTypeCode3": {Tag: "searchhelp", Summary: "Business types of level 3 offered in a set of books.", Request: SobBusinessTypeBody{}, Response: []searchhelp.Option{}},
	"POST /api/galaxycommon/searchhelp/queryBusinessType":       {Tag: "searchhelp", Summary: "The business types under one parent.", Request: businessTypeQuery{}, Response: []searchhelp.Option{}},
	"POST /api/galaxycommon/searchhelp/queryBusinessTypes":      {Tag: "searchhelp", Summary: "Business types under several parents.", Request: businessTypesQuery{}, Response: []searchhelp.Option{}},
	"POST /api/galaxycommon/searchhelp/querySpecAccCode1":       {Tag: "searchhelp", Summary: "Special accounts of level 1.", Request: specialAccountQuery{}, Response: []searchhelp.Option{}},
	"POST /api/galaxycommon/searchhelp/querySpecAccCode2":       {Tag: "searchhelp", Summary: "Special accounts of level 2.", Request: subAccountQuery{}, Response: []searchhelp.Option{}},
	"POST /api/galaxyform/searchhelp/queryEmployeeInfo":         {Tag: "searchhelp", Summary: "Employees of a company and department.", Request: employeeQuery{}, Response: []searchhelp.Option{}},
	"POST /api/galaxycommon/searchhelp/queryCompanion":          {Tag: "searchhelp", Summary: "Travel companions.", Request: companionQuery{}, Response: []searchhelp.Option{}},
	"POST /api/galaxyform/doc/type/searchhelp":                  {Tag: "searchhelp", Summary: "The document-type tree of the menus.", Request: docTypeTreeQuery{}, Response: []searchhelp.Option{}},
	"GET /api/galaxyform/doc/type/load":                         {Tag: "searchhelp", Summary: "One document type with its sub-type tree.", Query: []string{"docType", "sob", "companyCode"}, Response: searchhelp.DocTypeDescription{}, Refusals: notFound},
	"POST /rest/dic/children":                                   {Tag: "searchhelp", Summary: "Dictionary entries by dictionary id.", Request: dictionaryIDs{}, Response: map[string][]searchhelp.Option{}},
	"POST /rest/dic/list":                                       {Tag: "searchhelp", Summary: "Dictionary entries by dictionary id.", Request: dictionaryIDs{}, Response: map[string][]searchhelp.Option{}},
}
