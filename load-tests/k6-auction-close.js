/**
 * k6: the close of a whole live auction (the scenario of `npm run load-test:close`, docs/benchmarks.md):
 * LOTS lots whose ends are staggered over CLOSE_SPREAD_S seconds, bids spread over them with a Zipf-like skew (a few
 * very hot lots, a long tail), each for the next minimum the bidder knows or a little above, at fixed arrival rates
 * (open loop: ramping-arrival-rate starts iterations on schedule whatever the latency, so queueing shows in
 * http_req_duration instead of slowing the test down). Run against a server you own (never production data):
 *
 *   k6 run -e BASE_URL=http://localhost:3000 -e STAFF_EMAIL=staff@example.com -e STAFF_PASSWORD='...' \
 *          load-tests/k6-auction-close.js
 *
 * setup() signs in the staff user, creates an auction and LOTS lots in it (ends staggered from CLOSE_OFFSET_S), and
 * gets BIDDERS bidders: signed in from BIDDER_EMAILS (comma-separated, password BIDDER_PASSWORD), or registered here
 * (the verification email is read from the dev mailbox, so only against a server without SMTP) and marked as having
 * paid the registration fee by the staff user. Refused bids (400, "Your bid must be at least ...") are the expected
 * answer to a late bid and are not failures; anything else is (http_req_failed). The websocket watchers, the rate
 * search and the audit are the Node runner's (k6's websockets would compete with the bids for the same VUs).
 * Settings: BASE_URL, STAFF_EMAIL, STAFF_PASSWORD, LOTS (300), BIDDERS (1000), ZIPF_S (1), RATES (comma-separated
 * arrival rates per second, each held for STEP_S seconds after a 10 s ramp: the rate search), STEP_S (30),
 * CLOSE_OFFSET_S (60), CLOSE_SPREAD_S (180).
 */
import http from 'k6/http';
import { check, fail } from 'k6';
import { Counter, Trend } from 'k6/metrics';
import exec from 'k6/execution';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:3000';
const LOTS = Number(__ENV.LOTS || 300);
const BIDDERS = Number(__ENV.BIDDERS || 1000);
const ZIPF_S = Number(__ENV.ZIPF_S || 1);
const RATES = (__ENV.RATES || '500,1000,1500,2000,3000').split(',').map(Number);
const STEP_S = Number(__ENV.STEP_S || 30);
const CLOSE_OFFSET_S = Number(__ENV.CLOSE_OFFSET_S || 60);
const CLOSE_SPREAD_S = Number(__ENV.CLOSE_SPREAD_S || 180);
const PASSWORD = __ENV.BIDDER_PASSWORD || 'Load!Test123';

const accepted = new Counter('bids_accepted');
const refused = new Counter('bids_refused');
const bidDuration = new Trend('bid_duration', true);

// Each rate of the search: a 10 s ramp to it, then STEP_S seconds held; the summary's per-stage figures come from
// the bid_duration trend tagged with the stage's rate.
const stages = RATES.flatMap((rate) => [{ target: rate, duration: '10s' }, { target: rate, duration: `${STEP_S}s` }]);

export const options = {
  setupTimeout: '20m',
  scenarios: {
    auction_close: {
      executor: 'ramping-arrival-rate',
      startRate: RATES[0],
      timeUnit: '1s',
      preAllocatedVUs: 300,
      maxVUs: 2000,
      stages,
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.0001'],
    'http_req_duration{name:bid}': ['p(99)<100'],
    checks: ['rate>0.9999'],
  },
};

// A refused bid is an answer, not a failure.
http.setResponseCallback(http.expectedStatuses(200, 201, 400));

const json = (token) => ({ headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) } });

function post(path, body, token, tags) {
  return http.post(`${BASE_URL}${path}`, JSON.stringify(body), { ...json(token), tags });
}

function login(email, password) {
  const res = post('/api/auth/login/', { email, password, remember_me: false }, null, { name: 'login' });
  if (res.status !== 200) fail(`login ${email}: ${res.status} ${res.body}`);
  return res.json('access');
}

