/** The collection's value over time (GET /api/my_collection_graph/), monthly; the last point is the total now. */
import { useMemo } from 'react';
import { useAsync } from '../../components/hooks';
import { toPence } from '../../lib/money';
import { fetchGraph } from './api';
import { LineChart } from '../../components/line-chart';

export function CollectionChart({ version }: { version: number }) {
  const { data } = useAsync(() => fetchGraph(), [version]);
  const points = useMemo(() => (data?.results ?? []).map((p) => ({ at: p.date, value: (toPence(p.value) ?? 0) / 100 })), [data]);
  if (!data || points.length === 0) return null;
  return (
    <section className="panel collection-chart" aria-labelledby="collection-chart-title">
      <h2 id="collection-chart-title">Value over time</h2>
      <LineChart points={points} label="Collection value" />
    </section>
  );
}
