# GPU check of the current build: today's default (no --method) on Cora-LT for the three backbones, the same
# seed on GPU and CPU, and the arXiv-size generated graph (20 epochs) for GraphSHA and vanilla.
T=120 gs bench --dataset cora --setting lt --backbone gcn --runs 1 --epochs 50 --device gpu | tee /tmp/smoke
grep -q "device gpu" /tmp/smoke || { stamp smoke failed; exit 5; }
for bb in gcn gat sage; do T=200 gs bench --dataset cora --setting lt --backbone $bb --runs 2 --device gpu; done
T=100 gs bench --dataset cora --setting lt --backbone gcn --runs 1 --epochs 200 --device cpu --threads 1
T=100 gs bench --dataset cora --setting lt --backbone gcn --runs 1 --epochs 200 --device gpu
A="--dataset generated --setting time --backbone gcn --hiddenSize 256 --epochs 20 --runs 1"
T=200 gs bench $A --method graphsha --diffusionMode scalable --diffusionEpsilon 1e-4 --device gpu
T=100 gs bench $A --method vanilla --device gpu
