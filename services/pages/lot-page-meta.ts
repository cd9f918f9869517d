/**
 * A lot's page head (infra/http/page-head.ts) from the lot as the API shows it to a visitor who is not signed in
 * (lotShape with no viewer: never a reserve or anyone's maximum): its price and end in the description, its first
 * photo, and schema.org Product with an Offer. Decisions in docs/catalogue.md, "Pages without scripts".
 */
import type { z } from 'zod';
import type { LotApi } from '../catalogue/lots/shape';
import type { lotDetailAnswer } from '../catalogue/lots/lot-answer';
import { SITE } from '../../web/src/lib/site';
import { GALLERY_SIZES, photoSrcSet } from '../../web/src/lib/photo-sources';
import { absoluteUrl, clip, type PageHead } from '../../infra/http/page-head';

const LONDON = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit',
});

/** 27 November 2026 at 19:00 UK time: the house is in Edinburgh, and a crawler has no time zone of its own. */
export const ukTime = (iso: string) => `${LONDON.format(new Date(iso))} UK time`;

/** £1,250 or £1,250.50, from the API's decimal strings. */
function pounds(decimal: string): string {
  const n = Number(decimal);
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: Number.isInteger(n) ? 0 : 2 }).format(n);
}

export const lotTitle = (lot: LotApi) => lot.custom_title || lot.item.title;
const lotSubtitle = (lot: LotApi) => lot.custom_subtitle || lot.item.subtitle;
const lotDescription = (lot: LotApi) => lot.custom_description || lot.item.description;

/** The offer's price: the hammer once sold, else the current bid, else the estimate (no bid yet). */
function offerPrice(lot: LotApi): string {
  return lot.hammer_price ?? lot.bid_stats.current_bid ?? lot.item.estimated_value;
}

type Availability = 'InStock' | 'PreOrder' | 'SoldOut' | 'Discontinued';

/** Biddable now: in stock; not yet open: pre-order; sold: sold out; unsold, withdrawn or ended awaiting its close: discontinued. */
function availability(lot: LotApi): Availability {
  if (lot.status === 'sold') return 'SoldOut';
  if (lot.status === 'scheduled') return 'PreOrder';
  return lot.on_bidding ? 'InStock' : 'Discontinued';
}

/** One sentence on where the bidding stands, as a buyer would say it. */
function priceLine(lot: LotApi): string {
  const estimate = `estimate ${pounds(lot.item.estimated_value)}`;
  if (lot.status === 'sold') return `Sold for ${pounds(lot.hammer_price ?? offerPrice(lot))} on ${ukTime(lot.end_date)}.`;
  if (lot.withdrawn) return 'Withdrawn from sale.';
  if (lot.status === 'unsold') return `Closed unsold on ${ukTime(lot.end_date)} (${estimate}).`;
  if (lot.status === 'scheduled') return `Opening bid ${pounds(lot.bid_stats.opening_bid)}, ${estimate}; bidding opens ${ukTime(lot.start_date)}.`;
  if (!lot.on_bidding) return `Bidding ended ${ukTime(lot.end_date)}; the result follows shortly.`;
  const bid = lot.bid_stats.current_bid ? `Current bid ${pounds(lot.bid_stats.current_bid)}` : `Opening bid ${pounds(lot.bid_stats.opening_bid)}`;
  return `${bid}, ${estimate}; closes ${ukTime(lot.end_date)}.`;
}

function lotCanonical(lot: Pick<LotApi, 'id' | 'slug'>, publicUrl: string): string {
  return `${publicUrl}/product/${lot.id}/${encodeURIComponent(lot.slug)}`;
}

function productJsonLd(lot: LotApi, canonical: string, images: string[], description: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: lotTitle(lot),
    description,
    sku: lot.reference_no || lot.id,
    url: canonical,
    ...(images.length > 0 ? { image: images } : {}),
    brand: { '@type': 'Brand', name: lot.item.distillery.name },
    category: lot.item.type === 'cask' ? 'Whisky cask' : 'Whisky',
    offers: {
      '@type': 'Offer',
      url: canonical,
      price: offerPrice(lot),
      priceCurrency: 'GBP',
      availability: `https://schema.org/${availability(lot)}`,
      // priceValidUntil is a date; the end to the minute (soft close included) is availabilityEnds.
      priceValidUntil: lot.end_date.slice(0, 10),
      availabilityStarts: lot.start_date,
      availabilityEnds: lot.end_date,
      seller: { '@type': 'Organization', name: SITE.name },
    },
  };
}

/** The gallery's first photo as web/src/features/bidding/lot-gallery.tsx draws it (a site path: nothing else is fetched). */
function mainPhotoPreload(lot: LotApi): PageHead['preloadImage'] {
  const file = lot.photos[0]?.file;
  if (!file?.startsWith('/') || file.startsWith('//')) return null;
  const srcset = photoSrcSet(file);
  return srcset ? { href: file, srcset, sizes: GALLERY_SIZES } : { href: file };
}

/**
 * The lot page's data block: GET /api/lots/{id}/ as a visitor gets it (no note: nobody is signed in). The client reads
 * it as this same type (web/src/api/contract.ts `LotPageData`, web/src/lib/normalize.ts `readLotBlock`), so a field
 * renamed in the lot answer fails the client's type check there too.
 */
export type LotPageData = z.output<typeof lotDetailAnswer>;

const lotPageData = (lot: LotApi): LotPageData => ({ ...lot, note: null });

export function lotHead(lot: LotApi, publicUrl: string): PageHead {
  const title = lotTitle(lot);
  const canonical = lotCanonical(lot, publicUrl);
  const images = lot.photos.map((p) => absoluteUrl(p.file, publicUrl)).filter((u): u is string => u !== null);
  const subtitle = lotSubtitle(lot);
  const text = lotDescription(lot);
  const line = priceLine(lot);
  const description = clip([line, subtitle && `${subtitle}.`, text].filter(Boolean).join(' '));
  return {
    title: `${title} · ${SITE.name}`,
    shareTitle: title,
    description,
    canonical,
    ogType: 'product',
    siteName: SITE.name,
    image: images[0] ?? null,
    imageAlt: lot.photos[0]?.title ? `${title}: ${lot.photos[0].title}` : title,
    preloadImage: mainPhotoPreload(lot),
    data: lotPageData(lot),
    properties: [['product:price:amount', offerPrice(lot)], ['product:price:currency', 'GBP']],
    jsonLd: productJsonLd(lot, canonical, images, clip(text || subtitle || title, 5000)),
    fallback: {
      heading: title,
      paragraphs: [subtitle, `Lot ${lot.reference_no || lot.id}. ${line}`, ...text.split(/\n{2,}/).slice(0, 20)],
    },
  };
}
