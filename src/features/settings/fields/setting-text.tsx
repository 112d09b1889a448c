import { useState } from 'react';

import { TextField } from '../../../ui/text-field.tsx';
import { useSettings } from '../use-settings.ts';

/**
 * A free-text setting, saved when the field is left or Enter is pressed (not on every keystroke, which
 * would queue a change and a toast per letter).
 */
export function SettingText({
  value,
  label,
  hint,
  save,
  type = 'text',
}: {
  value: string;
  label: string;
  hint?: string;
  save: (value: string) => Promise<boolean>;
  type?: 'text' | 'url';
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const { state } = useSettings();
  const commit = async () => {
    if (draft === null || draft === value) {
      setDraft(null);
      return;
    }
    await save(draft);
    setDraft(null);
  };
  return (
    <TextField
      label={label}
      hint={hint}
      type={type}
      value={draft ?? value}
      disabled={state !== 'initialised'}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => void commit()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') void commit();
      }}
    />
  );
}
