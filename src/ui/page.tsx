import { useEffect, type ReactNode } from 'react';

import styles from './page.module.css';

/**
 * The moment the first screen of this page load is on screen. Benchmarks (docs/performance.md) and the
 * on-device performance log read it with performance.getEntriesByName('murmur:first-screen').
 */
const FIRST_SCREEN_MARK = 'murmur:first-screen';

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
