package load

import (
	"reflect"

	"formwork/engine/internal/yamlx"
	"formwork/engine/model"

	"gopkg.in/yaml.v3"
)

// MasterDataDir holds the master-data types: MasterDataDir/<code>.yaml.
const MasterDataDir = "schemas/_masterdata"

// masterDataYAML is a master-data type as analysts write it
// (schemas/_masterdata/<code>.yaml; docs/masterdata.md).
type masterDataYAML struct {
	Code        string            `yaml:"code" doc:"the type's code, lower camelCase, the same as the file name"`
	Version     int               `yaml:"version" doc:"1, raised for a breaking change (formwork lint says when)"`
	Title       model.Text        `yaml:"title" doc:"the type's name in zh, en and th"`
	Description model.Text        `yaml:"description" doc:"what the records are for, in zh, en and th"`
	Area        string            `yaml:"area" doc:"where the configuration centre lists it" enum:"organisation,people,partners,finance,projects,budget,travel,standards,config,access,system"`
	Menu        string            `yaml:"menu" doc:"the menu path it serves, e.g. /cfg/city"`
	Keys        []string          `yaml:"keys" doc:"the key field(s): the record key is their values joined by /"`
	Scope       string            `yaml:"scope" doc:"company: each record belongs to a company (field company); group: shared (the default)" enum:"company,group"`
	Display     string            `yaml:"display" doc:"the field shown beside the key in pickers and read mode (default: name)"`
	Search      []string          `yaml:"search" doc:"the fields a picker's type-ahead searches (default: the keys and display)"`
	Dated       bool              `yaml:"dated" doc:"records have validFrom and validTo"`
	Permissions mdPermissionsYAML `yaml:"permissions" doc:"who may read and write the records (role codes)"`
	Fields      []mdFieldYAML     `yaml:"fields" doc:"the fields, in form order"`
	Rules       []mdRuleYAML      `yaml:"rules" doc:"checks over record (and row, with table)"`
	// A released snapshot carries the enumerations it was released with.
	LocalEnums map[string]enumYAML `yaml:"localEnums" doc:"written by formwork lint --release in snapshots only"`
}

type mdPermissionsYAML struct {
	Read  []string `yaml:"read" doc:"roles that may read (any: every signed-in user); default [any]"`
	Write []string `yaml:"write" doc:"roles that may create, change and deactivate; default [admin]"`
}

// mdFieldYAML is a field of a master-data type, or of a list field's rows.
type mdFieldYAML struct {
	Name      string        `yaml:"name" doc:"the field's name in the record"`
	Field     string        `yaml:"field" doc:"the field catalogue entry it is defined by (default: the one named name, when there is one and no type is given)"`
	Label     model.Text    `yaml:"label" doc:"zh, en and th (default: the catalogue's, or the referenced type's title)"`
	Type      string        `yaml:"type" doc:"text is a name in zh, en and th; list has rows" enum:"string,text,number,integer,money,date,boolean,enum,list"`
	Ref       string        `yaml:"ref" doc:"the master-data type whose key the field holds"`
	Enum      string        `yaml:"enum" doc:"the enumeration of an enum field"`
	Required  bool          `yaml:"required"`
	MaxLength int           `yaml:"maxLength"`
	Min       *string       `yaml:"min" schema:"number"`
	Max       *string       `yaml:"max" schema:"number"`
	ReadOnly  bool          `yaml:"readOnly" doc:"written by the server only (e.g. a job's last result)"`
	Multiline bool          `yaml:"multiline" doc:"long text: a text area"`
	Mask      string        `yaml:"mask" doc:"account: lists and pickers show only the first 4 and last 4 characters (a string field)" enum:"account"`
	Rows      []mdFieldYAML `yaml:"rows" doc:"the fields of each row of a list field"`
	Line      int           `yaml:"-"`
	Column    int           `yaml:"-"`
}

// plainMDField is mdFieldYAML without its own decoding: what the YAML holds.
type plainMDField mdFieldYAML

func (f *mdFieldYAML) UnmarshalYAML(n *yaml.Node) error {
	if err := yamlx.StrictKeys(n, reflect.TypeOf(plainMDField{})); err != nil {
		return err
	}
	var p plainMDField
	if err := n.Decode(&p); err != nil {
		return err
	}
	*f = mdFieldYAML(p)
	f.Line, f.Column = n.Line, n.Column
	return nil
}

// mdRuleYAML is a rule of a master-data type.
type mdRuleYAML struct {
	ID      string     `yaml:"id"`
	Table   string     `yaml:"table" doc:"a list field: the rule runs for each of its rows (row, rowNo)"`
	When    *exprSrc   `yaml:"when"`
	Check   *exprSrc   `yaml:"check"`
	Path    string     `yaml:"path" doc:"the field the finding points at (of the row, with table)"`
	Message model.Text `yaml:"message" doc:"zh, en and th; {row} is the row number, {field} the field's label"`
	Comment string     `yaml:"comment"`
	Line    int        `yaml:"-"`
}
