// What players do on the pages, as short helpers: sign up, in and out; create, join, decline
// and cancel matches; create an API token. Each waits for the page it lands on and returns
// what the test needs next. They fill the forms like a person would (labels, buttons), so a
// broken label or button breaks them.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";

/** A username no other run has used: `<prefix>_<8 hex digits>` (at most 24 characters). */
export function uniqueName(prefix = "p") {
  return `${prefix.slice(0, 15)}_${randomBytes(4).toString("hex")}`;
}

/** The password every test player gets. */
export const PASSWORD = "correct horse battery";

/** The match id at the end of a `/matches/{id}` URL. */
export function matchIdOf(url) {
  const m = new URL(url).pathname.match(/^\/matches\/([0-9a-f-]{36})$/);
  assert.ok(m, `expected a match page, got ${url}`);
  return m[1];
}

/**
 * Runs `action` (a click, a choice...) that makes htmx swap part of the page, and waits until
 * htmx has settled the new content: the next step then sees the new elements, not the old.
 */
export async function htmxSwap(page, action, { timeout = 15_000 } = {}) {
  await page.evaluate(() => {
    window.__tapisSettled = false;
    document.addEventListener(
      "htmx:afterSettle",
      () => {
        window.__tapisSettled = true;
      },
      { once: true },
    );
  });
  await action();
  await page.waitForFunction(() => window.__tapisSettled === true, undefined, { timeout });
}

/** Waits for the navigation a click or key press starts, and returns its response. */
async function submitting(page, action) {
  const [response] = await Promise.all([page.waitForNavigation(), action()]);
  return response;
}

/** The signed-in player's name in the navigation, or null when nobody is signed in. */
export async function signedInAs(page) {
  const nav = page.getByRole("navigation", { name: "Main" });
  if ((await nav.getByRole("button", { name: "Sign out" }).count()) === 0) return null;
  return (await nav.locator('a[href="/account"]').innerText()).trim();
}

/** Fills the sign-up form on the current page (without submitting it). */
export async function fillSignUp(page, { username, password = PASSWORD, again = password }) {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Password again").fill(again);
}

/** Signs up through /signup; lands on `next` (the home page by default), signed in. */
export async function signUp(page, { username = uniqueName(), password = PASSWORD, next } = {}) {
  await page.goto(next ? `/signup?next=${encodeURIComponent(next)}` : "/signup");
  await fillSignUp(page, { username, password });
  const response = await submitting(page, () =>
    page.getByRole("button", { name: "Create my account" }).click(),
  );
  assert.equal(response?.status(), 200, "the page after signing up");
  assert.equal(new URL(page.url()).pathname, next ?? "/");
  assert.equal(await signedInAs(page), username);
  return { username, password };
}

/** Signs in through /signin with the mouse; lands on `next` (default the home page). */
export async function signIn(page, { username, password = PASSWORD, next }) {
  await page.goto(next ? `/signin?next=${encodeURIComponent(next)}` : "/signin");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await submitting(page, () => page.getByRole("button", { name: "Sign in" }).click());
  assert.equal(await signedInAs(page), username);
}

/** Signs out with the button in the navigation; lands on the home page, signed out. */
export async function signOut(page) {
  await submitting(page, () =>
    page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign out" }).click(),
  );
  assert.equal(new URL(page.url()).pathname, "/");
  assert.equal(await signedInAs(page), null);
}

/**
 * Creates a match from the lobby's form and returns its id. `game` is an id (`linja`,
 * `cant-stop`...): choosing it swaps in that game's form (htmx). `invite` is a list of usernames;
 * `days` a number of days or "none"; `rated` true or false. The form's redirect goes to the
 * match page, whatever that page shows.
 */
export async function createMatch(page, { game, seats, invite = [], rated, days } = {}) {
  await page.goto("/lobby");
  const form = page.locator("#create-form");
  if (game && (await form.getByLabel("Game").inputValue()) !== game) {
    await htmxSwap(page, () => form.getByLabel("Game").selectOption(game));
  }
  if (seats !== undefined) await form.getByLabel("Players", { exact: true }).fill(String(seats));
  if (rated !== undefined) await form.getByLabel("Rated").setChecked(rated);
  if (days !== undefined) await form.getByLabel("Time per move").selectOption(String(days));
  if (invite.length > 0) await form.getByLabel(/Invite players/).fill(invite.join(", "));
  await submitting(page, () => form.getByRole("button", { name: "Create the match" }).click());
  return matchIdOf(page.url());
}

/** The lobby's card of match `id` (among invitations, open matches or the player's own). */
export function lobbyCard(page, id) {
  return page.locator("li.match-card").filter({
    has: page.locator(`form[action="/matches/${id}/join"], form[action="/matches/${id}/cancel"], a[href="/matches/${id}"]`),
  });
}

/** Joins match `id` from the lobby (the Join button of an open match, or Accept of an invitation). */
export async function joinFromLobby(page, id) {
  await page.goto("/lobby");
  const button = page.locator(`form[action="/matches/${id}/join"] button[type="submit"]`);
  assert.equal(await button.count(), 1, `one Join or Accept button for match ${id} in the lobby`);
  await submitting(page, () => button.click());
  assert.equal(matchIdOf(page.url()), id);
}

/** Declines the invitation to match `id` from the lobby; back on the lobby. */
export async function declineFromLobby(page, id) {
  await page.goto("/lobby");
  await submitting(page, () =>
    page.locator(`form[action="/matches/${id}/decline"] button[type="submit"]`).click(),
  );
  assert.equal(new URL(page.url()).pathname, "/lobby");
}

/** Cancels the player's own open match `id` from the lobby; back on the lobby. */
export async function cancelFromLobby(page, id) {
  await page.goto("/lobby");
  await submitting(page, () =>
    page.locator(`form[action="/matches/${id}/cancel"] button[type="submit"]`).click(),
  );
  assert.equal(new URL(page.url()).pathname, "/lobby");
}

/** Creates a personal API token on /account; returns its secret, read off the page. */
export async function createApiToken(page, name) {
  await page.goto("/account");
  await page.getByLabel("Name of a new token").fill(name);
  const response = await submitting(page, () =>
    page.getByRole("button", { name: "Create a token" }).click(),
  );
  // Redirected after the post: the account page at its own address shows the token once.
  assert.equal(response?.status(), 200, "the account page after creating a token");
  assert.equal(new URL(page.url()).pathname, "/account", "redirected to the account page");
  const secret = await page.locator("#new-token-value").inputValue();
  assert.ok(secret.length >= 20, "the new token's secret is on the page");
  return secret;
}
