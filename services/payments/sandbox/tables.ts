/** The sandbox provider's own tables (its "servers"), made by migration 0400; reached only from this folder. */
import type { Kysely } from 'kysely';

export interface SandboxCardsTable {
  token: string;
  fingerprint: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  scenario: string;
  /** Set once a card set-up passed its challenge: later payments with the token need none. */
  authenticated: boolean;
  created_at: string | Date;
}

export interface SandboxIntentsTable {
  id: string;
  kind: 'payment' | 'setup';
  idempotency_key: string;
  amount_pence: number;
  description: string;
  card_token: string;
  status: 'requires_action' | 'succeeded' | 'failed';
  failure_code: string | null;
  failure_message: string | null;
  /** sha256 of the current challenge token (the token itself is only ever in the browser's link). */
  challenge_token_hash: string | null;
  challenge_used_at: string | Date | null;
  return_url: string;
  refunded_pence: number;
  created_at: string | Date;
  updated_at: string | Date;
}

interface SandboxRefundsTable {
  id: string;
  intent_id: string;
  idempotency_key: string;
  amount_pence: number;
  created_at: string | Date;
}

interface SandboxTables {
  sandbox_cards: SandboxCardsTable;
  sandbox_intents: SandboxIntentsTable;
  sandbox_refunds: SandboxRefundsTable;
}

export type SandboxDb = Kysely<SandboxTables>;
