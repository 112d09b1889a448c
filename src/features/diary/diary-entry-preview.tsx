import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';

import type { DiaryEntry } from '../../db/entities/diary-entry.ts';
import { useFont } from '../../lib/fonts/use-font.ts';
import styles from './diary.module.css';

const PREVIEW_CHARACTERS = 240;

/**
 * A diary entry as a card in its own font and paper colour, opening the editor; marked as the current
 * page while the entry is open beside the diary.
 */
export function DiaryEntryPreview({ entry }: { entry: DiaryEntry }) {
  const { t } = useTranslation();
  const font = useFont(entry.font);
  const preview =
    entry.body.length > PREVIEW_CHARACTERS ? `${entry.body.slice(0, PREVIEW_CHARACTERS)}…` : entry.body;
  return (
    <NavLink
      to={`/diary/${entry.id}`}
      className={styles.preview}
      style={{ background: entry.color, fontFamily: font }}
    >
      <span className={styles.previewTitle}>{entry.title || t('diary.untitled')}</span>
      {preview ? <span className={styles.previewBody}>{preview}</span> : null}
    </NavLink>
  );
}
