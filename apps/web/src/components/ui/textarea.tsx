import { useCallback, useId, useState, type ChangeEvent, type Ref, type TextareaHTMLAttributes } from 'react';
import { formatCount } from '../../lib/format';
import field from './field.module.css';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: string;
  isOptional?: boolean;
  /** Shows a live "n / max" counter (the limit itself is the form's rule, so a paste over it is kept and explained). */
  counterMax?: number;
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ label, error, hint, isOptional, counterMax, id, ref, className, onChange, ...props }: TextareaProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const [length, setLength] = useState(0);
  // The field may be filled before the first keystroke (a restored draft, a default value).
  const measure = useCallback(
    (node: HTMLTextAreaElement | null) => {
      if (node && counterMax !== undefined) setLength(node.value.length);
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref, counterMax],
  );
  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    if (counterMax !== undefined) setLength(event.target.value.length);
    onChange?.(event);
  };
  const hasCounter = counterMax !== undefined;
  const isOver = hasCounter && length > counterMax;
  const describedBy =
    [hint && `${inputId}-hint`, hasCounter && `${inputId}-count`, error && `${inputId}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[field.field, className].filter(Boolean).join(' ')}>
      <label className={field.label} htmlFor={inputId}>
        {label}
        {isOptional ? <span className={field.optional}>optional</span> : null}
      </label>
      <textarea
        ref={measure}
        id={inputId}
        className={field.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={handleChange}
        {...props}
      />
      {hint ? (
        <p id={`${inputId}-hint`} className={field.hint}>
          {hint}
        </p>
      ) : null}
      {hasCounter ? (
        <p id={`${inputId}-count`} className={[field.hint, field.counter].join(' ')} data-over={isOver || undefined}>
          {formatCount(length)} / {formatCount(counterMax)} characters
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className={field.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
