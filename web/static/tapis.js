// Tapis: the little the pages need beyond htmx. Everything works without it.
"use strict";

// Show times in the reader's own time zone, written as the page's language writes them
// (`28 nov. 2026, 12:36`, `Nov 28, 2026, 12:36 PM`): <time datetime="..." data-local>.
function tapisLocalTimes(root) {
  const language = document.documentElement.lang || undefined;
  const format = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" });
  for (const el of root.querySelectorAll("time[data-local]")) {
    const when = new Date(el.getAttribute("datetime"));
    if (!Number.isNaN(when.getTime())) {
      el.textContent = format.format(when);
    }
  }
}

document.addEventListener("DOMContentLoaded", () => tapisLocalTimes(document));
document.addEventListener("htmx:afterSettle", (event) => tapisLocalTimes(event.target));

// After the live part of a match page changed: say what changed to screen readers (the moves
// since yours, the dice), and bring a message (a refused or stale move) into view with focus.
function tapisAfterSwap(root) {
  const announce = document.getElementById("announce");
  if (announce !== null && root.id === "match-live") {
    const parts = [];
    const moves = root.querySelector('[data-testid="last-moves"]');
    if (moves !== null) parts.push(moves.textContent.replace(/\s+/g, " ").trim());
    const dice = root.querySelector("[data-announce]");
    if (dice !== null) parts.push(dice.dataset.announce);
    announce.textContent = parts.join(". ");
  }
  tapisShowMessage(root);
}

// A message the player must read, where the eye is: scrolled into view and focused.
function tapisShowMessage(root) {
  const message = root.querySelector('[data-testid="match-message"], .form-error, .field-error');
  if (message === null) return;
  if (!message.hasAttribute("tabindex")) message.setAttribute("tabindex", "-1");
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  message.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
  message.focus({ preventScroll: true });
}

document.addEventListener("htmx:afterSettle", (event) => tapisAfterSwap(event.target));
// A form sent without htmx comes back as a whole page: show its error the same way.
document.addEventListener("DOMContentLoaded", () => tapisShowMessage(document));

// Boards where a piece is picked, then its destination (Linja, Make Five's Aligneur): with
// this script, a move's button shows only once its piece is picked; without it, every move's
// button stays in view at its destination, and the forms work the same.
function tapisPickReady(root) {
  for (const board of root.querySelectorAll(".board-picking")) board.classList.add("picks-ready");
}

function tapisPick(button) {
  const board = button.closest(".board-picking");
  if (board === null) return;
  const key = button.dataset.pick;
  const again = button.getAttribute("aria-pressed") === "true";
  for (const pick of board.querySelectorAll("[data-pick]")) {
    pick.setAttribute("aria-pressed", "false");
    pick.closest(".board-cell")?.classList.remove("cell-picked");
  }
  for (const target of board.querySelectorAll(".move-target")) target.classList.remove("move-shown");
  if (again) return;
  button.setAttribute("aria-pressed", "true");
  button.closest(".board-cell")?.classList.add("cell-picked");
  const targets = board.querySelectorAll(`.move-target[data-from="${key}"]`);
  for (const target of targets) target.classList.add("move-shown");
  targets[0]?.querySelector("button")?.focus();
}

document.addEventListener("click", (event) => {
  const pick = event.target.closest("[data-pick]");
  if (pick !== null) tapisPick(pick);
});
document.addEventListener("DOMContentLoaded", () => tapisPickReady(document));
document.addEventListener("htmx:afterSettle", (event) => tapisPickReady(event.target));

// Live updates (docs/events.md, "Pages"). The pages follow the server's event streams
// (Server-Sent Events) and fetch afresh the part that changed. An event only says what is
// now true ("the match is at version 12", "your lists changed"); the page compares it with
// what it shows and fetches until it shows it. So an event that comes while a request or a
// swap of the same part is under way is never lost: a request htmx queues on an element that
// its own answer then replaces is dropped, and the stream tells each move only once.

/** Fetches `url` and swaps the element `#id` for the one the answer holds (the answer itself,
 *  or the element of that id in a whole page); whether it swapped (204: nothing new). */
