export { FaqList } from './faq-list.tsx';
export { Landing } from './landing.tsx';
export { LegalDocument } from './legal-document.tsx';
