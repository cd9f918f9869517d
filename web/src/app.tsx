/** Routes (spec 1 section 2) inside the page shell. Heavy routes are their own chunks. */
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { ConsentBanner } from './components/consent-banner';
import { FullScreenLoader } from './components/feedback';
import { Footer } from './components/footer';
import { Header } from './components/header';
import { LiveStatusBanner } from './components/live-status-banner';
import { ModalHost } from './components/modal-host';
import { ShellQuery } from './components/shell-query';
import { ToastContainer } from './components/toast-container';
import { HomePage } from './pages/home-page';

/** A lazily loaded named export, keeping its props type. */
function page<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  type P = M[K] extends ComponentType<infer Props> ? Props : never;
  return lazy(async () => ({ default: (await load())[name] as unknown as ComponentType<P> }));
}

const AuctionPage = page(() => import('./pages/auction-page'), 'AuctionPage');
const ProductPage = page(() => import('./pages/product-page'), 'ProductPage');
const HowToBuyPage = page(() => import('./pages/how-to-buy-page'), 'HowToBuyPage');
const BuyersAreaPage = page(() => import('./pages/buyers-area-page'), 'BuyersAreaPage');
const DashboardPage = page(() => import('./pages/dashboard-page'), 'DashboardPage');
const SearchPage = page(() => import('./features/search/search-page'), 'SearchPage');
const CalendarPage = page(() => import('./pages/calendar-page'), 'CalendarPage');
const BlogPage = page(() => import('./pages/blog-page'), 'BlogPage');
const BlogArticlePage = page(() => import('./pages/blog-page'), 'BlogArticlePage');
const AboutPage = page(() => import('./pages/about-page'), 'AboutPage');
const ContactPage = page(() => import('./pages/contact-page'), 'ContactPage');
const FaqPage = page(() => import('./pages/faq-page'), 'FaqPage');
const ShippingPage = page(() => import('./pages/shipping-page'), 'ShippingPage');
const TermsPage = page(() => import('./pages/legal-pages'), 'TermsPage');
const PrivacyPage = page(() => import('./pages/legal-pages'), 'PrivacyPage');
const HowToSellPage = page(() => import('./features/selling/how-to-sell-page'), 'HowToSellPage');
const SellingPage = page(() => import('./features/selling/selling-page'), 'SellingPage');
const CheckoutPage = page(() => import('./pages/checkout-pages'), 'CheckoutPage');
const CheckoutSuccessPage = page(() => import('./pages/checkout-pages'), 'CheckoutSuccessPage');
const SettingsPage = page(() => import('./pages/settings-page'), 'SettingsPage');
const SellersAreaPage = page(() => import('./features/seller-area/seller-area-page'), 'SellersAreaPage');
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

function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
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
            <Route path="/" component={HomePage} />
            <Route path="/auction">{() => <AuctionPage mode="live" />}</Route>
            <Route path="/past-auction">{() => <AuctionPage mode="past" />}</Route>
            <Route path="/product/:id/:slug?" component={ProductPage} />
            <Route path="/how-to-buy" component={HowToBuyPage} />
            <Route path="/how-to-sell-whisky">{() => <HowToSellPage kind="bottles" />}</Route>
            <Route path="/how-to-sell-whisky-cask">{() => <HowToSellPage kind="casks" />}</Route>
            <Route path="/selling" component={SellingPage} />
            <Route path="/search" component={SearchPage} />
            <Route path="/calendar" component={CalendarPage} />
            <Route path="/blog" component={BlogPage} />
            <Route path="/blog/article/:id" component={BlogArticlePage} />
            <Route path="/about" component={AboutPage} />
            <Route path="/contact-us" component={ContactPage} />
            <Route path="/faq" component={FaqPage} />
            <Route path="/shipping-info" component={ShippingPage} />
            <Route path="/terms-and-conditions" component={TermsPage} />
            <Route path="/privacy-policy" component={PrivacyPage} />
            <Route path="/newsletter/:action" component={NewsletterLinkPage} />
            <Route path="/checkout" component={CheckoutPage} />
            <Route path="/checkout-success" component={CheckoutSuccessPage} />
            <Route path="/account/dashboard" component={DashboardPage} />
            <Route path="/account/buyers-area" component={BuyersAreaPage} />
            <Route path="/account/sellers-area" component={SellersAreaPage} />
            <Route path="/account/settings" component={SettingsPage} />
            <Route path="/account/my-collection" component={CollectionPage} />
            <Route path="/account/my-collection/add-items" component={AddItemsPage} />
            <Route path="/account/wallet" component={WalletPage} />
            <Route path="/account/orders" component={OrdersPage} />
            <Route path="/staff" component={StaffPage} />
            <Route path="/audit" component={AuditHomePage} />
            <Route path="/audit/wallets/:userId" component={WalletReplayPage} />
            <Route path="/audit/lots/:id" component={LotReplayPage} />
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </main>
      <Footer />
      <ConsentBanner />
      <LiveStatusBanner />
      <ToastContainer />
      <ModalHost />
      <ShellQuery />
      <ScrollToTop />
    </>
  );
}
