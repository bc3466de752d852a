#!/usr/bin/env bash
# The default method on the binary fraud shape with every rule and the test oracle (docs/benchmarks/operating-point.md,
# "How far a rule can go"). 2-core AMD EPYC VM, one intra-op thread, the same runs as raw/operating-point-2026-12-04/
# (the logits hashes match). Usage: COMMANDS.sh PROJECT_DIR
set -euo pipefail
cd "$1"
R=balanced,prior,macroF1,targetPrecision:0.5,targetRecall:0.8
U="--dataset usergraph --setting holdout --user-shape fraud --user-nodes 3000 --runs 5 --seed 100 --epochs 300 --threads 1"
for h in 0.3 0.7; do for rate in 0.01 0.03; do
  ./graphsha bench $U --user-positive-rate $rate --user-homophily $h --decision-rules $R > oracle-h$h-rate$rate.txt
done; done
# The same with three-member ensembles (each member its own seed and holdout, the rules fitted on the out-of-bag
# validation nodes): 15 runs = 5 ensembles, seeds 100..114.
U="--dataset usergraph --setting holdout --user-shape fraud --user-nodes 3000 --runs 15 --average-seeds 3 --seed 100 --epochs 300 --threads 1"
for h in 0.7 0.3; do for rate in 0.01 0.03; do
  ./graphsha bench $U --user-positive-rate $rate --user-homophily $h --decision-rules $R > ens3-h$h-rate$rate.txt
done; done
./graphsha bench --dataset usergraph --setting holdout --runs 15 --average-seeds 3 --seed 100 --epochs 300 --threads 1 \
  --decision-rules balanced,prior,macroF1 > ens3-multiclass.txt
