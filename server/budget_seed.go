package server

import (
	"context"
	"fmt"

	"formwork/engine"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// dictionaryTitles writes titles into the dictionary table for
// seeding.Budgets (budget account titles), keeping titles already there.
//
// transitional: remove after the split (the dictionary's own store writes
// titles).
type dictionaryTitles struct{ db *gorm.DB }

func (d dictionaryTitles) AddTitles(ctx context.Context, dic string, titles map[string]engine.Text) error {
	rows := make([]DictionaryEntry, 0, len(titles))
	for code, t := range titles {
		rows = append(rows, DictionaryEntry{DicID: dic, Code: code, Zh: t["zh"], En: t["en"], Th: t["th"]})
	}
	if len(rows) == 0 {
		return nil
	}
	if err := d.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&rows).Error; err != nil {
		return fmt.Errorf("add %s titles: %w", dic, err)
	}
	return nil
}
