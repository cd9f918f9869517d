/**
 * Every migration, in name order, imported statically so the server bundle (scripts/server-build.ts) carries them: a
 * folder read at run time would need the TypeScript files beside the bundle. infra/db/migrations-index.test.ts fails
 * when a file of this folder is missing here (add a new migration here too).
 */
import type { Migration } from 'kysely';
import * as m0001 from './0001-event-store';
import * as m0100 from './0100-accounts-users';
import * as m0101 from './0101-accounts-sessions';
import * as m0102 from './0102-email-outbox';
import * as m0200 from './0200-catalogue-auctions';
import * as m0201 from './0201-catalogue-lots';
import * as m0202 from './0202-catalogue-lot-bids';
import * as m0203 from './0203-catalogue-watching-list';
import * as m0300 from './0300-bid-idempotency';
import * as m0301 from './0301-lot-schedule';
import * as m0390 from './0390-idempotency-and-codes';
import * as m0400 from './0400-payments';
import * as m0410 from './0410-wallet';
import * as m0420 from './0420-payout';
import * as m0500 from './0500-addresses';
import * as m0510 from './0510-orders';
import * as m0520 from './0520-orders-read';
import * as m0600 from './0600-notifications';
import * as m0610 from './0610-alerts';
import * as m0620 from './0620-account-area';
import * as m0630 from './0630-spending-caps';
import * as m0640 from './0640-valuations';
import * as m0650 from './0650-sell-requests';
import * as m0660 from './0660-catalogue-lots-withdrawn';
import * as m0670 from './0670-notification-seller-invoices';
import * as m0680 from './0680-sell-request-photos';
import * as m0700 from './0700-search';
import * as m0710 from './0710-collection';
import * as m0720 from './0720-content';
import * as m0730 from './0730-anonymous-uploads';
import * as m0740 from './0740-event-hash-chain';
import * as m0750 from './0750-search-cask-filters';
import * as m0760 from './0760-auditor-role';
import * as m0770 from './0770-lot-leases';
import * as m0785 from './0785-newsletter-campaigns';
import * as m0790 from './0790-lot-reference-counters';
import * as m0795 from './0795-notification-lot-custom-title';
import * as m0800 from './0800-sessions-revoked-index';
import * as m0810 from './0810-idempotency-effects';
import * as m0825 from './0825-rate-limits';
import * as m0837 from './0837-order-mailer-start';
import * as m0840 from './0840-outbox-failed-index';
import * as m0850 from './0850-feed-epoch';
import * as m0860 from './0860-refresh-successor';
import * as m0870 from './0870-payments-bigint';
import * as m0880 from './0880-payments-refund-due';
import * as m0890 from './0890-payments-pending-index';
import * as m0900 from './0900-payment-requests';
import * as m0910 from './0910-refund-mailer-start';

export const migrations: Record<string, Migration> = {
  '0001-event-store': m0001,
  '0100-accounts-users': m0100,
  '0101-accounts-sessions': m0101,
  '0102-email-outbox': m0102,
  '0200-catalogue-auctions': m0200,
  '0201-catalogue-lots': m0201,
  '0202-catalogue-lot-bids': m0202,
  '0203-catalogue-watching-list': m0203,
  '0300-bid-idempotency': m0300,
  '0301-lot-schedule': m0301,
  '0390-idempotency-and-codes': m0390,
  '0400-payments': m0400,
  '0410-wallet': m0410,
  '0420-payout': m0420,
  '0500-addresses': m0500,
  '0510-orders': m0510,
  '0520-orders-read': m0520,
  '0600-notifications': m0600,
  '0610-alerts': m0610,
  '0620-account-area': m0620,
  '0630-spending-caps': m0630,
  '0640-valuations': m0640,
  '0650-sell-requests': m0650,
  '0660-catalogue-lots-withdrawn': m0660,
  '0670-notification-seller-invoices': m0670,
  '0680-sell-request-photos': m0680,
  '0700-search': m0700,
  '0710-collection': m0710,
  '0720-content': m0720,
  '0730-anonymous-uploads': m0730,
  '0740-event-hash-chain': m0740,
  '0750-search-cask-filters': m0750,
  '0760-auditor-role': m0760,
  '0770-lot-leases': m0770,
  '0785-newsletter-campaigns': m0785,
  '0790-lot-reference-counters': m0790,
  '0795-notification-lot-custom-title': m0795,
  '0800-sessions-revoked-index': m0800,
  '0810-idempotency-effects': m0810,
  '0825-rate-limits': m0825,
  '0837-order-mailer-start': m0837,
  '0840-outbox-failed-index': m0840,
  '0850-feed-epoch': m0850,
  '0860-refresh-successor': m0860,
  '0870-payments-bigint': m0870,
  '0880-payments-refund-due': m0880,
  '0890-payments-pending-index': m0890,
  '0900-payment-requests': m0900,
  '0910-refund-mailer-start': m0910,
};
