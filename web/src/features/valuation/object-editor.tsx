/** One object of a valuation request: its title and photos (previews, size in MB, remove). */
import { useEffect, useId, useMemo, useState } from 'react';
import { Field } from '../../components/field';
import { ACCEPTED_TYPES, formatMB, MAX_PHOTOS, pickPhotos, type DraftObject } from './rules';

interface Props {
  index: number;
  object: DraftObject;
  onChange: (next: DraftObject) => void;
  onRemove?: () => void;
}

function Preview({ file, onRemove, label }: { file: File; onRemove: () => void; label: string }) {
  const src = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(src), [src]);
  return (
    <li className="valuation-preview">
      <img src={src} alt={label} />
      <span className="valuation-preview__name" title={file.name}>{file.name}</span>
      <span className="valuation-preview__size">{formatMB(file.size)}</span>
      <button type="button" className="link-button" onClick={onRemove} aria-label={`Remove ${file.name}`}>Remove</button>
    </li>
  );
}

export function ObjectEditor({ index, object, onChange, onRemove }: Props) {
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const n = index + 1;
  const add = (files: FileList | null) => {
    if (!files) return;
    const picked = pickPhotos(object.photos, Array.from(files));
    setProblem(picked.problem);
    onChange({ ...object, photos: picked.photos });
  };
  const remove = (i: number) => {
    setProblem(null);
    onChange({ ...object, photos: object.photos.filter((_, j) => j !== i) });
  };
  return (
    <fieldset className="valuation-object">
      <legend>Object {n}</legend>
      <Field
        name={`objects[${index}][title]`} label="What is it?" value={object.title} maxLength={200}
        placeholder="e.g. Macallan 18 Year Old, 1990s bottling" onValue={(title) => onChange({ ...object, title })}
        hint="Distillery, age, vintage, bottling year, bottler, cask number or edition: whatever the label says."
      />
      {object.photos.length > 0 && (
        <ul className="valuation-previews" aria-label={`Photos of object ${n}`}>
          {object.photos.map((f, i) => <Preview key={`${f.name}-${i}`} file={f} label={`Photo ${i + 1} of object ${n}`} onRemove={() => remove(i)} />)}
        </ul>
      )}
      {object.photos.length < MAX_PHOTOS && (
        <div className="field">
          <label htmlFor={inputId}>Add photos ({object.photos.length} of {MAX_PHOTOS}, up to 10 MB each)</label>
          <input
            id={inputId} type="file" multiple accept={ACCEPTED_TYPES.join(',')} data-testid={`photos-${index}`}
            onChange={(e) => { add(e.target.files); e.target.value = ''; }}
          />
        </div>
      )}
      {problem && <p className="field-error" role="alert">{problem}</p>}
      {onRemove && <button type="button" className="button button--ghost button--small" onClick={onRemove}>Remove object {n}</button>}
    </fieldset>
  );
}
