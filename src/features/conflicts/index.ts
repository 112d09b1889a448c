export { EntryConflicts } from './entry-conflicts.tsx';
