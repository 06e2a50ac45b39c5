// Package documentindex keeps the indexes of the documents table as this
// build reads it: it drops those earlier versions made that no read needs
// (each costs every insert) and makes the partial index of the documents
// whose list columns an older version filled.
package documentindex

import (
	"fmt"
	"slices"
	"strconv"

	"formwork/documents"

	"gorm.io/gorm"
)

// retired are indexes of the documents table that earlier versions made
// and no read needs: idx_documents_company_code, whose column leads
// idx_documents_company_created; idx_documents_vendor, _customer and
// _index_version, of every row, where the partial indexes of the rows that
// name a vendor or customer, or are to be indexed again, serve the same
// reads. The partial index of each earlier list-column version is retired
// too (Migrate).
var retired = []string{"idx_documents_company_code", "idx_documents_vendor", "idx_documents_customer", "idx_documents_index_version"}

// unindexed names the partial index of the documents whose list columns a
// version before v filled.
func unindexed(v int) string { return "idx_documents_unindexed_v" + strconv.Itoa(v) }

// Unindexed is the condition of the documents whose list columns a
// version before documents.IndexVersion filled: the same text in their
// partial index and in the read of them, for the database to read the
// index (it does when the read's condition holds the index's). No
// document this build stores is in that index.
var Unindexed = "index_version < " + strconv.Itoa(documents.IndexVersion)

// Migrate makes the partial index of the documents to index again and
// drops the retired indexes a database still has.
func Migrate(db *gorm.DB) error {
	name := unindexed(documents.IndexVersion)
	if err := db.Exec("CREATE INDEX IF NOT EXISTS " + name + " ON documents (business_id) WHERE " + Unindexed).Error; err != nil {
		return fmt.Errorf("create index %s: %w", name, err)
	}
	drop := slices.Clone(retired)
	for v := 1; v < documents.IndexVersion; v++ {
		drop = append(drop, unindexed(v))
	}
	m := db.Migrator()
	for _, name := range drop {
		if m.HasIndex("documents", name) {
			if err := m.DropIndex("documents", name); err != nil {
				return fmt.Errorf("drop index %s: %w", name, err)
			}
		}
	}
	return nil
}
