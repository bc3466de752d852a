#!/usr/bin/env bash
# The default method in the paper cells, with the multi-class decision rules fitted to the same
# runs (docs/benchmarks/operating-point.md). 2-core AMD EPYC VM, one intra-op thread, two or three single-thread
# benches side by side; the long-tailed cells' logits hashes equal those of raw/paper-lt-default-f1-2026-12-04/.
# Usage: COMMANDS.sh PROJECT_DIR DATASETS_DIR (the step cells read the dataset files from DATASETS_DIR)
set -euo pipefail
cd "$1"
for ds in cora citeseer; do for bb in gcn gat sage; do
  ./graphsha bench --threads 1 --setting lt --dataset $ds --backbone $bb --runs 10 --seed 100 \
    --decision-rules balanced,prior,macroF1 > $ds-$bb.txt
done; done
# Two step cells on the default's backbone, from DATASETS_DIR; their logits hashes equal those of
# raw/sign-step-cells-2026-12-07/ (photo-st-sage.txt, computers-st-sage.txt):
for ds in photo computers; do
  ./graphsha bench --threads 1 --datasets "$2" --setting step --dataset $ds --backbone sage --runs 10 --seed 100 \
    --decision-rules balanced,prior,macroF1 > $ds-st-sage.txt
done
