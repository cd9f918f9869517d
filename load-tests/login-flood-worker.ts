/**
 * The failed-login flood of `npm run load-test:logins`, in its own process so it does not share an event loop with
 * the bid load's autocannon (that would measure the generator, not the server). autocannon paces it at
 * LOGINS_FLOOD_RATE over FLOOD_CONNECTIONS connections; every request varies its address (X-Forwarded-For) and
 * email: half on existing accounts (FLOOD_EMAILS, comma-separated), half on emails no account has. Prints one JSON
 * line: statuses, latencies' spread, errors.
 * Run by login-flood.ts: FLOOD_URL, FLOOD_RATE, FLOOD_SECONDS, FLOOD_ADDRESSES, FLOOD_EMAILS, FLOOD_CONNECTIONS.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { spread } from './stats';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const url = env('FLOOD_URL');
const rate = Number(env('FLOOD_RATE'));
const seconds = Number(env('FLOOD_SECONDS'));
const addresses = Number(env('FLOOD_ADDRESSES'));
const known = env('FLOOD_EMAILS').split(',');
// autocannon paces the rate over closed-loop connections: a connection waits for its answer, and an admitted guess
// waits up to 1-2 s for its hash, so 32 connections offered only 166 of 200/s (2026-11-28). Half the rate keeps it.
const connections = Number(process.env.FLOOD_CONNECTIONS ?? Math.max(32, Math.ceil(rate / 2)));

let n = 0;
const statuses: Record<string, number> = {};
const latenciesMs: number[] = [];
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const instance = autocannon({
    url, connections, overallRate: rate, duration: seconds, timeout: 15,
    requests: [{
      method: 'POST',
      path: '/api/auth/login/',
      setupRequest: (request) => {
        const i = n++;
        const a = i % addresses;
        const email = i % 2 === 0 ? known[(i >> 1) % known.length] : `nobody-${randomBytes(4).toString('hex')}@flood.test`;
        return {
          ...request,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.${a >> 8}.${a & 255}` },
          body: JSON.stringify({ email, password: 'Wrong!Guess123', remember_me: false }),
        };
      },
    }],
    setupClient: (client) => {
      client.on('response', (status: number, _bytes: number, durationMs: number) => {
        statuses[status] = (statuses[status] ?? 0) + 1;
        latenciesMs.push(durationMs);
      });
    },
  }, (error, finished) => (error ? reject(error) : resolve(finished)));
  instance.on('error', reject);
});
const cpu = process.cpuUsage();
console.log(JSON.stringify({ sent: n, statuses, latency: spread(latenciesMs), errors: result.errors, timeouts: result.timeouts, cpuSeconds: (cpu.user + cpu.system) / 1e6 }));
