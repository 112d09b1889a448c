import { useTranslation } from 'react-i18next';

import { FONT_CATALOG } from '../../../lib/fonts/font-catalog.ts';
import { useFont } from '../../../lib/fonts/use-font.ts';
import { SelectField } from '../../../ui/select-field.tsx';
import { useSettings } from '../use-settings.ts';
import styles from '../fields/setting-fields.module.css';

export const FONT_SIZES = [12, 14, 16, 18, 20, 22, 24, 28, 32] as const;

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
  const fonts = FONT_CATALOG.some((entry) => entry.name === font)
    ? FONT_CATALOG.map((entry) => entry.name)
    : [font, ...FONT_CATALOG.map((entry) => entry.name)];

  return (
    <>
      <div className={styles.row}>
        <SelectField
          label={t('settings.appearance.font')}
          value={font}
          onChange={(event) => void update({ [`default_${kind}_font`]: event.target.value })}
        >
          {fonts.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('settings.appearance.size')}
          value={String(size)}
          onChange={(event) => void update({ [`default_${kind}_font_size`]: Number(event.target.value) })}
        >
          {(FONT_SIZES as readonly number[]).includes(size) ? null : <option value={size}>{size}</option>}
          {FONT_SIZES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </SelectField>
        {color !== null ? (
          <label className={styles.colour}>
            <span>{t('settings.appearance.colour')}</span>
            <input
              type="color"
              value={color.toLowerCase()}
              onChange={(event) =>
                void update({ [`default_${kind}_color`]: event.target.value.toUpperCase() })
              }
            />
          </label>
        ) : null}
      </div>
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
