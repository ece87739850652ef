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

// The match page: its live part carries the match's stream (`data-stream`) while the match is
// in play, the fragment's address (`data-refresh`), and the polling address and pace should
// the stream fail (`data-poll`, `data-poll-ms`).
const tapisMatch = {
  stream: null,
  source: null,
  known: 0,
  busy: false,
  pollingOn: false,
  polling: null,
  watchdog: null,
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
  if (tapisMatch.pollingOn) return;
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
  tapisMatch.source?.close();
  if (tapisMatch.watchdog !== null) clearTimeout(tapisMatch.watchdog);
  tapisStopPolling();
  Object.assign(tapisMatch, { stream: null, source: null, known: 0, watchdog: null });
}

/** Follows the match the page shows while it is in play; stops once it is over. */
function tapisFollowMatch() {
  const live = tapisLivePart();
  const stream = live?.dataset.stream ?? null;
  if (stream !== tapisMatch.stream) {
    tapisStopFollowing();
    if (stream === null) return;
    tapisMatch.stream = stream;
    tapisMatch.known = Number(live.dataset.version);
    if (!("EventSource" in window)) {
      tapisStartPolling();
      return;
    }
    // From the version shown: what was played since the page was drawn comes first. A
    // reconnection resumes from the last version received (Last-Event-ID).
    const source = new EventSource(`${stream}?since=${encodeURIComponent(live.dataset.version)}`);
    tapisMatch.source = source;
    // A stream that does not open within a few seconds (a proxy holding it back): poll
    // meanwhile.
    tapisMatch.watchdog = setTimeout(() => {
      if (source.readyState !== EventSource.OPEN) tapisStartPolling();
    }, 4000);
    source.addEventListener("open", tapisStopPolling);
    source.addEventListener("move", (event) => {
      const version = Number(event.lastEventId);
      if (version > tapisMatch.known) tapisMatch.known = version;
      tapisCatchUp();
    });
    // Reconnecting (the browser does it by itself) or refused for good: poll until it is open.
    source.addEventListener("error", tapisStartPolling);
  }
  // After any swap (a move's answer may come after a fresher fetch): catch up again.
  tapisCatchUp();
}

document.addEventListener("DOMContentLoaded", tapisFollowMatch);
document.addEventListener("htmx:afterSettle", tapisFollowMatch);

// Every page a player sees signed in follows their own events (`data-user-stream` on <body>):
// the parts of the page that list matches (`data-follow`: the events that change them,
// `data-refresh`: the page to fetch them from) are fetched afresh; when it becomes their turn
// in a match they are not looking at, the tab's title counts it until they look at the tab,
// and a browser notification says it if they allowed it (the account page's button).
const TAPIS_USER_EVENTS = [
  "your_turn",
  "match_started",
  "match_finished",
  "invitation",
  "invitation_declined",
  "match_cancelled",
  "deadline_soon",
];
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

function tapisSeen() {
  if (tapisUser.unseen === 0) return;
  tapisUser.unseen = 0;
  document.title = tapisUser.title;
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

function tapisUserEvent(kind, event) {
  let data;
  try {
    data = JSON.parse(event.data);
  } catch {
    return;
  }
  for (const list of document.querySelectorAll("[data-follow]")) {
    if (list.dataset.follow.split(" ").includes(kind)) tapisUser.stale.add(list.id);
  }
  tapisRefreshLists();
  const shown = document.querySelector("[data-match]")?.dataset.match;
  if (kind === "your_turn" && data.match_id !== shown) {
    tapisUser.unseen += 1;
    document.title = document.body.dataset.titleYourTurn.replace("%n", String(tapisUser.unseen));
    tapisNotify(data);
  }
}

function tapisFollowUser() {
  const url = document.body.dataset.userStream;
  if (url === undefined || !("EventSource" in window)) return;
  const source = new EventSource(url);
  for (const kind of TAPIS_USER_EVENTS) {
    source.addEventListener(kind, (event) => tapisUserEvent(kind, event));
  }
  // Refused for good (signed out elsewhere, or resumed from too long ago): a fresh stream a
  // minute later. While it reconnects by itself, there is nothing to do.
  source.addEventListener("error", () => {
    if (source.readyState === EventSource.CLOSED) setTimeout(tapisFollowUser, 60_000);
  });
}

document.addEventListener("DOMContentLoaded", () => {
  tapisUser.title = document.title;
  tapisFollowUser();
});
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
