package httpapi_test

import (
	"fmt"
	"testing"
	"time"

	"formwork/identity"
)

// The identity cache: a request takes its session and the user's
// companies, roles, menus and delegators from a per-process cache for up to
// 30 seconds. What changes through this process is seen at once; what
// changes through another replica moves the identity revision, which each
// replica reads once a second, so within a second; what changes in the
// database by hand within the 30 seconds.

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
// identity revision's second (this replica does not read the delegations
// at every request).
func TestIdentityCacheSeesOtherReplicasWithinARevision(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		other := api.replica(t)
		today := time.Now().Format("2006-01-02")
		if res := fileForEmployee01(t, api); res.status != 403 {
			t.Fatalf("without a delegation: HTTP %d, want 403", res.status)
		}
		if res := other.request(t, "POST", saveDelegationURL, delegationBody("finance01", "1", today, today), nil); res.status != 200 {
			t.Fatalf("delegating through the other replica: %s", clip(res.body))
		}
		api.clock.Add(identity.DefaultRevisionEvery)
		if res := fileForEmployee01(t, api); res.status != 200 {
			t.Errorf("a second later: HTTP %d, want 200: %s", res.status, clip(res.body))
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

// A logout through one replica closes the session there at once and on
// the other within the identity revision's second, though both hold the
// session and the user in their caches.
func TestIdentityCacheSeesAnotherReplicasLogout(t *testing.T) {
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
		assertNotLoggedIn(t, other.request(t, "GET", currentUserURL, "", session))
		api.clock.Add(identity.DefaultRevisionEvery)
		assertNotLoggedIn(t, api.request(t, "GET", currentUserURL, "", session))
	})
}

// A role taken from a user through one replica is refused there at once
// and on the other within the identity revision's second, though the other
// holds the user's roles in its cache; a password reset ends the session
// on both the same way.
func TestIdentityCacheSeesAnotherReplicasRoleAndPasswordChanges(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		other := api.replica(t)
		mdCall(t, api, "admin", "POST", adminUsersURL, newUser("zzreplica", "admin"), 201, nil)
		mdCall(t, api, "admin", "POST", adminUsersURL+"/zzreplica/password", passwords(newUserPassword, newUserPassword), 200, nil)
		token, code, msg := signIn(t, api, "zzreplica", newUserPassword)
		if token == "" {
			t.Fatalf("sign-in: %s %s", code, msg)
		}
		session := map[string]string{"X-token": token}
		for _, r := range []*testAPI{api, other} {
			if res := r.request(t, "GET", adminUsersURL, "", session); res.status != 200 {
				t.Fatalf("as an administrator: HTTP %d: %s", res.status, clip(res.body))
			}
		}
		mdCall(t, other, "admin", "PUT", adminUsersURL+"/zzreplica", `{"empName":"Z","compId":"1000","roles":["employee"],"version":1}`, 200, nil)
		if res := other.request(t, "GET", adminUsersURL, "", session); res.status != 403 {
			t.Errorf("on the replica that took the role: HTTP %d, want 403", res.status)
		}
		api.clock.Add(identity.DefaultRevisionEvery)
		if res := api.request(t, "GET", adminUsersURL, "", session); res.status != 403 {
			t.Errorf("on the other replica a second later: HTTP %d, want 403", res.status)
		}
		mdCall(t, other, "admin", "POST", adminUsersURL+"/zzreplica/password", passwords("Another2024", "Another2024"), 200, nil)
		assertNotLoggedIn(t, other.request(t, "GET", currentUserURL, "", session))
		api.clock.Add(identity.DefaultRevisionEvery)
		assertNotLoggedIn(t, api.request(t, "GET", currentUserURL, "", session))
	})
}
