// Live pages: two players in their own browser contexts (real time, no clock). The match page,
// the home page and the lobby update themselves from the event streams, with no polling while
// the streams are up; the tab's title and a notification say when it is your turn elsewhere;
// and the match page still updates, by polling, when its stream cannot connect.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { ApiPlayer } from "../lib/api.js";
import { launchBrowser, newPlayer, watchErrors } from "../lib/browser.js";
import { baseUrl } from "../lib/env.js";
import { checkPage } from "../lib/check.js";
import { signUp } from "../lib/flows.js";
import { openMatch, waitForLiveUpdate } from "../lib/match.js";
import { LIVE, canMove, clickMove, moverOf, shown } from "../lib/play.js";

let browser;
let alice;
let bob;

/** A player: their own browser context, signed up, an API token, and a log of requests. */
async function player() {
  const p = await newPlayer(browser);
  p.account = await signUp(p.page);
  p.name = p.account.username;
  p.api = await ApiPlayer.signIn(p.account.username, p.account.password);
  p.requests = [];
  p.context.on("request", (r) => p.requests.push(new URL(r.url()).pathname));
  return p;
}

/** How many requests of `player` went to a path matching `pattern` since `from`. */
function requested(player, pattern, from = 0) {
  return player.requests.slice(from).filter((path) => pattern.test(path)).length;
}

before(async () => {
  browser = await launchBrowser();
  alice = await player();
  bob = await player();
});
after(async () => {
  await browser?.close();
});

/** A started match of Can't Stop between Alice and Bob (Alice invites, Bob accepts); its id. */
async function startMatch(other = bob) {
  const created = await alice.api.createMatch("cant-stop", { invite: [other.name] });
  const joined = await other.api.join(created.id);
  assert.equal(joined.status, "active");
  return created.id;
}

/** Plays through the API (stopping as soon as the rules allow) until it is `target`'s turn. */
async function untilTurnOf(id, target, other) {
  for (let i = 0; i < 200; i += 1) {
    const view = await target.api.match(id);
    assert.equal(view.status, "active");
    if (view.legal_actions.length > 0) return view;
    await other.api.playAny(id, (actions) => actions.find((a) => a.type === "stop") ?? actions[0]);
  }
  assert.fail(`the turn never came to ${target.name}`);
}

/** Waits until `page`'s live part shows at least `version`, by itself. */
async function untilShown(page, version, timeout = 10_000) {
  await page.waitForFunction(
    ([live, v]) => {
      const el = document.querySelector(live);
      return el !== null && !el.classList.contains("htmx-added") && Number(el.dataset.version) >= v;
    },
    [LIVE, version],
    { timeout },
  );
}

test("the other player's match page shows a move from the stream, with no poll", async () => {
  const id = await startMatch();
  const from = { alice: alice.requests.length, bob: bob.requests.length };
  await openMatch(alice.page, id);
  await openMatch(bob.page, id);
  const mover = await moverOf([alice, bob]);
  const watcher = mover === alice ? bob : alice;
  // The watcher's page is following the match on its stream (it is open).
  await watcher.page.waitForFunction(() => typeof tapisLive !== "undefined" && tapisLive.state === "open");
  for (let i = 0; i < 3 && (await canMove(mover.page)); i += 1) {
    const { version } = await shown(watcher.page);
    let move;
    await waitForLiveUpdate(watcher.page, {
      region: LIVE,
      trigger: async () => {
        move = await clickMove(mover.page, (buttons) => buttons.find((b) => /^Stop/.test(b.label)) ?? buttons[0]);
      },
      until: ([live, v]) => Number(document.querySelector(live)?.dataset.version) > v,
      arg: [LIVE, version],
      timeout: 5_000,
    });
    await untilShown(watcher.page, move.after, 5_000);
  }
  for (const [who, p] of [["alice", alice], ["bob", bob]]) {
    assert.equal(requested(p, /\/poll$/, from[who]), 0, `${who}'s page never polled`);
    assert.ok(requested(p, /^\/stream$/, from[who]) >= 1, `${who} followed the match`);
  }
  assert.ok(requested(watcher, new RegExp(`^/matches/${id}/table$`), from[watcher === alice ? "alice" : "bob"]) >= 1);
  await checkPage(watcher.page, "match-live-from-stream");
});

test("the home page lists a match under 'your turn' when it becomes yours", async () => {
  await bob.page.goto("/");
  const yourTurn = bob.page.getByTestId("your-turn");
  // The page hears what happens once its stream is open (a new page's stream starts from now).
  await bob.page.waitForFunction(() => typeof tapisLive !== "undefined" && tapisLive.state === "open");
  const id = await startMatch();
  const mark = await bob.page.evaluate(() => (window.__tapisHome = Math.random()));
  await untilTurnOf(id, bob, alice);
  await yourTurn.locator(`a[href="/matches/${id}"]`).waitFor({ timeout: 10_000 });
  assert.equal(await bob.page.evaluate(() => window.__tapisHome), mark, "the page was not reloaded");
  await checkPage(bob.page, "home-your-turn-live");
});

