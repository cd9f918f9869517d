/** The main page: the live auction (or the next one), featured lots and what is coming next. */
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { fetchFeaturedLots } from '../api/lots';
import { Countdown } from '../components/countdown';
import { Empty, ErrorNote, GridSkeleton } from '../components/feedback';
import { useAsync, useTitle } from '../components/hooks';
import { LotGrid } from '../components/lot-card';
import { formatDateTime, formatLongDate } from '../lib/dates';
import { auctionName } from '../lib/normalize';
import { auctions } from '../state/auctions';
import { putLots } from '../state/lots';
import { HomeSlides, useHomeSlides } from '../features/content/home-slides';
import { fetchHouseFees, type HouseFees } from '../features/content/house-facts';

function Hero() {
  const { live, next, loaded } = useSnapshot(auctions);
  const upcoming = next[0];
  return (
    <section className="hero">
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="eyebrow">{live ? 'Bidding now' : upcoming ? 'Next auction' : 'Rare & collectable whisky'}</p>
          <h1 className="hero__title">
            {live ? `${auctionName(live)} is live` : upcoming ? `${auctionName(upcoming)} opens ${formatLongDate(upcoming.start_date)}` : 'Fine Scotch whisky, at auction every month'}
          </h1>
          <p className="hero__text">
            Bottles and casks from private collections and distilleries, described by our specialists, stored and
            insured in our bonded warehouse, and shipped worldwide.
          </p>
          <div className="hero__actions">
            {live ? (
              <Link href="/auction" className="button button--gold">View the live auction</Link>
            ) : (
              <Link href="/calendar" className="button button--gold">Auction calendar</Link>
            )}
            <Link href="/how-to-buy" className="button button--ghost-light">How bidding works</Link>
          </div>
        </div>
        {live && (
          <div className="hero__clock">
            <Countdown end={live.end_date} label="Lots begin closing in" />
            <p className="hero__clock-note">Closes {formatDateTime(live.end_date)}. Bids in the last 3 minutes extend that lot.</p>
          </div>
        )}
        {!live && loaded && upcoming && (
          <div className="hero__clock">
            <Countdown end={upcoming.start_date} label="Bidding opens in" />
          </div>
        )}
      </div>
    </section>
  );
}

function FeaturedLots() {
  const { data, error, loading, reload } = useAsync(async () => putLots(await fetchFeaturedLots()), []);
  return (
    <section className="section container" aria-labelledby="featured-title">
      <div className="section__head">
        <h2 id="featured-title">Featured lots</h2>
        <Link href="/auction" className="section__more">See every lot</Link>
      </div>
      {loading && !data ? (
        <GridSkeleton />
      ) : error ? (
        <ErrorNote error={error} onRetry={reload} />
      ) : data?.length ? (
        <LotGrid ids={data} label="Featured lots" featured />
      ) : (
        <Empty title="No featured lots right now">The next auction's highlights appear here as soon as bidding opens.</Empty>
      )}
    </section>
  );
}

function ComingNext() {
  const { next, loaded } = useSnapshot(auctions);
  if (!loaded) return null;
  return (
    <section className="section section--cream" aria-labelledby="next-title">
      <div className="container">
        <div className="section__head">
          <h2 id="next-title">Coming next</h2>
          <Link href="/calendar" className="section__more">Full calendar</Link>
        </div>
        {next.length ? (
          <ol className="auction-list">
            {next.map((a) => (
              <li key={a.id} className="auction-list__item">
                <span className="auction-list__name">{auctionName(a)}</span>
                <span>Opens {formatDateTime(a.start_date)}</span>
                <span>Closes {formatDateTime(a.end_date)}</span>
              </li>
            ))}
          </ol>
        ) : (
          <p>New auction dates are announced in our newsletter.</p>
        )}
      </div>
    </section>
  );
}

/** The fees quoted are the house's settings (GET /api/auction_settings/); until they arrive the cards say no figure. */
function paths(fees: HouseFees | undefined) {
  return [
    { title: 'Buying', text: `Register, pay the one-off ${fees ? `£${fees.registration_fee} ` : ''}fee and bid with a maximum: we bid for you up to it.`, href: '/how-to-buy', cta: 'How to buy' },
    { title: 'Selling bottles', text: fees ? `Consign single bottles or whole collections. ${fees.seller_commission_percent}% commission, £${fees.listing_fee} listing fee per lot.` : 'Consign single bottles or whole collections, with a low commission and listing fee per lot.', href: '/how-to-sell-whisky', cta: 'How to sell' },
    { title: 'Selling casks', text: 'We verify ownership with the bonded warehouse and handle the transfer of title.', href: '/how-to-sell-whisky-cask', cta: 'Selling a cask' },
    { title: 'Free valuation', text: 'Send us photos and our specialists will estimate what your whisky could fetch.', href: '/selling?valuation=true', cta: 'Request a valuation' },
  ];
}

export function HomePage() {
  useTitle('');
  const fees = useAsync(() => fetchHouseFees(), []);
  const { loaded } = useSnapshot(auctions);
  const slides = useHomeSlides();
  // The page appears whole once the auctions (the hero's words and clock), the slides and the fees its cards quote
  // are known, so nothing is inserted above what is already shown (issue #19, layout shift); the hero's box holds
  // the place meanwhile.
  if (!loaded || slides.loading || fees.loading) return <div className="hero hero--pending" aria-busy="true" />;
  return (
    <>
      <Hero />
      <HomeSlides slides={slides.data} />
      <FeaturedLots />
      <ComingNext />
      <section className="section container" aria-label="Buying and selling">
        <ul className="path-grid">
          {paths(fees.data).map((p) => (
            <li key={p.title} className="path-card">
              <h3>{p.title}</h3>
              <p>{p.text}</p>
              <Link href={p.href} className="text-link">{p.cta}</Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
