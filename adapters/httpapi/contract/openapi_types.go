package contract

import (
	"time"

	"formwork/adapters/httpapi/adminapi"
	"formwork/budget"
	"formwork/engine"
	"formwork/identity"
	"formwork/registry"

	"github.com/swaggest/jsonschema-go"
)

// The shapes of the bodies and answers that the handlers build as maps or
// anonymous structs, for the OpenAPI document (each names its handler).
// TestOpenAPIAnswers holds the server's real answers to them: a member an
// answer has that is not described here, or lacks though described as
// always there, fails it.

// page is a page of a list: pageAnswer with its items' type.
type page[T any] struct {
	List        []T   `json:"list"`
	Total       int64 `json:"total"`
	PageSize    int   `json:"pageSize"`
	CurrentPage int   `json:"currentPage"`
}

// passwordLogin is the body of loginWithPassword.
type passwordLogin struct {
	Username string `json:"username" required:"true"`
	Password string `json:"password" required:"true"`
}

// loginAnswer is loginData with the user's shape; data is null when the
// login is refused (code 401, 429 or 503).
type loginAnswer struct {
	Token           string               `json:"token"`
	ExpiresAt       time.Time            `json:"expiresAt"`
	MenuPermissions []*identity.MenuNode `json:"menuPermissions"`
	User            currentUser          `json:"user"`
}

// loginOptions is the answer of loginOptions.
type loginOptions struct {
	CasLoginURL   string `json:"casLoginUrl"`
	PasswordLogin bool   `json:"passwordLogin"`
	MenuVariant   string `json:"menuVariant"`
}

// logoutAnswer is the answer of logout.
type logoutAnswer struct {
	CasLogoutURL string `json:"casLogoutUrl,omitempty"`
}

// health is the answer of health.
type health struct {
	Status string `json:"status"`
	// Converters are the optional converters found at start: soffice
	// (LibreOffice: office previews), tesseract (OCR) and pdftoppm (PDF pages
	// rendered to read their QR codes), true when installed.
	Converters map[string]bool `json:"converters"`
}

// currentUser is identity.Service.Profile: the signed-in person of
// navigation-and-access.md 3.1, each field with its display twin (Txt).
type currentUser struct {
	UserID            string               `json:"userId"`
	UserIDTxt         string               `json:"userIdTxt"`
	Nickname          string               `json:"nickname"`
	NicknameTxt       string               `json:"nicknameTxt"`
	Username          string               `json:"username"`
	UsernameTxt       string               `json:"usernameTxt"`
	HeadImgURL        string               `json:"headImgUrl"`
	HeadImgURLTxt     string               `json:"headImgUrlTxt"`
	BusPlate          string               `json:"busPlate"`
	BusPlateTxt       string               `json:"busPlateTxt"`
	CompID            string               `json:"compId"`
	CompIDTxt         string               `json:"compIdTxt"`
	CostCenter        string               `json:"costCenter"`
	CostCenterTxt     string               `json:"costCenterTxt"`
	Currency          string               `json:"currency"`
	CurrencyTxt       string               `json:"currencyTxt"`
	DeptID            string               `json:"deptId"`
	DeptIDTxt         string               `json:"deptIdTxt"`
	Email             string               `json:"email"`
	EmailTxt          string               `json:"emailTxt"`
	EmpID             string               `json:"empId"`
	EmpIDTxt          string               `json:"empIdTxt"`
	EmpLevel          string               `json:"empLevel"`
	EmpLevelTxt       string               `json:"empLevelTxt"`
	EmpName           string               `json:"empName"`
	EmpNameTxt        string               `json:"empNameTxt"`
	EmpNo             string               `json:"empNo"`
	EmpNoTxt          string               `json:"empNoTxt"`
	HisDept           string               `json:"hisDept"`
	HisDeptTxt        string               `json:"hisDeptTxt"`
	MainJob           string               `json:"mainJob"`
	MainJobTxt        string               `json:"mainJobTxt"`
	Phone             string               `json:"phone"`
	PhoneTxt          string               `json:"phoneTxt"`
	Status            string               `json:"status"`
	StatusTxt         string               `json:"statusTxt"`
	Role              string               `json:"role"`
	RoleTxt           string               `json:"roleTxt"`
	Menus             []string             `json:"menus"`
	MenusTxt          []string             `json:"menusTxt"`
	Permissions       []string             `json:"permissions"`
	PermissionsTxt    []string             `json:"permissionsTxt"`
	AllPermissions    []permission         `json:"allPermissions"`
	AllPermissionsTxt []string             `json:"allPermissionsTxt"`
	CreateAt          string               `json:"createAt"`
	CreateBy          string               `json:"createBy"`
	LastModified      string               `json:"lastModified"`
	ChangeDate        string               `json:"changeDate"`
	Uniquename        string               `json:"uniquename"`
	EmployeeID        string               `json:"employeeId"`
	Displayname       string               `json:"displayname"`
	LogonID           string               `json:"logonId"`
	Company           string               `json:"company"`
	CompanyTxt        string               `json:"companyTxt"`
	Companies         []companyChoice      `json:"companies"`
	UserRoles         []identity.UserRole  `json:"userRoles"`
	DocumentScope     string               `json:"documentScope"`
	Delegators        []identity.Delegator `json:"delegators"`
	LoginType         string               `json:"loginType,omitempty"`
	SourceSystem      string               `json:"sourceSystem,omitempty"`
	HideNavigation    bool                 `json:"hideNavigation,omitempty"`
}

