/**
 * Similar lots and "people also bid on": lot grids below the fold, read and drawn once their place comes near the
 * viewport or the loaded page is idle (useNearOrIdle), not while the lot and its bid panel are being drawn.
 */
import { useRef } from 'react';
import type { Lot } from '../../lib/types';
import { putLots } from '../../state/lots';
import { useAsync } from '../../components/hooks';
import { LotGrid } from '../../components/lot-card';
import { useNearOrIdle } from '../../components/use-near-or-idle';

type LoadRelated = (id: string) => Promise<Lot[]>;

export function RelatedSections({ lotId, sections }: { lotId: string; sections: readonly { title: string; load: LoadRelated }[] }) {
  const mark = useRef<HTMLDivElement>(null);
  // Until then an empty block marks the place (no height, no margin: nothing moves); the grids appear below it as
  // they did, when their reads answer.
  if (!useNearOrIdle(mark)) return <div ref={mark} />;
  return sections.map((s) => <RelatedLots key={s.title} title={s.title} load={s.load} lotId={lotId} />);
}

export function RelatedLots({ title, load, lotId }: { title: string; load: LoadRelated; lotId: string }) {
  const { data } = useAsync(async () => putLots((await load(lotId)).filter((l) => l.id !== lotId).slice(0, 6)), [lotId]);
  if (!data || data.length === 0) return null;
  const id = `rel-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className="section container" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <LotGrid ids={data} label={title} />
    </section>
  );
}
