/** Historical performance: what this whisky fetched before, as a small line chart and a table. */
import { fetchHistoricalPerformance, type PerformancePoint } from '../api/lots';
import { formatShortDate } from '../lib/dates';
import { formatGBP, toPence } from '../lib/money';
import { useAsync } from './hooks';

function Chart({ points }: { points: PerformancePoint[] }) {
  const values = points.map((p) => toPence(p.price) ?? 0);
  const max = Math.max(...values);
  const min = Math.min(...values);
  const w = 320;
  const h = 100;
  const x = (i: number) => (points.length === 1 ? w / 2 : 8 + (i * (w - 16)) / (points.length - 1));
  const y = (v: number) => (max === min ? h / 2 : h - 10 - ((v - min) * (h - 20)) / (max - min));
  const d = values.map((v, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  return (
    <svg className="chart" viewBox={`0 0 ${w} ${h}`} role="img" aria-label={`Prices from ${formatGBP(min / 100)} to ${formatGBP(max / 100)}`}>
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" />
      {values.map((v, i) => <circle key={i} cx={x(i)} cy={y(v)} r="3" />)}
    </svg>
  );
}

export function PriceHistory({ lotId }: { lotId: string }) {
  const { data } = useAsync(() => fetchHistoricalPerformance(lotId), [lotId]);
  if (!data || data.length === 0) return null;
  const points = [...data].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  return (
    <section className="panel" aria-labelledby="perf-title">
      <h2 id="perf-title">Historical performance</h2>
      {points.length > 1 && <Chart points={points} />}
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
