/**
 * k6: the close of a live auction. Bidders hammer a few hot lots with rising bids while the arrival rate ramps up,
 * as in the last minutes of a sale. Run against a server you own (never production data):
 *
 *   k6 run -e BASE_URL=http://localhost:3000 -e STAFF_EMAIL=staff@example.com -e STAFF_PASSWORD='...' \
 *          load-tests/k6-auction-close.js
 *
 * setup() signs in the staff user, creates an auction ending after the test and HOT_LOTS lots in it, and gets
 * BIDDERS bidders: signed in from BIDDER_EMAILS (comma-separated, password BIDDER_PASSWORD), or registered here
 * (the verification email is read from the dev mailbox, so only against a server without SMTP) and marked as having
 * paid the registration fee by the staff user. Refused bids (400, "Your bid must be at least ...") are the expected
 * answer to a late bid and are not failures; anything else is (http_req_failed).
 * Settings: BASE_URL, STAFF_EMAIL, STAFF_PASSWORD, BIDDERS (50), HOT_LOTS (3), PEAK_RATE (3000 bids/s).
 */
import http from 'k6/http';
import { check, fail } from 'k6';
import { Counter, Trend } from 'k6/metrics';
import exec from 'k6/execution';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:3000';
const BIDDERS = Number(__ENV.BIDDERS || 50);
const HOT_LOTS = Number(__ENV.HOT_LOTS || 3);
const PEAK_RATE = Number(__ENV.PEAK_RATE || 3000);
const PASSWORD = __ENV.BIDDER_PASSWORD || 'Load!Test123';

const accepted = new Counter('bids_accepted');
const refused = new Counter('bids_refused');
const bidDuration = new Trend('bid_duration', true);

export const options = {
  setupTimeout: '5m',
  scenarios: {
    auction_close: {
      executor: 'ramping-arrival-rate',
      startRate: 50,
      timeUnit: '1s',
      preAllocatedVUs: 200,
      maxVUs: 1000,
      stages: [
        { target: Math.round(PEAK_RATE / 3), duration: '30s' },
        { target: PEAK_RATE, duration: '1m' },
        { target: PEAK_RATE, duration: '2m' },
        { target: 0, duration: '15s' },
      ],
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:bid}': ['p(95)<50', 'p(99)<100'],
    checks: ['rate>0.99'],
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
    end_date: new Date(now + 30 * 60_000).toISOString(),
  }, staff, { name: 'auction' });
  if (auction.status !== 201) fail(`auction: ${auction.status} ${auction.body}`);
  const seller = http.get(`${BASE_URL}/api/users/current/`, json(staff)).json('id');
  const lots = [];
  for (let i = 0; i < HOT_LOTS; i++) {
    const lot = post('/api/staff/lots/', {
      auction: auction.json('id'), seller, title: `Hot lot ${i + 1}`, distillery: { name: 'Macallan', region: 'Speyside' },
      estimated_value: '500', opening_bid: '10',
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

/** One bid: the minimum this VU last saw for the lot, one time in ten a step or two more (a proxy maximum). */
export default function (data) {
  const vu = exec.vu.idInTest;
  const lot = data.lots[vu % data.lots.length];
  const token = data.bidders[vu % data.bidders.length];
  const seen = (globalThis.minimum = globalThis.minimum || {});
  const minimum = seen[lot] || 10;
  const amount = Math.random() < 0.1 ? minimum * 1.02 : minimum;
  const res = http.post(`${BASE_URL}/api/bids/`, JSON.stringify({ bid: amount.toFixed(2), lot }), {
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'Idempotency-Key': `k6-${vu}-${exec.scenario.iterationInTest}` },
    tags: { name: 'bid' },
  });
  bidDuration.add(res.timings.duration);
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
