/** One lot's auditor replay compared with its read-model row, as AuditDifferences (shared by the view and verifyLots). */
import type { AuditDifference } from './types';
import { compareWithLive, replayLot, type LiveComparison } from '../../domain/catalogue/lot/replay';
import { liveFigures, type LotRow, type StoredLotEvent } from './lot-read';

/** The auditor replay and its comparison with the row (a missing row is itself a difference). */
export function auditOf(lotId: string, stored: StoredLotEvent[], row: LotRow | undefined, name?: (id: string) => string | undefined) {
  const replay = replayLot(stored.map((s) => s.event), { audience: 'auditor', name });
  const comparison: LiveComparison | null = row ? compareWithLive(replay, liveFigures(row)) : null;
  const differences: AuditDifference[] = [];
  if (!row) differences.push(lotDifference(lotId, 'row', 'a lots row', 'none', 'The lot has events but no row in the lots read model.'));
  if (stored.length === 0) differences.push(lotDifference(lotId, 'events', 'a lot stream', 'none', 'The lots read model has a row for a lot with no events.'));
  for (const d of comparison?.differences ?? []) {
    differences.push(lotDifference(lotId, d.field, d.replay, d.live, `Lot ${lotId}: the replay gives ${d.field} ${d.replay}, the read model holds ${d.live}.`));
  }
  for (const e of replay.entries) {
    if (e.mismatch) differences.push(lotDifference(lotId, 'decision', 'the event the bidding rules decide', `event ${e.seq} (${e.type})`, `Lot ${lotId}, event ${e.seq}: ${e.mismatch}.`));
  }
  return { replay, comparison, differences };
}

function lotDifference(subject: string, field: string, expected: string, found: string, message: string): AuditDifference {
  return { check: 'lot', subject, field, expected, found, message };
}
