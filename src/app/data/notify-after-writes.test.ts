import { describe, expect, it } from 'vitest';

import { notifyAfterWrites } from './notify-after-writes.ts';

describe('commands that notify the engine', () => {
  it('[R27] notifies after a write commits, and returns what the command returned', async () => {
    const order: string[] = [];
    const commands = notifyAfterWrites(
      {
        async createNote(title: string) {
          order.push(`write ${title}`);
          return `id-${title}`;
        },
      },
      () => order.push('notify'),
    );
    expect(await commands.createNote('walk')).toBe('id-walk');
    expect(order).toEqual(['write walk', 'notify']);
  });

  it('[R27] a failed command notifies nobody and its error reaches the caller', async () => {
    let notified = 0;
    const commands = notifyAfterWrites(
      {
        async updateNote(): Promise<string[]> {
          throw new Error('no such note');
        },
      },
      () => notified++,
    );
    await expect(commands.updateNote()).rejects.toThrow('no such note');
    expect(notified).toBe(0);
  });

  it('[R27] a command that writes only device-local stores asks sync for nothing', async () => {
    let notified = 0;
    const commands = notifyAfterWrites(
      {
        async keepFormDraft() {},
        async createNote() {
          return 'id';
        },
      },
      () => notified++,
      new Set(['keepFormDraft'] as const),
    );
    await commands.keepFormDraft();
    expect(notified).toBe(0);
    await commands.createNote();
    expect(notified).toBe(1);
  });
});
