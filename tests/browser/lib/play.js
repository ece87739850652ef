// Playing on the match page by clicking, as a person would: read the choices the page offers
// (its `[data-testid=action]` buttons, which carry the action's JSON as their value, and its
// compose forms), click one, and wait for the page to swap in the new state. The other players'
// pages must catch up by themselves (the page's own polling): `catchUp` only brings the page's
// next poll forward with Playwright's clock (`withClock`), it never reloads.
//
//   await withClock(context);                       // before the first page load
//   const moves = await playToTheEnd([alice, bob], { choose: firstNonQuiet });
//
// Nothing here plays through the API: every move is a click on a page.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { waitForLiveUpdate } from "./match.js";

/** The live part of the match page. */
export const LIVE = '[data-testid="match-live"]';
const ENABLED_ACTIONS = `${LIVE} [data-testid="action"]:enabled`;
const COMPOSE = `${LIVE} [data-testid="compose"]`;

/** How long a page's polling waits between two questions (`hx-trigger="every 2s"`). */
const POLL_MS = 2_000;

/**
 * Installs Playwright's clock in a browser context, before its pages load. Time still flows as
 * usual; `catchUp` may then jump a page's clock forward so that its next poll runs at once.
 */
export async function withClock(context) {
  await context.clock.install();
}

/** What the page shows now: the version and status of the match, and its message if any. */
export async function shown(page) {
  return page.evaluate((live) => {
    const el = document.querySelector(live);
    const message = document.querySelector('[data-testid="match-message"]');
    return {
      version: el ? Number(el.dataset.version) : NaN,
      status: el?.dataset.status ?? null,
      message: message ? message.textContent.trim() : null,
    };
  }, LIVE);
}

/**
 * The moves the page offers: each enabled action button (its index among them, its accessible
 * name, its action parsed from its value, whether it is a quiet one such as Pass), and how many
 * compose forms (tick dice, then submit) there are.
 */
export async function choicesOn(page) {
  return page.evaluate(
    ([actions, compose]) => {
      const buttons = [...document.querySelectorAll(actions)].map((b, index) => {
        let action = null;
        try {
          action = JSON.parse(b.value);
        } catch {
          action = null;
        }
        return {
          index,
          label: (b.getAttribute("aria-label") || b.textContent || "").trim(),
          action,
          quiet: b.classList.contains("button-quiet"),
        };
      });
      return { buttons, composes: document.querySelectorAll(compose).length };
    },
    [ENABLED_ACTIONS, COMPOSE],
  );
}

/** Whether the page offers its viewer a move. */
export async function canMove(page) {
  const { buttons, composes } = await choicesOn(page);
  return buttons.length > 0 || composes > 0;
}

/** The default choice: the first button that is not a quiet one (Pass...), else the first. */
export function firstNonQuiet(buttons) {
  return buttons.find((b) => !b.quiet) ?? buttons[0];
}

/**
 * Linja, kept short: move the player's rearmost piece (the initial and the following move),
 * and decline the bonus. A deterministic choice that ends a game in about 45 moves.
 */
export function linjaRearmost(buttons) {
  const moves = buttons.filter((b) => ["initial_move", "following_move"].includes(b.action?.type));
  if (moves.length > 0) {
    const up = moves[0].action.to > moves[0].action.from;
    return moves.reduce((best, b) =>
      (up ? b.action.from < best.action.from : b.action.from > best.action.from) ? b : best,
    );
  }
  return buttons.find((b) => b.action?.type === "decline_bonus") ?? firstNonQuiet(buttons);
}

/** Marks the current live fragment, so that its replacement can be told from it. */
async function markLive(page) {
  const mark = randomBytes(6).toString("hex");
  await page.evaluate(
    ([live, m]) => {
      const el = document.querySelector(live);
      if (el) el.dataset.tapisOld = m;
    },
    [LIVE, mark],
  );
  return mark;
}

/**
 * Waits until the live fragment marked by `markLive` was replaced and htmx has settled the new
 * one (its buttons work), showing a version past `before` or a message.
 */
async function waitForFreshLive(page, before, { timeout = 15_000 } = {}) {
  await page.waitForFunction(
    ([live, v]) => {
      const el = document.querySelector(live);
      if (!el || el.dataset.tapisOld || el.classList.contains("htmx-added")) return false;
      return Number(el.dataset.version) > v || document.querySelector('[data-testid="match-message"]') !== null;
    },
    [LIVE, before],
    { timeout },
  );
}

/**
 * Plays one move on `page` by clicking: the button `choose` picks among the enabled action
 * buttons (default `firstNonQuiet`), or, when there are none, the first compose form's submit
 * button with the dice as they are ticked. Waits for the swap; fails when the page refused the
 * move. Returns the versions before and after, and what was clicked.
 */
