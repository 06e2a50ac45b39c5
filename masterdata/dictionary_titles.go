package masterdata

import (
	"context"
	"fmt"
	"sort"

	"formwork/engine"
)

// Title is the name of a code of a dictionary in lang, or the code itself
// when the dictionary has no name for it (or cannot be read): what a list
// shows beside a code.
func (s *Service) Title(ctx context.Context, dic, code, lang string) string {
	t, err := s.CodeName(ctx, dic, code)
	if err != nil || t == nil {
		return code
	}
	return t.In(lang)
}

// AddTitles names codes of a dictionary, keeping the names the dictionary
// has already: only codes it does not name yet are added, in one
// transaction.
func (s *Service) AddTitles(ctx context.Context, dic string, titles map[string]engine.Text) error {
	if len(titles) == 0 {
		return nil
	}
	named, err := s.store.NamedCodes(ctx, dic)
	if err != nil {
		return err
	}
	have := make(map[string]bool, len(named))
	for _, e := range named {
		have[e.Code] = true
	}
	var rows []DictionaryEntry
	for code, t := range titles {
		if !have[code] {
			rows = append(rows, DictionaryEntry{DicID: dic, Code: code, Zh: t["zh"], En: t["en"], Th: t["th"]})
		}
	}
	if len(rows) == 0 {
		return nil
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].Code < rows[j].Code })
	if err := s.store.InTx(ctx, func(tx Tx) error { return tx.AddNamedCodes(rows) }); err != nil {
		return fmt.Errorf("add %s titles: %w", dic, err)
	}
	return nil
}
