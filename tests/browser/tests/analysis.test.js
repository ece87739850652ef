// The analysis of a finished match: the result screen's link appears by itself once the
// analysis is made in the background; the replay page shows the summary in words, the chart of
// the chances whose points lead to their step, and what each step cost; in English and in
// French, checked at 375 px and with axe. The profile's statistics and dice panel, and /dice.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { ApiPlayer } from "../lib/api.js";
import { launchBrowser, newPlayer } from "../lib/browser.js";
import { checkPage, visit } from "../lib/check.js";
import { signUp } from "../lib/flows.js";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A signed-up player with an API token. */
async function player() {
  const p = await newPlayer(browser);
  p.account = await signUp(p.page);
  p.name = p.account.username;
  p.api = await ApiPlayer.signIn(p.account.username, p.account.password);
  return p;
}

/** Plays match `id` to its end through the API, each player taking their last legal action. */
async function playOut(id, players) {
  for (let moves = 0; moves < 400; moves += 1) {
    let acted = false;
    for (const p of players) {
      const view = await p.api.match(id);
      if (view.status === "finished") return view;
      if (view.legal_actions.length > 0) {
        await p.api.act(id, view.legal_actions[view.legal_actions.length - 1], view.version);
        acted = true;
        break;
      }
    }
    assert.ok(acted, "somebody can play");
  }
  assert.fail(`match ${id} did not finish`);
}

/** The replay position "Step N of M" as numbers. */
async function replayStep(page) {
  const text = await page.getByTestId("replay-position").innerText();
  const m = text.match(/(\d+)\D+(\d+)/);
  assert.ok(m, `a replay position, got "${text}"`);
  return Number(m[1]);
}

describe("analysis", () => {
  test("a finished Yams match: the link appears by itself, the analysis page steps through the chart, in English and French", async () => {
    const alice = await player();
    const bob = await player();
    const created = await alice.api.createMatch("yams", { invite: [bob.name] });
    await bob.api.join(created.id);
    const id = created.id;
    await playOut(id, [alice, bob]);

    // The result screen: the link comes once the background has made the analysis.
    await alice.page.goto(`/matches/${id}`);
    const link = alice.page.getByTestId("analysis-link");
    await link.waitFor({ state: "visible", timeout: 60_000 });
    await Promise.all([alice.page.waitForNavigation(), link.click()]);
    assert.equal(await replayStep(alice.page), 0);
    const analysis = alice.page.getByTestId("analysis");
    assert.equal(await analysis.getAttribute("data-status"), "ready");
    const words = await alice.page.getByTestId("analysis-words").innerText();
    assert.match(words, /You lost .* of expected score through your choices/);
    assert.match(words, new RegExp(`${bob.name} lost `));
    assert.equal(await alice.page.getByTestId("analysis-summary").locator("tbody tr").count(), 2);

    // A point of the chart leads to its step, which says what was played there (the players'
    // points of one step lead to the same step; the last drawn is on top).
    const point = alice.page.locator(`[data-testid="analysis-chart"] a[href$="step=4#analysis"]`).last();
    await Promise.all([alice.page.waitForNavigation(), point.click()]);
    assert.equal(await replayStep(alice.page), 4);
    assert.ok((await alice.page.getByTestId("analysis-step").locator("li").count()) > 0,
      "the step's analysis");
    await Promise.all([alice.page.waitForNavigation(), alice.page.getByTestId("replay-next").click()]);
    assert.equal(await replayStep(alice.page), 5);
    await checkPage(alice.page, "analysis-yams");

    // The profile: the statistics of play and the dice panel.
    await visit(alice.page, `/players/${alice.name}`, "profile-analysis");
    const stats = alice.page.getByTestId("stats-yams");
    assert.match(await stats.innerText(), /1 match analysed/);
    assert.match(await stats.getByTestId("dice-panel").innerText(), /Your dice: \d+ faces, (consistent|unlikely) with fair dice, p = /);
    await visit(alice.page, "/dice", "site-dice");
    assert.match(await alice.page.getByTestId("site-dice").innerText(), /Every die on Tapis: [\d,]+ faces/);

    // A French visitor reads the same analysis in French.
    const visitor = await newPlayer(browser, { locale: "fr-FR" });
    await visit(visitor.page, `/matches/${id}/replay?step=4`, "analysis-yams-fr");
    assert.equal(await visitor.page.evaluate(() => document.documentElement.lang), "fr");
    const french = await visitor.page.getByTestId("analysis-words").innerText();
    assert.match(french, new RegExp(`${alice.name} a perdu .* de score espéré par ses choix`));
    assert.match(await visitor.page.getByTestId("analysis").innerText(), /Bilan/);
    await visitor.context.close();
  });
});
