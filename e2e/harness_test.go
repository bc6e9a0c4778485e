// Package e2e drives the web app in headless Chromium against a real
// server process. Without Chromium the tests skip, except under CI=true,
// where they fail.
package e2e

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"wyrm/internal/pgtest"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// chromiumPath finds the browser or skips (fails under CI).
func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, p := range []string{os.Getenv("CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser"} {
		if p == "" {
			continue
		}
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if p, err := exec.LookPath("chromium"); err == nil {
		return p
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium is not installed, and browser tests must run under CI=true (apt-get install chromium)")
	}
	t.Skip("chromium not found: skipping browser tests (apt-get install -y chromium to run them)")
	return ""
}

// server is a running testserver process.
type server struct {
	t    *testing.T
	cmd  *exec.Cmd
	URL  string
	addr string
	db   string
}

// startServer builds (once) and starts the test server on db; addr may be
// "" for a free port; further flags follow.
func startServer(t *testing.T, db, addr string, flags ...string) *server {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "wyrm-e2e")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "testserver")
		out, err := exec.Command("go", "build", "-o", binPath, "./testserver").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("build testserver: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	cmd := exec.Command(binPath, append([]string{"-addr", addr, "-db", db, "-think", "50ms"}, flags...)...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	logf, _ := os.Create(filepath.Join(t.TempDir(), "server.log"))
	cmd.Stderr = logf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		cmd.Process.Kill()
		t.Fatalf("server did not start: %v", err)
	}
	s := &server{t: t, cmd: cmd, URL: strings.TrimSpace(line), db: db}
	s.addr = strings.TrimSuffix(strings.TrimPrefix(s.URL, "http://"), "/")
	t.Cleanup(s.kill)
	return s
}

// kill ends the server at once, as a crash would: no graceful shutdown.
func (s *server) kill() {
	if s.cmd.ProcessState == nil {
		s.cmd.Process.Signal(syscall.SIGKILL)
		s.cmd.Wait()
	}
}

// browser is one isolated browser session (its own storage).
type browser struct {
	t      *testing.T
	ctx    context.Context
	mu     sync.Mutex
	errors []string
}

// One Chromium serves every test (it takes seconds to start); each browser
// session is an isolated browser context in it.
var (
	chromeOnce   sync.Once
	chromeCtx    context.Context
	chromeErr    error
	chromeCancel = func() {}
)

// TestMain stops the shared browser after the tests.
func TestMain(m *testing.M) {
	code := pgtest.Main(m) // stops the PostgreSQL of the cluster test
	chromeCancel()
	os.Exit(code)
}

// newBrowser opens an isolated browser session in the shared Chromium.
func newBrowser(t *testing.T) *browser {
	t.Helper()
	path := chromiumPath(t)
	chromeOnce.Do(func() {
		dir, err := os.MkdirTemp("", "wyrm-chromium")
		if err != nil {
			chromeErr = err
			return
		}
		opts := []chromedp.ExecAllocatorOption{
			chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
			chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
			chromedp.UserDataDir(dir), chromedp.WindowSize(1280, 900),
		}
		a, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		bctx, cancelBrowser := chromedp.NewContext(a)
		chromeCancel = func() { cancelBrowser(); cancelAlloc(); os.RemoveAll(dir) }
		chromeCtx, chromeErr = bctx, chromedp.Do(bctx)
	})
	if chromeErr != nil {
		t.Fatalf("start chromium: %v", chromeErr)
	}
	alloc := chromeCtx
	ctx, cancel := chromedp.NewContext(alloc, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	b := &browser{t: t, ctx: ctx}
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	err := chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError {
				var parts []string
				for _, a := range ev.Args {
					parts = append(parts, string(a.Value)+a.Description)
				}
				b.addError("console.error: " + strings.Join(parts, " "))
			}
		case *runtime.EventExceptionThrown:
			msg := ev.ExceptionDetails.Text
			if ev.ExceptionDetails.Exception != nil {
				msg += " " + ev.ExceptionDetails.Exception.Description
			}
			b.addError("exception: " + msg)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		for _, e := range b.errors {
			t.Errorf("browser: %s", e)
		}
	})
	return b
}

func (b *browser) addError(s string) {
	b.mu.Lock()
	b.errors = append(b.errors, s)
	b.mu.Unlock()
}

