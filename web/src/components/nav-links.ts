/** The main navigation, shared by the desktop and mobile headers. */
export const MAIN_NAV = [
  { href: '/auction', label: 'Live Auction', live: true },
  { href: '/past-auction', label: 'Past Auctions' },
  { href: '/calendar', label: 'Calendar' },
  { href: '/how-to-buy', label: 'Buying' },
  { href: '/selling', label: 'Selling' },
  { href: '/about', label: 'About' },
] as const;

const ACCOUNT_NAV = [
  { href: '/account/dashboard', label: 'Dashboard' },
  { href: '/account/buyers-area', label: "Buyer's area" },
  { href: '/account/sellers-area', label: "Seller's area" },
  { href: '/account/my-collection', label: 'My collection' },
  { href: '/account/orders', label: 'Orders' },
  { href: '/account/wallet', label: 'Wallet' },
  { href: '/account/settings', label: 'Settings' },
] as const;

/** Shown in the account menu only to staff (is_staff). */
const STAFF_NAV = [
  { href: '/staff', label: 'Staff: bidders' },
  { href: '/staff?section=withdrawals', label: 'Staff: withdrawals' },
  { href: '/staff?section=wallets', label: 'Staff: wallets' },
  { href: '/staff?section=orders', label: 'Staff: orders' },
  { href: '/staff?section=vouchers', label: 'Staff: vouchers' },
] as const;

/** The auditor's home (docs/audit.md), for auditors and staff. */
const AUDIT_NAV = [{ href: '/audit', label: 'Audit' }] as const;

/** The account links of the signed-in user: staff see the staff screens first; auditors and staff the audit home. */
export const accountLinks = (isStaff: boolean, isAuditor = false) => [
  ...(isStaff ? STAFF_NAV : []), ...(isStaff || isAuditor ? AUDIT_NAV : []), ...ACCOUNT_NAV,
];