async function tapisFetchInto(id, url, whole) {
  const headers = whole ? {} : { "HX-Request": "true" };
  const response = await fetch(url, { headers, credentials: "same-origin", cache: "no-store" });
  if (response.status !== 200 || window.htmx === undefined) return false;
  let html = await response.text();
  if (whole) {
    const fresh = new DOMParser().parseFromString(html, "text/html").getElementById(id);
    if (fresh === null) return false;
    html = fresh.outerHTML;
  }
  // Looked up now, not when asked: another swap may have replaced it meanwhile.
  const target = document.getElementById(id);
  if (target === null) return false;
  window.htmx.swap(target, html, { swapStyle: "outerHTML" });
  return true;
}

// The match page: its live part carries, while the match is in play, the stream to follow
// (`data-stream`) and the match it follows there (`data-stream-match`), the fragment's address
// (`data-refresh`), and the polling address and pace should the stream fail (`data-poll`,
// `data-poll-ms`). Its title (`data-title`) follows the page when the part is swapped.
const tapisMatch = {
  stream: null,
  known: 0,
  busy: false,
  pollingOn: false,
  polling: null,
  watchdog: null,
  // The match whose rematch the live part must lead to, once heard of.
  rematchOf: null,
  rematchBusy: false,
};

function tapisLivePart() {
  return document.getElementById("match-live");
}

/** Fetches the live part while it shows less than the stream told of. */
function tapisCatchUp() {
  const live = tapisLivePart();
  if (live === null || tapisMatch.busy || live.dataset.refresh === undefined) return;
  if (Number(live.dataset.version) >= tapisMatch.known) return;
  tapisMatch.busy = true;
  tapisFetchInto("match-live", live.dataset.refresh, false)
    // A network failure: the next move, or the polling, asks again.
    .catch(() => false)
    .then((swapped) => {
      tapisMatch.busy = false;
      if (swapped) tapisCatchUp();
    });
}

/** Asks whether the match moved (the fallback): 204, or the fresh live part. */
function tapisPoll() {
  tapisMatch.polling = null;
  const live = tapisLivePart();
  if (live === null || live.dataset.poll === undefined) return;
  const again = () => {
    const every = Number(tapisLivePart()?.dataset.pollMs) || 2000;
    if (tapisMatch.pollingOn && tapisMatch.polling === null) {
      tapisMatch.polling = setTimeout(tapisPoll, every);
    }
  };
  if (tapisMatch.busy) return again();
  tapisMatch.busy = true;
  tapisFetchInto("match-live", live.dataset.poll, false)
    .catch(() => false)
    .then(() => {
      tapisMatch.busy = false;
      again();
    });
}

function tapisStartPolling() {
  if (tapisMatch.pollingOn || tapisMatch.stream === null) return;
  // A match not in play has nothing to poll for (its chat waits for the stream).
  if (tapisLivePart()?.dataset.poll === undefined) return;
  tapisMatch.pollingOn = true;
  const every = Number(tapisLivePart()?.dataset.pollMs) || 2000;
  tapisMatch.polling = setTimeout(tapisPoll, every);
}

function tapisStopPolling() {
  tapisMatch.pollingOn = false;
  if (tapisMatch.polling !== null) clearTimeout(tapisMatch.polling);
  tapisMatch.polling = null;
}

function tapisStopFollowing() {
  if (tapisMatch.watchdog !== null) clearTimeout(tapisMatch.watchdog);
  tapisStopPolling();
  Object.assign(tapisMatch, { stream: null, known: 0, watchdog: null });
}

