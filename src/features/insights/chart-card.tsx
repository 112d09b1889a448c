import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import styles from './insights.module.css';

/**
 * One insight: a heading, the one-sentence summary in words, the picture, and the same numbers as a
 * real table behind a disclosure. The table is only rendered once opened: at 10,000 entries an all-time
 * table of days would otherwise cost more than the chart.
 */
export function ChartCard({
  id,
  title,
  summary,
  children,
  table,
}: {
  id: string;
  title: string;
  summary: ReactNode;
  children?: ReactNode;
  table?: () => ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby={`${id}-title`} className={styles.card} data-testid={id}>
      <h2 id={`${id}-title`}>{title}</h2>
      <div className={styles.summary} id={`${id}-summary`}>
        {summary}
      </div>
      {children}
      {table ? (
        <details className={styles.table} onToggle={(event) => setOpen(event.currentTarget.open)}>
          <summary>{t('insights.showTable')}</summary>
          {open ? table() : null}
        </details>
      ) : null}
    </section>
  );
}
