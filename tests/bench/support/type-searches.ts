/**
 * Runs in the page: puts each search in the notes search box as typing would and returns, for each, the
 * time from its input event to the frame where the filtered list is on screen — its count says how many
 * match and nothing is busy (the list marks itself aria-busy while a newer search is worked out, and
 * each row until it has been read).
 */
export async function typeSearches(searches: readonly string[]): Promise<number[]> {
  const box = document.querySelector<HTMLInputElement>('#notes-search');
  if (!box) throw new Error('no search box');
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  box.focus();
  const times: number[] = [];
  for (const search of searches) {
    const start = performance.now();
    setter?.call(box, search);
    box.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        const statuses = [...document.querySelectorAll('[role="status"]')];
        const counted = statuses.some((status) => status.textContent?.includes('match'));
        if (counted && document.querySelector('[aria-busy="true"]') === null) resolve();
        else if (performance.now() - start > 60_000)
          reject(new Error(`the list never filtered for ${search}`));
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    times.push(performance.now() - start);
  }
  return times;
}
