import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

export const MEDIA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.tmp', 'media');
export const media = (name: string) => path.join(MEDIA_DIR, name);

export const SPEAKER = 'speaker@northwind.example';

/** The spec's processing messages (001 section 4). */
export const PROCESSING = /^(Audio is still being uploaded\.\.\.|Extracting audio\.\.\.|Computing results\.\.\.)$/;

export async function openTab(page: Page, name: 'Record' | 'Recorder App' | 'Upload File' | 'Upload URL'): Promise<void> {
  await page.goto('/record');
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

/** Waits on the recording page until the results show (the page polls every 10 s). */
export async function expectResults(page: Page, timeout = 90_000): Promise<void> {
  await expect(page.getByTestId('take-summary-score')).toContainText(/\d+\.\d out of 10/, { timeout });
  await expect(page.getByTestId('transcript')).toBeVisible();
}

/**
 * Waits until no take is kept on the device (the Record tab's IndexedDB copy): a discarded take's
 * copy is removed after its pending writes, so a reload right after Discard could still find it.
 */
export async function expectNoKeptTake(page: Page): Promise<void> {
  const count = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('rostrum-takes');
          open.onerror = () => resolve(-1);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('takes')) {
              db.close();
              return resolve(0);
            }
            const req = db.transaction('takes').objectStore('takes').count();
            req.onsuccess = () => resolve(req.result);
            req.onerror = () => resolve(-1);
            db.close();
          };
        }),
    );
  await expect.poll(count, { timeout: 10_000 }).toBe(0);
}

export function uniqueTitle(prefix: string): string {
  return `${prefix} ${Date.now().toString(36).slice(-5)}`;
}
