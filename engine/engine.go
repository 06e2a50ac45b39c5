// Package engine is the facade of formwork's form engine: one import for
// everything the server and the tools ask of it. It owns the order of the
// stages, each a package of its own below it:
//
//	model      the shared model: document types, fields, Document, Values,
//	           Text, Error, Problem, CheckResult
//	load       catalogue load + compile (YAML, strict keys, rules, sub-types)
//	decode     document JSON -> Document (typed values, structural findings)
//	eval       defaults, derived values, field states, required, rules
//	export     JSON Schema + uiSchema of a type (DocType.Export)
//	versions   released snapshots, lock, review (compatibility), release, diff
//	lint       coverage per module, texts that lack a language
//	fixtures   rule fixtures replayed through decode and check
//	lifecycle  document states and actions
//
// Master-data types (schemas/_masterdata) go through the same stages: load
// compiles them, model checks records against them (MasterDataType.Check),
// export writes their JSON Schema, versions releases them.
//
// The names here are aliases of the stages' types and thin functions over
// them, so that callers keep writing engine.X.
package engine

import (
	"formwork/engine/advancebook"
	"formwork/engine/eval"
	"formwork/engine/export" // installs DocType.Export
	"formwork/engine/fixtures"
	"formwork/engine/lifecycle"
	"formwork/engine/load"
	"formwork/engine/model"
	"formwork/engine/versions"
)

// The shared model (package model).
type (
	Text          = model.Text
	Error         = model.Error
	Problem       = model.Problem
	LoadError     = model.LoadError
	FieldType     = model.FieldType
	Severity      = model.Severity
	FieldDef      = model.FieldDef
	Field         = model.Field
	Enum          = model.Enum
	EnumValue     = model.EnumValue
	Mode          = model.Mode
	DocType       = model.DocType
	Section       = model.Section
	Cond          = model.Cond
	Rule          = model.Rule
	SubType       = model.SubType
	Document      = model.Document
	Values        = model.Values
	Finding       = model.Finding
	CheckResult   = model.CheckResult
	CheckView     = model.CheckView
	FindingView   = model.FindingView
	Form          = model.Form
	SubTypeOption = model.SubTypeOption
)

// Master data (package model): the types of schemas/_masterdata and the
// references documents and records hold.
type (
	MasterDataType  = model.MasterDataType
	MasterDataField = model.MasterDataField
	MasterDataRule  = model.MasterDataRule
	Ref             = model.Ref
	// Lookup answers the master data a check's rules read (record,
	// standard); lookup.Set is one over records in memory.
	Lookup = model.Lookup
)

// The catalogue's editions and menu map (package load).
type (
	Edition  = load.Edition
	Menu     = model.Menu
	MenuPage = model.MenuPage
)

// Evaluation (package eval).
type (
	Options    = eval.Options
	FieldState = eval.FieldState
	// FieldStates are the states of a document's fields by path.
	FieldStates = eval.FieldStates
	Evaluation  = eval.Evaluation
	SaveCheck   = eval.SaveCheck
	EvalCount   = eval.Counters
)

// Versions (package versions).
type (
	Lock      = versions.Lock
	LockEntry = versions.LockEntry
	Change    = versions.Change
)

// Rule fixtures (package fixtures).
type (
	FixtureGroup    = fixtures.FixtureGroup
	FixtureTest     = fixtures.FixtureTest
	ExpectedFinding = fixtures.ExpectedFinding
	FixtureResult   = fixtures.FixtureResult
)

// The lifecycle (package lifecycle).
type (
	Lifecycle = lifecycle.Lifecycle
	// AdvanceBook is the advance types (schemas/_advances.yaml).
	AdvanceBook = advancebook.Book
	// AdvanceType is a document type whose approval creates advances.
	AdvanceType = advancebook.AdvanceType
	// AdvanceReference is a table by which documents name advances.
	AdvanceReference = advancebook.Reference
	State            = lifecycle.State
	Action           = lifecycle.Action
)

// Error codes shared by engine, server and CLI. The server maps each to one
// HTTP status.
const (
	EINVALID   = model.EINVALID
	ENOTFOUND  = model.ENOTFOUND
	ECHECK     = model.ECHECK
	ECONFIRM   = model.ECONFIRM
	ECONFLICT  = model.ECONFLICT
	EFORBIDDEN = model.EFORBIDDEN
	ETOOLARGE  = model.ETOOLARGE
	EINTERNAL  = model.EINTERNAL
)

// Field types, severities and the default language.
const (
	TypeString      = model.TypeString
	TypeText        = model.TypeText
	TypeDate        = model.TypeDate
	TypeMoney       = model.TypeMoney
	TypeNumber      = model.TypeNumber
	TypeInteger     = model.TypeInteger
	TypeEnum        = model.TypeEnum
	TypeBoolean     = model.TypeBoolean
	TypeList        = model.TypeList
	SeverityError   = model.SeverityError
	SeverityWarning = model.SeverityWarning
	SeverityConfirm = model.SeverityConfirm
	DefaultLang     = model.DefaultLang
)

// Where things are in a catalogue directory, and the JSON Schema draft of
// every export.
const (
	ReleasedDir   = load.ReleasedDir
	LockFile      = versions.LockFile
	FixturesDir   = fixtures.FixturesDir
	ExamplesDir   = fixtures.ExamplesDir
	LifecycleFile = lifecycle.File
	AdvancesFile  = advancebook.File
	MenuFile      = load.MenuFile
	SchemaDialect = export.SchemaDialect
)

// Scopes of master-data types and the fields the store knows by name.
const (
	ScopeCompany   = model.ScopeCompany
	ScopeGroup     = model.ScopeGroup
	CompanyField   = model.CompanyField
	ValidFromField = model.ValidFromField
	ValidToField   = model.ValidToField
	MasterDataDir  = load.MasterDataDir
)

var (
	// MasterDataAreas are the areas of master-data types, in menu order.
	MasterDataAreas = model.MasterDataAreas
	// ActionModes are the action modes of the form (spec: action query parameter).
	ActionModes = model.ActionModes
	// SubTypeKeys are the head fields that choose a sub-type, outermost first.
	SubTypeKeys = model.SubTypeKeys
	// MoneyBound is the largest absolute amount a money field holds (spec 9).
	MoneyBound = model.MoneyBound
)
