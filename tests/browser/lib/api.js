// The public REST API, for what a test does beside the browser: check what a page did, or make
// the other player act while a page watches.
import assert from "node:assert/strict";
import { baseUrl } from "./env.js";

async function call(method, path, { token, body, expect } = {}) {
  const headers = { accept: "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json = text ? JSON.parse(text) : null;
  if (expect !== undefined) {
    assert.equal(response.status, expect, `${method} ${path}: ${text.slice(0, 300)}`);
  }
  return { status: response.status, json };
}

/** A player of the API: a bearer token and the calls the tests need. */
export class ApiPlayer {
  constructor(username, token) {
    this.username = username;
    this.token = token;
  }

  /** Signs in through the API (POST /api/v1/sessions). */
  static async signIn(username, password) {
    const { json } = await call("POST", "/api/v1/sessions", {
      body: { username, password },
      expect: 200,
    });
    return new ApiPlayer(username, json.token);
  }

  /** Any token: a session token or a personal API token made on the account page. */
  static withToken(username, token) {
    return new ApiPlayer(username, token);
  }

  /** GET /api/v1/me: who the token belongs to. */
  async me() {
    return (await call("GET", "/api/v1/me", { token: this.token, expect: 200 })).json;
  }

  /**
   * POST /api/v1/matches: creates a match of `game` for `seats` players (inviting `invite`, a
   * list of usernames) and returns its view.
   */
  async createMatch(game, { seats = 2, invite = [], rated } = {}) {
    const body = { game, seats, invite };
    if (rated !== undefined) body.rated = rated;
    return (await call("POST", "/api/v1/matches", { token: this.token, body, expect: 201 })).json;
  }

  /** POST /api/v1/matches/{id}/join: takes a seat (or accepts the invitation). */
  async join(id) {
    return (await call("POST", `/api/v1/matches/${id}/join`, { token: this.token, expect: 200 })).json;
  }

  /** GET /api/v1/matches/{id}: the match as this player sees it. */
  async match(id) {
    return (await call("GET", `/api/v1/matches/${id}`, { token: this.token, expect: 200 })).json;
  }

  /** POST /api/v1/matches/{id}/actions: plays `action` on `version` (default: the current one). */
  async act(id, action, version) {
    const v = version ?? (await this.match(id)).version;
    return (
      await call("POST", `/api/v1/matches/${id}/actions`, {
        token: this.token,
        body: { version: v, action },
        expect: 200,
      })
    ).json;
  }

  /**
   * Plays this player's first legal action (or the one `choose` picks from the list) and
   * returns the new view. Fails when it is not this player's turn.
   */
  async playAny(id, choose = (actions) => actions[0]) {
    const view = await this.match(id);
    assert.ok(view.legal_actions.length > 0, `${this.username} has no legal action in ${id}`);
    return this.act(id, choose(view.legal_actions), view.version);
  }

  /** POST /api/v1/matches/{id}/resign. */
  async resign(id) {
    return (await call("POST", `/api/v1/matches/${id}/resign`, { token: this.token, expect: 200 })).json;
  }
}

/** A raw call, for a test that wants to look at the status itself. */
export { call as apiCall };
