// Leagues in the browser, in English and in French: a player opts in from the list, finds the
// league's page (its terms, the adjudication rule, the season waiting to start), opts out from
// there, and reads the past seasons; every page axe clean, at 375 and 1280 px. (A running
// season's divisions and a division's table are covered by tests/tests/api/web_leagues.rs: a
// season starts a week after the release, which the browser's server does not wait for.)
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { launchBrowser, newPlayer } from "../lib/browser.js";
import { checkPage } from "../lib/check.js";
import { PASSWORD, uniqueName } from "../lib/flows.js";

let browser;

before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A player in their own context speaking `locale`, signed up through the form. */
async function player(locale) {
  const p = await newPlayer(browser, { locale });
  await p.page.goto("/signup");
  p.name = uniqueName("l");
  await p.page.locator("#username").fill(p.name);
  await p.page.locator("#password").fill(PASSWORD);
  await p.page.locator("#password_again").fill(PASSWORD);
  await Promise.all([p.page.waitForURL((url) => url.pathname === "/"), p.page.locator("form[action='/signup'] button[type=submit]").click()]);
  return p;
}

for (const [lang, locale] of [
  ["en", "en-GB"],
  ["fr", "fr-FR"],
]) {
  describe(`leagues (${lang})`, () => {
    test(`a player opts in from the list and out from the league's page (${lang})`, async () => {
      const p = await player(locale);
      try {
        const page = p.page;
        await page.goto("/leagues");
        assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
        assert.equal(await page.locator('[data-testid="league"]').count(), 8);
        await checkPage(page, `leagues-list-${lang}`);
        const linja = page.locator('[data-testid="league"][data-game="linja"]');
        await Promise.all([
          page.waitForURL((url) => url.pathname === "/leagues"),
          linja.locator('[data-testid="league-opt-in"]').click(),
        ]);
        await linja.locator('[data-testid="league-in"]').waitFor();
        await checkPage(page, `leagues-list-opted-in-${lang}`);

        await page.goto("/leagues/linja");
        await page.locator('[data-testid="league-status"][data-status="league-season-upcoming"]').waitFor();
        assert.ok((await page.locator('[data-testid="adjudication"]').textContent()).length > 40);
        await checkPage(page, `league-page-${lang}`);
        await Promise.all([
          page.waitForURL((url) => url.pathname === "/leagues/linja"),
          page.locator('[data-testid="league-opt-out"]').click(),
        ]);
        await page.locator('[data-testid="league-opt-in"]').waitFor();

        await Promise.all([
          page.waitForURL((url) => url.pathname === "/leagues/linja/seasons"),
          page.locator('[data-testid="league-history-link"]').click(),
        ]);
        await checkPage(page, `league-seasons-${lang}`);
      } finally {
        await p.context.close();
      }
    });
  });
}
