import { useTranslation } from 'react-i18next';

import { useDocumentStrings } from '../../lib/i18n/document-strings.ts';

import { Page } from '../../ui/page.tsx';
import styles from './info.module.css';

interface Section {
  heading: string;
  paragraphs: string[];
}

/** Privacy policy and terms share one shape in the translations: a title, an intro and sections. */
export function LegalDocument({ document: name }: { document: 'privacy' | 'terms' }) {
  useDocumentStrings();
  const { t } = useTranslation();
  const sections = t(`${name}.sections`, { returnObjects: true }) as Section[];
  return (
    <Page title={t(`${name}.title`)} description={t(`${name}.intro`)}>
      <p className={styles.updated}>{t('legal.updated', { date: t(`${name}.updated`) })}</p>
      {sections.map((section) => (
        <section key={section.heading} className={styles.section}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </Page>
  );
}
