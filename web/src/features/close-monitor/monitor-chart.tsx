/**
 * One chart of the close monitor: a few figures over the last minutes on uPlot, redrawn with each second's sample
 * (setData, not a new plot). The figures are on the desk as text too; the chart is an image with a summary.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

interface ChartSeries { label: string; color: string }

const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

export function MonitorChart({ title, series, data, summary }: {
  title: string; series: readonly ChartSeries[]; data: [number[], ...(number | null)[][]]; summary: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const labels = series.map((s) => s.label).join('|');

  // One plot per chart (its series never change), sized to its box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the plot is made once per set of series; each second's data goes through setData below
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const made = new uPlot({
      width: Math.max(240, el.clientWidth || 420),
      height: 160,
      legend: { show: false },
      // Room on the right for the last time label, which uPlot centres on its tick (a phone would cut it).
      padding: [8, 28, 0, 0],
      scales: { x: { time: true } },
      axes: [{ space: 80, values: (_u, ticks) => ticks.map((t) => TIME.format(new Date(t * 1000))) }, { size: 50 }],
      series: [{}, ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, spanGaps: false }))],
    }, data as uPlot.AlignedData, el);
    plot.current = made;
    const resize = () => made.setSize({ width: Math.max(240, el.clientWidth), height: 160 });
    window.addEventListener('resize', resize);
    return () => { window.removeEventListener('resize', resize); made.destroy(); plot.current = null; };
  }, [labels]);

  useEffect(() => {
    plot.current?.setData(data as uPlot.AlignedData);
  }, [data]);

  return (
    <figure className="close-chart">
      <figcaption className="close-chart__title">
        {title}
        <span className="close-chart__keys">
          {series.map((s) => <span key={s.label} className="close-chart__key"><span className="close-chart__swatch" style={{ background: s.color }} />{s.label}</span>)}
        </span>
      </figcaption>
      <div ref={box} className="close-chart__plot" role="img" aria-label={`${title}: ${summary}`} data-points={data[0].length} />
    </figure>
  );
}
