/** One object of a valuation request: its title and photos (previews, size in MB, remove: photo-input.tsx). */
import { Field } from '../../components/field';
import type { DraftObject } from '../../lib/valuation-rules';
import { PhotoInput } from '../../components/photo-input';

interface Props {
  index: number;
  object: DraftObject;
  onChange: (next: DraftObject) => void;
  onRemove?: () => void;
  /** What is missing, shown beside the title or the photo picker after a refused send. */
  errors?: ObjectErrors;
}

export interface ObjectErrors { title?: string; photos?: string }

/** The per-field side of objectsProblem: what one object still lacks. */
export function objectErrors(o: DraftObject): ObjectErrors {
  return {
    ...(o.title.trim() ? {} : { title: 'Enter a title.' }),
    ...(o.photos.length ? {} : { photos: 'Add at least one photo.' }),
  };
}

export function ObjectEditor({ index, object, onChange, onRemove, errors = {} }: Props) {
  const n = index + 1;
  return (
    <fieldset className="valuation-object">
      <legend>Object {n}</legend>
      <Field
        name={`objects[${index}][title]`} label="What is it?" value={object.title} maxLength={200}
        placeholder="e.g. Macallan 18 Year Old, 1990s bottling" onValue={(title) => onChange({ ...object, title })}
        hint="Distillery, age, vintage, bottling year, bottler, cask number or edition: whatever the label says."
        error={object.title.trim() ? null : errors.title}
      />
      <PhotoInput photos={object.photos} onChange={(photos) => onChange({ ...object, photos })} subject={`object ${n}`} testId={`photos-${index}`}
        error={object.photos.length ? null : errors.photos} />
      {onRemove && <button type="button" className="button button--ghost button--small" onClick={onRemove}>Remove object {n}</button>}
    </fieldset>
  );
}
