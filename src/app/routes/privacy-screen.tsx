import { LegalDocument } from '../../features/info/index.ts';

export function Component() {
  return <LegalDocument document="privacy" />;
}
