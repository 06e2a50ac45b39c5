package listapi

import (
	"strings"

	"formwork/adapters/httpapi/kit"
	"formwork/documents"

	"github.com/labstack/echo/v4"
)

// Paths of the personal lists over documents.
const (
	ToConfirmPath = "/api/formwork/documents/to-confirm"
	TripsPath     = "/api/formwork/documents/trips"
)

// TripMenus are the menu entries whose pages show trips: the user's own
// (我的行程 myTravelTrip, 行程 MY00008) and the travel documents' trips the
// user may read under the travel groups (YX17 settlements and orders, SL
// travel management) and the configuration centre's pre-request push (the
// approved trip requests).
var TripMenus = []string{"myTravelTrip", "MY00008", "YX1703", "YX1704", "YX1705", "YX1706", "YX1707", "YX1708", "YX1709",
	"settlementQuery", "flightOnline", "trainOnline", "hotelOnline", "offlineEdit", "preRequestPush"}

// personalRoutes are the personal lists: awaiting my confirmation and trips.
func (a *API) personalRoutes() []kit.Route {
	return []kit.Route{
		{Method: "GET", Path: ToConfirmPath, Access: kit.Menu("toConfirm", "MY00009"), Handle: a.toConfirm},
		{Method: "GET", Path: TripsPath, Access: kit.Menu(TripMenus...), Handle: a.trips},
	}
}

// toConfirm: GET /api/formwork/documents/to-confirm -> the documents filed
// for the user by someone else that wait for the user.
func (a *API) toConfirm(c echo.Context) error {
	rows, err := a.lists.AwaitingConfirmation(c.Request().Context(), reader(c), kit.Lang(c))
	if err != nil {
		return err
	}
	if rows == nil {
		rows = []documents.ListRow{}
	}
	return kit.OK(c, rows)
}

// trips: GET /api/formwork/documents/trips?mine=true&docTypes=TA,TB&status=approved&section=tripList&transport=1
// -> the trip lines of the travel documents the user may read (mine: whose
// reimburser the user is).
func (a *API) trips(c echo.Context) error {
	q := documents.TripQuery{DocTypes: listParam(c, "docTypes"), Status: listParam(c, "status"),
		Section: strings.TrimSpace(c.QueryParam("section")), Transport: strings.TrimSpace(c.QueryParam("transport"))}
	switch c.QueryParam("mine") {
	case "", "false":
	case "true":
		q.Mine = true
	default:
		return kit.BadParam("mine", "true or false", c.QueryParam("mine"))
	}
	list, err := a.lists.Trips(c.Request().Context(), reader(c), q, kit.Lang(c))
	if err != nil {
		return err
	}
	return kit.OK(c, list)
}

// listParam is a comma-separated query parameter's values (none when blank).
func listParam(c echo.Context, name string) []string {
	var out []string
	for _, v := range strings.Split(c.QueryParam(name), ",") {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}