/** Follows the match the page shows while it is in play; stops once it is over. */
function tapisFollowMatch() {
  const live = tapisLivePart();
  let match = live?.dataset.stream === undefined ? null : (live.dataset.streamMatch ?? null);
  // A match not in play still has a chat (before the start, after the end): the stream
  // follows it for its messages.
  if (match === null && live !== null) match = tapisChatShown();
  if (match !== tapisMatch.stream) {
    tapisStopFollowing();
    if (match !== null) {
      tapisMatch.stream = match;
      tapisMatch.known = Number(live.dataset.version);
      // A stream that does not open within a few seconds (a proxy holding it back): poll
      // meanwhile.
      tapisMatch.watchdog = setTimeout(() => {
        if (tapisLive.state !== "open") tapisStartPolling();
      }, 4000);
    }
    // From the version shown: what was played since the page was drawn comes first.
    tapisLiveWant();
  }
  tapisTitleFollows(live);
  // After any swap (a move's answer may come after a fresher fetch): catch up again.
  tapisCatchUp();
  tapisRematchShown();
}

/**
 * Until the live part leads to the rematch another player asked for, it is fetched again (a
 * fetch begun before the rematch was made may land after the one that shows it).
 */
function tapisRematchShown() {
  const live = tapisLivePart();
  if (tapisMatch.rematchOf === null || live === null || tapisMatch.rematchBusy) return;
  if (live.querySelector('[data-testid="rematch-link"]') !== null) {
    tapisMatch.rematchOf = null;
    return;
  }
  tapisMatch.rematchBusy = true;
  tapisFetchInto("match-live", `/matches/${tapisMatch.rematchOf}/table`, false)
    .catch(() => false)
    .then(() => {
      tapisMatch.rematchBusy = false;
    });
}

/** The tab's title and the header's players follow the live part (someone joined). */
function tapisTitleFollows(live) {
  const players = document.getElementById("match-players");
  if (players !== null && live?.dataset.players !== undefined) {
    if (players.textContent !== live.dataset.players) players.textContent = live.dataset.players;
  }
  const title = live?.dataset.title;
  if (title === undefined || title === tapisUser.title) return;
  tapisUser.title = title;
  tapisShowTitle();
}

// One stream for all the tabs of a browser (docs/events.md, "Pages"). A browser opens at most
// six connections to a site over HTTP/1.1: a stream per tab would starve the seventh tab. So
// the tabs elect a leader (the one holding a Web Lock; the next in line takes over when it
// closes), which holds the one stream (`GET /stream`): the player's events and the moves of
// every match its tabs show, each from the version shown. The others tell it what they show
// and hear its events on a BroadcastChannel. A browser without these holds a stream per tab.
const TAPIS_USER_EVENTS = [
  "your_turn",
  "match_started",
  "match_finished",
  "invitation",
  "invitation_declined",
  "match_cancelled",
  "deadline_soon",
  "followed_started",
  "analysis_ready",
  "round_started",
  "tournament_finished",
  "season_started",
  "promoted",
  "relegated",
];
const tapisLive = {
  tab: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
  started: false,
  channel: null,
  leader: false,
  source: null,
  // The matches and the tournaments the open stream follows.
  followed: new Set(),
  followedTournaments: new Set(),
  // The number of the last player's event heard (a new stream resumes after it).
  seq: null,
  // The stream's state as this tab knows it: "connecting", "open" or "failed".
  state: "connecting",
  // The leader's view of the tabs: tab -> what it shows; and each match's last version heard.
  tabs: new Map(),
  versions: new Map(),
  reopening: false,
  retry: null,
};

function tapisLiveName() {
  return document.body.dataset.userStream === undefined ? "tapis-live-visitor" : "tapis-live-player";
}

/** The tournament this page shows live (its part `[data-stream-tournament]`), if any. */
function tapisTournamentShown() {
  return document.querySelector("[data-stream-tournament]")?.dataset.streamTournament ?? null;
}

/** Fetches afresh the tournament's live part (once at a time, again if asked meanwhile). */
function tapisTournamentRefresh() {
  const part = document.querySelector("[data-stream-tournament]");
  if (part === null) return;
  tapisUser.stale.add(part.id);
  tapisRefreshLists();
}

/** What this tab shows and follows. */
function tapisLiveMine() {
  return {
    tab: tapisLive.tab,
    match: tapisMatch.stream,
    version: tapisMatch.known,
    tournament: tapisTournamentShown(),
    shows: document.querySelector("[data-match]")?.dataset.match ?? null,
    visible: document.visibilityState === "visible",
  };
}

