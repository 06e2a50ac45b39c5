package guard

import (
	"errors"
	"net"
	"net/http"
	"os"
	"time"
)

// Timeouts bound how long a connection may take: a slow client cannot hold
// a connection (and its goroutine) open for long. Zero fields take the
// defaults.
type Timeouts struct {
	ReadHeader time.Duration // to read a request's headers (default 10s)
	Read       time.Duration // to read a whole request, body included (default 60s)
	Write      time.Duration // from the end of the headers to the end of the answer (default 120s)
	Idle       time.Duration // an idle keep-alive connection is closed after (default 60s)
}

func (t Timeouts) withDefaults() Timeouts {
	for _, d := range []struct {
		v   *time.Duration
		def time.Duration
	}{{&t.ReadHeader, 10 * time.Second}, {&t.Read, 60 * time.Second}, {&t.Write, 120 * time.Second}, {&t.Idle, 60 * time.Second}} {
		if *d.v <= 0 {
			*d.v = d.def
		}
	}
	return t
}

// Server is the http.Server that serves h with the timeouts t.
func (t Timeouts) Server(h http.Handler) *http.Server {
	t = t.withDefaults()
	return &http.Server{Handler: h, ReadHeaderTimeout: t.ReadHeader, ReadTimeout: t.Read, WriteTimeout: t.Write, IdleTimeout: t.Idle}
}

// ETIMEOUT is the code of a request whose body did not arrive in time (408).
const ETIMEOUT = "ETIMEOUT"

// IsTimeout reports whether err is a read that ran past its deadline.
func IsTimeout(err error) bool {
	var ne net.Error
	return errors.Is(err, os.ErrDeadlineExceeded) || errors.As(err, &ne) && ne.Timeout()
}
