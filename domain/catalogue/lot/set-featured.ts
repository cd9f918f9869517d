/** SetLotFeatured: staff pick the lots shown in the featured block. Setting the current value changes nothing. */
import { NotFound } from '../../shared/errors';
import type { SetLotFeatured } from './commands';
import type { LotFeaturedSet } from './events';
import type { LotState } from './state';
import { parseInstant, toIso } from './checks';

export function setLotFeatured(command: SetLotFeatured, state: LotState): LotFeaturedSet[] {
  if (state.status === 'initial') throw new NotFound('Lot not found.');
  const nowMs = parseInstant(command.now, 'now');
  if (command.featured === state.featured) return [];
  return [{ type: 'LotFeaturedSet', data: { lot_id: state.lotId, featured: command.featured, set_by: command.by, set_at: toIso(nowMs) } }];
}
