"""Which indices torch.topk(largest=False) returns among equal values, on the CPU and (when present) the GPU,
compared with taking the lowest indices first."""
import torch

torch.manual_seed(0)
devices = ['cpu'] + (['cuda'] if torch.cuda.is_available() else [])
for n, k in [(40, 7), (571, 200), (2000, 700)]:
    values = torch.randint(0, 3, (n,))
    lowest_ids_first = torch.sort(values, stable=True).indices[:k]
    for device in devices:
        _, picked = torch.topk(values.to(device), k, largest=False)
        picked = picked.cpu()
        print('n=%d k=%d %s (torch %s): same nodes as lowest-id-first: %s, same order: %s' % (
            n, k, device, torch.__version__, set(picked.tolist()) == set(lowest_ids_first.tolist()),
            torch.equal(picked, lowest_ids_first)))
