package server

import "formwork/documents"

// DocumentRecord is a stored document as the server's handlers still name
// it. transitional: remove after the split (use documents.Record).
type DocumentRecord = documents.Record
