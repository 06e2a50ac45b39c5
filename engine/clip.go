package engine

import "formwork/engine/model"

// Clip shortens a value echoed into a message to n characters, marking the cut with "…".
func Clip(s string, n int) string { return model.Clip(s, n) }
