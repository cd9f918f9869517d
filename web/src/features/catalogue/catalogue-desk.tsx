/**
 * The staff catalogue screens behind /staff?section=auctions and /staff?section=lots. The chosen auction of the
 * lots desk lives in the address (&auction=<id>), so "Lots" on the auctions desk links straight to it.
 */
import { useLocation, useSearch } from 'wouter';
import { AuctionsDesk } from './auctions-desk';
import { LotsDesk } from './lots-desk';

export const CATALOGUE_SECTIONS = {
  auctions: {
    label: 'Auctions',
    intro: 'Create auctions, stagger their lots\' end times before they start, and follow each auction\'s progress live.',
  },
  lots: {
    label: 'Lots',
    intro: 'The lots of an auction: consign, edit until the auction starts, feature, or withdraw a lot with a reason before it ends.',
  },
} as const;

export function CatalogueDesk({ section }: { section: keyof typeof CATALOGUE_SECTIONS }) {
  const auction = new URLSearchParams(useSearch()).get('auction');
  const [, navigate] = useLocation();
  const openLots = (id: string) => navigate(`/staff?section=lots&auction=${encodeURIComponent(id)}`);
  return section === 'auctions' ? <AuctionsDesk onOpenLots={openLots} /> : <LotsDesk auctionId={auction} onAuction={openLots} />;
}
