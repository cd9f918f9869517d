/**
 * How the items reach us: sent, dropped off at the store (its address and hours, from the house settings), or
 * collected by our courier (boxes, insurance, and a pick-up date on a future weekday).
 */
import { Checkbox, Field } from '../../components/field';
import { StoreDetails } from '../../components/house-details';
import { WAY_LABEL, WAYS, type Errors, type SellDraft, type Way } from './rules';
// The radio rows' styles live with the wallet's payout choice; the selling page does not load that chunk otherwise.
import '../../components/choice.css';

const WAY_HINT: Record<Way, string> = {
  send_items: 'Pack and post them to our warehouse; we email you when they arrive.',
  drop_items: 'Bring them to our store during opening hours.',
  courier_collection: 'Our courier collects the boxes from your address on a weekday you choose.',
};

interface Props {
  draft: SellDraft;
  errors: Errors;
  set: (patch: Partial<SellDraft>) => void;
  /** Tomorrow as YYYY-MM-DD: the earliest day the date picker offers. */
  minDate: string;
}

export function WaySection({ draft, errors, set, minDate }: Props) {
  return (
    <div className="sell-way">
      <fieldset className="choice choice--column">
        <legend>How will your items reach us?</legend>
        {WAYS.map((w) => (
          <label key={w} className="choice__option">
            <input type="radio" name="sell-way" value={w} checked={draft.way === w} onChange={() => set({ way: w })} />
            <span><strong>{WAY_LABEL[w]}</strong>{' '}<span className="field__hint sell-way__hint">{WAY_HINT[w]}</span></span>
          </label>
        ))}
      </fieldset>
      {draft.way === 'send_items' && (
        <p className="sell-muted">
          Wrap each bottle on its own, fill gaps so nothing moves, and write your request reference on every box. The
          reference and our warehouse address are in the PDF you download after sending this form.
        </p>
      )}
      {draft.way === 'drop_items' && <StoreDetails title="Drop-off address and hours" />}
      {draft.way === 'courier_collection' && (
        <div className="form form--grid">
          <Field label="Number of boxes" name="boxes" inputMode="numeric" maxLength={2} value={draft.boxes} onValue={(v) => set({ boxes: v })} error={errors.boxes} />
          <Field
            label="Pick-up date" name="pick_up_date" type="date" min={minDate} value={draft.pick_up_date}
            onValue={(v) => set({ pick_up_date: v })} error={errors.pick_up_date} hint="Any future weekday (Monday to Friday)."
          />
          <div className="span-all">
            <Checkbox name="insurance" label="Insure the boxes while in transit" checked={draft.insurance} onChecked={(v) => set({ insurance: v })} error={errors.insurance} />
          </div>
        </div>
      )}
    </div>
  );
}
