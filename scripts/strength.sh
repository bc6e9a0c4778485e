#!/usr/bin/env bash
# Reproduces the engine-strength figures of docs/strength.md. Long: hours on
# two cores. Usage: scripts/strength.sh [all|basic|ladder|fsf|multi|own|tactics|dragonchess]
# FSF=/path/to/fairy-stockfish enables the Fairy-Stockfish match.
set -euo pipefail
cd "$(dirname "$0")/.."
go build -o /tmp/wyrm-strength ./cmd/wyrm
W=/tmp/wyrm-strength
OPEN=match/testdata/dragon-chess-openings.epd  # a copy of the reference openings
what=${1:-all}

if [[ $what == all || $what == basic ]]; then
  for g in dragon dragonchess dungeon; do
    extra=()
    [[ $g == dragon ]] && extra=(--openings "$OPEN")
    [[ $g == dungeon ]] && extra=(--opt armies=sample)
    for b in random greedy; do
      echo "== $g level:8 vs $b"
      $W match --game $g --a level:8 --b $b --games 100 --movetime 50 --seed 11 "${extra[@]}" | grep -E '^(Score|Elo|score)'
    done
  done
  echo "== dungeon level:8 vs random, the next 50 starts"
  $W match --game dungeon --a level:8 --b random --games 100 --movetime 50 --seed 61 --opt armies=sample |
    grep -E '^(Score|Elo|score)'
fi

if [[ $what == all || $what == ladder ]]; then
  for n in 1 2 3 4 5 6 7; do
    echo "== dragon level:$((n + 1)) vs level:$n"
    $W match --game dragon --a level:$((n + 1)) --b level:$n --games 100 --movetime 300 --concurrency 2 \
      --seed 21 --openings "$OPEN" | grep -E '^(Score|Elo|score)'
  done
fi

if [[ ( $what == all || $what == fsf ) && -n ${FSF:-} ]]; then
  echo "== dragon level:8 vs Fairy-Stockfish"
  $W match --game dragon --a level:8 --b "uci:$FSF option.UCI_Variant=dragon" --games 200 --movetime 100 \
    --seed 7 --openings "$OPEN" | grep -E '^(Score|Elo|score)'
fi

if [[ $what == all || $what == multi ]]; then
  for p in 4 3; do
    for pair in "brs:8 paranoid:8" "paranoid:8 brs:8"; do
      set -- $pair
      echo "== dungeon $p players: $1 alone vs $2"
      $W match --game dungeon --opt players=$p --opt armies=sample --a "$1" --b "$2" --games 20 \
        --movetime 50 --seed 31 --max-plies 400 --adjudicate 100 | grep -E '^(Score|Elo|score)'
    done
  done
  echo "== dungeon 4 players: level:8 vs three greedy"
  $W match --game dungeon --opt players=4 --opt armies=sample --a level:8 --b greedy --games 20 \
    --movetime 50 --seed 31 | grep -E '^(Score|Elo|score)'
fi

if [[ $what == all || $what == own ]]; then
  # Dungeon Chess with the computer's own armies against random ones, by nodes.
  for s in 11 61 111; do
    echo "== dungeon level:8 (own armies) vs random, seed $s"
    $W match --game dungeon --a level:8 --b random --games 100 --nodes 30000 --seed $s | grep -E '^(Score|Elo|score)'
  done
  echo "== dungeon level:8 (own armies) vs greedy"
  $W match --game dungeon --a level:8 --b greedy --games 100 --nodes 30000 --seed 11 | grep -E '^(Score|Elo|score)'
  echo "== dungeon 4 players: level:8 (own army) vs three greedy"
  $W match --game dungeon --opt players=4 --a level:8 --b greedy --games 20 --nodes 30000 --seed 31 |
    grep -E '^(Score|Elo|score)'
fi

if [[ $what == all || $what == tactics ]]; then
  echo "== dragon tactics suite"
  $W tactics --file match/testdata/dragon-tactics.epd --movetime 5000 | tail -1
fi

if [[ $what == all || $what == dragonchess ]]; then
  echo "== dragonchess level:8 vs material:3"
  $W match --game dragonchess --a level:8 --b material:3 --games 100 --nodes 50000 --seed 5 | grep -E '^(Score|Elo|score)'
  for n in 1 2 3 4 5 6 7; do
    echo "== dragonchess level:$((n + 1)) vs level:$n"
    $W match --game dragonchess --a level:$((n + 1)) --b level:$n --games 20 --nodes 200000 --seed 21 --concurrency 2 |
      grep -E '^(Score|Elo|score)'
  done
fi
