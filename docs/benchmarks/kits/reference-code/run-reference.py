"""Runs the reference GraphSHA code (wenzhilics/GraphSHA at 53e015b, main.py unchanged) on our offline
dataset files and prints one JSON line: test Acc / bAcc / F1 of the selected epoch and the training ids.

    python3 run-reference.py --dataset CiteSeer --net GCN --seed 100 [any other main.py flag]

Environment: GRAPHSHA_REFERENCE, the reference checkout (default: ./ref beside this file);
GRAPHSHA_DATASETS, the datasets folder (default: ./data beside this file, else ../shared/datasets);
REF_TOPK, the LT split's torch.topk: native (default), cuda (run it on the GPU), stable (ties by id).

Only version adapters are added around the reference: its own code decides every number.
"""
import gzip, json, os, runpy, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
REFERENCE = os.environ.get('GRAPHSHA_REFERENCE', os.path.join(HERE, 'ref'))
DATASETS = os.environ.get('GRAPHSHA_DATASETS') or next(
    (p for p in (os.path.join(HERE, 'data'), os.path.join(HERE, '..', '..', '..', 'shared', 'datasets'))
     if os.path.isdir(p)), None)
sys.path[:0] = [os.path.join(HERE, 'shim'), REFERENCE]

import torch
import tqdm

# --- adapters for the PyTorch / PyG versions at hand (the reference was tested with 1.11.0 / 2.0.4) ---

class QuietTqdm(tqdm.tqdm):
    def __init__(self, *args, **kwargs):
        kwargs['disable'] = True
        super().__init__(*args, **kwargs)

class PlateauWithoutVerbose(torch.optim.lr_scheduler.ReduceLROnPlateau):
    # newer PyTorch dropped the `verbose` argument main.py passes
    def __init__(self, *args, verbose=None, **kwargs):
        super().__init__(*args, **kwargs)

_getitem = torch.Tensor.__getitem__

def _on(index, device):
    if torch.is_tensor(index):
        return index.to(device)
    return tuple(_on(i, device) for i in index) if isinstance(index, tuple) else index

def getitem_moving_indices(self, index):
    # PyTorch 1.11 indexed a CPU tensor with CUDA indices by moving them; 2.x raises instead
    try:
        return _getitem(self, index)
    except RuntimeError as e:
        if 'device' not in str(e):
            raise
        return _getitem(self, _on(index, self.device))

class TorchProxy:
    """The torch module as one reference file sees it, with single functions replaced."""
    def __init__(self, **replaced):
        self.__dict__.update(replaced)
    def __getattr__(self, name):
        return getattr(torch, name)

def tensor_of_scalars(data, *args, **kwargs):
    # gens.py builds a tensor from a list of 0-d tensors, which PyTorch 2.11 refuses
    if isinstance(data, list) and data and torch.is_tensor(data[0]):
        data = [int(t) for t in data]
    return torch.tensor(data, *args, **kwargs)

def split_topk(t, k, largest=True):
    mode = os.environ.get('REF_TOPK', 'native')
    if mode == 'cuda':
        values, indices = torch.topk(t.cuda(), k, largest=largest)
        return values.cpu(), indices.cpu()
    if mode == 'stable':
        values, indices = torch.sort(t, descending=largest, stable=True)
        return values[:k], indices[:k]
    return torch.topk(t, k, largest=largest)

# --- our dataset files as the PyG dataset objects main.py asks for ---

FOLDERS = {'Amazon-Photo': 'photo', 'Amazon-Computers': 'computers', 'Coauthor-CS': 'cs'}
FEATURES = {'cora': 1433, 'citeseer': 3703, 'pubmed': 500, 'photo': 745, 'computers': 767, 'cs': 6805}

def read_csv(path):
    with gzip.open(path, 'rt') as f:
        next(f)
        return [line.rstrip('\n').split(',') for line in f]

class OfflineDataset:
    """Planetoid (split 'full'), Amazon or Coauthor as PyG builds them, with NormalizeFeatures applied."""
    def __init__(self, name):
        from torch_geometric.data import Data
        folder = FOLDERS.get(name, name.lower())
        base = os.path.join(DATASETS, folder)
        nodes = read_csv(os.path.join(base, 'nodes.csv.gz'))
        n = len(nodes)
        entries = read_csv(os.path.join(base, 'features.csv.gz'))
        x = torch.zeros(n, FEATURES[folder])
        x[torch.tensor([int(r[0]) for r in entries]), torch.tensor([int(r[1]) for r in entries])] = \
            torch.tensor([float(r[2]) for r in entries])
        if folder == 'cs':
            x = (x > 0).float()  # PyG's npz reader binarizes the keyword counts
        x = x / x.sum(1, keepdim=True).clamp(min=1)
        pairs = torch.tensor([[int(a), int(b)] for a, b in read_csv(os.path.join(base, 'edges.csv.gz'))]).t()
        edges = torch.cat([pairs, pairs.flip(0)], 1)
        edges = edges[:, torch.argsort(edges[0] * n + edges[1])]  # coalesced, as PyG stores edge_index
        role = [r[2] for r in nodes]
        val = torch.tensor([s == 'val' for s in role])
        test = torch.tensor([s == 'test' for s in role])
        self.data = Data(x=x, edge_index=edges, y=torch.tensor([int(r[1]) for r in nodes]),
                         train_mask=~(val | test), val_mask=val, test_mask=test)
        self.num_features = x.shape[1]

    def __getitem__(self, i):
        return self.data

def main():
    tqdm.tqdm = QuietTqdm
    torch.optim.lr_scheduler.ReduceLROnPlateau = PlateauWithoutVerbose
    torch.Tensor.__getitem__ = getitem_moving_indices
    import data_utils, gens
    data_utils.torch = TorchProxy(topk=split_topk)
    data_utils.get_dataset = lambda name, path, split_type='public': OfflineDataset(name)
    gens.torch = TorchProxy(tensor=tensor_of_scalars)

    args = sys.argv[1:]
    sys.argv = [os.path.join(REFERENCE, 'main.py')] + args
    start = time.time()
    run = runpy.run_path(sys.argv[0], run_name='__main__')
    print(json.dumps({
        'args': args, 'acc': run['test_acc'] * 100, 'bacc': run['test_bacc'] * 100, 'f1': run['test_f1'] * 100,
        'seconds': round(time.time() - start, 1), 'device': str(run['device']), 'torch': torch.__version__,
        'topk': os.environ.get('REF_TOPK', 'native'),
        'train_ids': run['data_train_mask'].nonzero().squeeze().cpu().tolist()}))

if __name__ == '__main__':
    main()
