import { expect, test } from '../support/fixtures.js';

// Issue 25 item 4: a first visit loads only the active theme's stylesheet; the other loads when the theme
// changes, and a stored choice is honoured before the first paint on the next visit.

const themeSheets = (urls: string[]) =>
  urls.filter((url) => /\/web-(light|dark)-theme\.[0-9a-f]{8}\.css$/.test(new URL(url).pathname));

test('a first visit loads one theme stylesheet; the toggle brings the other, and the choice holds on reload', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(themeSheets(requested).map((url) => new URL(url).pathname)).toEqual([
    expect.stringMatching(/^\/web-light-theme\./),
  ]);
  const lightBackground = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--colorNeutralBackground1').trim(),
  );
  expect(lightBackground).toMatch(/^#fff(fff)?$/i); // the built stylesheet is minified

  // The system turns dark: the dark sheet is linked once and its colours apply.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect
    .poll(() =>
      page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--colorNeutralBackground1').trim(),
      ),
    )
    .toBe('#292929');
  expect(themeSheets(requested)).toHaveLength(2);

  // A stored choice of dark: the next visit (system light) asks for the dark sheet only.
  await page.evaluate(() => localStorage.setItem('dealflow-theme', 'dark'));
  await page.emulateMedia({ colorScheme: 'light' });
  requested.length = 0;
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  expect(themeSheets(requested).map((url) => new URL(url).pathname)).toEqual([
    expect.stringMatching(/^\/web-dark-theme\./),
  ]);
});
