import { expect, test, type Page } from '@playwright/test';

import { DEMO_SERVICE_ROLE_KEY } from '../../server/keys.ts';
import { device } from './support/device.ts';
import { SUPABASE_URL } from './support/session.ts';

const PASSPHRASE = 'puffin cobalt orchard lamp';

function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Every row of a table the server holds for the user, read as the service role: as anyone with the database. */
async function serverText(table: string, userId: string): Promise<string> {
  const response = await fetch(`${SUPABASE_URL}/rest/v1/${table}?select=*&user_id=eq.${userId}`, {
    headers: { apikey: DEMO_SERVICE_ROLE_KEY, authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}` },
  });
  if (!response.ok) throw new Error(`reading the server's ${table}: ${response.status}`);
  return JSON.stringify(await response.json());
}

/** The signed-in user's id, as the page's stored session holds it. */
async function userIdOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (!key.endsWith('-auth-token')) continue;
      const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as { user?: { id?: string } };
      if (stored.user?.id) return stored.user.id;
    }
    throw new Error('no stored session');
  });
}

async function turnOnEncryption(page: Page): Promise<void> {
  await page.goto('/settings/privacy');
  await page.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await page.getByLabel('Passphrase again').fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Encrypt my journal' }).click();
  await expect(page.getByRole('status', { name: 'Your recovery key' })).toHaveText(/\S{20,}/, {
    timeout: 20_000,
  });
  await page.getByRole('button', { name: 'I have kept it' }).click();
  await expect(page.getByText('Your journal is encrypted end to end.')).toBeVisible();
}

async function unlock(page: Page): Promise<void> {
  await page.goto('/settings/privacy');
  await page.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByText('Your journal is encrypted end to end.')).toBeVisible({ timeout: 20_000 });
}

const entryBody = (page: Page) => page.getByRole('textbox', { name: 'Entry', exact: true });
const allSaved = (page: Page) => page.getByRole('status').filter({ hasText: 'All changes saved' });

test.describe('an encrypted journal on two devices', () => {
  // Each device stretches the passphrase with Argon2id (64 MiB) once.
  test.setTimeout(150_000);

  test('the same diary entry edited on two offline devices converges, the other version kept, restorable and sealed on the server', async ({
    browser,
  }) => {
    const email = uniqueEmail('encrypted-conflict');
    const phone = await device(browser, email);
    const laptop = await device(browser, email);
    await phone.goto('/app');
    const userId = await userIdOf(phone);
    await turnOnEncryption(phone);
    await unlock(laptop);

    await phone.goto('/app');
    await phone.getByRole('button', { name: 'Diary entry' }).click();
    await entryBody(phone).fill('Shared start');
    await expect(phone).toHaveURL(/\/diary\/[0-9a-f-]{36}$/);
    const entryUrl = new URL(phone.url()).pathname;
    await expect(allSaved(phone)).toBeVisible();
    await expect(async () => {
      await laptop.goto(entryUrl);
      await expect(entryBody(laptop)).toHaveValue('Shared start', { timeout: 2000 });
    }).toPass({ timeout: 30_000 });

    for (const page of [phone, laptop]) {
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.context().setOffline(true);
    }
    await entryBody(laptop).fill('Laptop wording of the heron');
    await expect(allSaved(laptop)).toBeVisible();
    await entryBody(phone).fill('Phone wording of the heron, written later');
    await expect(allSaved(phone)).toBeVisible();
    for (const page of [laptop, phone]) await page.context().setOffline(false);

    // Both devices open the sealed rows: the later edit, and the other beside it.
    for (const page of [phone, laptop]) {
      await expect(async () => {
        await page.goto(entryUrl);
        await expect(entryBody(page)).toHaveValue('Phone wording of the heron, written later', {
          timeout: 2000,
        });
        await expect(page.getByRole('heading', { name: 'Another version' })).toBeVisible({ timeout: 2000 });
      }).toPass({ timeout: 45_000 });
      await expect(page.getByRole('blockquote')).toHaveText('Laptop wording of the heron');
      await expect(page.getByText(/mx1\./)).toHaveCount(0);
    }
    // The server holds the entry and the kept version, and neither one's words.
    await expect.poll(async () => (await serverText('conflicts', userId)).includes(userId)).toBe(true);
    for (const table of ['diary_entries', 'conflicts']) {
      expect(await serverText(table, userId)).not.toMatch(/heron|Shared start/);
    }

    await laptop.getByRole('button', { name: 'Restore this version' }).click();
    await expect(entryBody(laptop)).toHaveValue('Laptop wording of the heron');
    await expect(async () => {
      await phone.goto(entryUrl);
      await expect(entryBody(phone)).toHaveValue('Laptop wording of the heron', { timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    expect(await serverText('diary_entries', userId)).not.toMatch(/heron/);
  });

  test('an export of an encrypted journal imports into another encrypted journal, sealed on the way in', async ({
    browser,
  }, testInfo) => {
    const alice = await device(browser, uniqueEmail('encrypted-export'));
    await alice.goto('/app');
    await turnOnEncryption(alice);
    await alice.goto('/mood/entry');
    await alice.getByRole('radio', { name: 'Good' }).check({ force: true });
    await alice.getByLabel('Note').fill('Walked past the samphire beds');
    await alice.getByRole('button', { name: 'Save check-in' }).click();
    await expect(alice.getByRole('article', { name: /^Good at / })).toBeVisible();

    await alice.goto('/settings/storage');
    await expect(alice.getByText(/this archive is not: it holds your entries in clear text/)).toBeVisible();
    const downloading = alice.waitForEvent('download');
    await alice.getByRole('button', { name: 'Export journal' }).click();
    const archive = testInfo.outputPath('murmur.zip');
    await (await downloading).saveAs(archive);

    const bob = await device(browser, uniqueEmail('encrypted-import'));
    await bob.goto('/app');
    const bobId = await userIdOf(bob);
    await turnOnEncryption(bob);
    await bob.goto('/settings/storage');
    await bob.getByLabel('Choose a file to import').setInputFiles(archive);
    const preview = bob.getByTestId('import-preview');
    await expect(preview).toContainText('1 mood check-ins');
    await preview.getByRole('button', { name: 'Import' }).click();
    await expect(bob.getByRole('status').filter({ hasText: 'Imported 1 entries' })).toBeVisible();
    await bob.goto('/mood');
    await expect(bob.getByRole('article', { name: /^Good at / })).toContainText(
      'Walked past the samphire beds',
    );

    // The imported check-in reached the server, and only sealed.
    await expect
      .poll(async () => (await serverText('mood_entries', bobId)).includes('"note":"mx1.'))
      .toBe(true);
    expect(await serverText('mood_entries', bobId)).not.toMatch(/samphire/);
  });
});
