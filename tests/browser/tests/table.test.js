// What a player trips over at the table (issue 29): the 5000 keep button that waits, with its
// reason, until the ticked dice score; five dice on one row on a phone; Can't Stop's runners
// and Make Five's player markers seen at a glance; the replay's buttons that stay in place and
// its arrow keys.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { ApiPlayer } from "../lib/api.js";
import { launchBrowser, newPlayer } from "../lib/browser.js";
import { WIDTHS } from "../lib/env.js";
import { signUp } from "../lib/flows.js";
import { openMatch } from "../lib/match.js";
import { LIVE, moverOf, shown } from "../lib/play.js";

let browser;
let alice;
let bob;

/** A player: their own browser context, signed up, and an API token. */
async function player() {
  const p = await newPlayer(browser);
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

/** A two-player match of `game` between Alice and Bob, in play; its id. */
async function startMatch(game) {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const created = await alice.api.createMatch(game, { invite: [bob.name] });
    const joined = await bob.api.join(created.id);
    if (joined.status === "active") return created.id;
  }
  assert.fail(`${game}: three matches in a row were over at their first throw`);
}

/** Both players open the match; the one whose page offers a move. */
async function openBoth(id) {
  await openMatch(alice.page, id);
  await openMatch(bob.page, id);
  return moverOf([alice, bob]);
}

