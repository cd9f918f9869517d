/** A labelled input like components/field.tsx, with a mask that keeps the caret after the same digit, and a badge. */
import { useLayoutEffect, useRef, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { caretAfterDigits, digitsBefore } from '../lib/card-rules';

interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'id'> {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** Masks the typed value and keeps the caret after the same digit. */
  mask?: (typed: string, previous: string) => string;
  onValue: (value: string) => void;
  adornment?: ReactNode;
  className?: string;
}

export function MaskedField({ id, label, error, hint, mask, onValue, adornment, className, value, ...input }: InputProps) {
  const ref = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  const shown = String(value ?? '');
  // biome-ignore lint/correctness/useExhaustiveDependencies: restores the caret after each new shown value
  useLayoutEffect(() => {
    if (caret.current !== null && ref.current === document.activeElement) ref.current?.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [shown]);
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const typed = e.target.value;
    if (!mask) return onValue(typed);
    const at = e.target.selectionStart ?? typed.length;
    const masked = mask(typed, shown);
    // Typing at the end keeps the caret at the end (after a slash the mask added); in the middle, after the same digit.
    caret.current = at >= typed.length ? masked.length : caretAfterDigits(masked, digitsBefore(typed, at));
    onValue(masked);
  };
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-err` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="card-input">
        <input ref={ref} id={id} value={shown} aria-invalid={!!error} aria-describedby={describedBy} onChange={onChange} {...input} />
        {adornment}
      </div>
      {hint && <p id={`${id}-hint`} className="field__hint">{hint}</p>}
      {error && <p id={`${id}-err`} className="field-error">{error}</p>}
    </div>
  );
}
