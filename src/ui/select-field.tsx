import { useId, type SelectHTMLAttributes } from 'react';

import styles from './text-field.module.css';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
}

/** A labelled native select, styled like TextField. */
export function SelectField({ label, children, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select id={id} className={styles.input} {...select}>
        {children}
      </select>
    </div>
  );
}
