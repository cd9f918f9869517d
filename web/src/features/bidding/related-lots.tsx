/** Similar lots and "people also bid on": lot grids loaded after the lot itself. */
import type { Lot } from '../../lib/types';
import { putLots } from '../../state/lots';
import { useAsync } from '../../components/hooks';
import { LotGrid } from '../../components/lot-card';

export function RelatedLots({ title, load, lotId }: { title: string; load: (id: string) => Promise<Lot[]>; lotId: string }) {
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
