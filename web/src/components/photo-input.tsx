/**
 * A photo picker: previews of the picked photos (name, size in MB, remove) and a file input while there is room. Used
 * by the valuation form's objects and by the staff desk's "Mark received" form; the files are sent by the caller.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { ACCEPTED_TYPES, formatMB, MAX_PHOTOS, pickPhotos } from '../lib/valuation-rules';
import './valuation.css';

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

interface PhotoInputProps {
  photos: File[];
  onChange: (photos: File[]) => void;
  /** What the photos are of, for the list's and each preview's accessible name: "object 1", "Lagavulin 16". */
  subject: string;
  testId?: string;
  max?: number;
  /** "object" in "At most 10 photos per object.". */
  unit?: string;
  /** The form's own complaint about these photos (none picked), shown beside the picker. */
  error?: string | null;
}

export function PhotoInput({ photos, onChange, subject, testId, max = MAX_PHOTOS, unit = 'object', error }: PhotoInputProps) {
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const add = (files: FileList | null) => {
    if (!files) return;
    const picked = pickPhotos(photos, Array.from(files), max, unit);
    setProblem(picked.problem);
    onChange(picked.photos);
  };
  const remove = (i: number) => {
    setProblem(null);
    onChange(photos.filter((_, j) => j !== i));
  };
  return (
    <>
      {photos.length > 0 && (
        <ul className="valuation-previews" aria-label={`Photos of ${subject}`}>
          {/* biome-ignore lint/suspicious/noArrayIndexKey: two photos may share a name; a removal remounts the later previews, which keep no state of their own */}
          {photos.map((f, i) => <Preview key={`${f.name}-${i}`} file={f} label={`Photo ${i + 1} of ${subject}`} onRemove={() => remove(i)} />)}
        </ul>
      )}
      {photos.length < max && (
        <div className={`field${error ? ' field--invalid' : ''}`}>
          <label htmlFor={inputId}>Add photos ({photos.length} of {max}, up to 10 MB each)</label>
          <input
            id={inputId} type="file" multiple accept={ACCEPTED_TYPES.join(',')} data-testid={testId}
            onChange={(e) => { add(e.target.files); e.target.value = ''; }}
            aria-invalid={!!error} aria-describedby={error ? `${inputId}-err` : undefined}
          />
          {error && !problem && <p id={`${inputId}-err`} className="field-error">{error}</p>}
        </div>
      )}
      {problem && <p className="field-error" role="alert">{problem}</p>}
    </>
  );
}
