export { JournalSearch } from './journal-search.tsx';
