import { sql, type Kysely } from 'kysely';

/**
 * Read models of checkout and orders (projections/orders), rebuilt from the `order-<id>`, `lot-purchase-<lotId>` and
 * `voucher-<CODE>` streams. Each row keeps the stream version it reflects, so a repeated event changes nothing.
 *
 * orders: one row per order (summary and lots as the OrderPlaced event froze them, pence).
 * lot_purchases: one row per won lot that has been in an order: who holds it (reserved by an order awaiting payment,
 *   paid) and whether its bottles are in the house's storage.
 * vouchers + voucher_redemptions: staff-issued codes and each use (a reversed use keeps its row, marked).
 *
 * unpaid_notice_reads is not a read model: which unpaid won lots a user has already been told about (the shell's
 * unpaid-lots notice, shown once). A UI flag, not a change that matters to anyone else: a table, not events.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE orders (
      id uuid PRIMARY KEY,
      version integer NOT NULL,
      order_number text NOT NULL UNIQUE,
      user_id uuid NOT NULL,
      service text NOT NULL,
      payment_method text,
      payment_id text,
      status text NOT NULL CHECK (status IN ('awaiting_payment', 'paid', 'processing', 'shipped', 'ready_for_collection', 'collected', 'stored', 'cancelled')),
      summary jsonb NOT NULL,
      lots jsonb NOT NULL,
      stored_lot_ids jsonb NOT NULL,
      voucher_code text,
      storage jsonb,
      billing_address jsonb,
      shipping_address jsonb,
      personal_information jsonb,
      note text NOT NULL,
      total_pence bigint NOT NULL,
      amount_due_pence bigint NOT NULL,
      placed_at timestamptz NOT NULL,
      paid_at timestamptz,
      paid_method text,
      paid_reference text,
      paid_by text,
      cancelled_at timestamptz,
      cancel_reason text,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX orders_user_idx ON orders (user_id, placed_at DESC);
    CREATE INDEX orders_status_idx ON orders (status, placed_at DESC);

    CREATE TABLE lot_purchases (
      lot_id uuid PRIMARY KEY,
      version integer NOT NULL,
      buyer_id uuid,
      state text NOT NULL CHECK (state IN ('reserved', 'paid', 'released')),
      order_id uuid,
      paid_order_id uuid,
      pending_order_id uuid,
      reserved_at timestamptz,
      paid_at timestamptz,
      released_at timestamptz,
      in_storage boolean NOT NULL,
      storage_expires_at timestamptz,
      left_storage_at timestamptz,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX lot_purchases_buyer_idx ON lot_purchases (buyer_id, state);

    CREATE TABLE vouchers (
      code text PRIMARY KEY,
      version integer NOT NULL,
      kind text NOT NULL CHECK (kind IN ('fixed', 'percent')),
      value integer NOT NULL,
      expires_at timestamptz,
      max_uses integer,
      once_per_user boolean NOT NULL,
      uses integer NOT NULL CHECK (uses >= 0),
      issued_by text NOT NULL,
      issued_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX vouchers_issued_idx ON vouchers (issued_at DESC);

    CREATE TABLE voucher_redemptions (
      code text NOT NULL,
      order_id uuid NOT NULL,
      user_id uuid NOT NULL,
      discount_pence bigint NOT NULL,
      redeemed_at timestamptz NOT NULL,
      reversed_at timestamptz,
      PRIMARY KEY (code, order_id)
    );
    CREATE INDEX voucher_redemptions_user_idx ON voucher_redemptions (user_id, code);

    CREATE TABLE unpaid_notice_reads (
      user_id uuid NOT NULL,
      lot_id uuid NOT NULL,
      read_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, lot_id)
    );
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE unpaid_notice_reads; DROP TABLE voucher_redemptions; DROP TABLE vouchers; DROP TABLE lot_purchases; DROP TABLE orders;`.execute(db);
}
