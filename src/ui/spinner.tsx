import styles from './spinner.module.css';

/** A polite status region: screen readers hear the label once, without interrupting. */
export function Spinner({ label }: { label: string }) {
  return (
    <div className={styles.wrap} role="status" aria-live="polite">
      <span className={styles.ring} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