function registerBidder(i, staffToken) {
  const email = `k6-bidder-${Date.now()}-${i}@load.test`;
  const form = {
    email, password: PASSWORD, password2: PASSWORD, first_name: 'Load', last_name: 'Bidder', title: null, birth_date: '01/01/1980',
    phone_number: '+447400900123', terms_agreement: true, vat_enabled: false, vat_number: '', company_name: '',
  };
  const registered = post('/api/auth/register/', form, null, { name: 'register' });
  if (registered.status !== 201) fail(`register: ${registered.status} ${registered.body}`);
  const mail = http.get(`${BASE_URL}/api/dev/mailbox/?to=${encodeURIComponent(email)}`);
  const token = /submit_token=([^"&\s<]+)/.exec(mail.body || '');
  if (!token) fail('no verification email in the dev mailbox (run against a server without SMTP, or pass BIDDER_EMAILS)');
  const verified = post('/api/auth/verify_email/', { token: decodeURIComponent(token[1]) }, null, { name: 'verify' });
  const access = verified.json('access');
  const me = http.get(`${BASE_URL}/api/users/current/`, json(access));
  post(`/api/staff/users/${me.json('id')}/registration_fee_paid/`, { reference: 'k6' }, staffToken, { name: 'fee' });
  return access;
}

export function setup() {
  const staff = login(__ENV.STAFF_EMAIL, __ENV.STAFF_PASSWORD);
  const now = Date.now();
  const auction = post('/api/staff/auctions/', {
    start_date: new Date(now - 60_000).toISOString(),
    end_date: new Date(now + (CLOSE_OFFSET_S + CLOSE_SPREAD_S) * 1000).toISOString(),
  }, staff, { name: 'auction' });
  if (auction.status !== 201) fail(`auction: ${auction.status} ${auction.body}`);
  const seller = http.get(`${BASE_URL}/api/users/current/`, json(staff)).json('id');
  const lots = [];
  for (let i = 0; i < LOTS; i++) {
    // Ends staggered evenly; rank i (popularity) gets a scattered slot, so hot lots end early and late.
    const slot = (i * 7919) % LOTS;
    const end = now + (CLOSE_OFFSET_S + (slot * CLOSE_SPREAD_S) / Math.max(1, LOTS - 1)) * 1000;
    const lot = post('/api/staff/lots/', {
      auction: auction.json('id'), seller, title: `Lot ${i + 1}`, distillery: { name: 'Macallan', region: 'Speyside' },
      estimated_value: '500', opening_bid: '10', ends_at: new Date(end).toISOString(),
    }, staff, { name: 'lot' });
    if (lot.status !== 201) fail(`lot: ${lot.status} ${lot.body}`);
    lots.push(lot.json('id'));
  }
  const emails = (__ENV.BIDDER_EMAILS || '').split(',').filter(Boolean);
  const bidders = emails.length > 0
    ? emails.map((email) => login(email, PASSWORD))
    : Array.from({ length: BIDDERS }, (_, i) => registerBidder(i, staff));
  return { lots, bidders };
}

// Zipf-like popularity: rank k drawn with weight 1/k^s (s = 1 over 300 lots: the hottest ~16% of bids).
let cdf = null;
function drawLot(count) {
  if (cdf === null) {
    cdf = [];
    let total = 0;
    for (let k = 1; k <= count; k++) cdf.push((total += 1 / Math.pow(k, ZIPF_S)));
    cdf = cdf.map((x) => x / total);
  }
  const u = Math.random();
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cdf[mid] > u) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function stepFor(pounds) {
  const bands = [[100, 5], [500, 10], [1000, 25], [2500, 50], [5000, 100], [10000, 250], [25000, 500], [100000, 1000]];
  for (const [below, step] of bands) if (pounds < below) return step;
  return 2500;
}

// What this VU knows of each lot's next minimum (pounds), learnt from its own answers.
const seen = {};

/** One bid: a random bidder, a lot drawn by popularity, the next minimum known, one time in five a step or two more. */
export default function (data) {
  const index = drawLot(data.lots.length);
  const lot = data.lots[index];
  const token = data.bidders[Math.floor(Math.random() * data.bidders.length)];
  const minimum = seen[lot] || 10;
  const u = Math.random();
  let amount = minimum;
  if (u < 0.2) amount += stepFor(amount);
  if (u < 0.05) amount += stepFor(amount);
  const res = http.post(`${BASE_URL}/api/bids/`, JSON.stringify({ bid: amount.toFixed(2), lot }), {
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'Idempotency-Key': `k6-${exec.vu.idInTest}-${exec.scenario.iterationInTest}` },
    tags: { name: 'bid', hot: index < 10 ? 'top10' : 'tail' },
  });
  bidDuration.add(res.timings.duration, { hot: index < 10 ? 'top10' : 'tail' });
  check(res, { 'bid answered (201 placed or 400 refused)': (r) => r.status === 201 || r.status === 400 });
  if (res.status === 201) {
    accepted.add(1);
    const stats = res.json('bid_stats');
    seen[lot] = Number(stats.current_bid) + Number(stats.step);
  } else if (res.status === 400) {
    refused.add(1);
    const at = /at least £([\d,]+(?:\.\d{2})?)/.exec(res.body || '');
    if (at) seen[lot] = Number(at[1].replace(/,/g, ''));
  }
}
