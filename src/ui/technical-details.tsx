import { useTranslation } from 'react-i18next';

/**
 * A raw technical detail (a server's or the device's own words, in English) kept closed under a
 * translated "Technical details", so the message a person reads is always in their language and the
 * detail is there for a support request (ADR 0146). Renders nothing for an empty detail.
 */
export function TechnicalDetails({ detail, className }: { detail: string; className?: string }) {
  const { t } = useTranslation();
  if (detail.trim() === '') return null;
  return (
    <details className={className}>
      <summary>{t('common.technicalDetails')}</summary>
      <code lang="en">{detail}</code>
    </details>
  );
}
