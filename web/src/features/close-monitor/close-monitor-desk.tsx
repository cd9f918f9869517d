/**
 * /staff?section=close-monitor: the close as it happens (docs/operations.md, "The close monitor"). A staff socket
 * (/ws/close_monitor/) sends the last five minutes, then one sample a second: bids and refusals per second, how fast
 * this server decides bids, lots open, extended and closed, how far the read models trail, watchers, emails waiting.
 */
import { useEffect, useMemo, useState } from 'react';
import { LiveChannel, type ChannelStatus } from '../../api/ws';
import { MonitorChart } from './monitor-chart';
import { seriesOf, withMessage, type CloseSample } from './samples';
import './close-monitor.css';

const GOLD = '#805f13';
const INK = '#1f2a44';
const RED = '#a4262c';
const GREEN = '#2e6b3a';

const STATUS_TEXT: Record<ChannelStatus, string> = {
  idle: 'Not connected', connecting: 'Connecting…', open: 'Live', waiting: 'Reconnecting…', paused: 'Paused while this tab is hidden', failed: 'Disconnected',
};

const num = (n: number | null | undefined, unit = '') => (n === null || n === undefined ? '—' : `${n.toLocaleString('en-GB')}${unit}`);

function useCloseSamples(): { samples: readonly CloseSample[]; status: ChannelStatus } {
  const [samples, setSamples] = useState<readonly CloseSample[]>([]);
  const [status, setStatus] = useState<ChannelStatus>('idle');
  useEffect(() => {
    const channel = new LiveChannel('close_monitor', {
      withToken: true,
      onStatus: setStatus,
      onMessage: (message) => setSamples((held) => withMessage(held, message)),
    });
    channel.start();
    return () => channel.stop();
  }, []);
  return { samples, status };
}

export function CloseMonitorDesk() {
  const { samples, status } = useCloseSamples();
  const last = samples.at(-1);
  const charts = useMemo(() => ({
    bids: seriesOf(samples, [(s) => s.bids_per_second, (s) => s.refusals_per_second]),
    latency: seriesOf(samples, [(s) => s.decision_p50_ms, (s) => s.decision_p99_ms]),
    lots: seriesOf(samples, [(s) => s.lots_open, (s) => s.lots_extended, (s) => s.lots_closed]),
    lag: seriesOf(samples, [(s) => s.projection_lag_seconds]),
    people: seriesOf(samples, [(s) => s.watchers, (s) => s.emails_waiting]),
  }), [samples]);

  return (
    <section className="container section close-monitor" aria-labelledby="close-monitor-title">
      <div className="close-monitor__head">
        <h2 id="close-monitor-title">The close, live</h2>
        <p className={`close-monitor__status close-monitor__status--${status}`} role="status">{status === 'open' && samples.length === 0 ? 'Live, waiting for the first second…' : STATUS_TEXT[status]}</p>
      </div>
      <dl className="close-monitor__figures" aria-label="Now">
        <div><dt>Bids per second</dt><dd data-figure="bids">{num(last?.bids_per_second)}</dd></div>
        <div><dt>Refused per second</dt><dd data-figure="refusals">{num(last?.refusals_per_second)}</dd></div>
        <div><dt>Bid decision, median / 99th</dt><dd data-figure="latency">{num(last?.decision_p50_ms, ' ms')} / {num(last?.decision_p99_ms, ' ms')}</dd></div>
        <div><dt>Lots open / extended / closed</dt><dd data-figure="lots">{num(last?.lots_open)} / {num(last?.lots_extended)} / {num(last?.lots_closed)}</dd></div>
        <div><dt>Read models behind</dt><dd data-figure="lag">{num(last?.projection_lag_seconds, ' s')} ({num(last?.projection_events_behind)} events)</dd></div>
        <div><dt>Watchers on this server</dt><dd data-figure="watchers">{num(last?.watchers)}</dd></div>
        <div><dt>Emails waiting</dt><dd data-figure="emails">{num(last?.emails_waiting)}</dd></div>
      </dl>
      {/* Drawn from the start, empty until the first second arrives: their boxes are there at once, nothing moves. */}
      <div className="close-monitor__charts">
        <MonitorChart title="Bids per second" data={charts.bids} summary={`${num(last?.bids_per_second)} bids and ${num(last?.refusals_per_second)} refusals in the last second`}
          series={[{ label: 'Bids', color: GOLD }, { label: 'Refused here', color: RED }]} />
        <MonitorChart title="Bid decision time (ms, this server)" data={charts.latency} summary={`median ${num(last?.decision_p50_ms, ' ms')}, 99th percentile ${num(last?.decision_p99_ms, ' ms')}`}
          series={[{ label: 'Median', color: INK }, { label: '99th percentile', color: RED }]} />
        <MonitorChart title="Lots" data={charts.lots} summary={`${num(last?.lots_open)} open, ${num(last?.lots_extended)} extended, ${num(last?.lots_closed)} closed`}
          series={[{ label: 'Open', color: GREEN }, { label: 'Extended', color: GOLD }, { label: 'Closed', color: INK }]} />
        <MonitorChart title="Read models behind (s)" data={charts.lag} summary={`${num(last?.projection_lag_seconds, ' s')} behind`}
          series={[{ label: 'Oldest unapplied event', color: RED }]} />
        <MonitorChart title="Watchers and emails" data={charts.people} summary={`${num(last?.watchers)} watchers, ${num(last?.emails_waiting)} emails waiting`}
          series={[{ label: 'Watchers', color: INK }, { label: 'Emails waiting', color: GOLD }]} />
      </div>
      <p className="close-monitor__note">Bids, lots, read models and emails are the whole house&apos;s; decision times and watchers are this server&apos;s. The last five minutes are kept while the page is open.</p>
    </section>
  );
}
