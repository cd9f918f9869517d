import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { childPids, cpuBetween, cpuSecondsOf } from './server';
import { describeServerCores, loadProcesses } from './processes';

test('LOAD_PROCESSES: one count, a list, the default; nonsense is refused', () => {
  assert.equal(loadProcesses(undefined), [1]);
  assert.equal(loadProcesses('2'), [2]);
  assert.equal(loadProcesses('1, 2'), [1, 2]);
  for (const bad of ['0', 'two', '1,x', '1.5', '', '17']) assert.throws(() => loadProcesses(bad), /LOAD_PROCESSES/, bad);
});

test('CPU between samples: per process, a process that appeared counts whole', () => {
  const before = new Map([[10, 1.5], [11, 2]]);
  const after = new Map([[10, 1.75], [11, 3], [12, 0.5]]);
  assert.equal(cpuBetween(before, after), [0.25, 1, 0.5]);
  assert.is(describeServerCores([0.7]), '0.70');
  assert.is(describeServerCores([0.01, 0.5, 0.25]), '0.76 = primary 0.01 + workers 0.50, 0.25');
});

test('the children of a process are found in /proc (the cluster workers of the server)', async () => {
  if (process.platform !== 'linux') return;
  const child = spawn('sleep', ['5'], { stdio: 'ignore' });
  await new Promise((r) => child.once('spawn', r));
  try {
    assert.ok(childPids(process.pid).includes(child.pid!));
    assert.not.ok(childPids(child.pid).length > 0);
    assert.ok(Number.isFinite(cpuSecondsOf(child.pid)));
  } finally {
    child.kill();
  }
});

test.run();
