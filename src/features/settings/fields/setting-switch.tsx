import type { BooleanSettingKey } from './setting-keys.ts';
import { useSettings } from '../use-settings.ts';
import styles from './setting-fields.module.css';

/** A checkbox bound to one boolean setting; the change applies at once. */
export function SettingSwitch({
  field,
  label,
  hint,
}: {
  field: BooleanSettingKey;
  label: string;
  hint?: string;
}) {
  const { settings, update } = useSettings();
  return (
    <label className={styles.switch}>
      <input
        type="checkbox"
        role="switch"
        checked={settings[field]}
        onChange={(event) => void update({ [field]: event.target.checked })}
      />
      <span>
        {label}
        {hint ? <span className={styles.hint}>{hint}</span> : null}
      </span>
    </label>
  );
}
