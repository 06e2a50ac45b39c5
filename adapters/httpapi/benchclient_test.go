package httpapi_test

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"net/url"
	"strconv"
)

// benchClient is a benchmark's load generator on one keep-alive
// connection, as wrk is: the request is written ready-made and the answer
// read by its Content-Length, in the calling goroutine. The server shares
// the machine's two cores with it; net/http's client, with a reading and a
// writing goroutine per connection, took about 20 CPU-µs of every save
// (an eighth of it) from the server.
type benchClient struct {
	conn        net.Conn
	r           *bufio.Reader
	host, token string
	request     []byte
}

// newBenchClient connects to the API and makes the request it sends.
func (api *testAPI) newBenchClient(method, path, body string) (*benchClient, error) {
	u, err := url.Parse(api.url)
	if err != nil {
		return nil, err
	}
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		return nil, err
	}
	c := &benchClient{conn: conn, r: bufio.NewReaderSize(conn, 16<<10), host: u.Host, token: api.token}
	c.setRequest(method, path, body)
	return c, nil
}

// setRequest makes the request the client sends.
func (c *benchClient) setRequest(method, path, body string) {
	var req bytes.Buffer
	fmt.Fprintf(&req, "%s %s HTTP/1.1\r\nHost: %s\r\nX-token: %s\r\n", method, path, c.host, c.token)
	if body != "" {
		fmt.Fprintf(&req, "Content-Type: application/json\r\nContent-Length: %d\r\n", len(body))
	}
	req.WriteString("\r\n" + body)
	c.request = req.Bytes()
}

// send sends the request and reads its answer, answering its status.
func (c *benchClient) send() (int, error) {
	if _, err := c.conn.Write(c.request); err != nil {
		return 0, err
	}
	status, length := 0, -1
	for first := true; ; first = false {
		line, err := c.r.ReadSlice('\n')
		if err != nil {
			return 0, err
		}
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			break
		}
		if first {
			if len(line) < 12 {
				return 0, fmt.Errorf("status line %q", line)
			}
			status, err = strconv.Atoi(string(line[9:12]))
		} else if name, value, ok := bytes.Cut(line, []byte(":")); ok && bytes.EqualFold(name, []byte("Content-Length")) {
			length, err = strconv.Atoi(string(bytes.TrimSpace(value)))
		}
		if err != nil {
			return 0, err
		}
	}
	if length < 0 {
		return 0, fmt.Errorf("answer %d without Content-Length", status)
	}
	_, err := c.r.Discard(length)
	return status, err
}

// Close closes the connection.
func (c *benchClient) Close() error { return c.conn.Close() }
