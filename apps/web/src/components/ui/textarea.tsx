import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import field from './field.module.css';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: string;
  isOptional?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ label, error, hint, isOptional, id, ref, className, ...props }: TextareaProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy = [hint && `${inputId}-hint`, error && `${inputId}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[field.field, className].filter(Boolean).join(' ')}>
      <label className={field.label} htmlFor={inputId}>
        {label}
        {isOptional ? <span className={field.optional}>optional</span> : null}
      </label>
      <textarea ref={ref} id={inputId} className={field.control} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
      {hint ? (
        <p id={`${inputId}-hint`} className={field.hint}>
          {hint}
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
