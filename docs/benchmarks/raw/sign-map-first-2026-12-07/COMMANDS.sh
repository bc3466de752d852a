# The sign backbone's default (GraphSHA with self-training, hops 2, 900 epochs) after its epochs map X first on
# sparse, wide features (docs/algorithm.md 10.10): Cora-LT, CiteSeer-LT and CS-ST, 10 seeds (100..109), one
# intra-op thread per process, two processes side by side on the 2-core AMD EPYC VM (24 GiB, Java 17, CPU only),
# with an occasional build beside them during the first CS-ST runs (their first run of each process is the slow one).
# Run from the repository root; DATASETS_DIR holds cora/, citeseer/ and cs/.
D=${DATASETS_DIR:?set DATASETS_DIR}
( ./graphsha bench --threads 1 --datasets "$D" --setting step --dataset cs --backbone sign --runs 5 --seed 100 > cs-st-sign-100-104.txt 2>&1
  ./graphsha bench --threads 1 --datasets "$D" --setting lt --dataset cora --backbone sign --runs 10 --seed 100 > cora-lt-sign.txt 2>&1 ) &
( ./graphsha bench --threads 1 --datasets "$D" --setting step --dataset cs --backbone sign --runs 5 --seed 105 > cs-st-sign-105-109.txt 2>&1
  ./graphsha bench --threads 1 --datasets "$D" --setting lt --dataset citeseer --backbone sign --runs 10 --seed 100 > citeseer-lt-sign.txt 2>&1 ) &
wait
# Then the default on SAGE on CS-ST, the same seeds on the same VM, for the comparison:
./graphsha bench --threads 1 --datasets "$D" --setting step --dataset cs --backbone sage --runs 5 --seed 100 > cs-st-sage-100.txt 2>&1 &
./graphsha bench --threads 1 --datasets "$D" --setting step --dataset cs --backbone sage --runs 5 --seed 105 > cs-st-sage-105.txt 2>&1 &
wait
