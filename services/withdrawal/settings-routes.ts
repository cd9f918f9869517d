/** GET /api/auction_settings/ (+ bank_data/, contact_data/): the house settings, public (shown at checkout). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { answers } from '../../infra/http/answers';
import { houseBankData, houseContactData, houseSettings, loadHouseSettings } from '../../infra/config/house-settings';

export function settingsRoutes(app: FastifyInstance, _ctx: AppContext): void {
  // Read once at start: a bad value fails the start, not a customer's request.
  const settings = loadHouseSettings();
  app.get('/api/auction_settings/', { schema: { summary: "The house's settings (banks, contacts)", response: answers({ 200: houseSettings }) } }, async () => settings);
  app.get('/api/auction_settings/bank_data/', { schema: { summary: "The house's bank details", response: answers({ 200: houseBankData }) } }, async () => settings.banks);
  app.get('/api/auction_settings/contact_data/', { schema: { summary: "The house's contact details", response: answers({ 200: houseContactData }) } }, async () => settings.contacts);
}
