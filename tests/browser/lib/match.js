// The match page (/matches/{id}): open it, and wait for it to update itself live (htmx, from
// the server's push) when someone else acts. Game-play tests build on these:
//
//   const { page } = await newPlayer(browser);           // signed up, in a match...
//   await openMatch(page, id);
//   await waitForLiveUpdate(page, {
//     region: "#match",                                   // what must change
//     trigger: () => opponent.playAny(id),                // the other player moves (API)
//   });
//
// waitForLiveUpdate fails when the region did not change in time, and when the page reloaded
// or navigated instead of updating in place.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";

/** Opens the page of match `id` and expects `status` (200 by default). */
export async function openMatch(page, id, { status = 200 } = {}) {
  const response = await page.goto(`/matches/${id}`);
  assert.ok(response, `no response for /matches/${id}`);
  assert.equal(response.status(), status, `status of the page of match ${id}`);
  return response;
}

/**
 * Marks the document so that a reload can be told from an in-place update: the mark lives in
 * the page's JavaScript world and disappears with any navigation.
 */
async function markDocument(page) {
  const mark = randomBytes(8).toString("hex");
  await page.evaluate((m) => {
    window.__tapisMark = m;
  }, mark);
  return mark;
}

/**
 * Runs `trigger` (something another player or the server does) and waits until the page
 * updates in place: until `until` holds in the page (a function evaluated there, with `arg`),
 * or, without `until`, until the HTML of `region` differs from before. Then checks that the
 * page did not reload or navigate. Returns the region's new HTML.
 */
export async function waitForLiveUpdate(
  page,
  { trigger, region = "main", until, arg, timeout = 15_000 },
) {
  assert.equal(typeof trigger, "function", "waitForLiveUpdate needs a trigger");
  const mark = await markDocument(page);
  const before = await page.locator(region).innerHTML();
  await trigger();
  try {
    if (until) {
      await page.waitForFunction(until, arg, { timeout });
    } else {
      await page.waitForFunction(
        ([selector, html]) => {
          const el = document.querySelector(selector);
          return el !== null && el.innerHTML !== html;
        },
        [region, before],
        { timeout },
      );
    }
  } catch (error) {
    const reloaded = await page.evaluate((m) => window.__tapisMark !== m, mark).catch(() => true);
    throw new Error(
      `no live update of ${region} within ${timeout} ms` +
        (reloaded ? " (and the page was reloaded or navigated)" : "") +
        `: ${error.message}`,
    );
  }
  const kept = await page.evaluate(() => window.__tapisMark).catch(() => undefined);
  assert.equal(kept, mark, `the page reloaded or navigated instead of updating ${region} in place`);
  return page.locator(region).innerHTML();
}
