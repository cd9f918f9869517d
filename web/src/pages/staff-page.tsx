/**
 * /staff: the house's screens. Bidders (default): search users, see who has paid the one-off registration fee, and
 * record a fee paid by bank transfer or in store. ?section=withdrawals: confirmed withdrawals to pay out or reject.
 * ?section=wallets: a user's wallet, its overdraft and credit/debit adjustments.
 * ?section=orders: orders to mark paid, cancel or move forward. ?section=vouchers: vouchers issued and a new one.
 * ?section=sell-requests: sell requests to receive, consign, relist or return.
 * ?section=auctions and ?section=lots: the catalogue desks (features/catalogue).
 * ?section=articles, ?section=site-content and ?section=newsletter: the content desks (features/content).
 * ?section=close-monitor: the close as it happens, live (features/close-monitor).
 */
import { lazy, Suspense, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import type { CurrentUser } from '../api/contract';
import { fetchStaffUsers, type FeeFilter, type StaffUser } from '../api/staff';
import { Empty, ErrorNote, Spinner } from '../components/feedback';
import { SelectField } from '../components/field';
import { useAsync } from '../components/hooks';
import { PageHead, RequireAuth } from '../components/page-head';
import { Pager } from '../components/pager';
import { FeeAction } from '../features/payments/staff/fee-action';
import { useDebounced } from '../components/use-debounced';
import { WalletsDesk } from '../features/wallet/staff/wallets-desk';
import { WithdrawalsDesk } from '../features/withdrawal/staff/withdrawals-desk';
import { OrdersDesk } from '../features/orders/staff/orders-desk';
import { VouchersDesk } from '../features/orders/staff/vouchers-desk';
import { SellRequestsDesk } from '../features/selling/staff/sell-requests-desk';
import { ValuationsDesk } from '../features/valuation/valuations-desk';
import { CATALOGUE_SECTIONS, CatalogueDesk } from '../features/catalogue/catalogue-desk';
import { CONTENT_SECTIONS, ContentDesk, isContentSection } from '../features/content/content-desk';
import { formatShortDate } from '../lib/dates';
import { SITE } from '../lib/site';
import { session } from '../state/session';
import { pushToast } from '../state/toasts';
import '../styles/staff.css';

// uPlot comes with the close monitor only: the other desks do not load it.
const CloseMonitorDesk = lazy(() => import('../features/close-monitor/close-monitor-desk').then((m) => ({ default: m.CloseMonitorDesk })));

const FEE_OPTIONS = [
  { value: '', label: 'All users' },
  { value: 'false', label: 'Fee not paid' },
  { value: 'true', label: 'Fee paid' },
];

const fullName = (u: StaffUser) => `${u.first_name} ${u.last_name}`.trim() || '—';

function UsersTable() {
  const [search, setSearch] = useState('');
  const [fee, setFee] = useState<FeeFilter>('');
  const [page, setPage] = useState(1);
  const query = useDebounced(search);
  const [updated, setUpdated] = useState<Record<string, Partial<StaffUser>>>({});
  const list = useAsync((signal) => fetchStaffUsers({ search: query, fee, page }, signal), [query, fee, page]);

  const onPaid = (u: CurrentUser) => {
    // Shown paid at once; the list is then re-read for the recorded date.
    setUpdated((prev) => ({ ...prev, [u.id]: { ...prev[u.id], ...u } }));
    pushToast({ kind: 'success', title: 'Registration fee recorded', text: `${u.email} can now bid.` });
    list.reload();
  };
  const rows = (list.data?.results ?? []).map((u) => (u.registration_fee_status ? u : { ...u, ...updated[u.id] }));

  return (
    <div className="container section staff-desk">
      <div className="staff-desk__filters" role="search">
        <div className="field">
          <label htmlFor="staff-search">Search users</label>
          <input id="staff-search" type="search" placeholder="Name or email" value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} />
        </div>
        <SelectField label="Registration fee" options={FEE_OPTIONS} value={fee} onValue={(v) => { setFee(v as FeeFilter); setPage(1); }} />
      </div>
      <p className="staff-desk__count" aria-live="polite">
        {list.data ? `${list.data.count} ${list.data.count === 1 ? 'user' : 'users'}` : 'Loading users…'}
      </p>
      {list.error ? (
        <ErrorNote error={list.error} onRetry={list.reload} />
      ) : !list.data ? (
        <Spinner label="Loading users" />
      ) : rows.length === 0 ? (
        <Empty title="No users match this search" />
      ) : (
        <table className="table staff-table" aria-busy={list.loading}>
          <caption className="visually-hidden">Users</caption>
          <thead>
            <tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Email verified</th><th scope="col">Registration fee</th><th scope="col"><span className="visually-hidden">Action</span></th></tr>
          </thead>
          <tbody>
            {rows.map((u) => (
              <tr key={u.id}>
                <th scope="row" data-label="Name">{fullName(u)}{u.is_staff && <span className="tag">Staff</span>}</th>
                <td data-label="Email" className="staff-table__email">{u.email}</td>
                <td data-label="Email verified">{u.is_verified ? 'Yes' : 'Not yet'}</td>
                <td data-label="Registration fee">
                  {u.registration_fee_status
                    ? <span className="fee-status fee-status--paid">Paid{u.registration_fee_paid_at ? ` ${formatShortDate(u.registration_fee_paid_at)}` : ''}</span>
                    : <span className="fee-status fee-status--unpaid">Not paid</span>}
                </td>
                <td className="staff-table__action"><FeeAction user={u} onPaid={onPaid} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.data && <Pager page={page} totalPages={list.data.total_pages} onPage={setPage} />}
    </div>
  );
}

const SECTIONS = {
  bidders: {
    label: 'Bidders',
    intro: `Find a bidder and record their one-off ${SITE.registrationFee} registration fee when it was paid by bank transfer or in store. Card payments are recorded on their own.`,
  },
  withdrawals: {
    label: 'Withdrawals',
    intro: 'Withdrawals the users have confirmed with their emailed code. Pay them by bank transfer and record the reference, or reject them with a reason (the money goes back to their balance).',
  },
  wallets: {
    label: 'Wallets',
    intro: 'Find a user\'s wallet to see its balances and transactions, set an overdraft, or credit or debit it. Every change needs a reason.',
  },
  orders: {
    label: 'Orders',
    intro: 'Buyers\' orders. Record bank transfers and in-store payments when the money arrives, cancel an unpaid order with a reason, and move paid orders on as they are packed, shipped, collected or stored.',
  },
  vouchers: {
    label: 'Vouchers',
    intro: 'Issue voucher codes worth a fixed amount or a percentage of an order, with an optional expiry and limit of uses.',
  },
  'sell-requests': {
    label: 'Sell requests',
    intro: 'Sellers\' requests to sell: mark items received with a note on their condition, consign them as lots, and relist or return lots that did not sell.',
  },
  'close-monitor': {
    label: 'Close monitor',
    intro: 'The auction as it closes, live: bids and refusals per second, how fast bids are decided, lots open, extended and closed, how far the pages trail the bids, watchers and emails waiting.',
  },
  valuations: {
    label: 'Valuations',
    intro: 'Sellers\' valuation requests with their photos: answer each with an estimate or a decline and a message; the seller is emailed.',
  },
  ...CATALOGUE_SECTIONS,
  ...CONTENT_SECTIONS,
} as const;

type Section = keyof typeof SECTIONS;
const isSection = (v: string | null): v is Section => !!v && Object.hasOwn(SECTIONS, v);

function StaffOnly({ section }: { section: Section }) {
  const { isStaff } = useSnapshot(session);
  if (!isStaff) {
    return (
      <div className="container section">
        <ErrorNote error="This area is for the staff of the house." />
      </div>
    );
  }
  return (
    <>
      <nav className="container staff-sections" aria-label="Staff screens">
        <ul className="tabs__list">
          {(Object.keys(SECTIONS) as Section[]).map((k) => (
            <li key={k}>
              <Link href={k === 'bidders' ? '/staff' : `/staff?section=${k}`} className="tabs__tab" aria-current={k === section ? 'page' : undefined}>
                {SECTIONS[k].label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {section === 'close-monitor' ? <Suspense fallback={<Spinner />}><CloseMonitorDesk /></Suspense>
        : section === 'auctions' || section === 'lots' ? <CatalogueDesk section={section} /> : isContentSection(section) ? <ContentDesk section={section} /> : section === 'withdrawals' ? <WithdrawalsDesk /> : section === 'wallets' ? <WalletsDesk />
        : section === 'orders' ? <OrdersDesk /> : section === 'vouchers' ? <VouchersDesk /> : section === 'sell-requests' ? <SellRequestsDesk /> : section === 'valuations' ? <ValuationsDesk /> : <UsersTable />}
    </>
  );
}

export function StaffPage() {
  const asked = new URLSearchParams(useSearch()).get('section');
  const section: Section = isSection(asked) ? asked : 'bidders';
  return (
    <>
      <PageHead title={SECTIONS[section].label} eyebrow="Staff">
        <p>{SECTIONS[section].intro}</p>
      </PageHead>
      <RequireAuth what="the staff area">
        <StaffOnly section={section} />
      </RequireAuth>
    </>
  );
}