/** The relative luminance of a CSS `rgb(...)` colour (WCAG). */
function luminance(css) {
  const [r, g, b] = css.match(/[\d.]+/g).slice(0, 3).map(Number).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two CSS colours (WCAG). */
function contrast(a, b) {
  const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}

/** The distance between two CSS `rgb(...)` colours, channel by channel. */
function distance(a, b) {
  const [x, y] = [a, b].map((c) => c.match(/[\d.]+/g).slice(0, 3).map(Number));
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
}

describe("the table", () => {
  test("5000: the keep button waits, saying why, until the ticked dice score", async () => {
    // A throw with a single scoring die (a 1 or a 5) and a die that scores nothing alone.
    let found = null;
    for (let attempt = 0; attempt < 8 && found === null; attempt += 1) {
      const id = await startMatch("5000");
      const mover = await openBoth(id);
      const form = mover.page.locator(`${LIVE} [data-testid="compose"]`);
      if ((await form.count()) === 0) continue;
      const allowed = JSON.parse(await form.getAttribute("data-allowed"));
      const faces = await form.locator('[data-testid="die"]').evaluateAll((dice) => dice.map((d) => d.dataset.face));
      const scoring = faces.findIndex((f) => allowed.includes(f));
      const dead = faces.findIndex((f) => !allowed.includes(f));
      if (scoring >= 0 && dead >= 0) found = { page: mover.page, form, scoring, dead };
    }
    assert.ok(found, "a throw with a scoring die and one that scores nothing alone");
    const { page, form, scoring, dead } = found;
    const submit = form.getByTestId("compose-submit");
    const why = form.getByTestId("compose-why");
    const die = (i) => form.locator('[data-testid="die"]').nth(i);

    // Nothing ticked: the button waits, and says why.
    assert.equal(await submit.isDisabled(), true, "disabled with nothing ticked");
    assert.equal(await why.isVisible(), true);
    assert.equal((await why.innerText()).trim(), "Tick the dice you keep first.");
    assert.equal(await submit.getAttribute("aria-describedby"), await why.getAttribute("id"));

    // A die that scores nothing: still waiting, another reason.
    await die(dead).click();
    await page.waitForFunction((el) => el.textContent.includes("score nothing"), await why.elementHandle());
    assert.equal(await submit.isDisabled(), true, "disabled with dice that score nothing");

    // A scoring die instead: the button is ready and the reason gone.
    await die(dead).click();
    await die(scoring).click();
    await page.waitForFunction((el) => !el.disabled, await submit.elementHandle());
    assert.equal(await why.isVisible(), false);
    const { version } = await shown(page);
    await submit.click();
    await page.waitForFunction(
      ([live, v]) => {
        const el = document.querySelector(live);
        return el !== null && !el.classList.contains("htmx-added") && Number(el.dataset.version) > v;
      },
      [LIVE, version],
    );
    assert.equal((await shown(page)).message, null, "the keep was played");
  });

  test("at 375 px five dice sit on one row, ticked or not", async () => {
    const id = await startMatch("yams");
    const mover = await openBoth(id);
    const page = mover.page;
    await page.setViewportSize({ width: WIDTHS.phone, height: 800 });
    try {
      const dice = page.locator(`${LIVE} [data-testid="dice"] [data-testid="die"]`);
      assert.equal(await dice.count(), 5);
      const tops = async () => {
        const boxes = await dice.evaluateAll((all) => all.map((d) => d.querySelector(".die, .die-waiting") ?? d).map((d) => d.getBoundingClientRect().top));
        return boxes;
      };
      const before = await tops();
      assert.ok(Math.max(...before) - Math.min(...before) < 1, `one row: ${before}`);
      // A ticked die rises a little, as a kept die; the others stay on the same row.
      await dice.nth(0).click();
      const after = await tops();
      assert.ok(Math.max(...after.slice(1)) - Math.min(...after.slice(1)) < 1, `one row: ${after}`);
      assert.ok(Math.abs(after[0] - after[1]) < 10, `the ticked die stays on the row: ${after}`);
    } finally {
      await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    }
  });

  test("Can't Stop: the runners stand out on the board", async () => {
    const id = await startMatch("cant-stop");
    await openBoth(id);
    let runnerPage = null;
    // The first pairing puts the runners on (a bust, rarely, passes the turn: play on).
    for (let i = 0; i < 6; i += 1) {
      const players = [alice, bob];
      const views = await Promise.all(players.map((p) => p.api.match(id)));
      const at = views.findIndex((v) => v.legal_actions.some((a) => a.type === "advance"));
      if (at >= 0) {
        const advance = views[at].legal_actions.find((a) => a.type === "advance");
        await players[at].api.act(id, advance, views[at].version);
        runnerPage = players[at].page;
        break;
      }
      const rolling = views.findIndex((v) => v.legal_actions.length > 0);
      assert.ok(rolling >= 0, "someone is to play");
      await players[rolling].api.playAny(id);
    }
    assert.ok(runnerPage, "a pairing was played");
    await runnerPage.reload();
    const runner = runnerPage.locator(`${LIVE} .climb-space .token-runner`).first();
    await runner.waitFor();
    const look = await runner.evaluate((el) => {
      const style = getComputedStyle(el);
      const space = getComputedStyle(el.closest(".climb-space"));
      const box = el.getBoundingClientRect();
      return {
        width: box.width,
        background: style.backgroundColor,
        space: space.backgroundColor,
        border: style.borderTopStyle,
      };
    });
    assert.ok(look.width >= 22, `a runner is big enough to see: ${look.width} px`);
    assert.notEqual(look.border, "dashed", "drawn solid, not faint");
    assert.ok(contrast(look.background, look.space) >= 4.5, `it stands out: ${JSON.stringify(look)}`);
  });

  test("Make Five: the players' markers are not coloured like the tokens", async () => {
    const id = await startMatch("make-five");
    await openBoth(id);
    const colours = await alice.page.evaluate((live) => {
      const sample = (cls) => {
        const el = document.createElement("span");
        el.className = `token ${cls}`;
        document.querySelector(live).append(el);
        const colour = getComputedStyle(el).backgroundColor;
        el.remove();
        return colour;
      };
      const seats = [...document.querySelectorAll(`${live} .seat-list .token`)].map((t) => getComputedStyle(t).backgroundColor);
      return { seats, tokens: ["red", "blue", "green", "yellow", "white"].map((c) => sample(`token-${c}`)) };
    }, LIVE);
    assert.equal(colours.seats.length, 2);
    for (const seat of colours.seats) {
      for (const token of colours.tokens) {
        assert.ok(distance(seat, token) >= 90, `a marker (${seat}) is unlike every token (${token})`);
      }
    }
  });
});

describe("the replay", () => {
  /** A whole solo Yams played through the API (a box each turn); its id. */
  async function finishedMatch() {
    const created = await alice.api.createMatch("yams", { seats: 1 });
    let view = await alice.api.match(created.id);
    while (view.status === "active") {
      const score = view.legal_actions.find((a) => a.type === "score") ?? view.legal_actions[0];
      view = await alice.api.act(created.id, score, view.version);
    }
    assert.equal(view.status, "finished");
    return created.id;
  }

  /** Where each step button stands. */
  async function buttons(page) {
    return page.evaluate(() =>
      ["replay-first", "replay-prev", "replay-next", "replay-last"].map((id) => {
        const box = document.querySelector(`[data-testid="${id}"]`).getBoundingClientRect();
        return [id, Math.round(box.x), Math.round(box.y), Math.round(box.width)];
      }),
    );
  }

  test("the step buttons stay under the pointer, and the arrow keys step", async () => {
    const id = await finishedMatch();
    const page = alice.page;
    for (const width of [WIDTHS.desktop, WIDTHS.phone]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/matches/${id}/replay?step=0`);
      const first = await buttons(page);
      assert.equal(await page.getByTestId("replay-prev").getAttribute("aria-disabled"), "true");
      await Promise.all([page.waitForURL(/step=1$/), page.getByTestId("replay-next").click()]);
      assert.deepEqual(await buttons(page), first, `the buttons did not move at ${width} px`);
      // The arrow keys: right steps forwards, left back.
      await Promise.all([page.waitForURL(/step=2$/), page.keyboard.press("ArrowRight")]);
      assert.equal(await page.getByTestId("replay").getAttribute("data-step"), "2");
      await Promise.all([page.waitForURL(/step=1$/), page.keyboard.press("ArrowLeft")]);
      assert.equal(await page.getByTestId("replay").getAttribute("data-step"), "1");
      await Promise.all([page.waitForURL(/step=0$/), page.keyboard.press("ArrowLeft")]);
    }
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
  });
});
