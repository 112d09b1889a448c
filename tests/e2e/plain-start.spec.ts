import { expect, test, type Page } from '@playwright/test';

import { signInBeforeLoad } from './support/session.ts';

/** Every value localStorage holds for this origin, joined: what a script on the page could read. */
const storedText = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .map((key) => `${key}=${localStorage.getItem(key) ?? ''}`)
      .join('\n'),
  );

// ADR 0135: the built index.html starts the app like any Vite app, and nothing of the journal is kept
// outside IndexedDB but words rescued as a page closes, until they reach it.
test.describe('a plain start', () => {
  test('the built index.html loads the app through one ordinary module script', async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    const modules = scripts.filter(([, attributes]) => /type="module"/.test(attributes ?? ''));
    expect(modules).toHaveLength(1);
    expect(modules[0]?.[1]).toMatch(/src="\/assets\/[^"]+\.js"/);
    // The one inline script applies the stored theme before first paint; it loads nothing.
    const inline = scripts.filter(([, attributes]) => !/\bsrc=/.test(attributes ?? ''));
    for (const [, , body] of inline) {
      expect(body).not.toMatch(/import|fetch|innerHTML|murmur-user|startup/i);
    }

    await page.goto('/');
    await expect(page.getByRole('main')).toBeVisible();
    expect(await page.locator('script[type="module"][src]').count()).toBe(1);
  });

  test('localStorage holds no journal text, and rescued words leave it once they reach IndexedDB', async ({
    page,
    context,
  }) => {
    await signInBeforeLoad(page);
    await page.goto('/notes/new');
    const body = page.getByRole('textbox', { name: 'Text', exact: true });
    await body.fill('Quayside lanterns');
    await expect(page).toHaveURL(/\/notes\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
    const note = page.url();
    await page.goto('/notes');
    await expect(page.getByRole('list', { name: 'Notes' })).toContainText('Quayside lanterns');
    await page.goto('/app');
    await page.reload();
    await expect(page.getByRole('main')).toBeVisible();
    expect(await storedText(page)).not.toContain('Quayside');

    // Words typed and the tab closed straight away, inside the autosave's pause: they are kept in
    // localStorage as a rescue (unload-rescue.spec.ts shows it), and only until the next start has
    // written them to IndexedDB.
    await page.goto(note);
    await expect(body).toHaveValue('Quayside lanterns');
    await body.fill('Quayside lanterns, and gulls asleep on the rail');
    await page.close({ runBeforeUnload: true });
    const next = await context.newPage();
    await next.goto(note);
    await expect(next.getByRole('textbox', { name: 'Text', exact: true })).toHaveValue(
      'Quayside lanterns, and gulls asleep on the rail',
    );
    await expect.poll(() => storedText(next)).not.toContain('gulls asleep');
    await expect.poll(() => storedText(next)).not.toContain('Quayside');
  });
});
