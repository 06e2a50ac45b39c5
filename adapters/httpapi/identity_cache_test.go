package httpapi_test

import (
	"fmt"
	"testing"
	"time"
)

// The identity cache: a request reads its session, and takes the user's
// companies, roles, menus and delegators from a per-process cache for up to
// 30 seconds. What changes through this process is seen at once; what
// changes elsewhere (another replica, the database by hand) within the 30
// seconds; a session's end is seen at once everywhere.

// fileForEmployee01 is finance01 filing a travel claim for employee01.
func fileForEmployee01(t *testing.T, api *testAPI) *apiResponse {
	t.Helper()
	return api.request(t, "POST", createClaim+"&authorBy=employee01", travelClaim(without("head.applicant")), api.as(t, "finance01"))
}

// A delegation given or withdrawn counts at once for a delegate the server
// knows already.
func TestIdentityCacheForgetsAChangedDelegation(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		today := time.Now().Format("2006-01-02")
		if res := fileForEmployee01(t, api); res.status != 403 {
			t.Fatalf("without a delegation: HTTP %d, want 403: %s", res.status, clip(res.body))
		}
		res := api.request(t, "POST", saveDelegationURL, delegationBody("finance01", "1", today, today), nil)
		var saved struct{ ID int }
		mustJSON(t, res.envelope.Data, &saved)
		if res := fileForEmployee01(t, api); res.status != 200 {
			t.Errorf("right after the delegation: HTTP %d, want 200: %s", res.status, clip(res.body))
		}
		withdraw := fmt.Sprintf(`{"id":%d,"authorTo":"finance01","authorStatus":"0","activeFrom":%q,"activeTo":%q}`, saved.ID, today, today)
		if res := api.request(t, "POST", saveDelegationURL, withdraw, nil); res.status != 200 {
			t.Fatalf("withdrawing: %s", clip(res.body))
		}
		if res := fileForEmployee01(t, api); res.status != 403 {
			t.Errorf("right after the withdrawal: HTTP %d, want 403", res.status)
		}
	})
}

// A delegation given through another replica counts here within the
// cache's 30 seconds (and not sooner: this replica does not read the
// delegations at every request).
func TestIdentityCacheSeesOtherReplicasWithinItsTTL(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		other := api.replica(t)
		today := time.Now().Format("2006-01-02")
		if res := fileForEmployee01(t, api); res.status != 403 {
			t.Fatalf("without a delegation: HTTP %d, want 403", res.status)
		}
		if res := other.request(t, "POST", saveDelegationURL, delegationBody("finance01", "1", today, today), nil); res.status != 200 {
			t.Fatalf("delegating through the other replica: %s", clip(res.body))
		}
		if res := fileForEmployee01(t, api); res.status != 403 {
			t.Errorf("at once on this replica: HTTP %d, want 403 (the cached delegators)", res.status)
		}
		api.clock.Add(30 * time.Second)
		if res := fileForEmployee01(t, api); res.status != 200 {
			t.Errorf("30 seconds later: HTTP %d, want 200: %s", res.status, clip(res.body))
		}
	})
}

// A user disabled in the database (by another process) opens nothing
// once the cache's 30 seconds are over, and the session ends.
func TestIdentityCacheSeesADisabledUserWithinItsTTL(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		session := map[string]string{"X-token": api.login(t, "manager01")}
		if res := api.request(t, "GET", currentUserURL, "", session); res.status != 200 {
			t.Fatalf("before: %s", clip(res.body))
		}
		if err := api.db.Table("users").Where("username = ?", "manager01").Update("status", "0").Error; err != nil {
			t.Fatal(err)
		}
		api.clock.Add(30 * time.Second)
		assertNotLoggedIn(t, api.request(t, "GET", currentUserURL, "", session))
		var ended int64
		api.db.Table("sessions").Where("username = ? AND ended_at IS NOT NULL", "manager01").Count(&ended)
		if ended == 0 {
			t.Errorf("the disabled user's session has not ended")
		}
	})
}

// Sessions are never cached: a logout through one replica closes the
// session on the other at once, though both know the user.
func TestIdentityCacheKeepsNoSession(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		other := api.replica(t)
		session := map[string]string{"X-token": api.login(t, "employee01")}
		for _, r := range []*testAPI{api, other} {
			if res := r.request(t, "GET", currentUserURL, "", session); res.status != 200 {
				t.Fatalf("before logout: %s", clip(res.body))
			}
		}
		if res := other.request(t, "GET", logoutURL, "", session); res.status != 200 {
			t.Fatalf("logout: %s", clip(res.body))
		}
		assertNotLoggedIn(t, api.request(t, "GET", currentUserURL, "", session))
		assertNotLoggedIn(t, other.request(t, "GET", currentUserURL, "", session))
	})
}
