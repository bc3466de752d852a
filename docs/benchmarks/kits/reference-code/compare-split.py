"""Compares the training ids in run-reference.py's JSON lines with the ids our tests pin
(src/test/resources/org/graphsha/data/reference-train-<dataset>-<lt|st>.txt)."""
import json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
# in a kit of make-kit.sh the pinned ids sit beside this file; in the repository, under the test resources
RESOURCES = next(p for p in (os.path.join(HERE, 'resources'),
                             os.path.join(HERE, '..', '..', '..', '..', 'src', 'test', 'resources', 'org', 'graphsha', 'data'))
                 if os.path.isdir(p))
for path in sys.argv[1:]:
    for line in open(path):
        if not line.startswith('{'):
            continue
        run = json.loads(line)
        args = run['args']
        name = args[args.index('--dataset') + 1].split('-')[-1].lower()
        setting = 'lt' if name in ('cora', 'citeseer', 'pubmed') else 'st'
        pinned_file = os.path.join(RESOURCES, 'reference-train-%s-%s.txt' % (name, setting))
        pinned = {int(t) for l in open(pinned_file) if not l.startswith('#') for t in l.split()}
        ours = set(run['train_ids'])
        print('%s-%s on %s (torch %s, topk %s): %d training nodes, %d only in the run, %d only pinned'
              % (name, setting, run['device'], run['torch'], run['topk'], len(ours), len(ours - pinned),
                 len(pinned - ours)))
