import { settingFieldStyles } from '../settings/index.ts';
import styles from './encryption.module.css';

/**
 * A journal with passkeys offers one first, above the passphrase and recovery-key field: the button,
 * why the last tap failed, and a line leading to the field below.
 */
export function PasskeyChoice({
  label,
  orSecret,
  error,
  disabled,
  onTap,
}: {
  label: string;
  orSecret: string;
  error: string | null;
  disabled: boolean;
  onTap: () => void;
}) {
  return (
    <>
      <div className={settingFieldStyles.actions}>
        <button type="button" className="button button-primary" disabled={disabled} onClick={onTap}>
          {label}
        </button>
      </div>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      <p>{orSecret}</p>
    </>
  );
}
