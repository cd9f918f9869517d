/** Routes (spec 1 section 2) inside the page shell. Heavy routes are their own chunks. */
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { ConsentBanner } from './components/consent-banner';
import { FullScreenLoader } from './components/feedback';
import { DeferredFooter } from './components/footer';
import { Header } from './components/header';
import { LiveStatusBanner } from './components/live-status-banner';
import { ModalHost } from './components/modal-host';
import { ShellQuery } from './components/shell-query';
import { ToastContainer } from './components/toast-container';
import { HomePage } from './pages/home-page';
import { PAGE_PATHS } from './page-paths';

/** A lazily loaded named export, keeping its props type. */
function page<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  type P = M[K] extends ComponentType<infer Props> ? Props : never;
  return lazy(async () => ({ default: (await load())[name] as unknown as ComponentType<P> }));
}

const AuctionPage = page(() => import('./pages/auction-page'), 'AuctionPage');
const ProductPage = page(() => import('./features/bidding/product-page'), 'ProductPage');
const HowToBuyPage = page(() => import('./pages/how-to-buy-page'), 'HowToBuyPage');
const BuyersAreaPage = page(() => import('./pages/buyers-area-page'), 'BuyersAreaPage');
const DashboardPage = page(() => import('./pages/dashboard-page'), 'DashboardPage');
const SearchPage = page(() => import('./features/search/search-page'), 'SearchPage');
const CalendarPage = page(() => import('./pages/calendar-page'), 'CalendarPage');
const BlogPage = page(() => import('./features/content/blog-pages'), 'BlogPage');
const BlogArticlePage = page(() => import('./features/content/blog-pages'), 'BlogArticlePage');
const AboutPage = page(() => import('./pages/about-page'), 'AboutPage');
const ContactPage = page(() => import('./pages/contact-page'), 'ContactPage');
const FaqPage = page(() => import('./features/content/faq-page'), 'FaqPage');
const ShippingPage = page(() => import('./features/content/shipping-page'), 'ShippingPage');
const TermsPage = page(() => import('./features/content/legal/terms-page'), 'TermsPage');
const PrivacyPage = page(() => import('./features/content/legal/privacy-page'), 'PrivacyPage');
const HowToSellPage = page(() => import('./features/selling/how-to-sell-page'), 'HowToSellPage');
const SellingPage = page(() => import('./features/selling/selling-page'), 'SellingPage');
const CheckoutPage = page(() => import('./features/checkout/checkout-page'), 'CheckoutPage');
const CheckoutSuccessPage = page(() => import('./features/checkout/success-page'), 'CheckoutSuccessPage');
const SettingsPage = page(() => import('./pages/settings-page'), 'SettingsPage');
const SellersAreaPage = page(() => import('./features/selling/seller-area/seller-area-page'), 'SellersAreaPage');
const CollectionPage = page(() => import('./features/collection/collection-page'), 'CollectionPage');
const AddItemsPage = page(() => import('./features/collection/add-items-page'), 'AddItemsPage');
const StaffPage = page(() => import('./pages/staff-page'), 'StaffPage');
const WalletPage = page(() => import('./features/wallet/wallet-page'), 'WalletPage');
const OrdersPage = page(() => import('./features/orders/orders-page'), 'OrdersPage');
const NewsletterLinkPage = page(() => import('./features/content/newsletter-page'), 'NewsletterLinkPage');
const AuditHomePage = page(() => import('./features/audit/audit-home-page'), 'AuditHomePage');
const WalletReplayPage = page(() => import('./features/audit/wallet-replay-page'), 'WalletReplayPage');
const LotReplayPage = page(() => import('./features/audit/lot-replay-page'), 'LotReplayPage');
const NotFoundPage = page(() => import('./pages/not-found-page'), 'NotFoundPage');

/**
 * Every route change opens the new page at its top; a link to an anchor (/faq#fees) goes to that anchor instead.
 * The browser's own restoration is off: it would put a fresh page where the last one was scrolled to.
 */
function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation: the location is the trigger, not a value read
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location]);
  return null;
}

export function App() {
  return (
    <>
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<FullScreenLoader />}>
          <Switch>
            <Route path={PAGE_PATHS.home} component={HomePage} />
            <Route path={PAGE_PATHS.auction}>{() => <AuctionPage mode="live" />}</Route>
            <Route path={PAGE_PATHS.pastAuction}>{() => <AuctionPage mode="past" />}</Route>
            <Route path={PAGE_PATHS.product} component={ProductPage} />
            <Route path={PAGE_PATHS.howToBuy} component={HowToBuyPage} />
            <Route path={PAGE_PATHS.howToSell}>{() => <HowToSellPage kind="bottles" />}</Route>
            <Route path={PAGE_PATHS.howToSellCask}>{() => <HowToSellPage kind="casks" />}</Route>
            <Route path={PAGE_PATHS.selling} component={SellingPage} />
            <Route path={PAGE_PATHS.search} component={SearchPage} />
            <Route path={PAGE_PATHS.calendar} component={CalendarPage} />
            <Route path={PAGE_PATHS.blog} component={BlogPage} />
            <Route path={PAGE_PATHS.blogArticle} component={BlogArticlePage} />
            <Route path={PAGE_PATHS.about} component={AboutPage} />
            <Route path={PAGE_PATHS.contact} component={ContactPage} />
            <Route path={PAGE_PATHS.faq} component={FaqPage} />
            <Route path={PAGE_PATHS.shipping} component={ShippingPage} />
            <Route path={PAGE_PATHS.terms} component={TermsPage} />
            <Route path={PAGE_PATHS.privacy} component={PrivacyPage} />
            <Route path={PAGE_PATHS.newsletterLink} component={NewsletterLinkPage} />
            <Route path={PAGE_PATHS.checkout} component={CheckoutPage} />
            <Route path={PAGE_PATHS.checkoutSuccess} component={CheckoutSuccessPage} />
            <Route path={PAGE_PATHS.dashboard} component={DashboardPage} />
            <Route path={PAGE_PATHS.buyersArea} component={BuyersAreaPage} />
            <Route path={PAGE_PATHS.sellersArea} component={SellersAreaPage} />
            <Route path={PAGE_PATHS.settings} component={SettingsPage} />
            <Route path={PAGE_PATHS.collection} component={CollectionPage} />
            <Route path={PAGE_PATHS.collectionAdd} component={AddItemsPage} />
            <Route path={PAGE_PATHS.wallet} component={WalletPage} />
            <Route path={PAGE_PATHS.orders} component={OrdersPage} />
            <Route path={PAGE_PATHS.staff} component={StaffPage} />
            <Route path={PAGE_PATHS.audit} component={AuditHomePage} />
            <Route path={PAGE_PATHS.auditWallet} component={WalletReplayPage} />
            <Route path={PAGE_PATHS.auditLot} component={LotReplayPage} />
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </main>
      <DeferredFooter />
      <ConsentBanner />
      <LiveStatusBanner />
      <ToastContainer />
      <ModalHost />
      <ShellQuery />
      <ScrollToTop />
    </>
  );
}
