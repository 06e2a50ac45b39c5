package identity

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"formwork/engine"

	"gopkg.in/yaml.v3"
)

// TrustedSource is a system whose users may enter without signing in again
// (the alternate logins of navigation-and-access.md 6): the workflow system
// (k2token), the shared-service centre (ssctoken) and the three mobile-login
// source systems (mmdlToken). It proves who the user is with a token signed
// by a key it shares with formwork (see SignSourceToken). A source without a
// key is listed but trusted with nothing.
type TrustedSource struct {
	Code      string // sourceSystem code, e.g. K2
	Name      string
	Header    string // the request header its tokens arrive in: k2token, ssctoken or mmdlToken
	LoginType string // the session's login type: k2, ssc or mmdl (mmdl hides header and sidebar)
	Key       []byte `yaml:"-"`
}

// sourceToken is what a trusted source signs: who, from where, until when.
type sourceToken struct {
	Source   string `json:"src"`
	Username string `json:"sub"`
	Expires  int64  `json:"exp"` // Unix seconds
}

// SignSourceToken makes the token a trusted source hands its users:
// base64url(JSON {"src","sub","exp"}) "." base64url(HMAC-SHA256(key, first
// part)), both without padding. It is what a source system implements; the
// tests use it to play one.
func SignSourceToken(src TrustedSource, username string, expires time.Time) string {
	payload, _ := json.Marshal(sourceToken{Source: src.Code, Username: username, Expires: expires.Unix()})
	body := base64.RawURLEncoding.EncodeToString(payload)
	mac := hmac.New(sha256.New, src.Key)
	mac.Write([]byte(body))
	return body + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// verifySourceToken checks a token that arrived in header: signed (in
// constant time) by a trusted source with a key, that sends its tokens in
// that header, and not expired. It returns the source and the username.
func (s *Service) verifySourceToken(header, token string) (*TrustedSource, *sourceToken, bool) {
	body, sig, found := strings.Cut(token, ".")
	if !found {
		return nil, nil, false
	}
	payload, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil {
		return nil, nil, false
	}
	var st sourceToken
	if err := json.Unmarshal(payload, &st); err != nil || st.Username == "" || st.Expires == 0 {
		return nil, nil, false
	}
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil {
		return nil, nil, false
	}
	for i := range s.cfg.TrustedSources {
		src := &s.cfg.TrustedSources[i]
		if src.Code != st.Source || !strings.EqualFold(src.Header, header) || len(src.Key) == 0 {
			continue
		}
		mac := hmac.New(sha256.New, src.Key)
		mac.Write([]byte(body))
		if !hmac.Equal(got, mac.Sum(nil)) || !s.now().Before(time.Unix(st.Expires, 0)) {
			return nil, nil, false
		}
		return src, &st, true
	}
	return nil, nil, false
}

// LoadTrustedSources reads trusted_sources.yaml from seeds (a list of code,
// name, header, loginType) and takes the keys from env, the value of
// FORMWORK_TRUSTED_SOURCES: entries separated by commas, each CODE=KEY for
// a listed source, or CODE@header=KEY to trust one more (its login type is
// the header's: k2token k2, ssctoken ssc, mmdlToken mmdl). Keys are secrets:
// they are never printed.
func LoadTrustedSources(seeds fs.FS, env string) ([]TrustedSource, error) {
	var out []TrustedSource
	if b, err := fs.ReadFile(seeds, "trusted_sources.yaml"); err == nil {
		var list []struct {
			Code, Name, Header string
			LoginType          string `yaml:"loginType"`
		}
		if err := yaml.Unmarshal(b, &list); err != nil {
			return nil, fmt.Errorf("trusted_sources.yaml: %w", err)
		}
		for _, e := range list {
			if e.Code == "" || loginTypeOfHeader(e.Header) == "" {
				return nil, fmt.Errorf("trusted_sources.yaml: source %q needs a code and a header (k2token, ssctoken or mmdlToken)", e.Code)
			}
			lt := e.LoginType
			if lt == "" {
				lt = loginTypeOfHeader(e.Header)
			}
			out = append(out, TrustedSource{Code: e.Code, Name: e.Name, Header: e.Header, LoginType: lt})
		}
	}
	for _, entry := range strings.Split(env, ",") {
		entry = strings.TrimSpace(entry)
		if entry == "" {
			continue
		}
		name, key, found := strings.Cut(entry, "=")
		if !found || key == "" {
			return nil, fmt.Errorf("FORMWORK_TRUSTED_SOURCES: entry %q is not CODE=KEY or CODE@header=KEY", engine.Clip(name, 40))
		}
		code, header, adding := strings.Cut(name, "@")
		i := indexOfSource(out, code)
		switch {
		case adding && loginTypeOfHeader(header) == "":
			return nil, fmt.Errorf("FORMWORK_TRUSTED_SOURCES: %s: header %q is not k2token, ssctoken or mmdlToken", code, header)
		case adding && i < 0:
			out = append(out, TrustedSource{Code: code, Name: code, Header: header, LoginType: loginTypeOfHeader(header)})
			i = len(out) - 1
		case adding:
			out[i].Header, out[i].LoginType = header, loginTypeOfHeader(header)
		case i < 0:
			return nil, fmt.Errorf("FORMWORK_TRUSTED_SOURCES: %s is not a listed source system; add it as %s@header=KEY", code, code)
		}
		out[i].Key = []byte(key)
	}
	return out, nil
}

func indexOfSource(list []TrustedSource, code string) int {
	for i, s := range list {
		if s.Code == code {
			return i
		}
	}
	return -1
}

func loginTypeOfHeader(header string) string {
	switch strings.ToLower(header) {
	case "k2token":
		return "k2"
	case "ssctoken":
		return "ssc"
	case "mmdltoken":
		return "mmdl"
	}
	return ""
}
