/**
 * A small time-series line chart on uPlot (pinned in package.json: small and fast). Money values in pounds;
 * the figures are also given as text (aria-label and the callers' tables) for screen readers.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatShortDate, formatShortDateSeconds } from '../lib/dates';
import { formatGBP } from '../lib/money';

interface ChartPoint { at: string; value: number }

export function LineChart({ points, label, height = 220 }: { points: ChartPoint[]; label: string; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || points.length === 0) return;
    const xs = points.map((p) => Date.parse(p.at) / 1000);
    const ys = points.map((p) => p.value);
    const plot = new uPlot({
      width: Math.max(240, el.clientWidth || 480),
      height,
      legend: { show: false },
      scales: { x: { time: true } },
      // Dates as the tables beside the charts write them (dd/mm/yyyy), not uPlot's US month/day default.
      axes: [{ space: 90, values: (_u, ticks) => {
        const labels = ticks.map(formatShortDateSeconds);
        el.dataset.xLabels = labels.join(' ');
        return labels;
      } }, { values: (_u, ticks) => ticks.map((v) => formatGBP(v)), size: 70 }],
      series: [{}, { label, stroke: '#8a5a1e', width: 2, fill: 'rgba(138,90,30,0.08)', points: { show: true, size: 6 } }],
    }, [xs, ys], el);
    const resize = () => plot.setSize({ width: Math.max(240, el.clientWidth), height });
    window.addEventListener('resize', resize);
    return () => { window.removeEventListener('resize', resize); plot.destroy(); };
  }, [points, label, height]);
  const first = points[0];
  const last = points.at(-1);
  const span = first && last ? ` from ${formatShortDate(first.at)} to ${formatShortDate(last.at)}` : '';
  return <div ref={box} className="line-chart" role="img" data-points={points.length}
    aria-label={`${label}: ${points.length} points${span}${last ? `, latest ${formatGBP(last.value)}` : ''}`} />;
}
