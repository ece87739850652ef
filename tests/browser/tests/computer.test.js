// "Play the computer", by clicking: a match against a computer player started from the lobby
// and one from a game's rules page, each played to its end. The computer's moves arrive by
// themselves: the page shows it thinking and updates itself (its own polling, in real time).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { launchBrowser, newPlayer } from "../lib/browser.js";
import { checkPage } from "../lib/check.js";
import { signUp } from "../lib/flows.js";
import { LIVE, canMove, clickMove, firstNonQuiet, linjaRearmost, shown } from "../lib/play.js";

let browser;
let me;

before(async () => {
  browser = await launchBrowser();
  me = await newPlayer(browser);
  await signUp(me.page);
});
after(async () => {
  await browser?.close();
});

/** Waits until the page offers a move or the match is over, without reloading it. */
async function untilMyTurn(page) {
  await page.waitForFunction(
    (live) => {
      const el = document.querySelector(live);
      if (!el || el.classList.contains("htmx-added")) return false;
      if (el.dataset.status !== "active") return true;
      return el.querySelector('[data-testid="action"]:enabled, [data-testid="compose"]') !== null;
    },
    LIVE,
    { timeout: 15_000 },
  );
}

/**
 * Plays the match on `page` to its end, every move of ours a click, the computer's arriving by
 * themselves; returns how many we clicked.
 */
async function playAgainstTheComputer(page, choose) {
  let moves = 0;
  for (;;) {
    await untilMyTurn(page);
    if ((await shown(page)).status !== "active") break;
    assert.ok(await canMove(page));
    await clickMove(page, choose);
    moves += 1;
    assert.ok(moves < 300, "the match did not end within 300 moves");
  }
  assert.equal((await shown(page)).status, "finished");
  assert.equal(await page.getByTestId("result").count(), 1, "the result is shown");
  return moves;
}

test("Linja against the strong computer, started from the lobby", async () => {
  const { page } = me;
  await page.goto("/lobby");
  const form = page.getByTestId("play-computer");
  await form.getByLabel("Game").selectOption("linja");
  await form.getByRole("radio", { name: /Strong/ }).check();
  await Promise.all([
    page.waitForURL(/\/matches\/[0-9a-f-]+$/),
    form.getByRole("button", { name: "Play the computer" }).click(),
  ]);
  assert.equal(await page.getByTestId("computer-mark").count(), 1, "the computer is marked");
  await checkPage(page, "match-against-computer");
  const moves = await playAgainstTheComputer(page, linjaRearmost);
  assert.ok(moves > 0);
});

test("Yams against two easy computers, started from the rules page", async () => {
  const { page } = me;
  await page.goto("/rules/yams");
  await page.getByText("Play the computer at Yams").click();
  const form = page.getByTestId("play-computer");
  await form.getByRole("radio", { name: /Easy/ }).check();
  await form.getByLabel("Computer opponents").selectOption("2");
  await form.getByRole("checkbox", { name: /Rated/ }).setChecked(false);
  await Promise.all([
    page.waitForURL(/\/matches\/[0-9a-f-]+$/),
    form.getByRole("button", { name: "Play the computer" }).click(),
  ]);
  assert.equal(await page.getByTestId("computer-mark").count(), 2);
  const moves = await playAgainstTheComputer(page, firstNonQuiet);
  assert.ok(moves > 0);
});
