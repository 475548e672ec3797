#!/usr/bin/env python3
"""What SQLite itself spends per task on the plain path, at two revisions, with each revision's own schema and
statements and nothing of Tide's Java around them.

    scripts/sqlite-schema-cost.py [--old a578aa1] [--new HEAD] [--tasks 30000] [--runs 5]

For each revision it builds a fresh database from that revision's SQLite migrations, inserts --tasks plain tasks in
batches of 1,000 (the columns of the statement the revision uses for a plain row, as one INSERT ... SELECT so that
Python binds nothing), then drains them: claims of 500 (task_claim, with the filters a plain claim composes in) and
acknowledgements of 500 (task_finish_many), each in its own transaction, synchronous=OFF so that only the statements
are timed. A third run puts the old revision's statements on the new revision's schema, which tells what the schema
costs from what the statements cost. The three run in turns, --runs times each; the figures are medians of CPU time
(time.process_time) in microseconds per task. It needs git and Python's own sqlite3 module (a Debian package), and
writes only under /tmp.
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import tempfile
import time
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SQLITE_DIR = 'tide-core/src/main/resources/dev/tide/core/store/sqlite'
COMMON_DIR = 'tide-core/src/main/resources/dev/tide/core/store/sql'
LATE_LANE = b'\xff' * 25
NOW = 1_700_000_000_000


def show(rev, path):
    result = subprocess.run(['git', '-C', ROOT, 'show', f'{rev}:{path}'], capture_output=True, text=True)
    return result.stdout if result.returncode == 0 else None


def listing(rev, path):
    out = subprocess.run(['git', '-C', ROOT, 'ls-tree', '--name-only', f'{rev}:{path}'],
                         capture_output=True, text=True, check=True).stdout
    return out.split()


def statements(text):
    named, name = {}, None
    for line in text.splitlines():
        match = re.match(r'--\s*name:\s*(\S+)', line)
        if match:
            name = match.group(1)
            named[name] = ''
        elif name is not None and not line.startswith('--'):
            named[name] += line + '\n'
    return {k: v.strip().rstrip(';') for k, v in named.items()}


class Revision:
    """A revision's schema and the three statements of its plain path."""

    def __init__(self, rev, schema_rev=None):
        self.rev = rev if schema_rev is None else f'{rev}@{schema_rev}'
        schema_rev = schema_rev or rev
        index = show(schema_rev, f'{SQLITE_DIR}/migrations/index')
        self.migrations = [show(schema_rev, f'{SQLITE_DIR}/migrations/{name}') for name in index.split()]
        sql = {}
        if show(rev, f'{COMMON_DIR}/tasks.sql') is not None:
            for name in listing(rev, COMMON_DIR):
                sql.update(statements(show(rev, f'{COMMON_DIR}/{name}')))
        sql.update(statements(show(rev, f'{SQLITE_DIR}/queries.sql')))
        self.plain_insert = 'sqlite_task_insert_plain' in sql
        self.insert = sql['sqlite_task_insert_plain' if self.plain_insert else 'sqlite_task_insert_with_id']
        filters = sql.get('claim_unexpired', '') if '/*filters*/' in sql['task_claim'] else ''
        self.claim = sql['task_claim'].replace('/*filters*/', filters)
        self.finish = sql['task_finish_many']

    def open(self, folder):
        import sqlite3
        path = os.path.join(folder, f'{self.rev}.db')
        db = sqlite3.connect(path, isolation_level=None)
        # unhex() is in SQLite 3.41 and later; Python's may be older, and only fair queues' triggers call it
        db.create_function('unhex', 1, lambda s: None if s is None else bytes.fromhex(s), deterministic=True)
        db.execute('PRAGMA journal_mode=WAL')
        db.execute('PRAGMA synchronous=OFF')
        for script in self.migrations:
            db.executescript(script)
        return db

    def insert_select(self, first, count):
        """The revision's plain insert as one INSERT ... SELECT of `count` rows, so that Python binds nothing."""
        columns = [c.strip() for c in re.search(r'INSERT INTO tide_tasks \(([^)]*)\)', self.insert).group(1).split(',')]
        values = dict(id=f'{first} + i', queue="'bench'", type="'noop'", job_id='NULL', owner="''",
                      payload="'{\"n\":1}'", payload_bytes='7', priority='0', dispatch_key="X''", run_at=str(NOW),
                      deadline='NULL', state="'ready'", max_attempts='3', lease_ms='30000', idempotency_key='NULL',
                      created_at=str(NOW))
        return (f'WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < {count}) '
                f'INSERT INTO tide_tasks ({", ".join(columns)}) SELECT {", ".join(values[c] for c in columns)} FROM n')

    def run(self, folder, tasks):
        db = self.open(folder)
        spent = {'insert': 0.0, 'claim': 0.0, 'acknowledge': 0.0}
        for first in range(1, tasks + 1, 1000):
            statement = self.insert_select(first, 1000)
            db.execute('BEGIN')
            started = time.process_time()
            db.execute(statement)
            spent['insert'] += time.process_time() - started
            db.execute('COMMIT')
        while True:
            token = uuid.uuid4().hex
            params = dict(owner='w', account='', token=token, now=NOW, lease_ms=30000, queue='bench',
                          late_lane=LATE_LANE, late_share=1, limit=500)
            db.execute('BEGIN')
            started = time.process_time()
            ids = [r[0] for r in db.execute(self.claim, {k: v for k, v in params.items()
                                                          if ':' + k in self.claim}).fetchall()]
            spent['claim'] += time.process_time() - started
            db.execute('COMMIT')
            if not ids:
                break
            db.execute('BEGIN')
            started = time.process_time()
            db.execute(self.finish, dict(outcome='succeeded', now=NOW, ids=json.dumps(ids), token=token)).fetchall()
            spent['acknowledge'] += time.process_time() - started
            db.execute('COMMIT')
        db.close()
        return {k: v / tasks * 1e6 for k, v in spent.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--old', default='a578aa1')
    parser.add_argument('--new', default='HEAD')
    parser.add_argument('--tasks', type=int, default=30000)
    parser.add_argument('--runs', type=int, default=5)
    args = parser.parse_args()
    revisions = [Revision(args.old), Revision(args.old, args.new), Revision(args.new)]
    figures = {r.rev: [] for r in revisions}
    with tempfile.TemporaryDirectory(prefix='tide-schema-cost-') as folder:
        for _ in range(args.runs):
            for revision in revisions:
                figures[revision.rev].append(revision.run(folder, args.tasks))
                os.remove(os.path.join(folder, f'{revision.rev}.db'))
    print(f'SQLite\'s own CPU time per task, microseconds (median of {args.runs} runs of {args.tasks} tasks)')
    print(f'{"step":<12}' + ''.join(f'{r.rev:>20}' for r in revisions) + f'{"change":>10}')
    steps = ('insert', 'claim', 'acknowledge')
    medians = {r.rev: {s: statistics.median(f[s] for f in figures[r.rev]) for s in steps} for r in revisions}
    for step in steps + ('all three',):
        row = [sum(medians[r.rev].values()) if step == 'all three' else medians[r.rev][step] for r in revisions]
        print(f'{step:<12}' + ''.join(f'{v:>20.2f}' for v in row) + f'{(row[-1] / row[0] - 1) * 100:>+9.0f}%')


if __name__ == '__main__':
    main()
