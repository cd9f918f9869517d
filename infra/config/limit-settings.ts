/**
 * The abuse limits and their defaults (docs/accounts.md, "Abuse limits"). Each is `hits per window` for one key.
 * Any of them can be set with `RATE_LIMIT_<NAME>=<hits>/<seconds>` (e.g. RATE_LIMIT_REGISTER_ADDRESS=20/3600):
 * a shared office or a carrier's NAT puts many honest people behind one address, so the per-address ones are the
 * likeliest to need raising.
 */
interface LimitRule { limit: number; windowSeconds: number }

const HOUR = 3600;
const QUARTER = 15 * 60;

export const DEFAULT_LIMITS = {
  /** Accepted registration forms per client address. */
  register_address: { limit: 10, windowSeconds: HOUR },
  /** Registration forms per email (new or taken alike, so the limit tells nothing about who has an account). */
  register_email: { limit: 3, windowSeconds: HOUR },
  /** Newsletter / notification sign-ups per client address. */
  subscribe_address: { limit: 10, windowSeconds: HOUR },
  /** Sign-ups (hence confirmation emails) per target email. */
  subscribe_email: { limit: 3, windowSeconds: 24 * HOUR },
  /** Contact form messages per client address. */
  contact_address: { limit: 5, windowSeconds: HOUR },
  /** Failed checks of emailed tokens and codes (verification, reset, payout and withdrawal codes) per address. */
  guess_address: { limit: 20, windowSeconds: QUARTER },
  /** Wrong codes per account, over every code it is sent (a new code does not buy new tries). */
  guess_account: { limit: 10, windowSeconds: HOUR },
  /** Codes and verification emails sent again, per account. */
  resend_account: { limit: 5, windowSeconds: HOUR },
} satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof DEFAULT_LIMITS;
export type LimitSettings = Record<LimitName, LimitRule>;

export function limitSettings(env: NodeJS.ProcessEnv): LimitSettings {
  const settings = { ...DEFAULT_LIMITS } as LimitSettings;
  for (const name of Object.keys(DEFAULT_LIMITS) as LimitName[]) {
    const value = env[`RATE_LIMIT_${name.toUpperCase()}`];
    if (value) settings[name] = parseRule(name, value);
  }
  return settings;
}

function parseRule(name: string, value: string): LimitRule {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  const limit = Number(match?.[1]), windowSeconds = Number(match?.[2]);
  if (!match || limit < 1 || windowSeconds < 1) {
    throw new Error(`RATE_LIMIT_${name.toUpperCase()} must read <hits>/<seconds> with both at least 1, not "${value}"`);
  }
  return { limit, windowSeconds };
}
