import { useEffect, type ReactNode } from 'react';

import { FIRST_SCREEN_MARK } from '../lib/first-screen-mark.ts';
import styles from './page.module.css';

/** Only the first Page of a load marks: later navigations are not a start-up. */
function markFirstScreen(): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  if (performance.getEntriesByName(FIRST_SCREEN_MARK, 'mark').length > 0) return;
  performance.mark(FIRST_SCREEN_MARK);
}

/** A screen's frame: one h1, the document title, and the content below. */
export function Page({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  useEffect(() => {
    markFirstScreen();
  }, []);
  useEffect(() => {
    document.title = `${title} · Murmur`;
  }, [title]);
  return (
    <section className={styles.page} aria-labelledby="page-title">
      <header className={styles.header}>
        <h1 id="page-title" className={styles.title}>
          {title}
        </h1>
        {description ? <p className={styles.description}>{description}</p> : null}
      </header>
      {children}
    </section>
  );
}