test("an invitation appears in the lobby by itself", async () => {
  await bob.page.goto("/lobby");
  await bob.page.waitForFunction(() => typeof tapisLive !== "undefined" && tapisLive.state === "open");
  const mark = await bob.page.evaluate(() => (window.__tapisLobby = Math.random()));
  const created = await alice.api.createMatch("yams", { invite: [bob.name] });
  const invitations = bob.page.getByTestId("invitations");
  await invitations.locator(`form[action="/matches/${created.id}/join"]`).waitFor({ timeout: 10_000 });
  assert.equal(await bob.page.evaluate(() => window.__tapisLobby), mark, "the page was not reloaded");
  await checkPage(bob.page, "lobby-invitation-live");
});

test("the tab's title says it is your turn in another match, and a notification too", async () => {
  const { context, page } = bob;
  await context.grantPermissions(["notifications"], { origin: baseUrl });
  // Records every notification the page makes (the real one is still made).
  await page.addInitScript(() => {
    const Real = window.Notification;
    window.__notifications = [];
    class Recorded extends Real {
      constructor(title, options) {
        window.__notifications.push({ title, body: options?.body, tag: options?.tag });
        super(title, options);
      }
    }
    Object.defineProperty(Recorded, "permission", { get: () => Real.permission });
    window.Notification = Recorded;
  });
  try {
    // The account page: notifications are on (the button to ask is for a browser that has
    // not been asked yet).
    await page.goto("/account");
    await page.getByText("Notifications are on in this browser.").waitFor();
    assert.equal(await page.getByTestId("notify-ask").isVisible(), false);

    // Bob looks at another match (his turn is not there), then it becomes his turn elsewhere.
    const looked = await startMatch();
    await untilTurnOf(looked, alice, bob);
    await openMatch(page, looked);
    // A page's stream starts from the moment it opens: the next match begins once it is open.
    await page.waitForFunction(() => typeof tapisLive !== "undefined" && tapisLive.state === "open");
    const title = await page.title();
    const id = await startMatch();
    await untilTurnOf(id, bob, alice);
    await page.waitForFunction(() => document.title === "(1) Your turn — Tapis", undefined, { timeout: 10_000 });
    const made = await page.evaluate(() => window.__notifications);
    const mine = made.filter((n) => n.tag === `tapis-${id}`);
    assert.equal(mine.length, 1, JSON.stringify(made));
    assert.equal(mine[0].title, "Your turn — Tapis");
    assert.equal(mine[0].body, "Can't Stop: it is your move. Open the match to play.");
    // Looking at the tab again puts the title back.
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    assert.equal(await page.title(), title);
  } finally {
    await context.clearPermissions();
  }
});

test("the account page offers to notify, on a click, in a browser not asked yet", async () => {
  // A browser that has not been asked yet (headless Chromium answers "denied" by itself), whose
  // player allows it when asked.
  const asker = await newPlayer(browser);
  try {
    await signUp(asker.page);
    await asker.page.addInitScript(() => {
      let permission = "default";
      window.__asked = 0;
      Object.defineProperty(window.Notification, "permission", { get: () => permission });
      window.Notification.requestPermission = async () => {
        window.__asked += 1;
        permission = "granted";
        return permission;
      };
    });
    await asker.page.goto("/account");
    const ask = asker.page.getByRole("button", { name: "Notify me when it's my turn" });
    await ask.waitFor();
    assert.equal(await asker.page.evaluate(() => window.__asked), 0, "nothing is asked before the click");
    await checkPage(asker.page, "account-notifications");
    await ask.click();
    await asker.page.getByText("Notifications are on in this browser.").waitFor();
    assert.equal(await asker.page.evaluate(() => window.__asked), 1);
    assert.equal(await ask.isVisible(), false);
  } finally {
    await asker.context.close();
  }
});

test("when the stream cannot connect, the match page still updates by polling", async () => {
  const id = await startMatch();
  // A visitor watching the match, whose streams are refused on the way.
  const visitor = await newPlayer(browser);
  try {
    const polls = [];
    visitor.page.on("request", (r) => {
      if (new URL(r.url()).pathname === `/matches/${id}/poll`) polls.push(r.url());
    });
    await visitor.page.route("**/stream**", (route) => route.abort());
    await openMatch(visitor.page, id);
    const view = await alice.api.match(id);
    const mover = view.legal_actions.length > 0 ? alice : bob;
    const moved = await mover.api.playAny(id);
    await untilShown(visitor.page, moved.version, 10_000);
    assert.ok(polls.length >= 1, "the page polled");
  } finally {
    await visitor.context.close();
  }
});

