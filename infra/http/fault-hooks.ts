/**
 * Faults only tests can turn on (NODE_ENV=test), to prove what happens when the process dies at the worst moment.
 * `FAULT_KILL_AFTER_COMMIT=<route url>`: the process kills itself (SIGKILL) after a keyed write to that route
 * committed and before its answer is stored or sent (services/faults/killed-after-commit.int.test.ts).
 */
const killAfterCommit = process.env.NODE_ENV === 'test' ? process.env.FAULT_KILL_AFTER_COMMIT ?? null : null;

export function faultKillAfterCommit(routeUrl: string | undefined): void {
  if (killAfterCommit !== null && routeUrl === killAfterCommit) process.kill(process.pid, 'SIGKILL');
}
