package simulators

import (
	"fmt"
	"net/http"
)

// Named is the simulator called name (accounting, tax, invoice or s3).
func Named(name string) (http.Handler, error) {
	switch name {
	case "accounting":
		return Accounting(), nil
	case "tax":
		return Tax(), nil
	case "invoice":
		return Invoice(), nil
	case "s3":
		return S3(), nil
	}
	return nil, fmt.Errorf("unknown simulator %q: accounting, tax, invoice or s3", name)
}
