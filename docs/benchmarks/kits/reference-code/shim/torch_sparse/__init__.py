class SparseTensor:  # the reference only takes SparseTensor branches when given one; it never is
    pass

def _unused(*args, **kwargs):
    raise NotImplementedError("torch_sparse shim")

matmul = fill_diag = sum = mul = set_diag = _unused
