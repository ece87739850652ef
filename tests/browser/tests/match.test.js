// The match page, played by two players in their own browser contexts, every move a click:
// whole games of Yams and Linja, the first move of every game with its page checked, a stale
// move in an old tab, and resigning. The other player's page always updates by itself.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { ApiPlayer } from "../lib/api.js";
import { launchBrowser, newPlayer, watchErrors } from "../lib/browser.js";
import { WIDTHS } from "../lib/env.js";
import { checkPage } from "../lib/check.js";
import { createMatch, joinFromLobby, signUp } from "../lib/flows.js";
import { openMatch, waitForLiveUpdate } from "../lib/match.js";
import {
  LIVE,
  canMove,
  catchUp,
  choicesOn,
  clickMove,
  firstNonQuiet,
  linjaRearmost,
  moverOf,
  playOneMove,
  playToTheEnd,
  shown,
  withClock,
} from "../lib/play.js";

/** Every game, by id. */
const GAMES = ["linotte", "yam-master", "linja", "5000", "421", "cant-stop", "yams", "make-five"];

let browser;
let alice;
let bob;

/** A player: their own browser context (with Playwright's clock), signed up, and an API token. */
async function player() {
  const p = await newPlayer(browser);
  await withClock(p.context);
  p.account = await signUp(p.page);
  p.name = p.account.username;
  p.api = await ApiPlayer.signIn(p.account.username, p.account.password);
  return p;
}

before(async () => {
  browser = await launchBrowser();
  alice = await player();
  bob = await player();
});
after(async () => {
  await browser?.close();
});

/**
 * A two-player match of `game` between Alice and Bob, set up through the API; its id. The
 * first throw may end a match (five 1s at 5000, once in 7,776 matches): such a match is left
 * finished and another one started, since the tests need one in play.
 */
async function startMatch(game) {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const created = await alice.api.createMatch(game, { invite: [bob.name] });
    const joined = await bob.api.join(created.id);
    if (joined.status === "active") return created.id;
    assert.equal(joined.status, "finished", `${game}: a joined match is in play, or over at once`);
  }
  assert.fail(`${game}: three matches in a row were over at their first throw`);
}

/** Both players open the match page. */
async function openBoth(id) {
  await openMatch(alice.page, id);
  await openMatch(bob.page, id);
  const [a, b] = [await shown(alice.page), await shown(bob.page)];
  assert.equal(a.version, b.version, "both pages show the same version");
}

/** The page's live fragment has settled at `status`. */
function statusIs([live, status]) {
  const el = document.querySelector(live);
  return el !== null && el.dataset.status === status && !el.classList.contains("htmx-added");
}

/**
 * The end of a match on a player's page: the result with one ranking row per player, and the
 * seed, revealed, whose SHA-256 is the hash committed to at the start; a game without chance
 * (Linja) has no fair-dice panel at all.
 */
async function expectResult(page, { chance = true } = {}) {
  const { status } = await shown(page);
  assert.equal(status, "finished");
  assert.equal(await page.getByTestId("result").count(), 1, "the result is shown");
  assert.equal(await page.getByTestId("ranking-row").count(), 2, "one ranking row per player");
  if (!chance) {
    assert.equal(await page.getByTestId("fairness").count(), 0, "no dice, no fair-dice panel");
    return page.getByTestId("ranking-row").allInnerTexts();
  }
  const seed = (await page.getByTestId("seed").innerText()).trim();
  const hash = (await page.getByTestId("seed-hash").first().innerText()).trim();
  assert.match(seed, /^[0-9a-f]{32,}$/, "the seed is revealed, in hex");
  assert.equal(createHash("sha256").update(Buffer.from(seed, "hex")).digest("hex"), hash,
    "the revealed seed is the one committed to");
  return page.getByTestId("ranking-row").allInnerTexts();
}

