import { useId, type ReactNode } from 'react';

import { useSettings } from '../use-settings.ts';
import type { ExpandedSettingKey } from './setting-keys.ts';
import styles from './setting-fields.module.css';

/**
 * A collapsible group whose open state is itself a synced setting (the *_expanded fields), saved
 * silently: opening a section is not worth a toast.
 */
export function SettingGroup({
  title,
  expandedField,
  children,
}: {
  title: string;
  expandedField?: ExpandedSettingKey;
  children: ReactNode;
}) {
  const { settings, update } = useSettings();
  const titleId = useId();
  if (!expandedField) {
    return (
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{title}</legend>
        {children}
      </fieldset>
    );
  }
  const open = settings[expandedField];
  return (
    <details
      aria-labelledby={titleId}
      className={styles.group}
      open={open}
      onToggle={(event) => {
        const next = event.currentTarget.open;
        if (next !== open) void update({ [expandedField]: next }, { silent: true });
      }}
    >
      <summary id={titleId} className={styles.summary}>
        {title}
      </summary>
      {children}
    </details>
  );
}