test("eight match tabs of one browser share one stream, and each shows every move", async () => {
  // Eight matches where Bob is to move; Alice opens each one in a tab of her browser. A stream
  // per tab would hold more connections than a browser opens to a site over HTTP/1.1 (six).
  const ids = [];
  for (let i = 0; i < 8; i += 1) {
    const id = await startMatch();
    await untilTurnOf(id, bob, alice);
    ids.push(id);
  }
  const from = alice.requests.length;
  const tabs = [];
  try {
    for (const id of ids) {
      const tab = watchErrors(await alice.context.newPage());
      tabs.push(tab);
      await openMatch(tab, id);
    }
    // One tab holds the stream, following the eight matches; the others hear it from that tab.
    await Promise.all(
      tabs.map((tab) => tab.waitForFunction(() => typeof tapisLive !== "undefined" && tapisLive.state === "open")),
    );
    // Bob plays twice in every match (rolling, then a pairing; a bust gives the turn back).
    for (let round = 0; round < 2; round += 1) {
      const expected = [];
      for (const id of ids) {
        const view = await bob.api.match(id);
        if (view.legal_actions.length === 0) {
          expected.push(view.version);
          continue;
        }
        const moved = await bob.api.playAny(id, (actions) => actions.find((a) => a.type !== "stop") ?? actions[0]);
        expected.push(moved.version);
      }
      await Promise.all(tabs.map((tab, i) => untilShown(tab, expected[i], 15_000)));
    }
    // Alice's browser holds one stream (any of her tabs may hold it), which follows them all.
    const holders = [];
    for (const tab of alice.context.pages()) {
      holders.push(await tab.evaluate(() => (tapisLive.source === null ? null : [...tapisLive.followed])));
    }
    const held = holders.filter((followed) => followed !== null);
    assert.equal(held.length, 1, "one tab holds the stream");
    for (const id of ids) assert.ok(held[0].includes(id), `the stream follows ${id}`);
    assert.equal(requested(alice, /\/poll$/, from), 0, "no tab polled");
  } finally {
    for (const tab of tabs) await tab.close();
  }
});

test("when the stream's tab closes, another takes it over and the moves still come", async () => {
  const dana = await player();
  try {
    const first = await startMatch(dana);
    const second = await startMatch(dana);
    await untilTurnOf(first, alice, dana);
    await untilTurnOf(second, alice, dana);
    const one = dana.page;
    await openMatch(one, first);
    await one.waitForFunction(() => tapisLive.leader && tapisLive.state === "open");
    const two = watchErrors(await dana.context.newPage());
    await openMatch(two, second);
    await two.waitForFunction(() => !tapisLive.leader && tapisLive.state === "open");
    const before = await alice.api.playAny(second);
    await untilShown(two, before.version, 10_000);
    await one.close();
    await two.waitForFunction(() => tapisLive.leader && tapisLive.state === "open");
    // Whoever is to move now (a bust gives Dana the turn): the page that took over shows it.
    const mover = (await alice.api.match(second)).legal_actions.length > 0 ? alice : dana;
    const moved = await mover.api.playAny(second);
    await untilShown(two, moved.version, 10_000);
  } finally {
    await dana.context.close();
  }
});

test("a match tab in the background says it is your turn there, and notifies", async () => {
  const carol = await player();
  const { context, page } = carol;
  await context.grantPermissions(["notifications"], { origin: baseUrl });
  // Records the notifications, and lets the test put the tab in the background.
  await page.addInitScript(() => {
    const Real = window.Notification;
    window.__notifications = [];
    class Recorded extends Real {
      constructor(title, options) {
        window.__notifications.push({ title, body: options?.body, tag: options?.tag });
        super(title, options);
      }
    }
    Object.defineProperty(Recorded, "permission", { get: () => Real.permission });
    window.Notification = Recorded;
    window.__hidden = false;
    Object.defineProperty(document, "visibilityState", {
      get: () => (window.__hidden ? "hidden" : "visible"),
      configurable: true,
    });
  });
  try {
    const id = await startMatch(carol);
    await untilTurnOf(id, alice, carol);
    await openMatch(page, id);
    const title = await page.title();
    await page.waitForFunction(() => tapisLive.state === "open");
    await page.evaluate(() => {
      window.__hidden = true;
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await untilTurnOf(id, carol, alice);
    await page.waitForFunction(() => document.title === "(1) Your turn — Tapis", undefined, { timeout: 10_000 });
    const made = await page.evaluate(() => window.__notifications);
    assert.deepEqual(
      made.filter((n) => n.tag === `tapis-${id}`).map((n) => n.title),
      ["Your turn — Tapis"],
      JSON.stringify(made),
    );
    // Back in view: the title is the match's again.
    await page.evaluate(() => {
      window.__hidden = false;
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await page.waitForFunction((t) => document.title === t, title);
  } finally {
    await context.close();
  }
});

test("the tab's title and the players follow the page when someone joins", async () => {
  const created = await alice.api.createMatch("cant-stop", { seats: 2 });
  const { page } = alice;
  await openMatch(page, created.id);
  const before = await page.title();
  assert.ok(!before.includes(bob.name), before);
  const mark = await page.evaluate(() => (window.__tapisTitle = Math.random()));
  await bob.api.join(created.id);
  await page.waitForFunction((name) => document.title.includes(name), bob.name, { timeout: 10_000 });
  assert.ok((await page.title()).includes(alice.name));
  assert.ok((await page.getByTestId("match-players").textContent()).includes(bob.name));
  assert.equal(await page.evaluate(() => window.__tapisTitle), mark, "the page was not reloaded");
});