/** Whether `locator`'s element lies within the page's viewport (at least partly). */
async function inViewport(page, locator) {
  const box = await locator.boundingBox();
  const { height, width } = page.viewportSize();
  return box !== null && box.y < height && box.y + box.height > 0 && box.x < width && box.x + box.width > 0;
}

/** The replay position "Step N of M" as numbers. */
async function replayPosition(page) {
  const text = await page.getByTestId("replay-position").innerText();
  const m = text.match(/Step (\d+) of (\d+)/);
  assert.ok(m, `a replay position, got "${text}"`);
  return { step: Number(m[1]), last: Number(m[2]) };
}

/** Clicks a replay link and waits for the step it leads to. */
async function replayClick(page, testid) {
  await Promise.all([page.waitForNavigation(), page.getByTestId(testid).click()]);
  return replayPosition(page);
}

/**
 * A whole game through the pages: Alice creates it in the lobby inviting Bob and waits on its
 * page; Bob accepts from the lobby; Alice's page learns the match started by itself. Then they
 * play it to the end by clicking, look at the result, and step through the replay.
 */
async function wholeGame(game, choose) {
  const id = await createMatch(alice.page, { game, invite: [bob.name] });
  assert.equal((await shown(alice.page)).status, "open");
  await waitForLiveUpdate(alice.page, {
    region: LIVE,
    trigger: () => joinFromLobby(bob.page, id),
    until: statusIs,
    arg: [LIVE, "active"],
  });
  assert.equal((await shown(bob.page)).status, "active");

  const started = Date.now();
  const moves = await playToTheEnd([alice, bob], { choose, maxMoves: 150 });
  console.log(`${game}: ${moves} moves by clicking in ${Date.now() - started} ms`);

  const chance = game !== "linja";
  const rows = await expectResult(alice.page, { chance });
  assert.deepEqual(await expectResult(bob.page, { chance }), rows, "both players see the same ranking");
  assert.equal(await alice.page.getByTestId("resign").count(), 0, "no resigning a finished match");
  await checkPage(alice.page, `match-${game}-finished`);

  // The replay, from the result: step forwards and back.
  await Promise.all([
    alice.page.waitForNavigation(),
    alice.page.getByTestId("result").getByRole("link", { name: /Replay this match/ }).click(),
  ]);
  const first = await replayPosition(alice.page);
  assert.equal(first.step, 0);
  assert.ok(first.last >= moves, `the replay has a step per turn (${first.last} for ${moves} moves)`);
  assert.equal(await alice.page.getByTestId("replay-prev").getAttribute("aria-disabled"), "true",
    "no step before the first");
  assert.deepEqual(await replayClick(alice.page, "replay-next"), { step: 1, last: first.last });
  assert.deepEqual(await replayClick(alice.page, "replay-next"), { step: 2, last: first.last });
  assert.deepEqual(await replayClick(alice.page, "replay-prev"), { step: 1, last: first.last });
  assert.deepEqual(await replayClick(alice.page, "replay-last"), { step: first.last, last: first.last });
  assert.equal(await alice.page.getByTestId("replay-next").getAttribute("aria-disabled"), "true",
    "no step after the last");
  await checkPage(alice.page, `replay-${game}`);
}

