/**
 * /checkout (spec 1 sections 2 to 5): titled Checkout, banner Payment Checkout. The query's `id` (stored lots to
 * pre-select) and `type` (the service) are read, then the address becomes plain /checkout. The sections show by
 * service (rules.ts visibleSections) beside the Order Summary; the draft lives in checkout-store.ts.
 */
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { Empty, ErrorNote, Spinner } from '../../components/feedback';
import { useAsync, useTitle } from '../../components/hooks';
import { RequireAuth } from '../../components/page-head';
import { formatPence } from '../../lib/money';
import type { User } from '../../lib/types';
import { session } from '../../state/session';
import { useCardForm } from '../../components/card-form';
import { digitsOf } from '../../lib/card-rules';
import { HeldOrders, useHeldOrders } from './held-orders';
import { AddressSection } from './address-section';
import { fetchCheckoutLists, fetchWalletBalance } from './api';
import { checkout, chooseService, setStored, setWalletBalance, setWon, startCheckout } from './checkout-store';
import { ContactDetails } from './contact-details';
import { StoreDetails } from '../../components/house-details';
import { ItemSummary, useWonItems } from './item-summary';
import { NoteSection } from './note-section';
import { OrderSummary } from './order-summary';
import { PaymentSection } from './payment-section';
import { parseCheckoutQuery } from './page-rules';
import { placeOrderBlock, visibleSections } from './rules';
import { CheckoutSection } from './section';
import { ServiceChoice } from './service-section';
import { StoragePeriodSection } from './storage-period-section';
import { StoredItemsSection } from './stored-items-section';
import { pence } from './summary-rules';
import type { CostSummary, Draft, Service } from './types';
import { useCosts } from './use-costs';
import { usePlaceOrder } from './use-place-order';
import '../../components/payments.css';
import './checkout.css';
import { fetchCountries } from '../../api/addresses';

/** The wallet balance, read on opening and whenever the tab comes back (wallet settle depends on it). */
function useWalletBalance(): void {
  useEffect(() => {
    const load = () => fetchWalletBalance().then(setWalletBalance).catch(() => {});
    load();
    const onVisible = () => document.visibilityState === 'visible' && load();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
}

/** Whether the element is on screen (the phone's total bar hides while the Order Summary itself shows). */
function useInView(ref: RefObject<HTMLElement | null>): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => setInView(entries.some((e) => e.isIntersecting)));
    io.observe(el);
    return () => io.disconnect();
  }, [ref]);
  return inView;
}

