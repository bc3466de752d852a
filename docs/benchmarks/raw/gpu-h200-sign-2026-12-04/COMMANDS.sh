T=90 gs bench --dataset cora --setting lt --backbone sign --method graphsha --runs 2 --seed 100 --device gpu | tee /tmp/smoke
grep -q "device gpu" /tmp/smoke || { stamp smoke failed; exit 5; }
T=60 gs bench --dataset cora --setting lt --backbone gcn --method graphsha --runs 2 --seed 100 --device gpu
T=150 gs bench --dataset generated --setting time --backbone sign --hiddenSize 256 --epochs 20 --runs 1 --method graphsha --diffusionMode scalable --diffusionEpsilon 1e-4 --device gpu
