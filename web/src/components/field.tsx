/** Labelled form controls with their error line wired for assistive technology. */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  onValue: (value: string) => void;
}

export function Field({ label, error, hint, onValue, className, ...input }: FieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-err` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={!!error} aria-describedby={describedBy} onChange={(e) => onValue(e.target.value)} {...input} />
      {hint && <p id={`${id}-hint`} className="field__hint">{hint}</p>}
      {error && <p id={`${id}-err`} className="field-error">{error}</p>}
    </div>
  );
}

interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange'> {
  label: string;
  error?: string | null;
  options: readonly { value: string; label: string }[];
  onValue: (value: string) => void;
}

export function SelectField({ label, error, options, onValue, className, ...select }: SelectProps) {
  const id = useId();
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-invalid={!!error} aria-describedby={error ? `${id}-err` : undefined} onChange={(e) => onValue(e.target.value)} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>{o.label}</option>
        ))}
      </select>
      {error && <p id={`${id}-err`} className="field-error">{error}</p>}
    </div>
  );
}

interface CheckProps {
  label: ReactNode;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  error?: string | null;
  name?: string;
}

export function Checkbox({ label, checked, onChecked, error, name }: CheckProps) {
  const id = useId();
  return (
    <div className={`check${error ? ' field--invalid' : ''}`}>
      <input id={id} name={name} type="checkbox" checked={checked} aria-invalid={!!error} aria-describedby={error ? `${id}-err` : undefined} onChange={(e) => onChecked(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
      {error && <p id={`${id}-err`} className="field-error">{error}</p>}
    </div>
  );
}

/** A form-level message (server answer or success). */
export function FormMessage({ error, success }: { error?: string | null; success?: string | null }) {
  if (error) return <p className="form-error" role="alert">{error}</p>;
  if (success) return <p className="form-success" role="status">{success}</p>;
  return null;
}
