import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../infra/config/config';
import { metricsTokenProblem, productionProblems, refuseUnsafeProduction, tokenSecretProblem } from './startup-checks';
import { demoAccountsWanted, modeLine } from './accounts/demo-users';
import { serverStartArgs } from '../scripts/server-build';

const KEY = randomBytes(48).toString('base64url');
const prod = (env: NodeJS.ProcessEnv) => loadConfig({ NODE_ENV: 'production', ...env });

test('outside production nothing is required', () => {
  assert.equal(productionProblems(loadConfig({})), []);
  assert.equal(productionProblems(loadConfig({ NODE_ENV: 'test' })), []);
});

test('production with its own key and a mail choice starts', () => {
  assert.equal(productionProblems(prod({ TOKEN_SECRET: KEY, SMTP_URL: 'smtp://mail.example:587' })), []);
  assert.equal(productionProblems(prod({ TOKEN_SECRET: KEY, MAIL_LOCAL: 'true' })), []);
  assert.is(prod({ MAIL_LOCAL: '1' }).mailLocal, true);
  assert.is(prod({ MAIL_LOCAL: 'false' }).mailLocal, false);
});

test('production refuses a missing, short, malformed or placeholder signing key', () => {
  assert.match(tokenSecretProblem(null)!, /TOKEN_SECRET is not set/);
  assert.match(tokenSecretProblem(randomBytes(16).toString('base64url'))!, /too short/);
  assert.match(tokenSecretProblem(`${KEY}!`)!, /base64url/);
  assert.match(tokenSecretProblem('a'.repeat(64))!, /placeholder/);
  assert.is(tokenSecretProblem(randomBytes(32).toString('base64url')), null);
  assert.match(tokenSecretProblem(`${KEY.slice(0, 40)}+/+`)!, /base64url/);
});

test('production refuses a weak METRICS_TOKEN (none is fine: /metrics is then not served)', () => {
  assert.is(metricsTokenProblem(null), null);
  assert.is(metricsTokenProblem(randomBytes(32).toString('base64url')), null);
  assert.is(metricsTokenProblem('0123456789abcdef'.repeat(4)), null);
  assert.match(metricsTokenProblem('secret')!, /METRICS_TOKEN is too weak/);
  assert.match(metricsTokenProblem('x'.repeat(40))!, /too weak/);
  assert.equal(productionProblems(prod({ TOKEN_SECRET: KEY, MAIL_LOCAL: 'true', METRICS_TOKEN: 'metrics' })), [
    'METRICS_TOKEN is too weak: 32+ random characters (e.g. `openssl rand -hex 32`), or unset it',
  ]);
});

test('production refuses to start without a mail decision', () => {
  assert.equal(productionProblems(prod({ TOKEN_SECRET: KEY })), [
    'no email delivery chosen: set SMTP_URL, or MAIL_LOCAL=true to keep emails undelivered in the database',
  ]);
  assert.is(productionProblems(prod({})).length, 2);
});

test('the refusal is one line and exit code 1', () => {
  const errors: string[] = [];
  const original = console.error;
  console.error = (line: string) => errors.push(line);
  let code: number | null = null;
  try {
    refuseUnsafeProduction(prod({}), ((c: number) => { code = c; }) as (code: number) => never);
  } finally {
    console.error = original;
  }
  assert.is(code, 1);
  assert.is(errors.length, 1);
  assert.not.ok(errors[0].includes('\n'));
  assert.match(errors[0], /^Refusing to start in production: TOKEN_SECRET is not set.*; no email delivery chosen/);
});

test('demo accounts only in development with the seed on; the start line says which mode', () => {
  assert.is(demoAccountsWanted({ production: false }, {}), true);
  assert.is(demoAccountsWanted({ production: false }, { SEED_ON_START: 'false' }), false);
  assert.is(demoAccountsWanted({ production: true }, {}), false);
  assert.is(demoAccountsWanted({ production: false }, { NODE_ENV: 'test' }), false);
  assert.match(modeLine({ production: true, smtpUrl: null }), /^Production mode: no demo accounts, no development mailbox/);
  assert.match(modeLine({ production: false, smtpUrl: null }, {}), /demo accounts on.*mailbox.*loopback/);
  assert.match(modeLine({ production: false, smtpUrl: null }, { SEED_ON_START: 'false' }), /no demo accounts/);
});

test('`npm start` in production without what it needs exits 1 with one line, before touching any database', () => {
  const env = { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: '/nonexistent/never-created', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
  const run = spawnSync(process.execPath, serverStartArgs(), { env, encoding: 'utf8', timeout: 60_000 });
  assert.is(run.status, 1, run.stderr);
  const lines = run.stderr.trim().split('\n');
  assert.is(lines.length, 1, run.stderr);
  assert.match(lines[0], /^Refusing to start in production: TOKEN_SECRET is not set/);
  assert.not.ok(/\n\s+at /.test(run.stderr), 'no stack trace');
});

test.run();
