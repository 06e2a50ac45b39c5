package engine

import "formwork/engine/model"

// MaskAccountNumber shows an account number longer than 8 characters as its
// first 4 and last 4 characters with '*' between (the master data's
// `mask: account`, for the payment lines non-finance readers see).
func MaskAccountNumber(s string) string { return model.MaskAccountNumber(s) }
