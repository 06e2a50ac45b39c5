package main

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"time"
)

// startFormwork serves formwork on SQLite in a new folder (seeded as on a
// first start) and signs employee01 in.
func startFormwork(bin string) (*target, error) {
	dir, err := os.MkdirTemp("", "benchcompare-formwork")
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, "serve", "--http", "127.0.0.1:0", "--dir", dir)
	cmd.Env = append(os.Environ(), "FORMWORK_DB=")
	url, stderr, err := waitLine(cmd, "formwork listening on ")
	if err != nil {
		return nil, err
	}
	// a refused create is answered 422; a stored one begins with success
	t := &target{cmd: cmd, url: url, dir: dir, stderr: stderr, created: []byte(`{"code":"S000",`)}
	token, err := formworkSignIn(newClient(1), url, "employee01")
	if err != nil {
		t.stop()
		return nil, err
	}
	auth := map[string]string{"X-token": token}
	t.createRequest = func(claim []byte) request {
		return request{"POST", url + "/api/galaxyform/yx/ap/head/create?action=new", claim, auth}
	}
	t.loadRequest = func(id string) request {
		return request{"GET", url + "/api/galaxyform/yx/ap/head/load?businessId=" + id, nil, auth}
	}
	t.create = func(client *http.Client, claim []byte) (string, error) {
		var answer struct {
			Data struct {
				Head struct {
					BusinessID string `json:"businessId"`
				} `json:"head"`
			} `json:"data"`
		}
		if err := t.createRequest(claim).send(client, &answer); err != nil {
			return "", err
		}
		if answer.Data.Head.BusinessID == "" {
			return "", errNoID
		}
		return answer.Data.Head.BusinessID, nil
	}
	return t, nil
}

// formworkSignIn is a new session's token of user.
func formworkSignIn(client *http.Client, url, user string) (string, error) {
	var answer struct {
		Message string `json:"message"`
		Data    struct {
			Token string `json:"token"`
		} `json:"data"`
	}
	err := send(client, "POST", url+"/api/galaxycommon/login/auth", []byte(`{"username":"`+user+`","password":"demo123"}`), nil, &answer)
	if err == nil && answer.Data.Token == "" {
		err = fmt.Errorf("sign in: no token (%s)", answer.Message)
	}
	return answer.Data.Token, err
}

// PocketBase's superuser of the run, and the collection the claims go to.
const (
	pbEmail    = "bench@example.com"
	pbPassword = "benchcompare-1234"
	pbClaims   = `{"name":"claims","type":"base","createRule":"","viewRule":"","fields":[{"name":"doc","type":"json","maxSize":2000000}]}`
)

// startPocketBase serves PocketBase (--dev=false) in a new folder with a
// collection of claims anyone may create and view (no rule).
func startPocketBase(bin string) (*target, error) {
	dir, err := os.MkdirTemp("", "benchcompare-pocketbase")
	if err != nil {
		return nil, err
	}
	if out, err := exec.Command(bin, "superuser", "upsert", pbEmail, pbPassword, "--dir", dir).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("pocketbase superuser: %v %s", err, out)
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	addr := "127.0.0.1:" + strconv.Itoa(port)
	cmd := exec.Command(bin, "serve", "--http", addr, "--dir", dir, "--dev=false")
	if _, _, err := waitLine(cmd, "Server started at"); err != nil {
		return nil, err
	}
	url := "http://" + addr
	// PocketBase answers a stored record 200 (a refused one 400)
	t := &target{cmd: cmd, url: url, dir: dir, created: []byte(`{`)}
	if err := pocketBaseCollection(url); err != nil {
		t.stop()
		return nil, err
	}
	t.createRequest = func(claim []byte) request {
		return request{"POST", url + "/api/collections/claims/records", append(append([]byte(`{"doc":`), claim...), '}'), nil}
	}
	t.loadRequest = func(id string) request {
		return request{"GET", url + "/api/collections/claims/records/" + id, nil, nil}
	}
	t.create = func(client *http.Client, claim []byte) (string, error) {
		var answer struct{ ID string }
		if err := t.createRequest(claim).send(client, &answer); err != nil {
			return "", err
		}
		if answer.ID == "" {
			return "", errNoID
		}
		return answer.ID, nil
	}
	return t, nil
}

// pocketBaseCollection signs the superuser in and creates the collection.
func pocketBaseCollection(url string) error {
	client := &http.Client{Timeout: 30 * time.Second}
	var auth struct{ Token string }
	body := fmt.Sprintf(`{"identity":%q,"password":%q}`, pbEmail, pbPassword)
	if err := send(client, "POST", url+"/api/collections/_superusers/auth-with-password", []byte(body), nil, &auth); err != nil {
		return err
	}
	header := map[string]string{"Authorization": auth.Token}
	err := send(client, "POST", url+"/api/collections", []byte(pbClaims), header, nil)
	if err != nil && send(client, "GET", url+"/api/collections/claims", nil, header, nil) == nil {
		return nil // created, though the answer was lost (a slow machine)
	}
	return err
}
