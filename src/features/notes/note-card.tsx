import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import type { Note } from '../../db/entities/note.ts';
import { textColorOn } from './note-colors.ts';
import { notePreview } from './note-preview.ts';
import { useFont } from '../../lib/fonts/use-font.ts';
import styles from './notes.module.css';

/**
 * One note in the list, in its own font and colour. A locked note shows its title and "Locked note",
 * never its body: the preview is not even computed, so the body cannot reach the DOM.
 */
export function NoteCard({
  note,
}: {
  note: Pick<Note, 'id' | 'title' | 'body' | 'font' | 'color' | 'pinned' | 'locked' | 'tags'>;
}) {
  const { t } = useTranslation();
  const family = useFont(note.font);
  const title = note.title.trim() || t('notes.untitled');
  const preview = note.locked ? null : notePreview(note.body);
  return (
    <Link
      to={`/notes/${note.id}`}
      className={styles.card}
      style={{ backgroundColor: note.color, color: textColorOn(note.color) }}
    >
      <span className={styles.cardTitle} style={{ fontFamily: family }}>
        {title}
      </span>
      {note.locked ? (
        <span className={styles.cardMeta}>
          <span aria-hidden="true">🔒 </span>
          {t('notes.locked.label')}
        </span>
      ) : preview ? (
        <span className={styles.cardPreview} style={{ fontFamily: family }}>
          {preview}
        </span>
      ) : (
        <span className={styles.cardMeta}>{t('notes.emptyBody')}</span>
      )}
      {note.pinned || note.tags.length > 0 ? (
        <span className={styles.cardMeta}>
          {note.pinned ? (
            <span className={styles.badge}>
              <span aria-hidden="true">📌 </span>
              {t('notes.pinned')}
            </span>
          ) : null}
          {note.tags.map((tag) => (
            <span key={tag} className={styles.badge}>
              #{tag}
            </span>
          ))}
        </span>
      ) : null}
    </Link>
  );
}
