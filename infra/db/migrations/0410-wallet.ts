import { sql, type Kysely } from 'kysely';

/**
 * Read models of the wallet (projections/wallet), rebuilt from the `wallet-<userId>` streams.
 * wallets: one row per wallet that has events (a user without one has a zero wallet).
 * wallet_transactions: one row per ledger entry (credit, debit) and per hold (a withdrawal), keyed by the wallet
 * and the entry/hold id (ids are unique per wallet, not across wallets).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE wallets (
      user_id uuid PRIMARY KEY,
      version integer NOT NULL,
      balance_pence bigint NOT NULL,
      pending_pence bigint NOT NULL CHECK (pending_pence >= 0),
      overdraft_limit_pence bigint NOT NULL CHECK (overdraft_limit_pence >= 0),
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX wallets_updated_idx ON wallets (updated_at DESC);

    CREATE TABLE wallet_transactions (
      user_id uuid NOT NULL,
      id text NOT NULL,
      entry_number integer NOT NULL,
      stream_version integer NOT NULL,
      date timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      type text NOT NULL CHECK (type IN ('credit', 'debit', 'withdrawal')),
      kind text NOT NULL,
      description text NOT NULL,
      amount_pence bigint NOT NULL,
      balance_after_pence bigint NOT NULL,
      reference text,
      status text NOT NULL CHECK (status IN ('completed', 'pending', 'released')),
      by text,
      reason text,
      PRIMARY KEY (user_id, id)
    );
    CREATE INDEX wallet_transactions_list_idx ON wallet_transactions (user_id, stream_version DESC);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE wallet_transactions; DROP TABLE wallets;`.execute(db);
}