/** Tells the stream's holder what this tab follows now (starting the sharing the first time). */
function tapisLiveWant() {
  const user = document.body.dataset.userStream !== undefined;
  if (!tapisLive.started) {
    if (!user && tapisMatch.stream === null && tapisTournamentShown() === null) return;
    tapisLive.started = true;
    if ("BroadcastChannel" in window && navigator.locks?.request !== undefined) {
      tapisLive.channel = new BroadcastChannel(tapisLiveName());
      tapisLive.channel.addEventListener("message", (event) => tapisLiveHeard(event.data));
      // Held until the tab closes: the callback's promise never settles.
      navigator.locks
        .request(tapisLiveName(), () => new Promise(() => tapisLiveLead()))
        // Refused (a page the browser gives no locks): a stream of its own.
        .catch(() => {
          if (!tapisLive.leader) tapisLiveLead();
        });
    } else {
      tapisLiveLead();
    }
  }
  const mine = tapisLiveMine();
  if (tapisLive.leader) tapisLiveNoted(mine);
  else tapisLive.channel?.postMessage({ type: "want", ...mine });
}

/** This tab holds the stream from now on. */
function tapisLiveLead() {
  tapisLive.leader = true;
  tapisLive.tabs.set(tapisLive.tab, tapisLiveMine());
  // The others say again what they show (to the leader that went, or to nobody yet).
  tapisLive.channel?.postMessage({ type: "hello" });
  tapisLiveOpen();
}

/** The leader notes what a tab shows; a match the stream does not follow yet reopens it. */
function tapisLiveNoted(want) {
  tapisLive.tabs.set(want.tab, want);
  if (want.match !== null) {
    const known = tapisLive.versions.get(want.match) ?? -1;
    if (want.version > known) tapisLive.versions.set(want.match, want.version);
    if (!tapisLive.followed.has(want.match)) tapisLiveReopen();
  }
  if (want.tournament && !tapisLive.followedTournaments.has(want.tournament)) tapisLiveReopen();
  tapisLive.channel?.postMessage({ type: "state", state: tapisLive.state });
}

/** What the tabs of this browser hear from each other. */
function tapisLiveHeard(message) {
  if (message === null || typeof message !== "object") return;
  if (message.type === "want" && tapisLive.leader) tapisLiveNoted(message);
  else if (message.type === "bye" && tapisLive.leader) tapisLive.tabs.delete(message.tab);
  else if (message.type === "hello" && !tapisLive.leader) tapisLiveWant();
  else if (message.type === "state" && !tapisLive.leader) tapisLiveState(message.state);
  else if (message.type === "event" && !tapisLive.leader) {
    tapisLiveEvent(message.kind, message.id, message.data);
  }
}

/** The stream's state changed: the match page polls while it is not open. */
function tapisLiveState(state) {
  const opened = state === "open" && tapisLive.state !== "open";
  tapisLive.state = state;
  if (tapisLive.leader) tapisLive.channel?.postMessage({ type: "state", state });
  if (state === "open") tapisStopPolling();
  else if (state === "failed") tapisStartPolling();
  // The chat's messages and a tournament's changes come on the stream from the moment it
  // opens: what came before (while it was connecting, or away) is read once.
  if (opened) {
    tapisChatRefresh();
    tapisTournamentRefresh();
  }
}

/** Reopens the stream once the tabs that are telling what they show have told it. */
function tapisLiveReopen() {
  if (tapisLive.reopening) return;
  tapisLive.reopening = true;
  setTimeout(() => {
    tapisLive.reopening = false;
    tapisLiveOpen();
  }, 0);
}

