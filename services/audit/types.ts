/** What `npm run audit:verify` and the audit views report when a replay and the stored figures disagree. */
export interface AuditDifference {
  /** Which check found it: 'lot', 'wallet', 'order', 'seller-credit', 'hold', 'chain', ... */
  check: string;
  /** The stream or object it is about (lot id, user id, order id, stream id). */
  subject: string;
  /** The figure or field that differs, e.g. 'hammer_price', 'balance', 'current_price'. */
  field: string;
  /** What the replay of the events says. */
  expected: string;
  /** What the read model or document says. */
  found: string;
  /** One sentence for the auditor. */
  message: string;
}

export interface AuditCheckResult {
  check: string;
  /** How many subjects were replayed/compared. */
  checked: number;
  differences: AuditDifference[];
}

/** Progress for the CLI's bar: done of total subjects of one check. */
export type AuditProgress = (check: string, done: number, total: number) => void;
