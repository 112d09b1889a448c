import { NavLink, useLocation } from 'react-router-dom';

import type { Note } from '../../db/entities/note.ts';
import { BadgeIcon } from '../../ui/badge-icon.tsx';
import { textColorOn } from '../../ui/text-color-on.ts';
import { notePreview } from './note-preview.ts';
import { useFont } from '../../lib/fonts/use-font.ts';
import styles from './notes.module.css';

/** The words every card uses, translated once by the list rather than by each card. */
export interface NoteCardLabels {
  untitled: string;
  locked: string;
  emptyBody: string;
  pinned: string;
}

/**
 * One note in the list, in its own font and colour. A locked note shows its title and "Locked note",
 * never its body: the preview is not even computed, so the body cannot reach the DOM. While the note is
 * open beside the list the card is marked as the current page.
 */
export function NoteCard({
  note,
  labels,
}: {
  note: Pick<Note, 'id' | 'title' | 'body' | 'font' | 'color' | 'pinned' | 'locked' | 'tags'>;
  labels: NoteCardLabels;
}) {
  const family = useFont(note.font);
  // The list's search and tag stay in the address, so the list beside the opened note keeps them.
  const { search } = useLocation();
  const title = note.title.trim() || labels.untitled;
  const preview = note.locked ? null : notePreview(note.body);
  return (
    <NavLink
      to={{ pathname: `/notes/${note.id}`, search }}
      className={styles.card}
      style={{ backgroundColor: note.color, color: textColorOn(note.color) }}
    >
      <span className={styles.cardTitle} style={{ fontFamily: family }}>
        {title}
      </span>
      {note.locked ? (
        <span className={styles.cardMeta}>
          <BadgeIcon name="locked" />
          {labels.locked}
        </span>
      ) : preview ? (
        <span className={styles.cardPreview} style={{ fontFamily: family }}>
          {preview}
        </span>
      ) : (
        <span className={styles.cardMeta}>{labels.emptyBody}</span>
      )}
      {note.pinned || note.tags.length > 0 ? (
        <span className={styles.cardMeta}>
          {note.pinned ? (
            <span className={styles.badge}>
              <BadgeIcon name="pinned" />
              {labels.pinned}
            </span>
          ) : null}
          {note.tags.map((tag) => (
            <span key={tag} className={styles.badge}>
              #{tag}
            </span>
          ))}
        </span>
      ) : null}
    </NavLink>
  );
}
