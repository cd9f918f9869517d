/**
 * What production refuses to start without (docs/security.md, "Production defaults"): a token signing key of its own
 * (TOKEN_SECRET: long and random, so neither a generated development key left in a data folder nor a placeholder
 * signs sessions) and a decision about email (SMTP_URL, or MAIL_LOCAL=true to keep emails in the database). One line
 * each, no stack trace: `npm start` prints the reason and exits 1.
 */
import type { Config } from '../infra/config/config';

/** base64url of 32 bytes is 43 characters. */
const MIN_SECRET_BYTES = 32;
/** A random 43-character key has ~30 distinct characters; a placeholder ("aaaa…", "changeme…") has few. */
const MIN_DISTINCT_CHARS = 16;

export function tokenSecretProblem(secret: string | null): string | null {
  if (!secret) return 'TOKEN_SECRET is not set: production needs its own signing key (e.g. `openssl rand -base64 48 | tr "+/" "-_" | tr -d "="`)';
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(secret)) return 'TOKEN_SECRET must be base64url (letters, digits, "-" and "_")';
  if (Buffer.from(secret, 'base64url').length < MIN_SECRET_BYTES) return `TOKEN_SECRET is too short: ${MIN_SECRET_BYTES} random bytes or more (43+ base64url characters)`;
  if (new Set(secret).size < MIN_DISTINCT_CHARS) return 'TOKEN_SECRET looks like a placeholder, not a random key';
  return null;
}

/** METRICS_TOKEN is optional; when set, it guards /metrics on the public port, so it must not be guessable. */
export function metricsTokenProblem(token: string | null): string | null {
  if (token === null) return null;
  // 10 distinct characters: a random hex token (16 possible) has them all but surely; a placeholder has few.
  if (token.length < 32 || new Set(token).size < 10) return 'METRICS_TOKEN is too weak: 32+ random characters (e.g. `openssl rand -hex 32`), or unset it';
  return null;
}

/** The problems that stop a production start, in the order to fix them; empty outside production. */
export function productionProblems(config: Config): string[] {
  if (!config.production) return [];
  const problems: string[] = [];
  const secret = tokenSecretProblem(config.tokenSecret);
  if (secret) problems.push(secret);
  const metrics = metricsTokenProblem(config.metricsToken);
  if (metrics) problems.push(metrics);
  if (!config.smtpUrl && !config.mailLocal) {
    problems.push('no email delivery chosen: set SMTP_URL, or MAIL_LOCAL=true to keep emails undelivered in the database');
  }
  return problems;
}

/** Called first by `npm start`: in production, refuses to run unsafe, with one line and exit code 1. */
export function refuseUnsafeProduction(config: Config, exit: (code: number) => never = process.exit): void {
  const problems = productionProblems(config);
  if (problems.length === 0) return;
  console.error(`Refusing to start in production: ${problems.join('; ')}.`);
  exit(1);
}
