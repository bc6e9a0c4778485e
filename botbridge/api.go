package botbridge

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// client speaks to the server's API with the bot's token. The token goes
// only into the Authorization header: never into a log line or an error.
type client struct {
	base  string
	token string
	hc    *http.Client
}

// apiError is a refusal by the server: its status and its message.
type apiError struct {
	Status  int
	Code    string
	Message string
}

func (e *apiError) Error() string { return fmt.Sprintf("%d %s: %s", e.Status, e.Code, e.Message) }

// request builds a request for path with the token.
func (c *client) request(ctx context.Context, method, path string, body any) (*http.Request, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		rd = strings.NewReader(string(b))
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return req, nil
}

// post sends a POST and decodes its JSON answer into out (may be nil).
func (c *client) post(ctx context.Context, path string, body, out any) error {
	req, err := c.request(ctx, "POST", path, body)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return decode(resp, out)
}

// get sends a GET and decodes its JSON answer into out.
func (c *client) get(ctx context.Context, path string, out any) error {
	req, err := c.request(ctx, "GET", path, nil)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return decode(resp, out)
}

// maxAnswer bounds an ordinary answer read from the server.
const maxAnswer = 1 << 20

func decode(resp *http.Response, out any) error {
	body := io.LimitReader(resp.Body, maxAnswer)
	if resp.StatusCode/100 != 2 {
		var e struct{ Code, Error string }
		_ = json.NewDecoder(body).Decode(&e)
		return &apiError{Status: resp.StatusCode, Code: e.Code, Message: e.Error}
	}
	if out == nil {
		return nil
	}
	return json.NewDecoder(body).Decode(out)
}

// stream opens an NDJSON stream and calls line with each JSON line (empty
// keep-alive lines are skipped) until the stream ends, ctx is done, or line
// returns false. It returns why the stream ended.
func (c *client) stream(ctx context.Context, path string, line func([]byte) bool) error {
	req, err := c.request(ctx, "GET", path, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/x-ndjson")
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return decode(resp, nil)
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 8<<20)
	for sc.Scan() {
		b := sc.Bytes()
		if len(strings.TrimSpace(string(b))) == 0 {
			continue
		}
		if !line(b) {
			return nil
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	return io.EOF
}
