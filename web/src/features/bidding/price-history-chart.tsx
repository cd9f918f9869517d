/** The lot page's price history (GET /api/historical_performance/): past hammer prices of the same item, on uPlot. */
import { lazy, Suspense, useMemo } from 'react';
import { fetchHistoricalPerformance } from '../../api/lots';
import { useAsync } from '../../components/hooks';
import { formatShortDate } from '../../lib/dates';
import { formatGBP, toPence } from '../../lib/money';

// uPlot is loaded only when a lot has a price history to draw: it kept 52 KB (and its parse) off the lot page's start.
const LineChart = lazy(() => import('../../components/line-chart').then((m) => ({ default: m.LineChart })));

export function PriceHistoryChart({ lotId }: { lotId: string }) {
  const { data } = useAsync(() => fetchHistoricalPerformance(lotId), [lotId]);
  const points = useMemo(() => [...(data ?? [])].sort((a, b) => Date.parse(a.date) - Date.parse(b.date)), [data]);
  const chart = useMemo(() => points.map((p) => ({ at: p.date, value: (toPence(p.price) ?? 0) / 100 })), [points]);
  if (points.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="perf-title">
      <h2 id="perf-title">Historical performance</h2>
      {points.length > 1 && (
        // The chart's height is reserved while uPlot loads and draws, so the table below does not jump.
        <div className="price-history__chart"><Suspense fallback={null}><LineChart points={chart} label="Hammer price" height={160} /></Suspense></div>
      )}
      <div className="table-wrap">
        <table className="table">
          <thead><tr><th scope="col">Sold</th><th scope="col">Hammer price</th></tr></thead>
          <tbody>
            {points.slice().reverse().map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows of one history, rendered whole, never reordered (dates may repeat)
              <tr key={i}><td>{formatShortDate(p.date) || p.label || '—'}</td><td>{formatGBP(p.price)}</td></tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
