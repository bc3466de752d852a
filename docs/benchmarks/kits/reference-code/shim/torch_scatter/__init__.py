import torch

def scatter_add(src, index, dim=-1, out=None, dim_size=None):
    # only the 1-D and (E,) -> (N,) uses of the reference are needed
    if dim < 0:
        dim = src.dim() + dim
    size = list(src.shape)
    size[dim] = int(dim_size) if dim_size is not None else (int(index.max()) + 1 if index.numel() else 0)
    result = torch.zeros(size, dtype=src.dtype, device=src.device)
    return result.index_add_(dim, index, src)
