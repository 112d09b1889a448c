export { EncryptionProgress } from './encryption-progress.tsx';
export { PrivacySettings } from './privacy-settings.tsx';
