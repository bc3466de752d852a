#!/usr/bin/env bash
# The fraud cells, the multi-class user graph and Cora-LT with label-spreading blends: 5 seeds, 900 epochs, the default method.
# Usage: COMMANDS.sh ROOT OUT (two processes side by side on a 2-core VM)
ROOT=$1; OUT=$2; mkdir -p "$OUT"; cd "$ROOT"
S=0.5:0.25,0.5:0.5,0.8:0.25,0.8:0.5,0.9:0.25,0.9:0.5
U="--dataset usergraph --setting holdout --user-shape fraud --user-nodes 3000 --runs 5 --seed 100 --threads 1"
cell() { ./graphsha bench $U --user-homophily $1 --user-positive-rate $2 --label-spreading $S 2>&1 | tr '\r' '\n' | grep -v '^run [0-9]/' > "$OUT/fraud-h$1-r$2.txt"; }
(cell 0.3 0.01; cell 0.7 0.01; ./graphsha bench --dataset usergraph --setting holdout --runs 5 --seed 100 --threads 1 --label-spreading $S 2>&1 | tr '\r' '\n' | grep -v '^run [0-9]/' > "$OUT/multi.txt") &
(cell 0.3 0.03; cell 0.7 0.03; ./graphsha bench --dataset cora --setting lt --runs 5 --seed 100 --threads 1 --label-spreading $S 2>&1 | tr '\r' '\n' | grep -v '^run [0-9]/' > "$OUT/cora-lt.txt") &
wait
