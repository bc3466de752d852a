#!/usr/bin/env bash
# The step-imbalanced cells on the sign backbone, 10 seeds each (docs/benchmarks/scale.md). The two ran side by side,
# one intra-op thread each; DIR holds the dataset files (see paper-tables.md).
# Usage: COMMANDS.sh PROJECT_DIR DIR
set -euo pipefail
cd "$1"
./graphsha bench --threads 1 --datasets "$2" --setting step --dataset photo     --backbone sign --runs 10 --seed 100
./graphsha bench --threads 1 --datasets "$2" --setting step --dataset computers --backbone sign --runs 10 --seed 100
# SAGE (the default's backbone) on Photo-ST, the same seeds, run after the two above:
./graphsha bench --threads 1 --datasets "$2" --setting step --dataset photo     --backbone sage --runs 10 --seed 100
# SAGE on Computers-ST, the same seeds, run later the same day on the same VM beside other single-thread benches:
./graphsha bench --threads 1 --datasets "$2" --setting step --dataset computers --backbone sage --runs 10 --seed 100
# CS-ST, timed only (2.6 s per epoch; 900 epochs x 10 seeds did not fit):
./graphsha bench --threads 1 --datasets "$2" --setting step --dataset cs        --backbone sign --runs 1  --seed 100 --epochs 20