describe("match page", () => {
  test("Yams: two players play a whole game by clicking, and replay it", async () => {
    // Each player writes the first throw in a box at once: 12 boxes each, 24 clicks.
    await wholeGame("yams", firstNonQuiet);
  });

  test("Linja: two players play a whole game by clicking, and replay it", async () => {
    await wholeGame("linja", linjaRearmost);
  });

  for (const game of GAMES) {
    test(`${game}: the page passes the checks for both players and takes a first move by a click`, async () => {
      const id = await startMatch(game);
      await openBoth(id);
      const mover = await moverOf([alice, bob]);
      const waiting = mover === alice ? bob : alice;
      assert.equal(await canMove(waiting.page), false);
      await checkPage(mover.page, `match-${game}-to-move`);
      await checkPage(waiting.page, `match-${game}-waiting`);

      // The other page catches up by its own polling (its clock jumped to the next poll).
      const move = await playOneMove([alice, bob]);
      assert.equal(move.after, move.before + 1, `one move, one version (${move.label})`);
      const view = await alice.api.match(id);
      assert.equal(view.version, move.after, "the server has the move");
      assert.equal(view.status, "active");
    });
  }

  test("a click in a stale tab shows the message and the fresh table, not an error page", async () => {
    const id = await startMatch("yams");
    await openBoth(id);
    if (await canMove(bob.page)) await playOneMove([alice, bob]);
    assert.ok(await canMove(alice.page), "Alice is to move");

    // A page of Alice's, on the same version, that does not hear of her move: another browser
    // of hers (a context of its own, signed in with the same session: the tabs of one browser
    // share one stream, and would hear it), whose stream is held back (as a proxy that
    // buffers it would) and whose polling, which would stand in for it after a few seconds,
    // sleeps (a background tab): that context's clock is paused while she plays in the first.
    const { context: elsewhere } = await newPlayer(browser);
    await elsewhere.addCookies(await alice.context.cookies());
    const tab = watchErrors(await elsewhere.newPage());
    await tab.route("**/stream**", () => {});
    try {
      await openMatch(tab, id);
      const { version } = await shown(alice.page);
      assert.equal((await shown(tab)).version, version);
      const now = await tab.evaluate(() => Date.now());
      await elsewhere.clock.pauseAt(now + 500);

      const pick = firstNonQuiet((await choicesOn(alice.page)).buttons);
      const selector = `${LIVE} [data-testid="action"]:enabled`;
      await alice.page.locator(selector).nth(pick.index).click();
      await alice.page.waitForFunction(
        ([live, v]) => Number(document.querySelector(live)?.dataset.version) > v,
        [LIVE, version],
      );
      // The same click in the stale tab: refused, answered with the fresh table.
      const answered = tab.waitForResponse((r) => new URL(r.url()).pathname === `/matches/${id}/act`);
      await tab.locator(selector).nth(pick.index).click();
      assert.equal((await answered).status(), 409, "a stale move answers 409");
      await tab.waitForFunction(() => document.querySelector('[data-testid="match-message"]') !== null);
      await elsewhere.clock.resume();

      const stale = await shown(tab);
      assert.match(stale.message, /Someone moved before you/);
      assert.equal(stale.version, version + 1, "the stale tab now shows the fresh version");
      assert.equal(new URL(tab.url()).pathname, `/matches/${id}`, "still on the match page");
      assert.equal(await tab.getByRole("alert").filter({ hasText: "Someone moved" }).count(), 1);
      // The message is where the eye is: in view, with the focus on it. Both are done when
      // htmx settles the swap, on a timer set while the clock was paused: wait for it.
      const message = tab.getByTestId("match-message");
      const focused = () => document.activeElement?.dataset?.testid === "match-message";
      const settled = await tab.waitForFunction(focused, null, { timeout: 5000 }).then(
        () => true,
        () => false,
      );
      assert.ok(settled, "the focus moved to the message");
      assert.ok(await inViewport(tab, message), "the message is scrolled into view");
      assert.equal(await canMove(tab), false, "the fresh table: it is Bob's turn now");
      assert.equal((await alice.api.match(id)).version, version + 1, "the stale click played nothing");
      await tab.waitForFunction(statusIs, [LIVE, "active"]);
      await checkPage(tab, "match-stale-move");
    } finally {
      await elsewhere.close();
    }
  });

  test("on a phone the step's choices stand beside the board, and the other's move is said and marked", async () => {
    const id = await startMatch("cant-stop");
    await openBoth(id);
    const first = await moverOf([alice, bob]);
    const second = first === alice ? bob : alice;
    // The first player's turn: roll until the turn passes (a stop or a bust), by clicking.
    while (await canMove(first.page)) {
      const move = await clickMove(
        first.page,
        (buttons) => buttons.find((b) => /^Stop/.test(b.label)) ?? firstNonQuiet(buttons),
      );
      await catchUp(second.page, move.after);
    }
    const page = second.page;
    await page.setViewportSize({ width: WIDTHS.phone, height: 640 });
    try {
      await page.reload();
      await page.waitForFunction(statusIs, [LIVE, "active"]);
      // What the first player did, said above the board, marked on it, and told to screen
      // readers once the part of the page changes.
      const said = page.getByTestId("last-moves");
      assert.match(await said.innerText(), new RegExp(first.name));
      assert.ok((await page.locator(`${LIVE} .cell-recent`).count()) >= 1, "a climbed column is marked");
      // The step's choices stand right after the board: both in view at once on a phone.
      const bar = page.getByTestId("action-bar");
      assert.equal(
        await bar.evaluate((el) => el.previousElementSibling?.dataset.testid),
        "columns",
        "the choices follow the board",
      );
      await bar.scrollIntoViewIfNeeded();
      const board = await page.getByTestId("columns").boundingBox();
      assert.ok(await inViewport(page, bar), "the choices are in view");
      assert.ok(board !== null && board.y + board.height > 0, "with the board just above them");
      await checkPage(page, "match-cant-stop-phone-action-bar");
    } finally {
      await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    }
  });

  test("Make Five: the Aligneur picks a token on the board, then the column it goes to", async () => {
    const id = await startMatch("make-five");
    await openBoth(id);
    const aligneur = await moverOf([alice, bob]);
    const page = aligneur.page;
    const targets = page.locator(`${LIVE} .move-target button`);
    assert.ok((await targets.count()) > 0, "the moves are on the page");
    assert.equal(await targets.first().isVisible(), false, "no move shows before a token is picked");
    const pick = page.locator(`${LIVE} [data-pick]`).first();
    await pick.click();
    assert.equal(await pick.getAttribute("aria-pressed"), "true", "the token is picked");
    const key = await pick.getAttribute("data-pick");
    const shownTargets = page.locator(`${LIVE} .move-target[data-from="${key}"] button`);
    assert.ok((await shownTargets.count()) > 0 && (await shownTargets.first().isVisible()), "its moves show above the columns");
    assert.equal(
      await page.evaluate(() => document.activeElement?.closest(".move-target") !== null),
      true,
      "the focus goes to its first destination",
    );
    await checkPage(page, "match-make-five-token-picked");
    const label = await shownTargets.first().getAttribute("aria-label");
    const before = (await shown(page)).version;
    await shownTargets.first().click();
    await page.waitForFunction(([live, v]) => Number(document.querySelector(live)?.dataset.version) > v, [LIVE, before]);
    assert.match(label, /^Move .* to column \d/, `a move (${label})`);
  });

  test("resigning by clicking, with its confirmation, ends the match; the opponent sees it live", async () => {
    const id = await startMatch("cant-stop");
    await openBoth(id);
    const resign = alice.page.getByTestId("resign");
    const confirm = resign.getByTestId("resign-confirm");
    assert.equal(await confirm.isVisible(), false, "the confirmation is folded away");
    await resign.getByText("Resign…").click();
    assert.equal(await confirm.isVisible(), true, "Resign… unfolds the confirmation");

    await waitForLiveUpdate(bob.page, {
      region: LIVE,
      trigger: async () => {
        await Promise.all([alice.page.waitForNavigation(), confirm.click()]);
      },
      until: statusIs,
      arg: [LIVE, "finished"],
    });
    for (const p of [alice, bob]) {
      const rows = await expectResult(p.page);
      assert.match(rows[0], new RegExp(bob.name), "Bob ranks first");
      assert.match(rows[1], new RegExp(alice.name));
      assert.equal(await canMove(p.page), false);
    }
    assert.equal(new URL(alice.page.url()).pathname, `/matches/${id}`, "back on the match page");
    await checkPage(bob.page, "match-won-by-resignation");
  });
});
