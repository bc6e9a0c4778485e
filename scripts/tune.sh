#!/usr/bin/env bash
# Reproduces the "Tuning" section of docs/strength.md: for each game, the
# self-play data set, the fit, and the match of the fitted weights against
# the weights the fit started from. Long: about an hour a game on a loaded
# two-core machine. Usage: scripts/tune.sh [all|dragon|dragonchess|dungeon]
# Files go to $OUT (default: a directory in /tmp); nothing in the source
# tree changes. To keep a fit, copy its parameter file over
# games/<game>/params.txt and run go generate ./cmd/wyrm-wasm.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/wyrm-tune}
mkdir -p "$OUT"
go build -o "$OUT/wyrm" ./cmd/wyrm
W=$OUT/wyrm
OPEN=match/testdata/dragon-chess-openings.epd
what=${1:-all}

# fit GAME: fit to $OUT/GAME.txt from the weights the game plays with,
# writing $OUT/GAME-fitted.txt, and keep the weights it started from in
# $OUT/GAME-start.txt for the match.
fit() {
  $W tune --game "$1" --list > "$OUT/$1-start.txt"
  $W tune --game "$1" --data "$OUT/$1.txt" --holdout 10 --rounds 4 --out "$OUT/$1-fitted.txt"
}

if [[ $what == all || $what == dragon ]]; then
  $W tune --game dragon --generate --games 4000 --nodes 3000 --random-plies 6 --seed 1000 \
    --openings "$OPEN" --out "$OUT/dragon.txt"
  fit dragon
  $W match --game dragon --a "level:8,params:$OUT/dragon-fitted.txt" --b "level:8,params:$OUT/dragon-start.txt" \
    --openings "$OPEN" --nodes 20000 --sprt 0,10 --games 240 --seed 5 --concurrency 1
fi

if [[ $what == all || $what == dragonchess ]]; then
  $W tune --game dragonchess --generate --games 1500 --nodes 3000 --random-plies 8 --seed 2000 \
    --out "$OUT/dragonchess.txt" --starts "$OUT/dragonchess-starts.epd"
  fit dragonchess
  $W match --game dragonchess --a "level:8,params:$OUT/dragonchess-fitted.txt" \
    --b "level:8,params:$OUT/dragonchess-start.txt" --openings "$OUT/dragonchess-starts.epd" \
    --nodes 20000 --sprt 0,10 --games 100 --seed 5 --concurrency 1
fi

if [[ $what == all || $what == dungeon ]]; then
  $W tune --game dungeon --generate --games 1500 --nodes 3000 --random-plies 4 --seed 3000 \
    --out "$OUT/dungeon.txt"
  fit dungeon
  $W match --game dungeon --a "level:8,params:$OUT/dungeon-fitted.txt" --b "level:8,params:$OUT/dungeon-start.txt" \
    --nodes 20000 --sprt 0,10 --games 100 --seed 5 --concurrency 1
fi
