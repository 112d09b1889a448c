import MiniSearch from 'minisearch';

import { sameDocument, type JournalDocument, type JournalKind } from './journal-documents.ts';
import { indexTerms, queryTerms, snippet, type Segment } from './search-text.ts';

export interface JournalHit {
  kind: JournalKind;
  entryId: string;
  when: string;
  day: string;
  title: string;
  /** Around the first match in the body (or the title when the body has none). */
  segments: Segment[];
  score: number;
}

const MAX_HITS = 50;

/**
 * Full-text search over notes, diary and mood notes: prefix matching on folded words (so 'cafe' finds
 * 'Café'), CJK by character pairs, every query word required, titles and tags weighted above bodies.
 * Kept current by `sync`, which re-indexes only documents that changed.
 */
export class JournalIndex {
  private readonly index = new MiniSearch<JournalDocument>({
    fields: ['title', 'body', 'tags'],
    storeFields: [],
    tokenize: indexTerms,
    processTerm: (term) => term,
    searchOptions: { tokenize: queryTerms, processTerm: (term) => term },
  });
  private readonly documents = new Map<string, JournalDocument>();

  get size(): number {
    return this.documents.size;
  }

  /** Makes the index hold exactly `documents`. */
  sync(documents: Iterable<JournalDocument>): void {
    const seen = new Set<string>();
    for (const document of documents) {
      seen.add(document.id);
      const known = this.documents.get(document.id);
      if (known && sameDocument(known, document)) continue;
      if (known) this.index.replace(document);
      else this.index.add(document);
      this.documents.set(document.id, document);
    }
    for (const id of [...this.documents.keys()]) {
      if (seen.has(id)) continue;
      this.index.discard(id);
      this.documents.delete(id);
    }
  }

  search(query: string): JournalHit[] {
    const terms = queryTerms(query);
    if (terms.length === 0) return [];
    const results = this.index.search(query, {
      prefix: (term) => [...term].length >= 1,
      combineWith: 'AND',
      boost: { title: 2, tags: 1.5 },
    });
    return results.slice(0, MAX_HITS).flatMap((result) => {
      const document = this.documents.get(String(result.id));
      if (!document) return [];
      const inBody = document.body !== '' && snippet(document.body, terms).some((segment) => segment.match);
      return [
        {
          kind: document.kind,
          entryId: document.entryId,
          when: document.when,
          day: document.day,
          title: document.title,
          segments: snippet(inBody ? document.body : document.title || document.tags, terms),
          score: result.score,
        },
      ];
    });
  }
}
