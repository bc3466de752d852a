#!/usr/bin/env bash
# The default method in the six long-tailed paper cells, with the multi-class decision rules fitted to the same
# runs (docs/benchmarks/operating-point.md). 2-core AMD EPYC VM, one intra-op thread, two or three single-thread
# benches side by side; the logits hashes equal those of raw/paper-lt-default-f1-2026-12-04/.
# Usage: COMMANDS.sh PROJECT_DIR
set -euo pipefail
cd "$1"
for ds in cora citeseer; do for bb in gcn gat sage; do
  ./graphsha bench --threads 1 --setting lt --dataset $ds --backbone $bb --runs 10 --seed 100 \
    --decision-rules balanced,prior,macroF1 > $ds-$bb.txt
done; done
