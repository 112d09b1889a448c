import { Fragment, Suspense, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';

import styles from './list-detail.module.css';
import { SecondaryPageContext } from './secondary-page-context.ts';
import { Spinner } from './spinner.tsx';

/**
 * A list and the entry opened from it. CSS decides how they show (list-detail.module.css): side by
 * side from the desktop breakpoint, otherwise one at a time — the entry when one is open, else the
 * list. Both stay mounted while entries change, so the list keeps its scroll, search and filter.
 * The list comes first in the document, so Tab goes from the list to the entry. While an entry is
 * open the list's Page titles its pane (an h2) and the entry has the page's h1.
 */
export function ListDetail({
  list,
  detail,
  openKey,
  empty,
  loadingLabel,
}: {
  list: ReactNode;
  /** The open entry (the route's outlet), or null with nothing open. */
  detail: ReactNode;
  /**
   * Changes when another entry opens: its editor is mounted afresh (no draft's state carries over)
   * and the entry's pane starts at its top.
   */
  openKey: string;
  /** Shown beside the list with nothing open. */
  empty: ReactNode;
  loadingLabel: string;
}) {
  const open = detail !== null;
  const detailRef = useRef<HTMLDivElement>(null);
  const splitRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    detailRef.current?.scrollTo(0, 0);
  }, [openKey]);
  // After the commit that mounted it: a navigation from here on stays within this list and entry
  // (listDetailKeepsScroll), while the one that brought the person here started a new screen.
  useEffect(() => {
    splitRef.current?.setAttribute('data-settled', '');
  }, []);
  return (
    <div ref={splitRef} className={styles.split} data-list-detail="" data-open={open}>
      <div className={styles.list} data-list-pane="">
        <SecondaryPageContext value={open}>{list}</SecondaryPageContext>
      </div>
      <div ref={detailRef} className={styles.detail}>
        <Suspense fallback={<Spinner label={loadingLabel} />}>
          {open ? <Fragment key={openKey}>{detail}</Fragment> : empty}
        </Suspense>
      </div>
    </div>
  );
}