/** The address of the stream for what the tabs show now. */
function tapisLiveUrl() {
  const matches = new Map();
  for (const want of tapisLive.tabs.values()) {
    if (want.match === null) continue;
    const version = Math.max(want.version, tapisLive.versions.get(want.match) ?? -1);
    matches.set(want.match, Math.max(version, matches.get(want.match) ?? -1));
  }
  const tournaments = new Set();
  for (const want of tapisLive.tabs.values()) {
    if (want.tournament) tournaments.add(want.tournament);
  }
  const user = document.body.dataset.userStream;
  if (user === undefined && matches.size === 0 && tournaments.size === 0) return null;
  const params = new URLSearchParams();
  const listed = [...matches].slice(0, 64).map(([id, version]) => `${id}:${version}`);
  if (listed.length > 0) params.set("matches", listed.join(","));
  const shown = [...tournaments].slice(0, 16);
  if (shown.length > 0) params.set("tournaments", shown.join(","));
  if (user !== undefined && tapisLive.seq !== null) params.set("after", tapisLive.seq);
  const query = params.toString();
  return {
    url: query === "" ? (user ?? "/stream") : `${user ?? "/stream"}?${query}`,
    matches,
    tournaments: shown,
  };
}

/** (Re)opens the stream this tab holds, for what the tabs show now. */
function tapisLiveOpen() {
  tapisLive.source?.close();
  tapisLive.source = null;
  if (tapisLive.retry !== null) clearTimeout(tapisLive.retry);
  tapisLive.retry = null;
  const wanted = tapisLiveUrl();
  tapisLive.followed = new Set(wanted === null ? [] : wanted.matches.keys());
  tapisLive.followedTournaments = new Set(wanted === null ? [] : wanted.tournaments);
  if (wanted === null) return;
  if (!("EventSource" in window)) return tapisLiveState("failed");
  tapisLiveState("connecting");
  const source = new EventSource(wanted.url);
  tapisLive.source = source;
  source.addEventListener("open", () => tapisLiveState("open"));
  for (const kind of ["move", "chat_message", "tournament", ...TAPIS_USER_EVENTS]) {
    source.addEventListener(kind, (event) => {
      const message = { type: "event", kind, id: event.lastEventId, data: event.data };
      tapisLive.channel?.postMessage(message);
      tapisLiveEvent(kind, message.id, message.data);
    });
  }
  // Reconnecting (the browser does it by itself; the match page polls meanwhile), or refused
  // for good (signed out elsewhere, or resumed from too long ago): a fresh stream a minute
  // later, from the present.
  source.addEventListener("error", () => {
    if (source !== tapisLive.source) return;
    tapisLiveState("failed");
    if (source.readyState === EventSource.CLOSED) {
      tapisLive.seq = null;
      tapisLive.retry = setTimeout(tapisLiveOpen, 60_000);
    }
  });
}

/** An event of the stream, heard by this tab (from its own stream or from the leader). */
function tapisLiveEvent(kind, id, text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return;
  }
  if (data === null || typeof data !== "object") return;
  if (kind === "chat_message") {
    if (data.match_id === tapisChatShown()) tapisChatRefresh();
    return;
  }
  if (kind === "tournament") {
    if (data.tournament_id === tapisTournamentShown()) tapisTournamentRefresh();
    return;
  }
  if (kind === "move") {
    const version = Number(data.version);
    if (tapisLive.leader && version > (tapisLive.versions.get(data.match_id) ?? -1)) {
      tapisLive.versions.set(data.match_id, version);
    }
    if (data.match_id === tapisMatch.stream && version > tapisMatch.known) {
      tapisMatch.known = version;
      tapisCatchUp();
    }
    return;
  }
  // The player's events are numbered: one heard twice (a new leader resuming) counts once.
  if (/^[0-9]+$/.test(id)) {
    if (tapisLive.seq !== null && Number(id) <= Number(tapisLive.seq)) return;
    tapisLive.seq = id;
  }
  // A rematch of the match shown, asked for by another player: its result offers it now.
  const shown = document.querySelector("[data-match]")?.dataset.match;
  if (kind === "invitation" && shown !== undefined && data.rematch_of === shown) {
    tapisMatch.rematchOf = shown;
    tapisRematchShown();
  }
  tapisUserEvent(kind, data);
}

// The chat of a match (the panel `#match-chat`, loaded after the page): a message heard on the
// stream reads the list again (`?part=messages`), one read at a time, so that presets come in
// the reader's language and a blocked player's messages never show.
const tapisChat = { busy: false, again: false };

