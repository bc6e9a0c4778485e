#!/usr/bin/env bash
# Reproduces the "Tuning" section of docs/strength.md: for each game, the
# self-play data sets, the fits from the hand-set weights, and the matches
# of the fitted weights against the weights they were measured against.
# Long: about an hour a game on a loaded two-core machine.
# Usage: [FAIRY=fairy-stockfish] scripts/tune.sh [all|dragon|dragonchess|dungeon]
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

# Every fit starts from the hand-set values, as the documented ones did;
# the data sets of the first round are played with them too.
hand() { $W tune --game "$1" --list --hand > "$OUT/$1-hand.txt"; }
match() { # game a-params b-params extra-flags...
  local g=$1 a=$2 b=$3
  shift 3
  $W match --game "$g" --a "level:8,params:$a" --b "level:8,params:$b" --nodes 20000 --sprt 0,10 \
    --seed 5 --concurrency 1 "$@" | grep -E '^(Score|Elo|SPRT)'
}

if [[ $what == all || $what == dragon ]]; then
  hand dragon
  $W tune --game dragon --generate --games 4000 --nodes 3000 --random-plies 6 --seed 1000 \
    --openings "$OPEN" --params "$OUT/dragon-hand.txt" --out "$OUT/dragon-a.txt"
  $W tune --game dragon --data "$OUT/dragon-a.txt" --start "$OUT/dragon-hand.txt" --out "$OUT/dragon-fit1.txt"
  $W tune --game dragon --generate --games 4000 --nodes 3000 --random-plies 6 --seed 5000 \
    --openings "$OPEN" --params "$OUT/dragon-fit1.txt" --out "$OUT/dragon-b.txt"
  $W tune --game dragon --data "$OUT/dragon-a.txt,$OUT/dragon-b.txt" --start "$OUT/dragon-hand.txt" \
    --out "$OUT/dragon-fit2.txt"
  # 120 more starts: the positions after 6 random moves from the openings.
  $W tune --game dragon --generate --games 120 --nodes 1 --random-plies 6 --seed 7000 --openings "$OPEN" \
    --out "$OUT/dragon-junk.txt" --starts "$OUT/dragon-starts-b.epd"
  for fit in fit1 fit2; do
    for starts in "$OPEN" "$OUT/dragon-starts-b.epd"; do
      echo "== dragon $fit against the hand-set weights, starts $starts"
      match dragon "$OUT/dragon-$fit.txt" "$OUT/dragon-hand.txt" --openings "$starts" --games 240
    done
  done
fi

# Engine labels ("Tuning: labels from an engine", "New evaluation terms",
# "Mobility by count" and "Corrections by square" in docs/strength.md,
# whose weights this one fit covers at once): with FAIRY set to a
# Fairy-Stockfish command, all of the first data set and two thirds of the
# second are labelled by it (about 40 minutes on two cores) and fitted from
# fit 2, with the light pull towards the start (--l2 1e-9) the kept fit had.
if [[ ($what == all || $what == dragon) && -n ${FAIRY:-} ]]; then
  awk 'NR <= 2 || (NR - 2) % 3 != 2' "$OUT/dragon-b.txt" > "$OUT/dragon-b-two-thirds.txt"
  for part in a b-two-thirds; do
    $W tune --game dragon --relabel "$FAIRY option.UCI_Variant=dragon" --label-depth 8 \
      --data "$OUT/dragon-$part.txt" --out "$OUT/dragon-$part-fsf.txt" --concurrency 2
  done
  $W tune --game dragon --data "$OUT/dragon-b-two-thirds-fsf.txt,$OUT/dragon-a-fsf.txt" \
    --start "$OUT/dragon-fit2.txt" --out "$OUT/dragon-fit-fsf.txt" --threads 2 --l2 1e-9
  echo "== dragon engine-labelled fit against fit2"
  match dragon "$OUT/dragon-fit-fsf.txt" "$OUT/dragon-fit2.txt" --openings "$OPEN" --games 600
fi

if [[ $what == all || $what == dragonchess ]]; then
  hand dragonchess
  $W tune --game dragonchess --generate --games 1500 --nodes 3000 --random-plies 8 --seed 2000 \
    --params "$OUT/dragonchess-hand.txt" --out "$OUT/dragonchess-a.txt" --starts "$OUT/dragonchess-starts.epd"
  $W tune --game dragonchess --data "$OUT/dragonchess-a.txt" --start "$OUT/dragonchess-hand.txt" \
    --out "$OUT/dragonchess-fit1.txt"
  echo "== dragonchess fit1 against the hand-set weights"
  match dragonchess "$OUT/dragonchess-fit1.txt" "$OUT/dragonchess-hand.txt" \
    --openings "$OUT/dragonchess-starts.epd" --games 200
  $W tune --game dragonchess --generate --games 1500 --nodes 3000 --random-plies 8 --seed 2500 \
    --params "$OUT/dragonchess-fit1.txt" --out "$OUT/dragonchess-b.txt"
  $W tune --game dragonchess --data "$OUT/dragonchess-a.txt,$OUT/dragonchess-b.txt" \
    --start "$OUT/dragonchess-fit1.txt" --out "$OUT/dragonchess-fit2.txt"
  echo "== dragonchess fit2 against fit1"
  match dragonchess "$OUT/dragonchess-fit2.txt" "$OUT/dragonchess-fit1.txt" \
    --openings "$OUT/dragonchess-starts.epd" --games 200
fi

if [[ $what == all || $what == dungeon ]]; then
  hand dungeon
  $W tune --game dungeon --generate --games 1200 --nodes 3000 --random-plies 4 --seed 3000 \
    --params "$OUT/dungeon-hand.txt" --out "$OUT/dungeon.txt"
  only=("" "mobility,king.,hex.,explosion.,approach,net.,mop.,tempo"
    "king.threat,king.check,hex.,explosion.,approach,net.,mop.,tempo"
    "king.threat,king.check,explosion.,approach,net.,mop.,tempo" "explosion.,mop.,king.threat,tempo")
  for i in 1 2 3 4 5; do
    flags=()
    [[ -n ${only[$((i - 1))]} ]] && flags=(--only "${only[$((i - 1))]}")
    $W tune --game dungeon --data "$OUT/dungeon.txt" --start "$OUT/dungeon-hand.txt" "${flags[@]}" \
      --out "$OUT/dungeon-fit$i.txt"
  done
  # Fits 2 to 4 fail the game's tests (docs/strength.md) and were not played.
  for i in 1 5; do
    echo "== dungeon fit$i against the hand-set weights"
    match dungeon "$OUT/dungeon-fit$i.txt" "$OUT/dungeon-hand.txt" --random-armies --games 200
  done
fi
