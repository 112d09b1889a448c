import { backend } from './backend.ts';
import type { Benchmark } from './benchmark.ts';
import { bundleSize } from './bundle-size.ts';
import { coldStart } from './cold-start.ts';
import { encryption } from './encryption.ts';
import { insightsScreen, insightsStatistics } from './insights.ts';
import { localTranscription } from './local-transcription.ts';
import { notesList } from './notes-list.ts';
import { notesSearch } from './notes-search.ts';
import { peer } from './peer.ts';
import { syncBrowser } from './sync-browser.ts';
import { syncServer } from './sync-server.ts';
import { textMerge } from './text-merge.ts';

/** Every benchmark `npm run bench` knows, in the order they run and appear in docs/performance.md. */
export const registry: readonly Benchmark[] = [
  bundleSize,
  coldStart,
  backend,
  syncServer,
  syncBrowser,
  encryption,
  peer,
  notesList,
  notesSearch,
  textMerge,
  insightsStatistics,
  insightsScreen,
  localTranscription,
];
