import { useTranslation } from 'react-i18next';

import { useDocumentStrings } from '../../lib/i18n/document-strings.ts';

import styles from './info.module.css';

interface FaqItem {
  question: string;
  answer: string;
}

/** Questions as native disclosure widgets: keyboard and screen-reader support come with the element. */
export function FaqList() {
  useDocumentStrings();
  const { t } = useTranslation();
  const items = t('faq.items', { returnObjects: true }) as FaqItem[];
  return (
    <div className={styles.faq}>
      {items.map((item) => (
        <details key={item.question} className={styles.question}>
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
