/**
 * The time-based notifications (docs/notifications.md): every minute (ctx.clock) find what has fallen due in the read
 * models and record each once as a `NotificationDue` event on `notification-due-<template>-<subject>`, appended with
 * `no_stream` and an event id derived from the stream. A second process, an overlapping run or a re-run finds the
 * stream (duplicate or WrongExpectedVersion) and skips it, so each fires once; the candidates already leave out
 * subjects whose stream exists. The decision reads other slices' read models, so it is taken here and kept as an event:
 * the notifications projection turns the event alone into the notification and a rebuild reproduces it.
 */
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { WrongExpectedVersion } from '../../infra/event-store/types';
import {
  FILL_DETAILS_AFTER_MS, notificationDueEventId, notificationDueStream, OFFLINE_PAYMENT_METHODS, PAY_NOW_AFTER_MS,
  PAYMENT_METHOD_AFTER_MS, SHIPPING_METHOD_AFTER_MS, STORAGE_ENDING_BEFORE_MS, type DueTemplate, type NotificationDue,
} from '../../domain/notifications/due';
import type { Db } from '../../infra/db/database';

export const SCHEDULER_INTERVAL_MS = 60_000;
type Due = NotificationDue['data'];
const LIMIT = 500;

/** One run: appends every notification due at ctx.clock's now; answers how many it appended. */
export async function runDueNotifications(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const due = [
    ...await wonNotOrdered(ctx.db, now, 'shipping_method_reminder', SHIPPING_METHOD_AFTER_MS),
    ...await wonNotOrdered(ctx.db, now, 'please_pay_now', PAY_NOW_AFTER_MS),
    ...await paymentMethodReminder(ctx.db, now),
    ...await storage(ctx.db, now, 'storage_is_ending'),
    ...await storage(ctx.db, now, 'storage_period_expired'),
    ...await paymentDetailsRequired(ctx.db),
    ...await requestToFillDetails(ctx.db, now),
  ];
  let appended = 0;
  for (const d of due) {
    const stream = notificationDueStream(d.template, d.subject);
    try {
      const result = await ctx.store.append<NotificationDue>(stream, 'no_stream',
        [{ event_id: notificationDueEventId(stream), type: 'NotificationDue', data: d, metadata: { user_id: 'system' } }]);
      if (!result.duplicate) appended++;
    } catch (error) {
      // Fired already (another process, an overlapping run): once per template and subject.
      if (!(error instanceof WrongExpectedVersion)) throw error;
    }
  }
  return appended;
}

const iso = (d: Date | string | number) => new Date(d).toISOString();
const notFired = (template: DueTemplate, subject: ReturnType<typeof sql>) =>
  sql`NOT EXISTS (SELECT 1 FROM streams s WHERE s.stream_id = ${`notification-due-${template}-`} || ${subject})`;

/**
 * A won lot neither paid nor held by an order awaiting payment (never ordered, or its order was cancelled):
 * shipping_method_reminder 3 days after its close (choose delivery, collection or storage at checkout), please_pay_now
 * at 5 days (2 before the 7-day due date).
 */
async function wonNotOrdered(db: Db, now: Date, template: 'please_pay_now' | 'shipping_method_reminder', afterMs: number): Promise<Due[]> {
  const { rows } = await sql<{ lot_id: string; auction_id: string; winner_id: string; title: string; closed_at: Date }>`
    SELECT l.id::text AS lot_id, l.auction_id::text AS auction_id, l.winner_id, coalesce(nullif(l.custom_title, ''), l.title) AS title, l.closed_at
    FROM lots l LEFT JOIN lot_purchases p ON p.lot_id = l.id
    WHERE l.outcome = 'sold' AND l.winner_id IS NOT NULL AND l.closed_at <= ${iso(now.getTime() - afterMs)}
      AND (p.lot_id IS NULL OR (p.state = 'released' AND p.pending_order_id IS NULL))
      AND ${notFired(template, sql`l.id::text`)}
    ORDER BY l.closed_at LIMIT ${LIMIT}`.execute(db);
  return rows.map((r) => ({ user_id: r.winner_id, template, subject: r.lot_id, lot_id: r.lot_id, auction_id: r.auction_id,
    title: r.title ?? '', due_at: iso(r.closed_at.getTime() + afterMs) }));
}