/** The match whose chat this page shows, if any. */
function tapisChatShown() {
  return document.getElementById("match-chat")?.dataset.chat ?? null;
}

function tapisChatRefresh() {
  const id = tapisChatShown();
  if (id === null) return;
  if (tapisChat.busy) {
    tapisChat.again = true;
    return;
  }
  tapisChat.busy = true;
  tapisFetchInto("chat-messages", `/matches/${id}/chat?part=messages`, false)
    .catch(() => false)
    .then(() => {
      tapisChat.busy = false;
      if (tapisChat.again) {
        tapisChat.again = false;
        tapisChatRefresh();
      }
    });
}

document.addEventListener("DOMContentLoaded", () => {
  tapisUser.title = document.title;
  tapisFollowMatch();
  tapisLiveWant();
});
document.addEventListener("htmx:afterSettle", tapisFollowMatch);
document.addEventListener("visibilitychange", () => {
  if (tapisLive.started) tapisLiveWant();
});
window.addEventListener("pagehide", () => {
  if (!tapisLive.leader) tapisLive.channel?.postMessage({ type: "bye", tab: tapisLive.tab });
});

// Every page a player sees signed in follows their own events (`data-user-stream` on <body>):
// the parts of the page that list matches (`data-follow`: the events that change them,
// `data-refresh`: the page to fetch them from) are fetched afresh; when it becomes their turn
// in a match they are not looking at (another match, or this one in a tab in the background),
// the tab's title counts it until they look at the tab, and a browser notification says it if
// they allowed it (the account page's button): once per browser, unless a tab in view shows
// that match.
const tapisUser = { title: "", unseen: 0, stale: new Set(), busy: false };

/** Fetches afresh the lists marked stale, one at a time. */
function tapisRefreshLists() {
  if (tapisUser.busy) return;
  const [id] = tapisUser.stale;
  if (id === undefined) return;
  tapisUser.stale.delete(id);
  const list = document.getElementById(id);
  if (list === null || list.dataset.refresh === undefined) return tapisRefreshLists();
  tapisUser.busy = true;
  tapisFetchInto(id, list.dataset.refresh, true)
    .catch(() => false)
    .then(() => {
      tapisUser.busy = false;
      tapisRefreshLists();
    });
}

function tapisShowTitle() {
  const counted = document.body.dataset.titleYourTurn;
  document.title =
    tapisUser.unseen > 0 && counted !== undefined
      ? counted.replace("%n", String(tapisUser.unseen))
      : tapisUser.title;
}

function tapisSeen() {
  if (tapisUser.unseen === 0) return;
  tapisUser.unseen = 0;
  tapisShowTitle();
}

function tapisNotify(data) {
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  if (!/^[0-9a-f-]{36}$/.test(String(data.match_id))) return;
  const body = document.body.dataset;
  let games = {};
  try {
    games = JSON.parse(body.games || "{}");
  } catch {
    games = {};
  }
  const game = games[data.game] ?? String(data.game ?? "");
  const notification = new Notification(body.notifyTitle, {
    body: body.notifyBody.replace("%g", game),
    tag: `tapis-${data.match_id}`,
    lang: document.documentElement.lang,
  });
  notification.addEventListener("click", () => {
    window.focus();
    window.location.assign(`/matches/${data.match_id}`);
    notification.close();
  });
}

/** Whether a tab in view shows match `id` (as far as the stream's holder knows). */
function tapisInView(id) {
  for (const want of tapisLive.tabs.values()) {
    if (want.visible && want.shows === id) return true;
  }
  return false;
}

function tapisUserEvent(kind, data) {
  for (const list of document.querySelectorAll("[data-follow]")) {
    if (list.dataset.follow.split(" ").includes(kind)) tapisUser.stale.add(list.id);
  }
  tapisRefreshLists();
  if (kind !== "your_turn") return;
  const shown = document.querySelector("[data-match]")?.dataset.match;
  if (data.match_id !== shown || document.visibilityState !== "visible") {
    tapisUser.unseen += 1;
    tapisShowTitle();
  }
  // The stream's holder notifies, once for the browser.
  if (tapisLive.leader) {
    tapisLive.tabs.set(tapisLive.tab, tapisLiveMine());
    if (!tapisInView(data.match_id)) tapisNotify(data);
  }
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") tapisSeen();
});
window.addEventListener("focus", tapisSeen);

