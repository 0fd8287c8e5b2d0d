import assert from 'node:assert/strict';
import { availableParallelism } from 'node:os';
import { test } from 'node:test';
import { workerCount } from './cluster-size.ts';

test('WORKERS: unset or empty is one process, auto one per core, a whole number 1–64 that many', () => {
  assert.equal(workerCount(undefined), 1);
  assert.equal(workerCount(''), 1);
  assert.equal(workerCount('2'), 2);
  assert.equal(workerCount(' 4 '), 4);
  assert.equal(workerCount('auto'), availableParallelism());
});

test('WORKERS: anything else is refused at start with the setting named', () => {
  for (const bad of ['0', '-1', '1.5', 'two', '65'])
    assert.throws(() => workerCount(bad), /WORKERS must be a whole number from 1 to 64, or auto/);
});
