/**
 * The server's event-loop delay during a run, beside the requests' latency (issue #22: a request must never queue
 * behind a long task): prom-client's nodejs_eventloop_lag_* gauges, which reset at every scrape, so a scrape before
 * the run and one after give the run's own figures. With several processes, /metrics answers for one of them.
 */
export interface EventLoopDelay { p50Ms: number; p99Ms: number; maxMs: number }

const gauge = (text: string, name: string): number => {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) * 1000 : Number.NaN;
};

export async function eventLoopDelay(url: string, token: string): Promise<EventLoopDelay> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`/metrics: ${res.status}`);
  const text = await res.text();
  return { p50Ms: gauge(text, 'nodejs_eventloop_lag_p50_seconds'), p99Ms: gauge(text, 'nodejs_eventloop_lag_p99_seconds'), maxMs: gauge(text, 'nodejs_eventloop_lag_max_seconds') };
}
