export { ProfileSections } from './profile-sections.tsx';
export { displayNameOf } from './display-name-section.tsx';
