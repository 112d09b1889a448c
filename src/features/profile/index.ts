export { ProfileSections } from './profile-sections.tsx';