// companyChoice is a company the user may work for (the X-company).
type companyChoice struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// permission is one of identity.Service.Permissions, by permissionType:
// menu (permissionUrl, parentCode), role, company, report (companyCodes),
// delegation (activeFrom, activeTo) and documentScope.
type permission struct {
	PermissionType string   `json:"permissionType"`
	PermissionID   string   `json:"permissionId"`
	PermissionName string   `json:"permissionName"`
	PermissionURL  string   `json:"permissionUrl,omitempty"`
	ParentCode     string   `json:"parentCode,omitempty"`
	CompanyCodes   []string `json:"companyCodes,omitempty"`
	ActiveFrom     string   `json:"activeFrom,omitempty"`
	ActiveTo       string   `json:"activeTo,omitempty"`
}

// catalogueState is the answer of registryStatus.
type catalogueState struct {
	DocTypes int             `json:"docTypes"`
	Status   registry.Status `json:"status"`
}

// storedForm is DocumentAnswer with its data's shape: the answer of create,
// update and load.
type storedForm struct {
	Code    string       `json:"code" example:"S000"`
	Message string       `json:"message"`
	Data    formDocument `json:"data"`
	Form    FormAnswer   `json:"form"`
}

func (storedForm) wholeAnswer() {}

// formDocument is a document of the catalogue: its head and its lists
// (lineList, itemList, ...), each a list of rows. Its schema per type is
// GET .../docTypes/{docType}/form.
type formDocument struct {
	Head documentHead `json:"head" required:"true"`
	_    struct{}     `additionalProperties:"true"`
}

// documentHead is the head of a document: the members every type has, and
// the type's own fields.
type documentHead struct {
	BusinessID    string   `json:"businessId" description:"Empty or absent on create; assigned by the server."`
	DocType       string   `json:"docType" required:"true"`
	Version       int      `json:"version" description:"The version loaded; update refuses another (409)."`
	SchemaVersion int      `json:"schemaVersion"`
	Status        string   `json:"status"`
	BusinessType1 string   `json:"businessType1"`
	BusinessType2 string   `json:"businessType2"`
	_             struct{} `additionalProperties:"true"`
}

// processRequest is the body of startProcess and void (processInput).
type processRequest struct {
	BusinessID string `json:"businessId" required:"true"`
	Version    *int   `json:"version" description:"The version the user saw; another is refused (409)."`
	Comment    string `json:"comment"`
}

// taskDecision is the body of completeTaskHandler (processInput).
type taskDecision struct {
	BusinessID string `json:"businessId" required:"true"`
	TaskID     int64  `json:"taskId" required:"true"`
	Result     string `json:"result" required:"true" enum:"approve,reject,addSign,supplement"`
	Comment    string `json:"comment"`
	Approver   string `json:"approver" description:"addSign: whom to add."`
}

// worklistQuery is the body of queryWorklist.
type worklistQuery struct {
	List          string   `json:"list" required:"true" enum:"draft,todo,applied,done,returned,recall"`
	BusinessID    string   `json:"businessId"`
	ProcessID     string   `json:"processId"`
	Types         []string `json:"types"`
	Applicant     string   `json:"applicant"`
	CreateBy      string   `json:"createBy"`
	Assignee      string   `json:"assignee"`
	CompanyCode   string   `json:"companyCode"`
	CreateAtFrom  string   `json:"createAtFrom" description:"yyyy-MM-dd, included"`
	CreateAtTo    string   `json:"createAtTo" description:"yyyy-MM-dd, included"`
	QuickRange    int      `json:"quickRange" description:"Created in the last 1, 7, 30 or 90 days; 0: any time."`
	ProcessStatus string   `json:"processStatus"`
	OrderBy       string   `json:"orderBy"`
	Sorts         string   `json:"sorts" enum:"asc,desc"`
	PageSize      int      `json:"pageSize"`
	CurrentPage   int      `json:"currentPage"`
}

// budgetAnswer is the answer of queryBudget: with businessId what the
// document draws and holds, else a page of the budget table.
type budgetAnswer struct{}

func (budgetAnswer) JSONSchemaOneOf() []any { return []any{DocumentBudget{}, page[BudgetView]{}} }

func (budgetAnswer) PrepareJSONSchema(s *jsonschema.Schema) error {
	s.Type = nil
	return nil
}

// budgetRelease is the answer of releaseADVBudget.
type budgetRelease struct {
	BusinessID string         `json:"businessId"`
	Released   budget.Money   `json:"released"`
	Budget     DocumentBudget `json:"budget"`
}

