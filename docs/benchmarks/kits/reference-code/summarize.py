"""Mean ± sample std of run-reference.py's JSON lines, per dataset, backbone, device and topk mode."""
import collections, json, statistics, sys

cells = collections.defaultdict(list)
for path in sys.argv[1:]:
    for line in open(path):
        if line.startswith('{'):
            run = json.loads(line)
            args = run['args']
            net = args[args.index('--net') + 1] if '--net' in args else 'GCN'
            cells[(args[args.index('--dataset') + 1], net, run['device'], run['topk'])].append(run)
for key, runs in sorted(cells.items()):
    def figure(metric):
        values = [r[metric] for r in runs]
        return '%.2f ± %.2f' % (statistics.mean(values), statistics.stdev(values) if len(values) > 1 else 0)
    print(*key, '| runs', len(runs), '| Acc', figure('acc'), '| bAcc', figure('bacc'), '| F1', figure('f1'),
          '| s/run %.0f' % statistics.mean(r['seconds'] for r in runs))
