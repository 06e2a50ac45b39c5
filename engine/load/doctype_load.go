package load

import (
	"slices"

	"formwork/engine/internal/yamlx"
	"formwork/engine/model"

	"gopkg.in/yaml.v3"
)

// loadDocType loads one document type file of edition. A released snapshot
// (released true) brings its own field catalogue and rules and is returned
// without being registered as the live type.
func (l *loader) loadDocType(file, edition string, released bool) *model.DocType {
	var y docTypeYAML
	root, ok := l.parse(file, &y)
	if !ok {
		return nil
	}
	ruleLines(root, "rules", y.Rules)
	if y.DocType == "" {
		l.problem(file, 1, 1, "missing docType")
		return nil
	}
	if prev := l.cat.docTypes[edition+"/"+y.DocType]; prev != nil && !released {
		l.problem(file, yamlx.KeyLine(root, "docType"), 1, "docType %s is defined again (first in %s)", y.DocType, prev.File)
		return nil
	}
	l.checkHeader(file, root, edition, &y)
	d := model.NewDocType(model.DocType{Code: y.DocType, Version: y.Version, Family: y.Family, Module: y.Module, Source: y.Source,
		Edition: y.Edition, Title: y.Title, LeadPage: y.LeadPage, Description: y.Description, File: file,
		VersionLine: yamlx.KeyLine(root, "version")}, l.cat.Modes)
	c := &compiler{l: l, d: d, file: file, overridden: map[*model.Field]*override{}}
	if released || y.LocalFields != nil {
		enums := l.buildEnums(file, y.LocalEnums)
		c.local = l.buildFields(file, y.LocalFields, nil, enums)
	}
	c.sections(&y)
	if d.Section("head") == nil {
		l.problem(file, 1, 1, "docType %s has no head section", y.DocType)
		return nil
	}
	c.overrides(y.Fields)
	d.SubTypes = c.subTypes(&y.SubTypes)
	d.BuildEnv()
	c.compileFields()
	for name, b := range y.Buttons {
		d.Buttons[name] = c.cond(&b, "", "button "+name)
	}
	for _, r := range y.Rules {
		c.rule(file, r)
	}
	if !released {
		l.addSharedRules(c, edition)
		l.cat.docTypes[edition+"/"+d.Code] = d
	}
	c.checkConfirms()
	return d
}

// checkHeader checks (and completes) the top-level keys of a document type:
// version, family, edition and source.
func (l *loader) checkHeader(file string, root *yaml.Node, edition string, y *docTypeYAML) {
	if y.Version < 1 {
		l.problem(file, yamlx.KeyLine(root, "version"), 1, "docType %s: version must be 1 or more", y.DocType)
	}
	switch y.Family {
	case "ap", "ar", "gl", "as", "ht":
	default:
		l.problem(file, yamlx.KeyLine(root, "family"), 1, "docType %s: family %q must be one of ap, ar, gl, as, ht", y.DocType, y.Family)
	}
	if y.Edition == "" {
		y.Edition = edition
	} else if y.Edition != edition {
		l.problem(file, yamlx.KeyLine(root, "edition"), 1, "docType %s says edition %s but lives in the folder of edition %s", y.DocType, y.Edition, edition)
	}
	if y.Source == "" {
		y.Source = "spec"
	}
	if y.Source != "spec" && y.Source != "family" {
		l.problem(file, yamlx.KeyLine(root, "source"), 1, "docType %s: source %q must be spec or family", y.DocType, y.Source)
	}
}

// addSharedRules compiles the shared rules (rules/) that name the type in
// its edition.
func (l *loader) addSharedRules(c *compiler, edition string) {
	for _, r := range l.shared {
		if !slices.Contains(r.editions(l.cat.DefaultEdition), edition) || !slices.Contains(r.DocTypes, c.d.Code) {
			continue
		}
		c.rule(r.file, r.ruleYAML)
	}
}
