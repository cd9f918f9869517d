/**
 * Every page of the client, as wouter patterns (`:name` a segment, `:name?` an optional one). The router (app.tsx)
 * and the server (services/pages/client-pages.ts) both read this one list: the server answers 200 with the client's
 * page only for these paths, and 404 (the same page, which shows its not-found view) for anything else.
 */
export const PAGE_PATHS = {
  home: '/',
  auction: '/auction',
  pastAuction: '/past-auction',
  product: '/product/:id/:slug?',
  howToBuy: '/how-to-buy',
  howToSell: '/how-to-sell-whisky',
  howToSellCask: '/how-to-sell-whisky-cask',
  selling: '/selling',
  search: '/search',
  calendar: '/calendar',
  blog: '/blog',
  blogArticle: '/blog/article/:id',
  about: '/about',
  contact: '/contact-us',
  faq: '/faq',
  shipping: '/shipping-info',
  terms: '/terms-and-conditions',
  privacy: '/privacy-policy',
  newsletterLink: '/newsletter/:action',
  checkout: '/checkout',
  checkoutSuccess: '/checkout-success',
  dashboard: '/account/dashboard',
  buyersArea: '/account/buyers-area',
  sellersArea: '/account/sellers-area',
  settings: '/account/settings',
  collection: '/account/my-collection',
  collectionAdd: '/account/my-collection/add-items',
  wallet: '/account/wallet',
  orders: '/account/orders',
  staff: '/staff',
  audit: '/audit',
  auditWallet: '/audit/wallets/:userId',
  auditLot: '/audit/lots/:id',
} as const;

export type PageName = keyof typeof PAGE_PATHS;

/** The checkout and its success page, where the notices of unpaid lots and of an incomplete profile wait. */
export const isCheckoutPath = (path: string) => /^\/checkout(-success)?(\/|$)/.test(path);
