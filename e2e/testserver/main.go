// Command testserver runs the play server for the browser tests: every
// registered game plus the toy game, computer seats thinking briefly.
package main

import (
	"context"
	"flag"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"testing/fstest"
	"time"

	"wyrm/game"
	"wyrm/games"
	toygame "wyrm/internal/toysetup"
	"wyrm/server"
	"wyrm/server/account"
	"wyrm/server/chat"
	"wyrm/server/cluster"
	"wyrm/server/computer"
	"wyrm/server/puzzle"
	"wyrm/server/store"
	"wyrm/web"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "listen address")
	db := flag.String("db", "", "database file")
	think := flag.Duration("think", 100*time.Millisecond, "engine time per move")
	rules := flag.String("rules", "../docs/rules", "folder of rules documents")
	claimAfter := flag.Duration("claim-after", 2*time.Second, "how long opponents must be gone before a claim (short for the tests)")
	node := flag.String("node", "", "run as this node of a cluster on the -db PostgreSQL database")
	note := flag.String("build-note", "", "add a file with this text to the app, making another build of it")
	flag.Parse()
	st, err := store.Open(*db)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	// Accounts with cheap password hashes: the tests sign up often.
	accts, err := account.Open(context.Background(), st, account.Config{Params: account.Params{Time: 1, MemoryKiB: 8 << 10, Threads: 1, SaltLen: 16, KeyLen: 32}})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer accts.Close()
	talk, err := chat.Open(context.Background(), st)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer talk.Close()
	puzzles, err := puzzle.Open(context.Background(), st)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	banned, err := chat.NewFilter([]string{"free gold"}) // what the browser test tries to say
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var nodeCfg *cluster.Config
	if *node != "" {
		nodeCfg = &cluster.Config{Advertise: "http://" + ln.Addr().String()}
	}
	srv, err := server.New(server.Config{Store: st, Games: append(games.All(), game.Game(toygame.Game{})), Accounts: accts,
		Engine: computer.DefaultEngine(), Assets: assets(*note), Rules: os.DirFS(*rules), Log: slog.New(slog.NewTextHandler(os.Stderr, nil)),
		ThinkTime: func(int) time.Duration { return *think }, ClaimAfter: *claimAfter, Node: *node, Cluster: nodeCfg,
		Chat: chat.Config{Store: talk, Filter: banned}, Puzzles: puzzles})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("http://%s/\n", ln.Addr())
	hs := &http.Server{Handler: srv.Handler()}
	go hs.Serve(ln)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	<-ctx.Done()
	srv.Close()
	hs.Close()
	st.Close()
}

// assets is the web app, with a file of text added when text is not "":
// another build, as the service worker's test needs.
func assets(text string) fs.FS {
	if text == "" {
		return web.FS
	}
	m := fstest.MapFS{"build-note.txt": {Data: []byte(text)}}
	err := fs.WalkDir(web.FS, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(web.FS, name)
		m[name] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		panic(err)
	}
	return m
}
