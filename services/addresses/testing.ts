/** Helpers for the addresses API tests (not a test file itself). */
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../testing/harness';

export async function api(
  t: TestApp, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: { access: string } | null, payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method, url,
    headers: user ? { authorization: `Bearer ${user.access}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export const EDINBURGH = {
  addr_type: 'BILLING', country: 'united-kingdom', region: 'Edinburgh, City of', city: 'Edinburgh', street: '12 Royal Mile',
  apartment: 'Flat 3', zip_code: 'EH1 1AA', name: 'Isla Grant', company: '', phone_number: '07400 123456',
};

export const PARIS = {
  addr_type: 'SHIPPING', country: 'france', region: 'idf', city: 'Paris', street: '5 Rue de Rivoli', apartment: '',
  zip_code: '75001', phone_number: '06 12 34 56 78',
};
