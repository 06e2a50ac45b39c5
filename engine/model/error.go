package model

import "fmt"

// Error codes shared by engine, server and CLI. The HTTP layer maps each to
// one HTTP status.
const (
	EINVALID   = "EINVALID"   // input cannot be read (malformed JSON, missing docType, bad query)
	ENOTFOUND  = "ENOTFOUND"  // unknown document type, document or version
	ECHECK     = "ECHECK"     // the document failed its pre-save checks
	ECONFIRM   = "ECONFIRM"   // only unconfirmed weak-control findings block
	ECONFLICT  = "ECONFLICT"  // stale version (optimistic lock)
	EFORBIDDEN = "EFORBIDDEN" // the action mode or the user may not do this
	ETOOLARGE  = "ETOOLARGE"  // request body over the limit
	EINTERNAL  = "EINTERNAL"  // a bug
)

// Error is the one error type of formwork: a code, the path it concerns (may
// be empty) and a message. Text, when set, is the message in every language
// (zh, en, th): what a person reads, rendered by In in the request's
// language; Message is then its English text, for logs and the CLI.
type Error struct {
	Code    string
	Path    string
	Message string
	Text    Text
}

// Refuse builds an *Error whose message a person reads, in every language.
func Refuse(code, path string, t Text) *Error {
	return &Error{Code: code, Path: path, Message: t.In("en"), Text: t}
}

// In is the message in lang: Text when the error has one, else Message.
func (e *Error) In(lang string) string {
	if len(e.Text) > 0 {
		return e.Text.In(lang)
	}
	return e.Message
}

func (e *Error) Error() string {
	if e.Path != "" {
		return e.Path + ": " + e.Message
	}
	return e.Message
}

// Errorf builds an *Error.
func Errorf(code, path, format string, args ...any) *Error {
	return &Error{Code: code, Path: path, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of err if it is an *Error, else EINTERNAL.
func ErrorCode(err error) string {
	if e, ok := err.(*Error); ok {
		return e.Code
	}
	return EINTERNAL
}
