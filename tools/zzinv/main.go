package main

import (
	"fmt"
	"os"
	"strings"

	"formwork/engine"
)

func main() {
	cat, err := engine.Load(os.DirFS("."))
	if err != nil {
		panic(err)
	}
	for _, d := range cat.DocTypes() {
		var tabs []string
		for _, s := range d.Sections {
			if s.Table {
				a := ""
				for _, f := range s.Fields {
					if f.Type == "money" {
						a += f.Name + ","
					}
				}
				h := ""
				if s.Hidden {
					h = "(h)"
				}
				tabs = append(tabs, s.Name+h+"["+a+"]")
			}
		}
		if len(tabs) == 0 {
			continue
		}
		head := d.Section("head")
		var hs []string
		for _, f := range head.Fields {
			if f.Type == "money" {
				x := f.Name
				if f.Value != nil {
					x += "=" + f.ValueSrc
				}
				hs = append(hs, x)
			}
		}
		var rs []string
		for _, r := range d.Rules {
			rs = append(rs, r.ID)
		}
		fmt.Printf("%s/%s %s\n   T: %s\n   H: %s\n   R: %s\n", d.Edition, d.Code, d.Family, strings.Join(tabs, " "), strings.Join(hs, " "), strings.Join(rs, " "))
	}
}
