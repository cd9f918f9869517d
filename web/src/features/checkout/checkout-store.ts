/**
 * The checkout's state (valtio): the order draft, the wallet balance, the last price summary and its errors, the
 * lists the sections share, and the order just placed (for the success page). One store per tab; a different user
 * signing in starts a fresh draft.
 */
import { proxy, ref } from 'valtio';
import { toPence, type Pence } from '../../lib/money';
import type { User } from '../../lib/types';
import type { CheckoutQuery } from './page-rules';
import { defaultDraft, draftForService, emptyPersonal } from './rules';
import type { CostSummary, OrderResult, PaymentMethod, PersonalInformation, Service, StoredItem, WonItem } from './types';

export interface PlacedOrder {
  order: OrderResult | null;
  method: PaymentMethod | null;
  service: Service;
  /** The description the success modal showed (bank and in store). */
  description?: string;
}

export const checkout = proxy({
  userId: null as string | null,
  draft: defaultDraft(),
  /** The wallet's available balance in pence; null until read. */
  walletBalance: null as Pence | null,
  costs: {
    summary: null as CostSummary | null,
    loading: false,
    /** A price error exists (Place Order is disabled; the server's text is not shown). */
    error: false,
    /** Field messages of the last price check (used_from_wallet, discount_code, note_from_customer...). */
    fields: {} as Record<string, string>,
  },
  /** Field messages of the last refused order (addresses, card), by dotted key. */
  orderFields: {} as Record<string, string>,
  won: null as WonItem[] | null,
  stored: null as StoredItem[] | null,
  /** Stored lots the page was opened with (?id=), applied once the stored list is known. */
  pendingIds: [] as string[],
  /** Set when some ?id= lots are not (or no longer) in storage. */
  missingStored: 0,
  /** Voucher codes whose "goes to the wallet" warning has been shown. */
  warnedVouchers: [] as string[],
  placed: null as PlacedOrder | null,
});

/** The signed-in user's own details, to fill the contact fields. */
const personalFrom = (u: User | null | undefined): PersonalInformation => ({
  ...emptyPersonal(),
  first_name: u?.first_name ?? '',
  last_name: u?.last_name ?? '',
  phone_number: u?.phone_number ?? '',
  email: u?.email ?? '',
});

function clearCosts(): void {
  checkout.costs.summary = null;
  checkout.costs.error = false;
  checkout.costs.fields = {};
  checkout.orderFields = {};
}

/**
 * On opening the page: a new user starts a fresh draft; the query's service and stored lots are applied (the page
 * then rewrites the address to plain /checkout).
 */
export function startCheckout(user: User, query: CheckoutQuery): void {
  const id = String(user.id);
  if (checkout.userId !== id) {
    checkout.userId = id;
    checkout.draft = defaultDraft('delivery', personalFrom(user));
    checkout.walletBalance = null;
    checkout.won = null;
    checkout.stored = null;
    checkout.warnedVouchers = [];
    clearCosts();
  }
  if (!checkout.draft.personal_information.email) checkout.draft.personal_information = personalFrom(user);
  if (query.service && query.service !== checkout.draft.service) {
    checkout.draft = draftForService(checkout.draft, query.service, personalFrom(user));
  }
  if (query.ids.length) {
    checkout.pendingIds = query.ids;
    checkout.missingStored = 0;
    applyPendingIds();
  }
}

/** Pre-selects the ?id= lots that are in storage (once the list is known); counts those that are not. */
function applyPendingIds(): void {
  const stored = checkout.stored;
  if (!stored || !checkout.pendingIds.length) return;
  const inStorage = new Set(stored.map((s) => s.lot.id));
  const found = checkout.pendingIds.filter((id) => inStorage.has(id));
  checkout.missingStored = checkout.pendingIds.length - found.length;
  checkout.pendingIds = [];
  if (checkout.draft.service === 'delivery' || checkout.draft.service === 'storage') {
    checkout.draft.lots_from_storage = [...new Set([...checkout.draft.lots_from_storage, ...found])];
  }
}

export function setStored(items: StoredItem[]): void {
  checkout.stored = ref(items);
  // Lots that left storage meanwhile are no longer offered.
  const ids = new Set(items.map((s) => s.lot.id));
  const kept = checkout.draft.lots_from_storage.filter((id) => ids.has(id));
  if (kept.length !== checkout.draft.lots_from_storage.length) checkout.draft.lots_from_storage = kept;
  applyPendingIds();
}

export function setWon(items: WonItem[]): void {
  checkout.won = ref(items);
}

/**
 * Changes the service and resets the draft by the spec's rules. Answers whether a card payment was kept (else the
 * page clears the card form).
 */
export function chooseService(service: Service, user: User | null): boolean {
  if (service === checkout.draft.service) return true;
  checkout.draft = draftForService(checkout.draft, service, personalFrom(user));
  clearCosts();
  return checkout.draft.payment.kind === 'CARD';
}

export function setWalletBalance(balance: string): void {
  checkout.walletBalance = toPence(balance);
}

/** After an order: the draft starts again (the lots are paid or waiting for payment). */
export function finishCheckout(placed: PlacedOrder): void {
  checkout.placed = ref(placed);
  const user = checkout.userId;
  checkout.draft = defaultDraft('delivery', checkout.draft.personal_information);
  checkout.userId = user;
  checkout.won = null;
  checkout.stored = null;
  checkout.warnedVouchers = [];
  clearCosts();
}
