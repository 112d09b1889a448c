import { describe, expect, it } from 'vitest';

import { notifyAfterWrites } from './notify-after-writes.ts';

/** After whatever the current task still had queued (microtasks included). */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

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
      { written: () => order.push('notify') },
    );
    expect(await commands.createNote('walk')).toBe('id-walk');
    order.push('caller resumed');
    await nextTask();
    // The caller goes on first ("Saved" on screen); the engine hears of the write before any timer.
    expect(order).toEqual(['write walk', 'caller resumed', 'notify']);
  });

  it('[R29] tells of a write as the command is called, before it writes: its push lock is asked for then', async () => {
    const order: string[] = [];
    const commands = notifyAfterWrites(
      {
        async createNote(title: string) {
          order.push(`write ${title}`);
          return `id-${title}`;
        },
        async updateNote(): Promise<string[]> {
          order.push('write fails');
          throw new Error('no such note');
        },
      },
      { starting: () => order.push('starting'), written: () => order.push('written') },
    );
    await commands.createNote('walk');
    await nextTask();
    await expect(commands.updateNote()).rejects.toThrow('no such note');
    await nextTask();
    expect(order).toEqual(['starting', 'write walk', 'written', 'starting', 'write fails']);
  });

  it('[R27] a failed command notifies nobody and its error reaches the caller', async () => {
    let notified = 0;
    const commands = notifyAfterWrites(
      {
        async updateNote(): Promise<string[]> {
          throw new Error('no such note');
        },
      },
      { written: () => notified++ },
    );
    await expect(commands.updateNote()).rejects.toThrow('no such note');
    await nextTask();
    expect(notified).toBe(0);
  });

  it('[R27] a command that writes only device-local stores asks sync for nothing', async () => {
    let started = 0;
    let notified = 0;
    const commands = notifyAfterWrites(
      {
        async keepFormDraft() {},
        async createNote() {
          return 'id';
        },
      },
      { starting: () => started++, written: () => notified++ },
      new Set(['keepFormDraft'] as const),
    );
    await commands.keepFormDraft();
    await nextTask();
    expect([started, notified]).toEqual([0, 0]);
    await commands.createNote();
    await nextTask();
    expect([started, notified]).toEqual([1, 1]);
  });
});
