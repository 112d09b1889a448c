import { describe, expect, it } from 'vitest';

import { formatHlc } from './hlc.ts';
import { noteOrderKey } from './note-list-index.ts';

const NODE = '0123456789abcdef0123456789abcdef';

function note(id: string, hlc: string, pinned = false) {
  const stamps: Record<string, string> = hlc === '' ? {} : { title: hlc };
  return { id, pinned, _sync: { version: 1, hlc: stamps } };
}

describe('noteOrderKey', () => {
  it('orders pinned notes first, then newest first by HLC time and counter, then by id', () => {
    const notes = [
      note('never-stamped', ''),
      note('older', formatHlc({ ms: 1_700_000_000_000, counter: 5, node: NODE })),
      note('newer-b', formatHlc({ ms: 1_700_000_000_001, counter: 0, node: NODE })),
      note('newer-a', formatHlc({ ms: 1_700_000_000_001, counter: 0, node: NODE })),
      note('newest', formatHlc({ ms: 1_700_000_000_001, counter: 1, node: NODE })),
      note('pinned-old', formatHlc({ ms: 1, counter: 0, node: NODE }), true),
    ];
    const ordered = [...notes].sort((x, y) => (noteOrderKey(x) < noteOrderKey(y) ? -1 : 1));
    expect(ordered.map((n) => n.id)).toEqual([
      'pinned-old',
      'newest',
      'newer-a',
      'newer-b',
      'older',
      'never-stamped',
    ]);
  });
});
