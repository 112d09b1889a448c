import type { FormEvent, ReactNode } from 'react';

import { TextField } from '../../ui/text-field.tsx';
import { FormError } from './form-error.tsx';

interface OneTimeCodeFormProps {
  label: string;
  submitLabel: string;
  code: string;
  onCode: (code: string) => void;
  onSubmit: (event: FormEvent) => void;
  /** Already translated; null when the code is acceptable so far. */
  problem: string | null;
  error: string | null;
  pending: boolean;
  /** The submit button also waits for this (e.g. the factor to be known). */
  ready?: boolean;
  className?: string;
  /** Shown above the field: what was sent where, or how to scan. */
  children?: ReactNode;
}

/**
 * A six-digit code from an email, a text message or an authenticator app: numeric keyboard and
 * one-time-code autofill everywhere a code is asked for.
 */
export function OneTimeCodeForm(props: OneTimeCodeFormProps) {
  const { label, submitLabel, code, onCode, onSubmit, problem, error, pending, ready = true } = props;
  return (
    <form className={props.className} onSubmit={onSubmit} noValidate aria-busy={pending}>
      {props.children}
      <TextField
        label={label}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => onCode(event.target.value)}
        error={problem}
      />
      <FormError error={error} />
      <button type="submit" className="button button-primary" disabled={pending || !ready}>
        {submitLabel}
      </button>
    </form>
  );
}
