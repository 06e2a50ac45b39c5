package simulators

import (
	"net/http"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// S3 is an S3-compatible object store (gofakes3, objects in memory) for
// the content store's tests, served as its own process by `formwork
// simulate s3` (the store makes its bucket when it is missing, as against
// a real one).
func S3() http.Handler {
	return gofakes3.New(s3mem.New()).Server()
}
