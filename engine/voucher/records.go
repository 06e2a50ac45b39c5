package voucher

import (
	"fmt"
	"io/fs"

	"gopkg.in/yaml.v3"
)

// SeedDir holds the master-data seed files (records: {type: [record]}).
const SeedDir = "seeds/masterdata"

// keyField is the key of the master-data types voucher rules read.
var keyField = map[string]string{"glAccount": "code", "postingKey": "bschl", "costType": "code", "invoiceType": "code"}

// MemRecords are master-data records held in memory by type and key: the
// seed files' records, for the lint (Codes) and for tests (Records).
type MemRecords map[string]map[string]map[string]string

// SeedRecords reads the records of the types voucher rules read
// (glAccount, postingKey, costType, invoiceType) from the seed files of fsys; a missing
// folder is no records.
func SeedRecords(fsys fs.FS) (MemRecords, error) {
	names, err := fs.Glob(fsys, SeedDir+"/*.yaml")
	if err != nil {
		return nil, err
	}
	out := MemRecords{}
	for _, name := range names {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		var f struct {
			Records map[string][]map[string]any `yaml:"records"`
		}
		if err := yaml.Unmarshal(b, &f); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		for typ, key := range keyField {
			for _, r := range f.Records[typ] {
				rec := map[string]string{}
				for k, v := range r {
					rec[k] = fmt.Sprint(v)
				}
				if out[typ] == nil {
					out[typ] = map[string]map[string]string{}
				}
				out[typ][rec[key]] = rec
			}
		}
	}
	return out, nil
}

// Field answers a field of a record (Records).
func (m MemRecords) Field(typ, key, field string) (string, bool) {
	r, ok := m[typ][key]
	if !ok {
		return "", false
	}
	v, ok := r[field]
	return v, ok
}

// Codes answers whether a record exists (Codes); nil when there are no
// records at all (nothing to check against).
func (m MemRecords) Codes() Codes {
	if len(m) == 0 {
		return nil
	}
	return func(typ, code string) bool { _, ok := m[typ][code]; return ok }
}
