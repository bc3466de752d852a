# The sign backbone's default (GraphSHA with self-training, hops 2, 900 epochs) in the paper's long-tailed cells,
# 10 seeds (100..109), one intra-op thread per process, two processes side by side on the 2-core AMD EPYC VM
# (24 GiB, Java 17, CPU only), nothing else running but the occasional build. Run from the repository root after
# ./mvnw -B package -DskipTests. The same seed gives the same run whichever process runs it (CPU runs are
# bit-reproducible; each run line carries its logits hash).
./graphsha bench --threads 1 --setting lt --dataset cora     --backbone sign --runs 10 --seed 100 > cora-lt-sign.txt 2>&1 &
./graphsha bench --threads 1 --setting lt --dataset citeseer --backbone sign --runs 10 --seed 100 > citeseer-lt-sign.txt 2>&1 &
wait %1
# When Cora had finished, seeds 107-109 of CiteSeer went to the freed core; the first CiteSeer process was
# stopped after its seed 106 (its file ends in the partial run of seed 107).
./graphsha bench --threads 1 --setting lt --dataset citeseer --backbone sign --runs 3 --seed 107 > citeseer-lt-sign-107.txt 2>&1
