package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"runtime"
	"strconv"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
)

// cluster is a running throw-away PostgreSQL server.
type cluster struct {
	dir     string // data, socket and log; removed by stop
	cmd     *exec.Cmd
	exited  chan struct{} // closed once the server process has ended
	waitErr error         // how it ended; read after exited
}

// start makes and starts a cluster. missing reports that the failure is
// only that PostgreSQL is not installed.
func start() (c *cluster, missing bool, err error) {
	bin, err := serverBin()
	if err != nil {
		return nil, true, err
	}
	cred, err := serverUser()
	if err != nil {
		return nil, false, err
	}
	dir, err := os.MkdirTemp("", "pgtest")
	if err != nil {
		return nil, false, err
	}
	defer func() {
		if err != nil {
			os.RemoveAll(dir)
		}
	}()
	if cred != nil {
		if err := os.Chown(dir, int(cred.Uid), int(cred.Gid)); err != nil {
			return nil, false, err
		}
	}
	data := filepath.Join(dir, "data")
	initdb := exec.Command(filepath.Join(bin, "initdb"), "-D", data, "-U", "postgres", "-A", "trust",
		"-E", "UTF8", "--locale=C", "--no-sync")
	initdb.Dir = dir
	initdb.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	if out, err := initdb.CombinedOutput(); err != nil {
		return nil, false, fmt.Errorf("initdb: %v\n%s", err, out)
	}
	c = &cluster{dir: dir, exited: make(chan struct{})}
	if err := c.launch(bin, cred); err != nil {
		return nil, false, err
	}
	if err := c.waitReady(60 * time.Second); err != nil {
		c.stop()
		return nil, false, err
	}
	return c, false, nil
}

// serverUser returns whom to run the server as: initdb and postgres refuse
// to run as root, so root hands them to the package's postgres user;
// anyone else runs them as themselves (nil).
func serverUser() (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return nil, fmt.Errorf("running as root needs the postgres user to run the server as: %w", err)
	}
	uid, err1 := strconv.ParseUint(u.Uid, 10, 32)
	gid, err2 := strconv.ParseUint(u.Gid, 10, 32)
	if err := errors.Join(err1, err2); err != nil {
		return nil, err
	}
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

// launch starts the server process with no TCP listener, its socket in dir.
// The server gets SIGQUIT (immediate shutdown) if the test binary dies
// without calling stop, so a timed-out test leaves no server behind.
func (c *cluster) launch(bin string, cred *syscall.Credential) error {
	logf, err := os.Create(filepath.Join(c.dir, "server.log"))
	if err != nil {
		return err
	}
	c.cmd = exec.Command(filepath.Join(bin, "postgres"), "-D", filepath.Join(c.dir, "data"),
		"-k", c.dir, "-c", "listen_addresses=", "-c", "shared_buffers=32MB")
	c.cmd.Dir = c.dir
	c.cmd.Stdout, c.cmd.Stderr = logf, logf
	c.cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred, Pdeathsig: syscall.SIGQUIT}
	started := make(chan error, 1)
	go func() {
		// Pdeathsig fires when the thread that started the child ends, so
		// that thread stays reserved to this goroutine until the child
		// has exited.
		runtime.LockOSThread()
		defer logf.Close()
		if err := c.cmd.Start(); err != nil {
			started <- err
			close(c.exited)
			return
		}
		started <- nil
		c.waitErr = c.cmd.Wait()
		close(c.exited)
	}()
	return <-started
}

// waitReady waits until the server accepts connections.
func (c *cluster) waitReady(limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		conn, err := pgx.Connect(ctx, c.url("postgres"))
		cancel()
		if err == nil {
			conn.Close(context.Background())
			return nil
		}
		select {
		case <-c.exited:
			return fmt.Errorf("postgres exited (%v):\n%s", c.waitErr, c.log())
		default:
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("postgres not ready after %v: %v\n%s", limit, err, c.log())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// url returns the address of database name over the unix socket.
func (c *cluster) url(name string) string {
	return "postgres://postgres@/" + name + "?host=" + url.QueryEscape(c.dir) + "&sslmode=disable"
}

// log returns the server's log, for error messages.
func (c *cluster) log() string {
	b, _ := os.ReadFile(filepath.Join(c.dir, "server.log"))
	return string(b)
}

// stop shuts the server down (fast: open sessions are ended) and removes
// its folder.
func (c *cluster) stop() error {
	select {
	case <-c.exited:
	default:
		_ = c.cmd.Process.Signal(syscall.SIGINT)
		select {
		case <-c.exited:
		case <-time.After(30 * time.Second):
			_ = c.cmd.Process.Kill()
			<-c.exited
		}
	}
	return os.RemoveAll(c.dir)
}
