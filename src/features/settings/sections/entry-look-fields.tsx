import { useTranslation } from 'react-i18next';

import { useFont } from '../../../lib/fonts/use-font.ts';
import { ColorSwatches } from '../../../ui/color-swatches.tsx';
import { FontPicker } from '../../../ui/font-picker.tsx';
import { FontSizePicker } from '../../../ui/font-size-picker.tsx';
import { useSettings } from '../use-settings.ts';
import styles from '../fields/setting-fields.module.css';

type Kind = 'note' | 'diary' | 'mood';

/**
 * The default look of one kind of entry: font, size and (for notes and diary) paper colour, with a
 * preview in that look, so a change shows at once.
 */
export function EntryLookFields({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const { settings, update } = useSettings();
  const font = settings[`default_${kind}_font`];
  const size = settings[`default_${kind}_font_size`];
  const color = kind === 'mood' ? null : settings[`default_${kind}_color`];
  const family = useFont(font);
  return (
    <>
      <FontPicker
        label={t('settings.appearance.font')}
        value={font}
        onChange={(value) => void update({ [`default_${kind}_font`]: value })}
      />
      <FontSizePicker
        label={t('settings.appearance.size')}
        value={size}
        onChange={(value) => void update({ [`default_${kind}_font_size`]: value })}
      />
      {color !== null ? (
        <ColorSwatches
          label={t('settings.appearance.colour')}
          value={color}
          onChange={(value) => void update({ [`default_${kind}_color`]: value })}
        />
      ) : null}
      <p
        className={styles.preview}
        data-testid={`${kind}-preview`}
        style={{ fontFamily: family, fontSize: `${size}px`, background: color ?? 'var(--surface)' }}
      >
        {t(`settings.appearance.preview.${kind}`)}
      </p>
    </>
  );
}
