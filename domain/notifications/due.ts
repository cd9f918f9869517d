/**
 * Time-based notifications (docs/notifications.md, "Time-based templates"). The scheduler
 * (services/notifications/scheduler.ts) decides, from the read models at the time, that a reminder is due and records
 * that once as a `NotificationDue` event on `notification-due-<template>-<subject>` (expected version `no_stream`,
 * an event id derived from the stream): a second run, a second process or a lost run finds the stream and skips it.
 * The engine turns the event alone into the notification, so a rebuild reproduces it exactly.
 */
import { createHash } from 'node:crypto';

const DUE_TEMPLATES = ['please_pay_now', 'storage_is_ending', 'storage_period_expired', 'payment_details_required', 'request_to_fill_details',
  'payment_method_reminder', 'shipping_method_reminder'] as const;
export type DueTemplate = (typeof DUE_TEMPLATES)[number];

export interface NotificationDue {
  type: 'NotificationDue';
  data: {
    user_id: string;
    template: DueTemplate;
    /** What it fires once for: the lot, `<lot>-<expiry ms>` for storage (once per expiry), the seller, the user, the order. */
    subject: string;
    lot_id: string | null;
    auction_id: string | null;
    order_id?: string;
    /** The lot's title as shown when it fell due ('' when none). */
    title: string;
    /** payment_method_reminder: the order's number and how the buyer chose to pay (UK_BANK, INT_BANK, IN_STORE). */
    order_number?: string;
    payment_method?: string;
    /** Storage templates: the storage expiry. */
    expires_at?: string;
    /** When it fell due (not when the scheduler noticed): the notification's time. */
    due_at: string;
  };
}

export const notificationDueStream = (template: DueTemplate, subject: string) => `notification-due-${template}-${subject}`;

/** A name-based UUID of the stream: a retried append of the same decision is recognised as the same event. */
export function notificationDueEventId(stream: string): string {
  const b = createHash('sha1').update(`notification-due:${stream}`).digest().subarray(0, 16);
  b[6] = (b[6] & 0x0f) | 0x50;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const DAY = 86_400_000;
/** The schedule (spec: pay within 7 days of the close; storage ending 10 days before expiry). */
export const PAY_NOW_AFTER_MS = 5 * DAY;
/** A won lot not yet in any order: choose delivery/collection/storage at checkout, before the pay-now reminder. */
export const SHIPPING_METHOD_AFTER_MS = 3 * DAY;
/** An order placed to be paid by bank transfer or in store, still awaiting that payment. */
export const PAYMENT_METHOD_AFTER_MS = 3 * DAY;
/** The offline payment methods a placed order can wait on (a card order is paid or cancelled at once). */
export const OFFLINE_PAYMENT_METHODS = ['UK_BANK', 'INT_BANK', 'IN_STORE'] as const;
export const STORAGE_ENDING_BEFORE_MS = 10 * DAY;
export const FILL_DETAILS_AFTER_MS = DAY;
