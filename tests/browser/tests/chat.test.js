// The chat at the table: two players write to each other (one of them reading in French), a
// third person watches and writes in the spectators' chat, which the players do not see while
// the match is played; each page updates by itself from the stream, is accessible and fits a
// 375 px phone.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { ApiPlayer } from "../lib/api.js";
import { launchBrowser, newPlayer } from "../lib/browser.js";
import { checkPage } from "../lib/check.js";
import { PASSWORD, uniqueName } from "../lib/flows.js";
import { openMatch } from "../lib/match.js";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A signed-up player in their own browser context, in `locale` (the form by its fields'
 * ids, whatever the language). */
async function player(locale = "en-GB") {
  const p = await newPlayer(browser, { locale });
  p.name = uniqueName("chat");
  await p.page.goto("/signup");
  await p.page.locator("#username").fill(p.name);
  await p.page.locator("#password").fill(PASSWORD);
  await p.page.locator("#password_again").fill(PASSWORD);
  await Promise.all([
    p.page.waitForURL((url) => url.pathname !== "/signup"),
    p.page.locator("#password_again").press("Enter"),
  ]);
  p.api = await ApiPlayer.signIn(p.name, PASSWORD);
  return p;
}

/** Opens the match page and waits for its chat panel and its open stream. */
async function openWithChat(p, id) {
  await openMatch(p.page, id);
  await p.page.locator('[data-testid="chat"]').waitFor();
  await p.page.waitForFunction(() => typeof tapisLive !== "undefined" && tapisLive.state === "open");
}

/** The texts of the chat lines `p`'s page shows. */
async function lines(p) {
  return p.page.locator('[data-testid="chat-line"] .chat-text').allInnerTexts();
}

/** Waits until `p`'s chat shows a line with `text`. */
async function until(p, text) {
  await p.page
    .locator('[data-testid="chat-line"] .chat-text', { hasText: text })
    .first()
    .waitFor();
}

test("two players chat live, a spectator writes apart, in English and in French; then a rematch", async () => {
  const alice = await player();
  const bob = await player("fr-FR");
  const carol = await player();
  const created = await alice.api.createMatch("linja", { invite: [bob.name] });
  const joined = await bob.api.join(created.id);
  assert.equal(joined.status, "active");
  const id = created.id;

  await openWithChat(alice, id);
  await openWithChat(bob, id);
  await openWithChat(carol, id);
  assert.match(await alice.page.locator("#chat-heading").innerText(), /Players’ chat/);
  assert.match(await bob.page.locator("#chat-heading").innerText(), /Chat des joueurs/);
  assert.match(await carol.page.locator("#chat-heading").innerText(), /Spectators’ chat/);

  // Alice sends a quick message: Bob reads it in French, without reloading.
  await alice.page.locator('[data-testid="chat-preset-good_luck"]').click();
  await until(alice, "Good luck!");
  await until(bob, "Bonne chance");

  // Bob answers in his words, by the keyboard.
  await bob.page.locator('[data-testid="chat-text"]').fill("merci, à toi aussi");
  await bob.page.locator('[data-testid="chat-text"]').press("Enter");
  await until(alice, "merci, à toi aussi");
  assert.equal(await bob.page.locator('[data-testid="chat-text"]').inputValue(), "");

  // Carol writes to the spectators; then Alice to the players: Bob hears Alice's second
  // message and never Carol's.
  await carol.page.locator('[data-testid="chat-text"]').fill("allez Bob");
  await carol.page.locator('[data-testid="chat-send"]').click();
  await until(carol, "allez Bob");
  await alice.page.locator('[data-testid="chat-preset-well_played"]').click();
  await until(bob, "Bien joué");
  assert.ok(!(await lines(bob)).some((l) => l.includes("allez")), "the players' chat is theirs");
  assert.ok(!(await lines(alice)).some((l) => l.includes("allez")));
  assert.ok(!(await lines(carol)).some((l) => l.includes("Good luck")));

  // A refusal is said under the form, what was typed kept.
  await carol.page.locator('[data-testid="chat-text"]').fill("see example.com");
  await carol.page.locator('[data-testid="chat-send"]').click();
  await carol.page.locator('[data-testid="chat-refused"]').waitFor();
  assert.equal(await carol.page.locator('[data-testid="chat-text"]').inputValue(), "see example.com");

  await checkPage(alice.page, "chat, a player");
  await checkPage(bob.page, "chat, a player in French");
  await checkPage(carol.page, "chat, a spectator");

  // Alice resigns: Bob's result screen offers a rematch (in French); he asks for it and lands
  // on the new match, and Alice's result screen leads her there by itself.
  await alice.api.resign(id);
  await bob.page.locator('[data-testid="result"]').waitFor();
  await alice.page.locator('[data-testid="result"]').waitFor();
  await Promise.all([
    bob.page.waitForURL((url) => url.pathname !== `/matches/${id}`),
    bob.page.getByRole("button", { name: "Revanche" }).click(),
  ]);
  const rematch = new URL(bob.page.url()).pathname;
  await alice.page.locator('[data-testid="rematch-link"]').waitFor();
  assert.equal(await alice.page.locator('[data-testid="rematch-link"]').getAttribute("href"), rematch);
  await checkPage(alice.page, "the result with a rematch to go to");
  await Promise.all([
    alice.page.waitForURL((url) => url.pathname === rematch),
    alice.page.locator('[data-testid="rematch-link"]').click(),
  ]);
  await Promise.all([
    alice.page.waitForURL((url) => url.pathname === rematch),
    alice.page.locator(`form[action="${rematch}/join"] button`).click(),
  ]);
  await alice.page.locator('[data-testid="game-table"]').waitFor();
  // The loser of the last game of Linja plays first: Alice.
  const view = await alice.api.match(rematch.split("/").pop());
  assert.equal(view.status, "active");
  assert.equal(view.seats[0].username, alice.name);
  for (const p of [alice, bob, carol]) await p.context.close();
});