// The account page's "Notify me when it's my turn": asks the browser's permission, on the
// click only (browsers refuse a request made without a gesture), and says where it stands.
function tapisNotifySettings() {
  const box = document.querySelector("[data-notify]");
  if (box === null) return;
  const state = box.querySelector("[data-notify-state]");
  const ask = box.querySelector("[data-notify-ask]");
  const show = () => {
    if (!("Notification" in window)) {
      state.textContent = box.dataset.unsupported;
      ask.hidden = true;
      return;
    }
    const permission = Notification.permission;
    ask.hidden = permission !== "default";
    state.textContent =
      permission === "granted" ? box.dataset.on : permission === "denied" ? box.dataset.blocked : "";
  };
  ask.addEventListener("click", () => {
    Notification.requestPermission().then(show, show);
  });
  show();
}

document.addEventListener("DOMContentLoaded", tapisNotifySettings);

// The account page's new token: a button copies it to the clipboard and says so (in a status
// line, for screen readers too). Without the script the button stays hidden and the field is
// there to select; should the browser refuse, the token is selected for the player to copy.
function tapisCopyButtons(root) {
  for (const button of root.querySelectorAll("[data-copy]")) button.hidden = false;
}

async function tapisCopy(button) {
  const field = document.getElementById(button.dataset.copy);
  if (field === null) return;
  const state = button.closest(".new-token")?.querySelector("[data-copy-state]") ?? null;
  let copied = false;
  try {
    await navigator.clipboard.writeText(field.value);
    copied = true;
  } catch {
    field.focus();
    field.select();
  }
  if (state !== null) state.textContent = copied ? button.dataset.copied : button.dataset.copyFailed;
}

document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-copy]");
  if (button !== null) tapisCopy(button);
});
document.addEventListener("DOMContentLoaded", () => tapisCopyButtons(document));

// Dice forms that say which ticks make a move (`data-allowed`: each allowed set of ticked
// values, sorted and joined by ","): until the ticks make one, the button is disabled and the
// reason shown beside it (`data-why-none` while nothing is ticked, else `data-why-not`).
// Without this script the button stays enabled and the server refuses.
function tapisDiceForm(form) {
  let allowed = [];
  try {
    allowed = JSON.parse(form.dataset.allowed);
  } catch {
    return;
  }
  const ticked = [...form.querySelectorAll('input[name="pick"]:checked')].map((box) => box.value);
  const ok = allowed.includes(ticked.sort().join(","));
  const button = form.querySelector('[type="submit"]');
  const why = form.querySelector(".compose-why");
  if (button !== null) button.disabled = !ok;
  if (why !== null) {
    why.hidden = ok;
    why.textContent = ok ? "" : ticked.length === 0 ? form.dataset.whyNone : form.dataset.whyNot;
  }
}

function tapisDiceForms(root) {
  for (const form of root.querySelectorAll("form[data-allowed]")) tapisDiceForm(form);
}

document.addEventListener("change", (event) => {
  const form = event.target.closest?.("form[data-allowed]");
  if (form) tapisDiceForm(form);
});
document.addEventListener("DOMContentLoaded", () => tapisDiceForms(document));
document.addEventListener("htmx:afterSettle", (event) => tapisDiceForms(event.target));

// The replay: the Left and Right arrow keys step back and forth, as its buttons do (the links
// of `[data-replay-keys]`; a disabled one has no address).
document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.defaultPrevented) return;
  if (event.target.closest?.("input, textarea, select, [contenteditable]")) return;
  const keys = document.querySelector("[data-replay-keys]");
  if (keys === null) return;
  const rel = { ArrowLeft: "prev", ArrowRight: "next" }[event.key];
  const link = rel && keys.querySelector(`a[rel="${rel}"][href]`);
  if (!link) return;
  event.preventDefault();
  window.location.assign(link.href);
});
