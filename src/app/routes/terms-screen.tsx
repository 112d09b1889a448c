import { LegalDocument } from '../../features/info/legal-document.tsx';

export function Component() {
  return <LegalDocument document="terms" />;
}