function CheckoutScreen({ user }: { user: User }) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const snap = useSnapshot(checkout);
  const draft = snap.draft as Draft;
  const form = useCardForm();
  const countries = useAsync(() => fetchCountries(), []);
  const won = useWonItems(0);
  const place = usePlaceOrder(form);
  const summaryRef = useRef<HTMLElement>(null);
  const summaryInView = useInView(summaryRef);

  // The query is read (also when a link brings a new one while the page is open), then the address becomes plain
  // /checkout (spec 1 section 2).
  useEffect(() => {
    startCheckout(user, parseCheckoutQuery(search));
    if (search) navigate('/checkout', { replace: true });
  }, [search, navigate, user]);

  useWalletBalance();
  useCosts(form);

  const changeService = (service: Service) => {
    if (!chooseService(service, user)) form.reset();
  };

  // Wallet settle only while the balance is negative: when it no longer is, back to delivery (spec 1 section 4).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the service and the balance only; changeService is new every render
  useEffect(() => {
    if (draft.service === 'wallet_settle' && snap.walletBalance !== null && snap.walletBalance >= 0) changeService('delivery');
  }, [draft.service, snap.walletBalance]);

  const summary = snap.costs.summary as CostSummary | null;
  const block = placeOrderBlock(draft, { cardNumberEntered: digitsOf(form.card.card_number).length > 0, summary, priceError: snap.costs.error });
  const show = visibleSections(draft);
  const busy = place.phase !== 'idle';

  const listsEmpty = snap.won?.length === 0 && snap.stored?.length === 0 && snap.walletBalance !== null && snap.walletBalance >= 0
    && draft.service !== 'wallet_settle';
  // Shown once the orders holding lots are known too (held-orders.tsx), so its text does not move when they arrive.
  const held = useHeldOrders();
  // An order cancelled from the notice gave its lots back: both lists again, set together, then the notice.
  const afterCancel = async () => {
    const lists = await fetchCheckoutLists();
    setStored(lists.stored);
    setWon(lists.won);
    await held.reload();
  };
  if (listsEmpty && held.orders !== null) {
    return (
      <div className="container section">
        <Empty title="Nothing to pay for">
          <p>Lots you win, and items you keep in our storage, can be paid for and sent here.</p>
          <HeldOrders orders={held.orders} onCancelled={afterCancel} />
          <p><Link href="/auction" className="button button--primary">Browse the live auction</Link></p>
        </Empty>
      </div>
    );
  }

  const steps: [string, ReactNode, string?][] = [];
  steps.push(['Choose Service Method', (
    <>
      <ServiceChoice value={draft.service} walletBalance={snap.walletBalance} onChange={changeService} disabled={busy} />
      {draft.service === 'collection' && <StoreDetails title="Collect from" />}
    </>
  )]);
  if (show.billing) {
    steps.push(['Billing Address', (
      <>
        <ContactDetails />
        {countries.error && !countries.data ? <ErrorNote error={countries.error} onRetry={countries.reload} />
          : !countries.data ? <Spinner label="Loading countries" />
          : <AddressSection kind="billing" userId={String(user.id)} countries={countries.data} />}
      </>
    ), 'Must match the address of your credit card.']);
  }
  if (show.shipping) {
    steps.push(['Shipping Address', (
      <>
        {countries.data && <AddressSection kind="shipping" userId={String(user.id)} countries={countries.data} />}
        <label className="checkout-insurance">
          <input type="checkbox" checked={draft.insurance} onChange={(e) => { checkout.draft.insurance = e.target.checked; }} />
          <span>
            <strong>Insure this delivery</strong>
            <span className="checkout-option__note">Covers breakage or loss, not leakage.</span>
          </span>
        </label>
      </>
    )]);
  }
  if (show.storagePeriod) steps.push(['Select Storage Period', <StoragePeriodSection key="storage-period" />, 'The first 45 days after the auction are free.']);
  if (show.storedItems) steps.push(['Include These Stored Items?', <StoredItemsSection key="stored-items" />, draft.service === 'delivery' ? 'Ship bottles you keep in our storage together with this order.' : 'Extend the storage of bottles you already keep with us.']);
  if (show.note) steps.push(['A Note', <NoteSection key="note" />]);
  if (show.payment) steps.push(['Payment Method', <PaymentSection key="payment" form={form} disabled={busy} />]);
  if (show.itemSummary) steps.push(['Item Summary', <ItemSummary key="item-summary" error={won.error} retry={won.retry} />]);

  return (
    <div className="container section checkout">
      <div className="checkout__grid">
        <div className="checkout__main">
          {steps.map(([title, body, intro], i) => (
            <CheckoutSection key={title} step={i + 1} title={title} intro={intro}>{body}</CheckoutSection>
          ))}
          {!show.payment && (
            <p className="checkout-muted checkout__later">Payment Method appears once your {draft.service === 'delivery' ? 'billing and shipping addresses are' : 'billing address is'} set.</p>
          )}
          {/* Last in the column, so it moves nothing above it when it arrives. */}
          {held.orders && <HeldOrders orders={held.orders} onCancelled={afterCancel} inline />}
        </div>
        <aside className="checkout__aside" ref={summaryRef}>
          <OrderSummary block={block} phase={place.phase} error={place.error} onPlace={place.place} onCancelCheck={place.cancelCheck} onShowPopup={place.showPopup} canReopen={place.canReopen} onReopen={place.reopen} />
        </aside>
      </div>
      {summary && !summaryInView && (
        <div className="checkout-mobilebar">
          <span>Total to pay <strong>{formatPence(pence(summary, 'credit_debit_card'))}</strong></span>
          <button type="button" className="button button--gold button--small" onClick={() => summaryRef.current?.scrollIntoView({ behavior: 'smooth' })}>Review order</button>
        </div>
      )}
    </div>
  );
}

export function CheckoutPage() {
  useTitle('Checkout');
  const { user } = useSnapshot(session);
  return (
    <>
      <header className="page-head page-head--banner">
        <div className="container">
          <p className="eyebrow">Checkout</p>
          <h1>Payment Checkout</h1>
          <p className="page-head__text">Please complete payment process</p>
        </div>
      </header>
      <RequireAuth what="your checkout">
        {user ? <CheckoutScreen user={user as User} /> : null}
      </RequireAuth>
    </>
  );
}
