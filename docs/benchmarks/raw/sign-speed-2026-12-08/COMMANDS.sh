#!/usr/bin/env bash
# Run from a checkout of each side (ROOT); OUT is the file to write.
bash docs/benchmarks/raw/logits-hashes-2026-12-04/COMMANDS.sh ROOT OUT     # full-batch check set
bash docs/benchmarks/raw/sign-speed-2026-12-08/sign.sh ROOT OUT            # sign, short runs
bash docs/benchmarks/raw/sign-speed-2026-12-08/sign900.sh ROOT OUT         # sign, 900 epochs, Cora-LT and CiteSeer-LT
/usr/bin/time -v ./graphsha bench --threads 1 --datasets DIR --setting step --dataset cs --backbone sign --runs 1 --seed 100 --epochs 60
/usr/bin/time -v ./graphsha bench --threads 1 --datasets DIR --setting step --dataset cs --backbone sign --runs 1 --seed 100   # 900 epochs
bash docs/benchmarks/raw/sign-speed-2026-12-08/methods.sh ROOT OUT            # the other methods on sign
