/** The lot page's price history (GET /api/historical_performance/): past hammer prices of the same item, on uPlot. */
import { useMemo } from 'react';
import { fetchHistoricalPerformance } from '../../api/lots';
import { useAsync } from '../../components/hooks';
import { formatShortDate } from '../../lib/dates';
import { formatGBP, toPence } from '../../lib/money';
import { LineChart } from './line-chart';

export function PriceHistoryChart({ lotId }: { lotId: string }) {
  const { data } = useAsync(() => fetchHistoricalPerformance(lotId), [lotId]);
  const points = useMemo(() => [...(data ?? [])].sort((a, b) => Date.parse(a.date) - Date.parse(b.date)), [data]);
  const chart = useMemo(() => points.map((p) => ({ at: p.date, value: (toPence(p.price) ?? 0) / 100 })), [points]);
  if (points.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="perf-title">
      <h2 id="perf-title">Historical performance</h2>
      {points.length > 1 && <LineChart points={chart} label="Hammer price" height={160} />}
      <div className="table-wrap">
        <table className="table">
          <thead><tr><th scope="col">Sold</th><th scope="col">Hammer price</th></tr></thead>
          <tbody>
            {points.slice().reverse().map((p, i) => (
              <tr key={i}><td>{formatShortDate(p.date) || p.label || '—'}</td><td>{formatGBP(p.price)}</td></tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