// BudgetChange is the body of saveBudget.
type BudgetChange struct {
	ID            uint          `json:"id" description:"Absent: a new budget."`
	CompanyCode   string        `json:"companyCode"`
	Department    string        `json:"department"`
	BudgetAccount string        `json:"budgetAccount"`
	Project       string        `json:"project"`
	Period        string        `json:"period" description:"yyyy-MM"`
	Amount        *budget.Money `json:"amount"`
	Control       string        `json:"control" enum:"strong,weak,none"`
}

// ApproverConfigChange is the body of saveApproverConfig.
type ApproverConfigChange struct {
	ID            uint          `json:"id" description:"Absent: a new row."`
	CompanyCode   string        `json:"companyCode"`
	CostCenter    string        `json:"costCenter"`
	BusinessType  string        `json:"businessType"`
	MinAmount     *budget.Money `json:"minAmount"`
	MaxAmount     *budget.Money `json:"maxAmount"`
	Task1Approver string        `json:"task1Approver"`
	Task2Approver string        `json:"task2Approver"`
	Status        string        `json:"status"`
}

// RowID is the body of deleteApproverConfig, and its answer.
type RowID struct {
	ID uint `json:"id" required:"true"`
}

// dropdownOption is searchhelp.Option as it marshals itself: key, value
// and the attributes set (their meaning per search help: docs/api.md).
type dropdownOption struct {
	Key    string `json:"key"`
	Value  string `json:"value"`
	Attr1  string `json:"attr1,omitempty"`
	Attr2  string `json:"attr2,omitempty"`
	Attr3  string `json:"attr3,omitempty"`
	Attr4  string `json:"attr4,omitempty"`
	Attr5  string `json:"attr5,omitempty"`
	Attr6  string `json:"attr6,omitempty"`
	Attr7  string `json:"attr7,omitempty"`
	Attr8  string `json:"attr8,omitempty"`
	Attr9  string `json:"attr9,omitempty"`
	Attr10 string `json:"attr10,omitempty"`
	Attr11 string `json:"attr11,omitempty"`
	Attr12 string `json:"attr12,omitempty"`
}

// businessTypeQuery is the body of queryBusinessType.
type businessTypeQuery struct {
	BusinessTypeBody
	ParentID LooseString `json:"parentId"`
}

// businessTypesQuery is the body of queryBusinessTypes.
type businessTypesQuery struct {
	BusinessTypeBody
	ParentID LooseList `json:"parentId"`
}

// specialAccountQuery is the body of querySpecAccCode1.
type specialAccountQuery struct {
	CompanyCode LooseString `json:"companyCode"`
	CostCenter  LooseString `json:"costCenter"`
	BizRang     LooseString `json:"bizRang"`
	SearchTxt   LooseString `json:"searchTxt"`
}

// subAccountQuery is the body of querySpecAccCode2.
type subAccountQuery struct {
	SpecAccCode1 LooseString `json:"specAccCode1" required:"true"`
	SearchTxt    LooseString `json:"searchTxt"`
}

// employeeQuery is the body of queryEmployeeInfo.
type employeeQuery struct {
	SearchTxt   LooseString `json:"searchTxt"`
	CompanyCode LooseString `json:"companyCode"`
	Department  LooseString `json:"department"`
	Uniquename  LooseString `json:"uniquename"`
}

// companionQuery is the body of queryCompanion.
type companionQuery struct {
	SearchTxt      LooseString `json:"searchTxt"`
	CompanyCode    LooseString `json:"companyCode"`
	Department     LooseString `json:"department"`
	ShareDepPerson LooseString `json:"shareDepPerson"`
	SelectShare    LooseString `json:"selectShare"`
}

// docTypeTreeQuery is the body of docTypeSearchHelp.
type docTypeTreeQuery struct {
	ParentCode  LooseString `json:"parentCode"`
	Sob         LooseString `json:"sob"`
	CompanyCode LooseString `json:"companyCode"`
}

// dictionaryIDs is the body of dictionaryList: dictionary ids (texts or
// numbers).
type dictionaryIDs []LooseString

// refusal is every refused request's answer: the error code (EINVALID,
// ECHECK, ...) and a message in the request's language; data is the check
// result of a refused check (422) or the fields a state forbids to change.
type refusal struct {
	Code    string      `json:"code" example:"EINVALID"`
	Message string      `json:"message"`
	Data    refusalData `json:"data"`
}

// refusalData is what a refusal carries: a check result, the fields a state
// forbids to change, or nothing.
type refusalData struct{}

func (refusalData) JSONSchemaOneOf() []any {
	return []any{engine.CheckView{}, forbiddenFields{}, MasterDataFindings{}, adminapi.FieldRefusal{}}
}

func (refusalData) PrepareJSONSchema(s *jsonschema.Schema) error {
	s.Type = nil
	null := jsonschema.Schema{}
	s.OneOf = append(s.OneOf, null.WithType(jsonschema.Null.Type()).ToSchemaOrBool())
	return nil
}

// forbiddenFields is the data of a save that changes fields its state
// does not let change (documents.ForbiddenChange).
type forbiddenFields struct {
	Fields []string `json:"fields"`
}

// openAPIObject is GET /api/openapi.json's answer: this document.
type openAPIObject map[string]any

func (openAPIObject) wholeAnswer() {}
