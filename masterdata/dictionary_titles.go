package masterdata

import (
	"context"
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
