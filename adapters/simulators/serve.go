package simulators

import (
	"fmt"
	"net/http"
)

// Named is the simulator called name ("accounting" or "tax").
func Named(name string) (http.Handler, error) {
	switch name {
	case "accounting":
		return Accounting(), nil
	case "tax":
		return Tax(), nil
	case "invoice":
		return Invoice(), nil
	}
	return nil, fmt.Errorf("unknown simulator %q: accounting, tax or invoice", name)
}
