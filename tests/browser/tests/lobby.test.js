// Two players, each in their own browser context: one creates a match in the lobby, the other
// joins it (an open seek) or accepts it (an invitation).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { ApiPlayer } from "../lib/api.js";
import { launchBrowser, newPlayer } from "../lib/browser.js";
import { checkPage, visit } from "../lib/check.js";
import {
  cancelFromLobby,
  createMatch,
  declineFromLobby,
  htmxSwap,
  joinFromLobby,
  lobbyCard,
  signUp,
} from "../lib/flows.js";
import { waitForLiveUpdate } from "../lib/match.js";

let browser;
let alice;
let bob;
before(async () => {
  browser = await launchBrowser();
  alice = await newPlayer(browser);
  bob = await newPlayer(browser);
  alice.account = await signUp(alice.page);
  bob.account = await signUp(bob.page);
  alice.api = await ApiPlayer.signIn(alice.account.username, alice.account.password);
  bob.api = await ApiPlayer.signIn(bob.account.username, bob.account.password);
});
after(async () => {
  await browser?.close();
});

/** The match's card on the player's home page, if listed there. */
async function homeCard(page, id) {
  await page.goto("/");
  return page.locator(`li.match-card:has(a[href="/matches/${id}"])`);
}

describe("lobby", () => {
  test("the lobby shows the create form; choosing a game swaps in its options", async () => {
    const { page } = alice;
    await visit(page, "/lobby", "lobby");
    const form = page.locator("#create-form");
    assert.equal(await form.getByLabel("Game").inputValue(), "yams", "Yams is the default game");
    const swapped = page.waitForResponse((r) => new URL(r.url()).pathname === "/lobby/form");
    await htmxSwap(page, () => form.getByLabel("Game").selectOption("cant-stop"));
    assert.equal((await swapped).status(), 200);
    assert.equal(await form.getByLabel("Game").inputValue(), "cant-stop");
    assert.match(await form.locator(".help").first().innerText(), /Rules of Can't Stop · 2 to 4 players/);
    assert.equal(await form.getByLabel("Players", { exact: true }).getAttribute("min"), "2");
    await checkPage(page, "lobby-form-cant-stop");
  });

  test("one player: Rated is not offered; a refused form shows its error in view, with the focus", async () => {
    const { page } = alice;
    await visit(page, "/lobby", "lobby-before-solo");
    const form = page.locator("#create-form");
    assert.equal(await form.getByLabel("Rated").isDisabled(), false, "two players may play rated");
    await htmxSwap(page, () => form.getByLabel("Players", { exact: true }).fill("1").then(() =>
      form.getByLabel("Players", { exact: true }).dispatchEvent("change")));
    assert.equal(await form.getByLabel("Rated").isDisabled(), true, "a solo Yams is never rated");
    assert.match(await page.getByTestId("unrated-reason").innerText(), /one player is never rated/);
    assert.equal(await form.getByLabel("Players", { exact: true }).inputValue(), "1", "what was typed stays");
    await checkPage(page, "lobby-form-solo-yams");

    // An invitation to nobody: the page comes back with the error beside the field, in view
    // and focused.
    // Back to two players: the form comes back with Rated offered again (once the swap is in,
    // so that the invitation typed next is not lost to it).
    await htmxSwap(page, () => form.getByLabel("Players", { exact: true }).fill("2").then(() =>
      form.getByLabel("Players", { exact: true }).dispatchEvent("change")));
    assert.equal(await form.getByLabel("Rated").isDisabled(), false, "two players may play rated again");
    await form.getByLabel(/Invite players/).fill("nobody_at_all");
    await Promise.all([page.waitForNavigation(), form.getByRole("button", { name: "Create the match" }).click()]);
    const error = page.locator(".field-error");
    await error.waitFor();
    assert.match(await error.innerText(), /no player is named “nobody_at_all”/);
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains("field-error")), true,
      "the focus is on the error");
    // It is scrolled into view (smoothly, unless the reader asked for less motion).
    await page.waitForFunction(() => {
      const box = document.querySelector(".field-error")?.getBoundingClientRect();
      return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
    }, null, { timeout: 5_000 });
  });

  test("an open two-player match: created by one player, joined by the other from the lobby", async () => {
    const id = await createMatch(alice.page, { game: "cant-stop", seats: 2 });
    const created = await alice.api.match(id);
    assert.equal(created.status, "open");
    assert.equal(created.game, "cant-stop");
    assert.equal(created.rated, true, "rated by default");
    assert.equal(created.seat_count, 2);
    assert.equal(created.days_per_move, 3, "three days per move by default");
    assert.deepEqual(created.seats.filter((s) => s.username).map((s) => s.username), [alice.account.username]);

    // The creator sees it among their matches waiting for players, with a Cancel button.
    await alice.page.goto("/lobby");
    const own = lobbyCard(alice.page, id);
    assert.match(await own.innerText(), /1 of 2 seats taken/);
    assert.equal(await own.getByRole("button", { name: /Cancel/ }).count(), 1);
    await checkPage(alice.page, "lobby-own-open-match");

    // The other player sees it among the open matches, and joins.
    await bob.page.goto("/lobby");
    const seek = bob.page.locator("section", { has: bob.page.getByRole("heading", { name: "Open matches to join" }) });
    const card = lobbyCard(bob.page, id);
    assert.equal(
      await seek.locator("li.match-card", { has: bob.page.locator(`form[action="/matches/${id}/join"]`) }).count(),
      1,
      "listed among the open matches",
    );
    assert.match(await card.innerText(), new RegExp(`Can't Stop\\s+by ${alice.account.username}`));
    await checkPage(bob.page, "lobby-open-match");
    await joinFromLobby(bob.page, id);

    const started = await bob.api.match(id);
    assert.equal(started.status, "active", "the match starts when its last seat is taken");
    assert.deepEqual(
      started.seats.map((s) => s.username).sort(),
      [alice.account.username, bob.account.username].sort(),
    );
    assert.equal(started.to_act.length, 1);

    // It left the lobby, and both players' home pages list it: one to move, one waiting.
    await alice.page.goto("/lobby");
    assert.equal(await lobbyCard(alice.page, id).count(), 0);
    const toMove = started.seats.find((s) => s.seat === started.to_act[0]).username;
    for (const player of [alice, bob]) {
      const card = await homeCard(player.page, id);
      assert.equal(await card.count(), 1, `${player.account.username}'s home lists the match`);
      const text = await card.innerText();
      if (player.account.username === toMove) {
        assert.match(text, /Your move/);
      } else {
        assert.match(text, new RegExp(`${toMove} to play`));
      }
    }
    await checkPage(alice.page, `home-match-in-play-${alice.account.username === toMove ? "to-move" : "waiting"}`);
  });

  test("an invitation: the invited player accepts it from the lobby", async () => {
    const id = await createMatch(alice.page, { game: "linja", invite: [bob.account.username] });
    const created = await alice.api.match(id);
    assert.equal(created.game, "linja");
    assert.equal(created.seat_count, 2);
    assert.deepEqual(created.invited, [bob.account.username]);

    await bob.page.goto("/lobby");
    const invitations = bob.page.locator("section", {
      has: bob.page.getByRole("heading", { name: "Invitations for you" }),
    });
    const card = invitations.locator("li.match-card", { has: bob.page.locator(`form[action="/matches/${id}/join"]`) });
    assert.equal(await card.count(), 1, "listed among the invitations");
    assert.match(await card.innerText(), new RegExp(`Linja\\s+from ${alice.account.username}`));
    await checkPage(bob.page, "lobby-invitation");
    await joinFromLobby(bob.page, id);
    assert.equal((await alice.api.match(id)).status, "active");
  });

  test("an invitation declined, and an open match cancelled, leave the lobby", async () => {
    const invited = await createMatch(alice.page, { game: "linja", invite: [bob.account.username] });
    await declineFromLobby(bob.page, invited);
    assert.equal(await lobbyCard(bob.page, invited).count(), 0);
    assert.equal((await alice.api.match(invited)).status, "aborted", "a declined two-player invitation ends");

    const open = await createMatch(alice.page, { game: "cant-stop", seats: 3, rated: false, days: "none" });
    const view = await alice.api.match(open);
    assert.equal(view.seat_count, 3);
    assert.equal(view.days_per_move, null, "no clock");
    assert.equal(view.rated, false);
    await cancelFromLobby(alice.page, open);
    assert.equal(await lobbyCard(alice.page, open).count(), 0);
    assert.equal((await alice.api.match(open)).status, "aborted");
  });

  test("waitForLiveUpdate sees an in-place update, and tells a reload from it", async () => {
    // The lobby's htmx swap of the create form stands in for the match page's live updates.
    const { page } = alice;
    await page.goto("/lobby");
    const html = await waitForLiveUpdate(page, {
      region: "#create-form",
      trigger: () => page.locator("#game").selectOption("421"),
    });
    assert.match(html, /Rules of 421/);
    await assert.rejects(
      waitForLiveUpdate(page, {
        region: "#create-form",
        trigger: () => page.goto("/lobby?game=linja"),
        timeout: 3_000,
      }),
      /reloaded or navigated/,
    );
  });
});
