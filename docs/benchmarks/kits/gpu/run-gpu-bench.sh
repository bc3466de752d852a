#!/usr/bin/env bash
# Runs on the GPU machine from the kit that make-kit.sh assembled (docs/benchmarks/gpu.md): compiles DJL
# 0.33.0's PyTorch JNI against the machine's own CUDA PyTorch (Python wheel; DJL's cu124 natives are 4 GB
# and cannot travel), points DJL at that PyTorch, then runs the GPU and CPU benchmarks. Logs to $OUT/gpu.log.
# Usage: run-gpu-bench.sh [COMMANDS]: COMMANDS is a bash file sourced instead of the default benchmark list;
# it may call gs (graphsha's CLI, as below) and use $KIT, $ROOT, $CP and $OUT. The device tool brings back at
# most 8 files from $OUT, gpu.log included: runs in parallel should share files or be gathered into one.
set -u
KIT="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$KIT/../.." && pwd)"
OUT="${OUT:-/tmp}"
LOG="$OUT/gpu.log"
exec > >(tee -a "$LOG") 2>&1
stamp() { echo "=== $(date +%T) $*"; }
stamp start; nproc; nvidia-smi -L; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv
PY=python3
TORCH=$($PY -c 'import torch,os;print(os.path.dirname(torch.__file__))')
TV=$($PY -c 'import torch;print(torch.__version__.split("+")[0])')
ABI=$($PY -c 'import torch;print(int(torch._C._GLIBCXX_USE_CXX11_ABI))')
CUV=$($PY -c 'import torch;print(torch.version.cuda)')
echo "torch $TV cuda $CUV abi $ABI at $TORCH"; g++ --version | head -1
SITE=$(dirname "$TORCH")
INC="-I$TORCH/include -I$TORCH/include/torch/csrc/api/include -I$KIT/jni -I$KIT/djlnative/include -I$KIT/djlnative/utils -I$KIT/djlnative"
for d in /usr/local/cuda/include "$SITE"/nvidia/*/include "$SITE"/nvidia/cu*/include; do [ -d "$d" ] && INC="$INC -I$d"; done
stamp unpack jre; mkdir -p /tmp/k && tar -C /tmp/k -xJf "$KIT/jre.tar.xz" && /tmp/k/jre/bin/java -version
stamp compile jni
B=/tmp/jnibuild; mkdir -p $B
compile() { # file std
  local f=$1 o=$B/$(basename "$1" .cc).o
  g++ -std=$2 -O2 -fPIC -w -D_GLIBCXX_USE_CXX11_ABI=$ABI -DUSE_CUDA $INC -c "$f" -o "$o" 2> "$o.err" && echo "ok $f $2" || echo "FAIL $f $2"
}
export -f compile; export B INC ABI
ls "$KIT"/djlnative/*.cc | xargs -P 16 -I{} bash -c 'compile {} c++17'
for f in "$KIT"/djlnative/*.cc; do o=$B/$(basename "$f" .cc).o
  [ -f "$o" ] || { echo "--- errors $f"; head -c 3000 "$o.err"; }
done
g++ -shared -o $B/libdjl_torch.so $B/*.o -L"$TORCH/lib" -ltorch -ltorch_cpu -ltorch_cuda -lc10 -lc10_cuda -Wl,-rpath,"$TORCH/lib" || { stamp link failed; exit 3; }
J=/tmp/djlcache/pytorch/$TV-cu${CUV//./}-linux-x86_64; mkdir -p $J && cp $B/libdjl_torch.so $J/0.33.0-libdjl_torch.so
cp $B/libdjl_torch.so "$TORCH/lib/libdjl_torch.so" || echo "torch/lib not writable; using $J"
stamp jni built
CUDART=$(ls "$SITE"/nvidia/cuda_runtime/lib/libcudart.so* /usr/local/cuda/lib64/libcudart.so* 2>/dev/null | head -1)
mkdir -p /tmp/cudart && ln -sf "$CUDART" /tmp/cudart/libcudart.so; echo "cudart $CUDART"
export PYTORCH_LIBRARY_PATH="$TORCH/lib" PYTORCH_VERSION="$TV" PYTORCH_FLAVOR="cu${CUV//./}" DJL_CACHE_DIR=/tmp/djlcache
export LD_LIBRARY_PATH="/tmp/cudart:${LD_LIBRARY_PATH:-}"
CP="$KIT/classes:$(ls "$KIT"/lib/*.jar | paste -sd:)"
gs() { stamp "graphsha $*"; timeout "${T:-300}" /tmp/k/jre/bin/java -Xmx24g -Djna.library.path=/tmp/cudart -Dgraphsha.root="$ROOT" -cp "$CP" org.graphsha.tools.cli.Main "$@" 2>&1 | grep -v ETA; }
cd "$ROOT"
if [[ -n "${1:-}" ]]; then source "$1"; stamp done; exit 0; fi
T=120 gs bench --dataset cora --setting lt --backbone gcn --method graphsha --runs 1 --epochs 50 --device gpu | tee /tmp/smoke
grep -q "device gpu" /tmp/smoke || { stamp smoke failed; exit 5; }
for bb in gcn gat sage; do gs bench --dataset cora --setting lt --backbone $bb --method graphsha --runs 3 --device gpu; done
gs bench --dataset cora --setting lt --backbone gcn --method vanilla --runs 3 --device gpu
A="--dataset generated --setting time --backbone gcn --hiddenSize 256 --epochs 20 --runs 1"
gs bench $A --method graphsha --diffusionMode scalable --diffusionEpsilon 1e-4 --device gpu
gs bench $A --method vanilla --device gpu
gs bench --dataset cora --setting lt --backbone gcn --method graphsha --runs 1 --device cpu
gs bench --dataset cora --setting lt --backbone gat --method graphsha --runs 1 --device cpu
B3="--dataset generated --setting time --backbone gcn --hiddenSize 256 --epochs 3 --runs 1"
T=200 gs bench $B3 --method graphsha --diffusionMode scalable --diffusionEpsilon 1e-4 --device cpu
T=100 gs bench $B3 --method vanilla --device cpu
stamp done
