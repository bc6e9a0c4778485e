package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"

	"wyrm/game"
	"wyrm/game/nnue"
	"wyrm/games"
	"wyrm/tune/nnuetrain"
)

const trainUsage = `usage: wyrm train --game dragon --data FILE[,FILE...] [flags]

Trains the game's network (a small NNUE-style evaluation) on positions
labelled with a search's score and their game's result, as
"wyrm tune --generate --scores FILE" writes them, and writes the network
file and its recipe: the data's hash and how it was made, the settings,
the errors, and the network's hash, which "go test" checks against the
embedded file. Training is deterministic: the same data and flags give
the same network.

With -rescore ENGINE it trains nothing: it scores the data's positions
again by that UCI engine at -label-depth (every -every-th position) and
writes them to -out-data, to train on a stronger player's judgement.

`

// runTrain is "wyrm train".
func runTrain(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("train", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, trainUsage); fs.PrintDefaults() }
	gameName := fs.String("game", "dragon", "game: "+strings.Join(games.Names(), ", "))
	data := fs.String("data", "", "data files, comma-separated: \"score result game position\" lines")
	dataHow := fs.String("data-recipe", "", "how the data were made (the commands), copied into the recipe")
	out := fs.String("out", "nnue.bin", "network file to write")
	recipe := fs.String("recipe", "", "recipe file to write (default: -out with .recipe for its extension)")
	epochs := fs.Int("epochs", 10, "passes over the data")
	batch := fs.Int("batch", 1024, "samples a step")
	lr := fs.Float64("lr", 0.002, "Adam's step size at the start (falls to a tenth by the end)")
	seed := fs.Uint64("seed", 1, "seed of the initial weights and the order of samples")
	lambda := fs.Float64("lambda", 0.75, "share of the search's score in a label, the rest the game's result")
	clamp := fs.Int("clamp", 2000, "scores are clamped to ±this many centipawns")
	rescoreWith := fs.String("rescore", "", "score the -data positions again by this UCI engine (a command line, with option.Name=value as wyrm match takes) and write them to -out-data instead of training")
	labelDepth := fs.Int("label-depth", 8, "-rescore: the engine's search depth a position")
	every := fs.Int("every", 1, "-rescore: keep every this many positions")
	conc := fs.Int("concurrency", 1, "-rescore: engines run at once")
	outData := fs.String("out-data", "", "-rescore: the data file to write")
	holdout := fs.Int("holdout", 10, "hold out games whose number is a multiple of this (0: none)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintln(stderr, "wyrm train:", err)
		return 1
	}
	g, err := games.Lookup(*gameName)
	if err != nil {
		return fail(err)
	}
	if *data == "" {
		return fail(fmt.Errorf("-data: no data files"))
	}
	if *rescoreWith != "" {
		if *outData == "" {
			return fail(fmt.Errorf("-rescore needs -out-data"))
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		cfg := rescoreConfig{engine: *rescoreWith, depth: *labelDepth, every: *every, concurrency: *conc}
		if err := trainRescore(ctx, g, strings.Split(*data, ","), *outData, cfg, stdout, stderr); err != nil {
			return fail(err)
		}
		return 0
	}
	lab := nnuetrain.Label{Lambda: *lambda, Scale: nnue.Scale, Clamp: *clamp}
	var set nnuetrain.Set
	dataSum := sha256.New()
	var names []string
	for _, path := range strings.Split(*data, ",") {
		b, err := os.ReadFile(path)
		if err != nil {
			return fail(err)
		}
		dataSum.Write(b)
		names = append(names, filepath.Base(path))
		if err := nnuetrain.Read(bytes.NewReader(b), g, game.Options{}, lab, &set); err != nil {
			return fail(fmt.Errorf("%s: %w", path, err))
		}
	}
	fmt.Fprintf(stderr, "%d positions\n", set.Len())
	cfg := nnuetrain.Config{Game: g.Info().Name, Seed: *seed, Epochs: *epochs, Batch: *batch, LR: *lr,
		Holdout: *holdout, Progress: stderr}
	net, rep, err := nnuetrain.Train(&set, cfg)
	if err != nil {
		return fail(err)
	}
	file := net.Encode()
	if err := os.WriteFile(*out, file, 0o644); err != nil {
		return fail(err)
	}
	if *recipe == "" {
		*recipe = strings.TrimSuffix(*out, filepath.Ext(*out)) + ".recipe"
	}
	var r strings.Builder
	fmt.Fprintf(&r, "# How %s was made; \"wyrm train\" wrote this, and the game's tests check the\n", filepath.Base(*out))
	fmt.Fprintf(&r, "# network's sha256 against it. Train again with the command below on the same data.\n")
	fmt.Fprintf(&r, "network %s\nsha256 %s\nbytes %d\n", filepath.Base(*out), nnue.FileSum(file), len(file))
	fmt.Fprintf(&r, "format %d\ngame %s\nshape inputs %d hidden %d buckets %d\n", nnue.Version, net.Game, net.Inputs, nnue.Hidden, net.Buckets)
	fmt.Fprintf(&r, "data %s\ndata-sha256 %s\n", strings.Join(names, ","), hex.EncodeToString(dataSum.Sum(nil)))
	for l := range strings.SplitSeq(strings.TrimSpace(*dataHow), "\n") {
		if l != "" {
			fmt.Fprintf(&r, "data-made-by %s\n", l)
		}
	}
	fmt.Fprintf(&r, "samples train %d held-out %d\n", rep.TrainN, rep.HeldN)
	fmt.Fprintf(&r, "train wyrm train --game %s --data %s --epochs %d --batch %d --lr %g --seed %d --lambda %g --clamp %d --holdout %d\n",
		net.Game, strings.Join(names, ","), *epochs, *batch, *lr, *seed, *lambda, *clamp, *holdout)
	fmt.Fprintf(&r, "error train %.6f held-out %.6f held-out-quantised %.6f\n", rep.Train, rep.Held, rep.HeldQuantised)
	if err := os.WriteFile(*recipe, []byte(r.String()), 0o644); err != nil {
		return fail(err)
	}
	fmt.Fprintf(stdout, "wrote %s (%d bytes, sha256 %s) and %s\n", *out, len(file), nnue.FileSum(file), *recipe)
	return 0
}
