/**
 * The sell request form (new items): the items, the target auction (coming auctions still taking bottles, with their
 * deadline), how the items reach us, where the proceeds go, the seller's address and a note. Opened from an
 * estimated valuation (?from_valuation=id) it starts with that valuation's objects and estimate.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { Spinner } from '../../components/feedback';
import { FormMessage, SelectField } from '../../components/field';
import { useAsync } from '../../components/hooks';
import { formatDateTime } from '../../lib/dates';
import { auctionName } from '../../lib/normalize';
import { serverNow } from '../../state/clock';
import { session } from '../../state/session';
import { AddressForm } from '../../components/address-form';
import { useErrorDialog } from '../../components/error-dialog';
import { fetchOpenAuctions } from '../../api/site';
import { fetchValuation } from './api';
import { ItemsSection } from './items-section';
import { PayoutSection } from './payout-section';
import { itemsFromValuation } from './rules';
import { SellingSignUpModal } from './sign-up-step';
import { SellingSummaryModal } from './summary-modal';
import { useSellForm } from './use-sell-form';
import { WaySection } from './way-section';
import { fetchCountries } from '../../api/addresses';

const tomorrow = () => {
  const d = new Date(serverNow() + 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export function SellForm({ fromValuation }: { fromValuation: string | null }) {
  const { user, status } = useSnapshot(session);
  const userId = user ? String(user.id) : null;
  const [, navigate] = useLocation();
  const { dialog, show } = useErrorDialog();
  const f = useSellForm(status === 'signed-in', show);
  const countries = useAsync(() => fetchCountries(), []);
  const auctions = useAsync((signal) => fetchOpenAuctions(signal), []);
  const [valuationRef, setValuationRef] = useState('');
  const list = countries.data ?? [];

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the auctions arrive: a later choice is the user's
  useEffect(() => {
    if (!f.draft.auction_id && auctions.data?.length) f.set({ auction_id: String(auctions.data[0].id) });
    // Only when the auctions arrive.
  }, [auctions.data]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads the valuation when it or the sign-in changes; f.setDraft and show are new every render
  useEffect(() => {
    if (!fromValuation || status !== 'signed-in') return;
    const ctrl = new AbortController();
    fetchValuation(fromValuation, ctrl.signal).then((v) => {
      setValuationRef(v.reference);
      f.setDraft((d) => ({ ...d, items: itemsFromValuation(v), valuation_id: v.id }));
    }, (e) => !ctrl.signal.aborted && show(e));
    return () => ctrl.abort();
  }, [fromValuation, status]);

  const submit = async () => {
    const ok = await f.submit(list);
    if (!ok) requestAnimationFrame(() => document.querySelector<HTMLElement>('.sell-form [aria-invalid="true"]')?.focus());
  };

  const auctionOptions = [
    { value: '', label: auctions.data?.length === 0 ? 'No auction is taking items just now' : 'Choose an auction' },
    ...(auctions.data ?? []).map((a) => ({
      value: String(a.id),
      label: `${auctionName(a)}${a.bottles_add_deadline ? `, items by ${formatDateTime(a.bottles_add_deadline)}` : ''}`,
    })),
  ];

  return (
    <div className="sell-form" role="form" aria-label="Sell request">
      {valuationRef && <p className="notice notice--info" role="status">Starting from your valuation {valuationRef}.</p>}
      <section className="sell-form__section">
        <h3>1. Your items</h3>
        <ItemsSection items={f.draft.items} errors={f.errors} onChange={(items) => f.set({ items })} />
      </section>
      <section className="sell-form__section">
        <h3>2. Auction</h3>
        {auctions.loading && !auctions.data ? <Spinner label="Loading the coming auctions" /> : (
          <SelectField label="Sell in" name="auction_id" value={f.draft.auction_id} options={auctionOptions} onValue={(v) => f.set({ auction_id: v })} error={f.errors.auction_id} />
        )}
      </section>
      <section className="sell-form__section">
        <h3>3. How your items reach us</h3>
        <WaySection draft={f.draft} errors={f.errors} set={f.set} minDate={tomorrow()} />
      </section>
      <section className="sell-form__section">
        <h3>4. Your payout</h3>
        <PayoutSection
          userId={userId} choice={f.draft.payout} onChoice={(payout) => f.set({ payout })}
          form={f.payoutForm} errors={f.payoutErrors} onForm={f.setPayout} choiceError={f.errors.payment_id} onError={show}
        />
      </section>
      <section className="sell-form__section">
        <h3>5. Your address</h3>
        <AddressForm
          kind="billing" value={f.address} errors={f.addressErrors} countries={list}
          onChange={(update, changed) => {
            f.setAddress(update);
            f.setAddressErrors((e) => ({ ...e, [changed]: undefined }));
          }}
        />
      </section>
      <section className="sell-form__section">
        <h3>6. Anything we should know?</h3>
        <div className="field">
          <label htmlFor="sell-note">Note (optional)</label>
          <textarea id="sell-note" rows={3} maxLength={2000} value={f.draft.note} onChange={(e) => f.set({ note: e.target.value })} />
        </div>
      </section>
      <FormMessage error={Object.keys(f.errors).length ? 'Please check the marked fields.' : null} />
      <button type="button" className="button button--primary button--block" disabled={f.busy} onClick={() => void submit()}>
        {f.busy ? 'Sending…' : 'Send sell request'}
      </button>
      {f.signUpOpen && (
        <SellingSignUpModal
          values={f.signUp} onValues={f.setSignUp} serverErrors={f.signUpErrors} formError={f.signUpFormError} busy={f.busy}
          onSubmit={() => void f.sendWithSignUp()} onClose={() => f.setSignUpOpen(false)}
        />
      )}
      {f.summary && <SellingSummaryModal data={f.summary} onClose={() => navigate('/checkout-success?flow_type=sell-request')} />}
      {dialog}
    </div>
  );
}
