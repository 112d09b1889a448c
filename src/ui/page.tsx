import { useEffect, type ReactNode } from 'react';

import styles from './page.module.css';

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
