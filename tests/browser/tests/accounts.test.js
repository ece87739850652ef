// Signing up, out and in, and the account page with its API tokens.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { ApiPlayer, apiCall } from "../lib/api.js";
import { launchBrowser, newPlayer } from "../lib/browser.js";
import { checkPage, visit } from "../lib/check.js";
import { baseUrl } from "../lib/env.js";
import { createApiToken, signedInAs, signIn, signOut, signUp } from "../lib/flows.js";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

describe("accounts", () => {
  test("sign up, sign out, and sign in again back to the page asked for", async () => {
    const { context, page } = await newPlayer(browser);
    try {
      const player = await signUp(page);
      await checkPage(page, "home-signed-in");
      assert.equal(
        await page.getByRole("heading", { name: "Waiting for your move" }).count(),
        1,
        "a signed-in player's home lists their matches",
      );

      await signOut(page);
      await checkPage(page, "home-signed-out");

      // The account page wants a signed-in player, and comes back to it after signing in.
      await page.goto("/account");
      const asked = new URL(page.url());
      assert.equal(asked.pathname, "/signin");
      assert.equal(asked.searchParams.get("next"), "/account");
      await signIn(page, { ...player, next: "/account" });
      assert.equal(new URL(page.url()).pathname, "/account");
    } finally {
      await context.close();
    }
  });

  test("a wrong password is refused on the page, with an alert", async () => {
    const { context, page } = await newPlayer(browser);
    try {
      const { username } = await signUp(page);
      await signOut(page);
      await page.goto("/signin");
      await page.getByLabel("Username").fill(username);
      await page.getByLabel("Password").fill("not the password");
      const [response] = await Promise.all([
        page.waitForNavigation(),
        page.getByRole("button", { name: "Sign in" }).click(),
      ]);
      assert.equal(response?.status(), 401);
      assert.equal(await page.getByRole("alert").count(), 1);
      assert.equal(await page.getByLabel("Username").inputValue(), username, "the username stays");
      assert.equal(await page.getByLabel("Password").inputValue(), "", "the password does not");
      assert.equal(await signedInAs(page), null);
      await checkPage(page, "sign-in-refused");
    } finally {
      await context.close();
    }
  });

  test("the account page shows a new API token once, and the token works", async () => {
    const { context, page } = await newPlayer(browser);
    try {
      const { username } = await signUp(page);
      await visit(page, "/account", "account");
      assert.match(await page.locator("main").innerText(), /You have no API token/);

      const secret = await createApiToken(page, "my bot");
      await checkPage(page, "account-new-token");
      assert.match(await page.getByRole("status").filter({ hasText: "Copy it now" }).innerText(), /my bot/);
      const me = await ApiPlayer.withToken(username, secret).me();
      assert.equal(me.username, username, "the token shown speaks for its owner");

      // A button copies it, and says so.
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
      await page.getByRole("button", { name: "Copy the token" }).click();
      await page.getByText("The token is copied.").waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), secret);

      // Shown once: the next visit lists the token by name, never its secret.
      await page.goto("/account");
      assert.equal(await page.locator("#new-token-value").count(), 0);
      assert.ok(!(await page.content()).includes(secret), "the secret is not on the page again");
      const row = page.getByRole("row", { name: /my bot/ });
      assert.equal(await row.count(), 1);
      await checkPage(page, "account-with-token");

      // Revoking it stops it at once.
      await Promise.all([page.waitForNavigation(), row.getByRole("button", { name: /Revoke/ }).click()]);
      assert.match(await page.locator("main").innerText(), /You have no API token/);
      const refused = await apiCall("GET", "/api/v1/me", { token: secret });
      assert.equal(refused.status, 401);
    } finally {
      await context.close();
    }
  });
});