export async function clickMove(page, choose = firstNonQuiet) {
  const { version: before, status } = await shown(page);
  assert.equal(status, "active", "a move is clicked in a match in play");
  const { buttons, composes } = await choicesOn(page);
  await markLive(page);
  let label;
  if (buttons.length > 0) {
    const pick = choose(buttons) ?? firstNonQuiet(buttons);
    label = pick.label;
    const button = page.locator(ENABLED_ACTIONS).nth(pick.index);
    if (!(await button.isVisible())) {
      const from = await button.evaluate((b) => b.closest("[data-from]")?.dataset.from ?? null);
      if (from !== null) {
        // A move shown once its piece is picked (Linja, Make Five's tokens): pick the piece
        // first, as a player would, then its destination.
        await page.locator(`${LIVE} [data-pick="${from}"]`).click();
      } else {
        // A choice in a board cell's menu: open the menu first, by clicking the cell.
        await button.locator("xpath=ancestor::details[1]").locator("summary").first().click();
      }
    }
    await button.click();
  } else if (composes > 0) {
    const submit = page.locator(COMPOSE).first().getByTestId("compose-submit");
    label = (await submit.innerText()).trim();
    await submit.click();
  } else {
    assert.fail(`the page offers no move at version ${before}`);
  }
  await waitForFreshLive(page, before);
  const after = await shown(page);
  assert.equal(after.message, null, `the move "${label}" was refused: ${after.message}`);
  assert.ok(after.version > before, `the move "${label}" did not move the match past version ${before}`);
  return { before, after: after.version, label };
}

/**
 * Waits until `page` shows at least `version`, by itself: with `nudge` (a context with
 * `withClock`), its clock jumps to its next poll, again every second until then; without it,
 * the page's own two-second polling brings it. Fails when the page reloaded or navigated.
 */
export async function catchUp(page, version, { nudge = true, timeout = 15_000 } = {}) {
  const mark = randomBytes(6).toString("hex");
  await page.evaluate((m) => {
    window.__tapisCatchUp = m;
  }, mark);
  const reached = () =>
    page.evaluate(
      ([live, v]) => {
        const el = document.querySelector(live);
        return el !== null && !el.classList.contains("htmx-added") && Number(el.dataset.version) >= v;
      },
      [LIVE, version],
    );
  const until = Date.now() + timeout;
  while (!(await reached())) {
    assert.ok(Date.now() < until, `the page did not catch up with version ${version} within ${timeout} ms`);
    if (nudge) await page.clock.fastForward(POLL_MS);
    await page
      .waitForFunction(
        ([live, v]) => {
          const el = document.querySelector(live);
          return el !== null && !el.classList.contains("htmx-added") && Number(el.dataset.version) >= v;
        },
        [LIVE, version],
        { timeout: nudge ? 1_000 : timeout },
      )
      .catch(() => {});
  }
  const kept = await page.evaluate(() => window.__tapisCatchUp);
  assert.equal(kept, mark, "the page reloaded or navigated instead of updating itself");
}

/**
 * Of `players` (each `{ page }`, every page on the same match and showing the same version),
 * the one whose page offers a move. Fails unless exactly one does.
 */
export async function moverOf(players) {
  const able = [];
  for (const player of players) {
    if (await canMove(player.page)) able.push(player);
  }
  assert.equal(able.length, 1, `exactly one page offers a move (${able.length} do)`);
  return able[0];
}

/**
 * The player whose page offers a move clicks it (see `clickMove`); every other page must show
 * the new version by itself. With `live`, the first other page is waited for in real time
 * (`waitForLiveUpdate`, the page's own two-second polling, no clock jump). Returns the move.
 */
export async function playOneMove(players, { choose = firstNonQuiet, live = false } = {}) {
  const mover = await moverOf(players);
  const others = players.filter((p) => p !== mover);
  let move;
  const play = async () => {
    move = await clickMove(mover.page, choose);
  };
  if (live && others.length > 0) {
    const { version } = await shown(others[0].page);
    await waitForLiveUpdate(others[0].page, {
      region: LIVE,
      trigger: play,
      until: ([live, v]) => {
        const el = document.querySelector(live);
        return el !== null && !el.classList.contains("htmx-added") && Number(el.dataset.version) > v;
      },
      arg: [LIVE, version],
    });
  } else {
    await play();
  }
  for (const other of others) await catchUp(other.page, move.after);
  for (const other of others) {
    assert.equal((await shown(other.page)).version, move.after, "every page shows the same version");
  }
  return { ...move, mover };
}

/**
 * Plays the match shown on every player's page to its end, each move a click by the player
 * whose page offers one; the first move's update is awaited in real time on the other page.
 * Returns how many moves were played. Fails after `maxMoves`.
 */
export async function playToTheEnd(players, { choose = firstNonQuiet, maxMoves = 200 } = {}) {
  let moves = 0;
  while ((await shown(players[0].page)).status === "active") {
    assert.ok(moves < maxMoves, `the match did not end within ${maxMoves} moves`);
    await playOneMove(players, { choose, live: moves === 0 });
    moves += 1;
  }
  return moves;
}
