import { useId, type SelectHTMLAttributes } from 'react';

import styles from './text-field.module.css';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  hint?: string;
}

/** A labelled native select, styled like TextField; its hint is tied to it (aria-describedby). */
export function SelectField({ label, hint, children, ...select }: SelectFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select id={id} className={styles.input} aria-describedby={hint ? hintId : undefined} {...select}>
        {children}
      </select>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
