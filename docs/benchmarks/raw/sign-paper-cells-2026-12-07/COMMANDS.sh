# The sign backbone's default (GraphSHA with self-training, hops 2, 900 epochs) in the paper's long-tailed cells,
# 10 seeds (100..109), one intra-op thread each, the two commands side by side on the 2-core AMD EPYC VM (24 GiB,
# Java 17, CPU only), nothing else running. Run from the repository root after ./mvnw -B package -DskipTests.
./graphsha bench --threads 1 --setting lt --dataset cora     --backbone sign --runs 10 --seed 100 > cora-lt-sign.txt 2>&1 &
./graphsha bench --threads 1 --setting lt --dataset citeseer --backbone sign --runs 10 --seed 100 > citeseer-lt-sign.txt 2>&1 &
wait
