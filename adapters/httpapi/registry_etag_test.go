package httpapi_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"formwork/tools/formwork/wire"

	"golang.org/x/crypto/bcrypt"
)

// The form export carries a strong ETag of what it depends on (edition,
// document type, version, sub-type, action, language, the loaded
// catalogue): a request that sends it back in If-None-Match is answered 304
// without a body, until one of those changes.

func TestFormExportETag(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		url := travelClaimForm + "?subType=A01&action=new"
		first := api.request(t, "GET", url, "", nil)
		etag := first.header.Get("ETag")
		if first.status != 200 || len(etag) < 3 || !strings.HasPrefix(etag, `"`) || !strings.HasSuffix(etag, `"`) {
			t.Fatalf("the form: HTTP %d, ETag %q; want 200 and a strong (quoted) entity tag", first.status, etag)
		}
		if cc := first.header.Get("Cache-Control"); !strings.Contains(cc, "no-cache") || !strings.Contains(cc, "private") {
			t.Errorf("Cache-Control %q: the browser keeps the form for this user and asks before using it", cc)
		}
		if again := api.request(t, "GET", url, "", nil); again.header.Get("ETag") != etag {
			t.Errorf("the same request: ETag %q, then %q", etag, again.header.Get("ETag"))
		}
		for _, inm := range []string{etag, "W/" + etag, `"other", ` + etag, "*"} {
			res, err := api.send("GET", url, "", map[string]string{"If-None-Match": inm})
			if err != nil {
				t.Fatal(err)
			}
			if res.status != 304 || res.body != "" || res.header.Get("ETag") != etag {
				t.Errorf("If-None-Match %s: HTTP %d, ETag %q, body %q; want 304 with the ETag and no body", inm, res.status, res.header.Get("ETag"), clip(res.body))
			}
		}
		// another validator for each thing the form depends on
		seen := map[string]string{etag: url}
		for _, other := range []string{
			travelClaimForm + "?subType=A01.A0101&action=new",
			travelClaimForm + "?subType=A01&action=read",
			travelClaimForm + "?subType=A01&action=new&lang=en",
			"/api/formwork/registry/docTypes/EX01/form?subType=&action=new",
			"/api/formwork/registry/docTypes/EX01/form?subType=&action=new&edition=travel",
		} {
			res, err := api.send("GET", other, "", map[string]string{"If-None-Match": etag})
			if err != nil {
				t.Fatal(err)
			}
			tag := res.header.Get("ETag")
			if res.status != 200 || tag == "" {
				t.Errorf("%s with another form's ETag: HTTP %d, ETag %q; want 200 and its own ETag", other, res.status, tag)
			}
			if was, twice := seen[tag]; twice {
				t.Errorf("%s and %s have the same ETag %s", other, was, tag)
			}
			seen[tag] = other
		}
		// the live version named is the same form
		if res, _ := api.send("GET", url+"&version=2", "", map[string]string{"If-None-Match": etag}); res.status != 304 { // EX02 v2 is live
			t.Errorf("the live version by number: HTTP %d, want 304", res.status)
		}
		withHeader, _ := api.send("GET", url, "", map[string]string{"Accept-Language": "en-GB,en;q=0.8"})
		if tag := withHeader.header.Get("ETag"); tag == etag || tag == "" || !strings.Contains(withHeader.header.Get("Vary"), "Accept-Language") {
			t.Errorf("English by Accept-Language: ETag %q (Chinese %q), Vary %q", tag, etag, withHeader.header.Get("Vary"))
		}
		if res := api.request(t, "GET", travelClaimForm+"?subType=A99", "", map[string]string{"If-None-Match": etag}); res.status != 404 ||
			res.header.Get("ETag") != "" || res.header.Get("Cache-Control") != "no-store" {
			t.Errorf("an unknown sub-type: HTTP %d, ETag %q, Cache-Control %q; want 404, no ETag, no-store", res.status, res.header.Get("ETag"),
				res.header.Get("Cache-Control"))
		}
		if res, _ := api.send("GET", travelClaimForm+"?subType=A01", "", map[string]string{"If-None-Match": etag}); res.status != 304 {
			t.Errorf("the default action (new): HTTP %d, want 304", res.status)
		}
		if res := api.request(t, "GET", url, "", map[string]string{"If-None-Match": etag, "X-token": ""}); res.status != 401 {
			t.Errorf("without a session: HTTP %d, want 401 whatever the ETag", res.status)
		}
	})
}

// A reload of the catalogue changes every ETag, even when it loads the same
// files: the form may have changed.
func TestFormExportETagAfterReload(t *testing.T) {
	srv := wire.New(wire.Config{Catalogue: repositoryCatalogue(t), DB: openSQLite(t), PasswordCost: bcrypt.MinCost})
	if _, err := srv.SeedIdentity(context.Background(), os.DirFS(filepath.Join("..", "..", "seeds"))); err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.HTTP.Handler())
	t.Cleanup(hs.Close)
	api := &testAPI{url: hs.URL, client: hs.Client(), tokens: map[string]string{}}
	api.token = api.tokenOf(t, "employee01")

	url := travelClaimForm + "?subType=A01&action=new"
	etag := api.request(t, "GET", url, "", nil).header.Get("ETag")
	srv.Registry.ReloadFailed(nil)
	if res, _ := api.send("GET", url, "", map[string]string{"If-None-Match": etag}); res.status != 304 {
		t.Errorf("after a reload that failed (the catalogue stays): HTTP %d, want 304", res.status)
	}
	srv.Registry.SetCatalogue(repositoryCatalogue(t))
	res := api.request(t, "GET", url, "", map[string]string{"If-None-Match": etag})
	if res.status != 200 || res.header.Get("ETag") == etag || res.header.Get("ETag") == "" {
		t.Errorf("after a reload: HTTP %d, ETag %q (before: %q); want 200 and another ETag", res.status, res.header.Get("ETag"), etag)
	}
	if again, _ := api.send("GET", url, "", map[string]string{"If-None-Match": res.header.Get("ETag")}); again.status != 304 {
		t.Errorf("the new ETag: HTTP %d, want 304", again.status)
	}
}

// A document answer names the export its form renders with by the same ETag
// the export answers: a client that has that export needs no request.
func TestDocumentAnswerNamesTheExportETag(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		created := api.request(t, "POST", "/api/galaxyform/yx/ap/head/create?action=new", travelClaim(), nil)
		if created.status != 200 {
			t.Fatalf("create: HTTP %d: %s", created.status, clip(created.body))
		}
		form := formOf(t, created)
		edition, _ := valueAt(form, "schema", "edition")
		subType, _ := valueAt(form, "schema", "subType")
		version, _ := valueAt(form, "schema", "version")
		etag, _ := valueAt(form, "schema", "etag")
		url := fmt.Sprintf("%s?edition=%v&subType=%v&version=%v&action=new", travelClaimForm, edition, subType, version)
		res, err := api.send("GET", url, "", map[string]string{"If-None-Match": fmt.Sprint(etag)})
		if err != nil {
			t.Fatal(err)
		}
		if res.status != 304 || res.header.Get("ETag") != etag {
			t.Errorf("the export the answer names (%s): HTTP %d, ETag %q; the answer's etag %v", url, res.status, res.header.Get("ETag"), etag)
		}
	})
}
