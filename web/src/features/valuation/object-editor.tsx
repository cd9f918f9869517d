/** One object of a valuation request: its title and photos (previews, size in MB, remove: photo-input.tsx). */
import { Field } from '../../components/field';
import type { DraftObject } from './rules';
import { PhotoInput } from './photo-input';

interface Props {
  index: number;
  object: DraftObject;
  onChange: (next: DraftObject) => void;
  onRemove?: () => void;
}

export function ObjectEditor({ index, object, onChange, onRemove }: Props) {
  const n = index + 1;
  return (
    <fieldset className="valuation-object">
      <legend>Object {n}</legend>
      <Field
        name={`objects[${index}][title]`} label="What is it?" value={object.title} maxLength={200}
        placeholder="e.g. Macallan 18 Year Old, 1990s bottling" onValue={(title) => onChange({ ...object, title })}
        hint="Distillery, age, vintage, bottling year, bottler, cask number or edition: whatever the label says."
      />
      <PhotoInput photos={object.photos} onChange={(photos) => onChange({ ...object, photos })} subject={`object ${n}`} testId={`photos-${index}`} />
      {onRemove && <button type="button" className="button button--ghost button--small" onClick={onRemove}>Remove object {n}</button>}
    </fieldset>
  );
}
