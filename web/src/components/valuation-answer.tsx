/** The specialists' answer to a valuation request: the seller's "My valuations" and the staff valuations desk. */
import type { Valuation } from '../api/valuations';
import { formatGBP } from '../lib/money';

export function ValuationAnswerText({ v }: { v: Valuation }) {
  if (!v.answer) return <p className="field__hint">Our specialists are looking at your photos. We will email you their answer.</p>;
  return (
    <div className="valuation-answer">
      {v.answer.decision === 'estimate'
        ? <p><strong>Estimate: {formatGBP(v.answer.low)} – {formatGBP(v.answer.high)}</strong></p>
        : <p><strong>We cannot offer these items for auction.</strong></p>}
      <p>{v.answer.message}</p>
    </div>
  );
}