/** An order placed to be paid by bank transfer or in store, still awaiting payment 3 days after placing: once per order. */
async function paymentMethodReminder(db: Db, now: Date): Promise<Due[]> {
  const { rows } = await sql<{ id: string; user_id: string; order_number: string; payment_method: string; placed_at: Date }>`
    SELECT o.id::text AS id, o.user_id::text AS user_id, o.order_number, o.payment_method, o.placed_at FROM orders o
    WHERE o.status = 'awaiting_payment' AND o.payment_method = ANY(${[...OFFLINE_PAYMENT_METHODS]}::text[])
      AND o.placed_at <= ${iso(now.getTime() - PAYMENT_METHOD_AFTER_MS)}
      AND ${notFired('payment_method_reminder', sql`o.id::text`)}
    ORDER BY o.placed_at LIMIT ${LIMIT}`.execute(db);
  return rows.map((r) => ({ user_id: r.user_id, template: 'payment_method_reminder', subject: r.id, lot_id: null, auction_id: null,
    order_id: r.id, order_number: r.order_number, payment_method: r.payment_method, title: '',
    due_at: iso(r.placed_at.getTime() + PAYMENT_METHOD_AFTER_MS) }));
}

/** A lot still in storage: 10 days before its expiry (while not yet expired), and at expiry; once per expiry. */
async function storage(db: Db, now: Date, template: 'storage_is_ending' | 'storage_period_expired'): Promise<Due[]> {
  const ending = template === 'storage_is_ending';
  const window = ending
    ? sql`p.storage_expires_at - interval '10 days' <= ${iso(now)} AND p.storage_expires_at > ${iso(now)}`
    : sql`p.storage_expires_at <= ${iso(now)}`;
  const subject = sql`p.lot_id::text || '-' || (extract(epoch from p.storage_expires_at) * 1000)::bigint::text`;
  const { rows } = await sql<{ lot_id: string; auction_id: string | null; buyer_id: string; title: string | null; order_id: string | null; expires_at: Date; subject: string }>`
    SELECT p.lot_id::text AS lot_id, l.auction_id::text AS auction_id, p.buyer_id::text AS buyer_id, coalesce(nullif(l.custom_title, ''), l.title) AS title, p.paid_order_id::text AS order_id,
      p.storage_expires_at AS expires_at, ${subject} AS subject
    FROM lot_purchases p LEFT JOIN lots l ON l.id = p.lot_id
    WHERE p.in_storage AND p.storage_expires_at IS NOT NULL AND p.buyer_id IS NOT NULL AND ${window}
      AND ${notFired(template, subject)}
    ORDER BY p.storage_expires_at LIMIT ${LIMIT}`.execute(db);
  return rows.map((r) => ({ user_id: r.buyer_id, template, subject: r.subject, lot_id: r.lot_id, auction_id: r.auction_id,
    ...(r.order_id ? { order_id: r.order_id } : {}), title: r.title ?? '', expires_at: iso(r.expires_at),
    due_at: iso(ending ? r.expires_at.getTime() - STORAGE_ENDING_BEFORE_MS : r.expires_at) }));
}

/** A seller credited proceeds who has no payout method to withdraw them to: once per seller, from the first proceeds. */
async function paymentDetailsRequired(db: Db): Promise<Due[]> {
  const { rows } = await sql<{ user_id: string; first_at: Date }>`
    SELECT t.user_id::text AS user_id, min(t.created_at) AS first_at FROM wallet_transactions t
    WHERE t.kind = 'seller_proceeds' AND t.type = 'credit'
      AND NOT EXISTS (SELECT 1 FROM payout_methods m WHERE m.user_id = t.user_id)
      AND ${notFired('payment_details_required', sql`t.user_id::text`)}
    GROUP BY t.user_id ORDER BY 2 LIMIT ${LIMIT}`.execute(db);
  return rows.map((r) => ({ user_id: r.user_id, template: 'payment_details_required', subject: r.user_id, lot_id: null, auction_id: null,
    title: '', due_at: iso(r.first_at) }));
}

/** A verified user whose profile is still incomplete a day after registering: once per user. */
async function requestToFillDetails(db: Db, now: Date): Promise<Due[]> {
  const { rows } = await sql<{ id: string; registered_at: Date }>`
    SELECT u.id::text AS id, u.registered_at FROM users u
    WHERE u.is_verified AND NOT u.is_completed AND NOT u.is_staff AND u.registered_at <= ${iso(now.getTime() - FILL_DETAILS_AFTER_MS)}
      AND ${notFired('request_to_fill_details', sql`u.id::text`)}
    ORDER BY u.registered_at LIMIT ${LIMIT}`.execute(db);
  return rows.map((r) => ({ user_id: r.id, template: 'request_to_fill_details', subject: r.id, lot_id: null, auction_id: null,
    title: '', due_at: iso(r.registered_at.getTime() + FILL_DETAILS_AFTER_MS) }));
}
