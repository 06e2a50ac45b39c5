package seeding

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"

	"formwork/engine"
	"formwork/identity"

	"gopkg.in/yaml.v3"
)

// Lint checks the seeds of fsys (the seeds folder) against the catalogue's
// menu map (schemas/_menu.yaml): every code of menus.yaml, in both variants,
// maps to what it opens; every user the approver configuration can assign a
// task exists and holds the to-do and done lists (a code whose entry opens
// the worklist todo, and one opening done: backlog and haveDone, MY00003 and
// MY00004). Without a menu map or menus.yaml nothing is linted.
func Lint(fsys fs.FS, menu *engine.Menu) []engine.Problem {
	root, err := readNode(fsys, "menus.yaml")
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return []engine.Problem{seedProblem("menus.yaml", 0, "%v", err)}
	}
	var out []engine.Problem
	var menus struct{ Current, Legacy []menuSeed }
	if err := root.Decode(&menus); err != nil {
		return []engine.Problem{seedProblem("menus.yaml", 0, "%v", err)}
	}
	if !menu.Loaded() {
		return nil
	}
	out = append(out, lintMenuCodes(root, menu)...)
	items, err := menuItemsOf(menus.Current, menus.Legacy)
	if err != nil {
		return append(out, seedProblem("menus.yaml", 0, "%v", err))
	}
	return append(out, lintApprovers(fsys, items, menu)...)
}

// lintMenuCodes: each item of each group resolves in the menu map; a code
// the map names that no menu holds is a note.
func lintMenuCodes(root *yaml.Node, menu *engine.Menu) []engine.Problem {
	var out []engine.Problem
	used := map[string]bool{}
	for _, variant := range []string{"current", "legacy"} {
		for _, gn := range seqOf(mappingValue(root, variant)) {
			var g menuSeed
			if gn.Decode(&g) != nil {
				continue
			}
			for i, in := range seqOf(mappingValue(gn, "items")) {
				if i >= len(g.Items) {
					break
				}
				code := g.Items[i].Code
				used[code] = true
				if menu.Resolve(g.Code, code) != nil {
					continue
				}
				if g.Open.View == "formList" {
					out = append(out, seedProblem("menus.yaml", in.Line, "menu group %s lists %s, which is neither a document type of its group nor a page in %s", g.Code, code, engine.MenuFile))
				} else {
					out = append(out, seedProblem("menus.yaml", in.Line, "menu code %s of group %s maps to nothing in %s", code, g.Code, engine.MenuFile))
				}
			}
		}
	}
	for _, p := range menu.Pages() {
		if !used[p.Code] {
			n := seedProblem("menus.yaml", 0, "%s maps %s, which no menu of menus.yaml holds", engine.MenuFile, p.Code)
			n.Severity = "note"
			out = append(out, n)
		}
	}
	return out
}

// lintApprovers: every task approver of approvers.yaml is a user of
// users.yaml whose roles hold the to-do and done lists.
func lintApprovers(fsys fs.FS, items []identity.MenuItem, menu *engine.Menu) []engine.Problem {
	b, err := fs.ReadFile(fsys, "approvers.yaml")
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	var seed approverSeed
	if err == nil {
		err = yaml.Unmarshal(b, &seed)
	}
	if err != nil {
		return []engine.Problem{seedProblem("approvers.yaml", 0, "%v", err)}
	}
	ids, err := ReadUsers(fsys)
	if err != nil {
		return []engine.Problem{seedProblem("users.yaml", 0, "%v", err)}
	}
	lists, err := worklistsOf(ids, items, menu)
	if err != nil {
		return []engine.Problem{seedProblem("users.yaml", 0, "%v", err)}
	}
	var out []engine.Problem
	seen := map[string]bool{}
	for i, a := range seed.Approvers {
		for _, name := range []string{a.Task1Approver, a.Task2Approver} {
			if name == "" || seen[name] {
				continue
			}
			seen[name] = true
			has, ok := lists[name]
			switch {
			case !ok:
				out = append(out, seedProblem("approvers.yaml", 0, "approver row %d names %s, who is no user of users.yaml", i+1, name))
			case !has["todo"] || !has["done"]:
				out = append(out, seedProblem("users.yaml", 0, "%s can be assigned an approval task (approvers.yaml row %d) but no role of theirs holds the to-do and done lists (e.g. backlog and haveDone)", name, i+1))
			}
		}
	}
	return out
}

// worklistsOf is, per username, the worklists the codes of their roles
// open (as schemas/_menu.yaml maps them, shown entries only).
func worklistsOf(ids UsersFile, items []identity.MenuItem, menu *engine.Menu) (map[string]map[string]bool, error) {
	index := menuIndexOf(items)
	groupOf := map[string]string{}
	for _, it := range items {
		if it.Variant == identity.MenuCurrent && it.ParentCode != "" {
			groupOf[it.Code] = it.ParentCode
		}
	}
	out := map[string]map[string]bool{}
	for _, u := range ids.Users {
		out[u.Username] = map[string]bool{}
		for _, r := range ids.Roles {
			if !slices.Contains(u.Roles, r.ID) {
				continue
			}
			grant, err := index.grants(r.ID, r.Menus, r.Except)
			if err != nil {
				return nil, err
			}
			for c := range grant {
				if p := menu.Resolve(groupOf[c], c); p.Shown() && p.Kind == "worklist" {
					out[u.Username][p.List] = true
				}
			}
		}
	}
	return out, nil
}

func seedProblem(file string, line int, format string, args ...any) engine.Problem {
	col := 0
	if line > 0 {
		col = 1
	}
	return engine.Problem{File: "seeds/" + file, Line: line, Column: col, Rule: "seeds", Severity: "error", Message: fmt.Sprintf(format, args...)}
}

// readNode parses a seed file into its document's root node.
func readNode(fsys fs.FS, name string) (*yaml.Node, error) {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return nil, err
	}
	if doc.Kind == yaml.DocumentNode && len(doc.Content) == 1 {
		return doc.Content[0], nil
	}
	return &doc, nil
}

func mappingValue(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

func seqOf(n *yaml.Node) []*yaml.Node {
	if n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	return n.Content
}
