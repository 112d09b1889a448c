import { useContext, useEffect, useId, type ReactNode } from 'react';

import { FIRST_SCREEN_MARK } from '../lib/first-screen-mark.ts';
import styles from './page.module.css';
import { SecondaryPageContext } from './secondary-page-context.ts';

/** Only the first Page of a load marks: later navigations are not a start-up. */
function markFirstScreen(): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  if (performance.getEntriesByName(FIRST_SCREEN_MARK, 'mark').length > 0) return;
  performance.mark(FIRST_SCREEN_MARK);
}

/**
 * A screen's frame: one h1, the document title, and the content below. Beside an open entry
 * (SecondaryPageContext) the frame is the pane's: an h2, and the document's title is the entry's.
 */
export function Page({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  const secondary = useContext(SecondaryPageContext);
  const paneTitleId = useId();
  useEffect(() => {
    markFirstScreen();
  }, []);
  useEffect(() => {
    if (!secondary) document.title = `${title} · Murmur`;
  }, [title, secondary]);
  const Heading = secondary ? 'h2' : 'h1';
  const titleId = secondary ? paneTitleId : 'page-title';
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.header}>
        <Heading id={titleId} className={styles.title}>
          {title}
        </Heading>
        {description ? <p className={styles.description}>{description}</p> : null}
      </header>
      {children}
    </section>
  );
}
