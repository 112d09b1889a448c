import type { JournalHit } from './journal-index.ts';

export type SearchRequest = { type: 'open'; userId: string } | { type: 'query'; id: number; query: string };

export type SearchReply =
  | { type: 'indexed'; size: number }
  | { type: 'hits'; id: number; hits: JournalHit[] }
  | { type: 'failed'; message: string };
