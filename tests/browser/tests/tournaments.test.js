// Swiss tournaments in the browser, in English and in French: an organiser creates one through
// the form, two players join from its page, it starts, and when the round's match ends the
// standings on the open page update by themselves (no reload), on a player's page and on a
// signed-out spectator's; every page axe clean, at 375 and 1280 px.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { ApiPlayer, apiCall } from "../lib/api.js";
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
  p.name = uniqueName("t");
  await p.page.locator("#username").fill(p.name);
  await p.page.locator("#password").fill(PASSWORD);
  await p.page.locator("#password_again").fill(PASSWORD);
  await Promise.all([p.page.waitForURL((url) => url.pathname === "/"), p.page.locator("form[action='/signup'] button[type=submit]").click()]);
  p.api = await ApiPlayer.signIn(p.name, PASSWORD);
  return p;
}

/** The form's start: `seconds` from now, in UTC, as `<input type="datetime-local" step="1">`. */
function startIn(seconds) {
  return new Date(Date.now() + seconds * 1000).toISOString().slice(0, 19);
}

/** Clicks a button of the tournament page (a form posted, the page drawn again). */
async function press(page, testid) {
  await Promise.all([
    page.waitForURL(/\/tournaments\/[0-9a-f-]{36}$/),
    page.locator(`[data-testid="${testid}"]`).click(),
  ]);
}

for (const [lang, locale] of [
  ["en", "en-GB"],
  ["fr", "fr-FR"],
]) {
  describe(`tournaments (${lang})`, () => {
    test(`a tournament is created, joined, started, and its standings follow a match's end live (${lang})`, async () => {
      const organiser = await player(locale);
      const ana = await player(locale);
      const ben = await player(locale);
      // Nobody signed in: the tournament's page follows the tournament all the same.
      const spectator = await newPlayer(browser, { locale });
      try {
        const page = organiser.page;
        await page.goto("/tournaments");
        assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
        await checkPage(page, `tournaments-list-${lang}`);
        await Promise.all([
          page.waitForURL((url) => url.pathname === "/tournaments/new"),
          page.locator('[data-testid="create-tournament"]').click(),
        ]);
        await page.locator("#t-name").fill(`Swiss ${lang} ${organiser.name}`);
        await page.locator("#t-rounds").fill("2");
        await checkPage(page, `tournament-form-${lang}`);
        // Two seconds of margin per player to join before the start is not needed: late entry
        // is open during round 1 of 2. The start is a few seconds away.
        await page.locator("#t-starts").fill(startIn(40));
        await Promise.all([
          page.waitForURL(/\/tournaments\/[0-9a-f-]{36}$/),
          page.locator('[data-testid="tournament-form"] button[type=submit]').click(),
        ]);
        const url = new URL(page.url()).pathname;
        const id = url.split("/").pop();

        for (const p of [ana, ben]) {
          await p.page.goto(url);
          await press(p.page, "tournament-join");
          await p.page.locator('[data-testid="tournament-leave"]').waitFor();
        }
        // Ana's page stays open from now on: the round starts and she sees it without reloading.
        const watched = ana.page;
        await watched.evaluate(() => {
          window.__tapisNotReloaded = true;
        });
        await watched
          .locator('[data-testid="tournament-status"][data-status="tournament-status-running"]')
          .waitFor({ timeout: 120_000 });
        const link = watched.locator('[data-testid="pairing"] a[href^="/matches/"]').first();
        const matchId = (await link.getAttribute("href")).split("/").pop();
        await checkPage(watched, `tournament-running-${lang}`);
        await spectator.page.goto(url);
        await spectator.page
          .locator('[data-testid="tournament-status"][data-status="tournament-status-running"]')
          .waitFor();
        await spectator.page.evaluate(() => {
          window.__tapisNotReloaded = true;
        });

        // Ben re-confirms (so that his resignation does not withdraw him) and resigns: the round
        // closes and the next one starts, and Ana's open page shows the standings after it.
        await apiCall("POST", `/api/v1/tournaments/${id}/reconfirm`, { token: ben.api.token, expect: 200 });
        await apiCall("POST", `/api/v1/matches/${matchId}/resign`, { token: ben.api.token, body: {}, expect: 200 });
        for (const open of [watched, spectator.page]) {
          await open.waitForFunction(
            (name) =>
              [...document.querySelectorAll('[data-testid="standing"]')].some(
                (row) =>
                  row.querySelector("th")?.textContent.includes(name) &&
                  row.querySelector('[data-testid="points"]')?.textContent.trim() === "1" &&
                  row.querySelector('[data-testid="played"]')?.textContent.trim() === "1",
              ),
            ana.name,
            { timeout: 60_000 },
          );
          assert.equal(await open.evaluate(() => window.__tapisNotReloaded), true, "the page was not reloaded");
        }
        await checkPage(watched, `tournament-standings-${lang}`);
        await checkPage(spectator.page, `tournament-spectator-${lang}`);

        // The home page: "your next match" in the tournament (round 2 has started).
        await ana.page.goto("/");
        await ana.page.locator('[data-testid="tournament-next"]').waitFor();
        await checkPage(ana.page, `home-tournament-next-${lang}`);
      } finally {
        for (const p of [organiser, ana, ben, spectator]) await p.context.close();
      }
    });
  });
}
