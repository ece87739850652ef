// Tapis en français: a browser that asks for French reads every page in French, plays a match
// by clicking and replays it; the language switch, for a visitor and for a player.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { launchBrowser, newPlayer } from "../lib/browser.js";
import { checkPage, visit } from "../lib/check.js";
import { htmxSwap, matchIdOf, PASSWORD, uniqueName } from "../lib/flows.js";
import { playToTheEnd } from "../lib/play.js";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** English words that no French page may show (game names aside). */
const ENGLISH = new Set([
  "the", "your", "you", "with", "and", "which", "turn", "move", "wins", "throw", "dice",
  "player", "players", "rules", "sign", "round", "waiting", "resign", "play", "choose",
  "create", "account", "password", "username", "lobby", "home", "match", "replay", "step",
]);

/** Every game, as the site names them in its addresses. */
const GAMES = ["linotte", "yam-master", "linja", "5000", "421", "cant-stop", "yams", "make-five"];

/** The page is in French: `lang="fr"`, and no English word in what a reader sees. */
async function assertFrench(page, name) {
  assert.equal(await page.evaluate(() => document.documentElement.lang), "fr", `${name}: lang`);
  const text = await page.evaluate(() => {
    const labels = [...document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")]
      .map((el) => ["aria-label", "title", "placeholder", "alt"]
        .map((a) => el.getAttribute(a) ?? "").join(" "));
    const clone = document.body.cloneNode(true);
    for (const code of clone.querySelectorAll("code, script")) code.remove();
    return `${clone.innerText} ${labels.join(" ")}`;
  });
  const english = text
    .split(/[^\p{L}']+/u)
    .map((w) => w.toLowerCase())
    .filter((w) => ENGLISH.has(w));
  assert.deepEqual(english, [], `${name} shows English words`);
}

/** Visits and checks a page (axe, 375 px, screenshots at both widths), then its French. */
async function visitInFrench(page, pathname, name, options) {
  await visit(page, pathname, name, options);
  await assertFrench(page, name);
}

/** Submits the form that `click` submits, and waits for the page it leads to. */
async function submitting(page, click) {
  const [response] = await Promise.all([page.waitForNavigation(), click()]);
  return response;
}

/** Fills and sends the French sign-up form (the page must be /signup); the new username. */
async function signUpInFrench(page) {
  if (new URL(page.url()).pathname !== "/signup") await page.goto("/signup");
  const username = uniqueName("fr");
  await page.locator("#username").fill(username);
  await page.locator("#password").fill(PASSWORD);
  await page.locator("#password_again").fill(PASSWORD);
  const signedUp = await submitting(page, () =>
    page.getByRole("button", { name: "Créer mon compte" }).click(),
  );
  assert.equal(signedUp?.status(), 200, "the page after signing up");
  return username;
}

describe("en français", () => {
  test("a French browser signs up, plays a match by clicking and replays it, all in French", async () => {
    const { context, page } = await newPlayer(browser, { locale: "fr-FR" });
    try {
      await visitInFrench(page, "/", "fr-home");
      await visitInFrench(page, "/rules", "fr-rules");
      await visitInFrench(page, "/leaderboards", "fr-leaderboards");
      await visitInFrench(page, "/signin", "fr-sign-in");
      await visitInFrench(page, "/no-such-page", "fr-error-not-found", { status: 404 });

      // Sign up with the French form.
      await visitInFrench(page, "/signup", "fr-sign-up");
      const username = await signUpInFrench(page);
      await assertFrench(page, "fr-home-signed-in");

      // A Yams match alone, from the lobby.
      await visitInFrench(page, "/lobby", "fr-lobby");
      // Choosing the game swaps the whole form in: wait for it (Yams is already chosen, so
      // the form looks the same before and after, and what is typed before it lands is lost).
      await htmxSwap(page, () => page.locator("#game").selectOption("yams"));
      assert.equal(await page.locator("#seats").getAttribute("min"), "1");
      // One player: the form takes Rated away (a solo match is never rated) once told.
      await htmxSwap(page, () =>
        page.locator("#seats").fill("1").then(() => page.locator("#seats").dispatchEvent("change")),
      );
      await page.waitForFunction(() => document.querySelector("#rated")?.disabled === true);
      const created = await submitting(page, () =>
        page.locator("#create-form button[type=submit]").click(),
      );
      assert.equal(created?.status(), 200);
      const id = matchIdOf(page.url());
      await checkPage(page, "fr-match-yams");
      await assertFrench(page, "fr-match-yams");
      const moves = await playToTheEnd([{ page }], { maxMoves: 80 });
      assert.ok(moves >= 12, `a whole grid by clicking (${moves} moves)`);
      await assertFrench(page, "fr-match-yams-finished");
      await visitInFrench(page, `/matches/${id}/replay?step=3`, "fr-replay");
      await visitInFrench(page, "/account", "fr-account");
      await visitInFrench(page, `/players/${username}`, "fr-profile");
    } finally {
      await context.close();
    }
  });

  test("every game in French: its rules, its leaderboard and a match against the computer", async () => {
    const { context, page } = await newPlayer(browser, { locale: "fr-FR" });
    try {
      await signUpInFrench(page);
      for (const game of GAMES) {
        await visitInFrench(page, `/rules/${game}`, `fr-rules-${game}`);
        await visitInFrench(page, `/leaderboards/${game}`, `fr-leaderboard-${game}`);
        // "Jouer contre l'ordinateur" from the rules page: the easy level, casual.
        await page.goto(`/rules/${game}`);
        await page.locator('[data-testid="rules-play-computer"] summary').click();
        const form = page.getByTestId("play-computer");
        await form.locator('input[name="level"][value="easy"]').check();
        await form.locator('input[name="rated"]').setChecked(false);
        await Promise.all([
          page.waitForURL(/\/matches\/[0-9a-f-]+$/),
          form.locator('button[type="submit"]').click(),
        ]);
        assert.ok((await page.getByTestId("computer-mark").count()) >= 1, `${game}: the computer sits`);
        await checkPage(page, `fr-computer-${game}`);
        await assertFrench(page, `fr-computer-${game}`);
      }
    } finally {
      await context.close();
    }
  });

  test("a refused form says why in French, beside the field", async () => {
    const { context, page } = await newPlayer(browser, { locale: "fr-FR" });
    try {
      await page.goto("/signup");
      await page.locator("#username").fill(uniqueName("refus"));
      await page.locator("#password").fill(PASSWORD);
      await page.locator("#password_again").fill(`${PASSWORD}!`);
      const refused = await submitting(page, () =>
        page.getByRole("button", { name: "Créer mon compte" }).click(),
      );
      assert.equal(refused?.status(), 422);
      assert.equal(await page.locator("#password_again").getAttribute("aria-invalid"), "true");
      await checkPage(page, "fr-sign-up-refused");
      await assertFrench(page, "fr-sign-up-refused");
    } finally {
      await context.close();
    }
  });

  test("the switch: a visitor's choice is remembered; a player's follows them to another browser", async () => {
    const visitor = await newPlayer(browser, { locale: "fr-FR" });
    try {
      const { page } = visitor;
      await page.goto("/rules");
      assert.equal(await page.evaluate(() => document.documentElement.lang), "fr");
      await submitting(page, () => page.getByRole("button", { name: "English" }).click());
      assert.equal(new URL(page.url()).pathname, "/rules", "back on the same page");
      assert.equal(await page.evaluate(() => document.documentElement.lang), "en");
      await page.goto("/lobby");
      assert.equal(await page.evaluate(() => document.documentElement.lang), "en", "remembered");
    } finally {
      await visitor.context.close();
    }

    // A player who asks for English chooses French; signed in elsewhere, it is French there.
    const home = await newPlayer(browser, { locale: "en-GB" });
    const work = await newPlayer(browser, { locale: "en-US" });
    try {
      const username = uniqueName("choix");
      await home.page.goto("/signup");
      await home.page.locator("#username").fill(username);
      await home.page.locator("#password").fill(PASSWORD);
      await home.page.locator("#password_again").fill(PASSWORD);
      await submitting(home.page, () => home.page.getByRole("button", { name: "Create my account" }).click());
      await submitting(home.page, () => home.page.getByRole("button", { name: "Français" }).click());
      assert.equal(await home.page.evaluate(() => document.documentElement.lang), "fr");

      await work.page.goto("/signin");
      assert.equal(await work.page.evaluate(() => document.documentElement.lang), "en");
      await work.page.locator("#username").fill(username);
      await work.page.locator("#password").fill(PASSWORD);
      await submitting(work.page, () => work.page.locator("main form button[type=submit]").click());
      assert.equal(await work.page.evaluate(() => document.documentElement.lang), "fr", "the account's choice");
      await assertFrench(work.page, "fr-home-another-browser");
    } finally {
      await home.context.close();
      await work.context.close();
    }
  });
});