// run runs actions with a deadline, failing the test on error.
func (b *browser) run(what string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	defer b.step(what, time.Now())
	ctx, cancel := context.WithTimeout(b.ctx, 40*time.Second)
	defer cancel()
	err := chromedp.Do(ctx, actions...)
	// A screen that redraws (on another seat's move, a clock's tick) can
	// replace the node a lone action found before it acts on it; the
	// action did nothing then, so it is tried again on the new node.
	for try := 0; err != nil && len(actions) == 1 && nodeGone(err) && try < 3; try++ {
		time.Sleep(50 * time.Millisecond)
		err = chromedp.Do(ctx, actions...)
	}
	if err != nil {
		b.fail(what, err)
	}
}

// nodeGone reports whether err says a node an action found left the page.
func nodeGone(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "Could not find node with given id") || strings.Contains(msg, "Node is detached")
}

func (b *browser) fail(what string, err error) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 5*time.Second)
	defer cancel()
	if shot, _ := chromedp.Run(ctx, chromedp.FullScreenshot(100)); len(shot) > 0 {
		saveArtifact(b.t, "fail-"+sanitize(b.t.Name())+".png", shot)
	}
	// What the page says (its status, notes and alerts) is often the reason.
	if said, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll('.status, [role=alert], .note, .conn')].map(e => e.className + ': ' + e.textContent.trim()).filter(s => !s.endsWith(': ')).join(' | ')`)); err == nil && said != "" {
		b.t.Logf("the page says: %s", said)
	}
	b.t.Fatalf("%s: %v", what, err)
}

// evalJS evaluates js in b's page and returns its value.
func evalJS[T any](b *browser, js string, opts ...chromedp.EvaluateOption) T {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 40*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, opts...))
	if err != nil {
		b.fail("eval "+js, err)
	}
	return v
}

// eval evaluates js for its effect.
func (b *browser) eval(js string) { evalJS[any](b, js) }

// waitJS polls until the expression is true.
func (b *browser) waitJS(what, js string) {
	b.t.Helper()
	defer b.step(what, time.Now())
	ctx, cancel := context.WithTimeout(b.ctx, 40*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		b.fail(what, err)
	}
}

// clickCSS clicks the first element matching css once one exists. The
// lookup and the click happen in one evaluation, so a screen that redraws
// its controls (on an opponent's move, say) cannot swap the element between
// them, as it can between chromedp.Click's query and its click.
func (b *browser) clickCSS(what, css string) {
	b.t.Helper()
	b.waitJS(what, fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return false; e.click(); return true })()`, css))
}

func sanitize(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '/' || r == ' ' {
			return '-'
		}
		return r
	}, s)
}

// saveArtifact writes a file to ./artifacts at the repository root.
func saveArtifact(t *testing.T, name string, data []byte) {
	dir := filepath.Join("..", "artifacts")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Log(err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		t.Log(err)
	}
}

// screenshot saves the page as artifacts/name.png.
func (b *browser) screenshot(name string) {
	b.t.Helper()
	defer b.step("screenshot "+name, time.Now())
	ctx, cancel := context.WithTimeout(b.ctx, 40*time.Second)
	defer cancel()
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		b.fail("screenshot", err)
	}
	saveArtifact(b.t, name+".png", shot)
}

// step logs how long a step took (shown with -v or on failure).
func (b *browser) step(what string, start time.Time) {
	b.t.Helper()
	b.t.Logf("%-30s %6.0f ms", what, float64(time.Since(start).Microseconds())/1000)
}

// seatedJS is true once the game screen lists a seat as the viewer's own.
const seatedJS = `document.querySelector('.seats') && document.querySelector('.seats').textContent.includes('you')`

// waitSeated waits until b's game screen shows a seat held by b.
func (b *browser) waitSeated(what string) {
	b.t.Helper()
	b.waitJS(what, seatedJS)
}

// inviteLink waits for the game screen's invitation and returns its link.
func (b *browser) inviteLink() string {
	b.t.Helper()
	b.waitJS("invite link", `document.querySelector('.invite input') !== null`)
	return evalJS[string](b, `document.querySelector('.invite input').value`)
}

// resign resigns for the browser's seat: the button, then its confirmation.
func (b *browser) resign() {
	b.t.Helper()
	b.clickCSS("resign", "#resign")
	b.clickCSS("confirm resign", "#resign[data-armed]")
}
