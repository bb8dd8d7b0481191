// api.js: the HTTP API with the caller's secret, the WebSocket with reconnect, and where
// secrets are kept (localStorage). No test ids here.

import { follower } from './follow.js';

/** A refusal from the server (its ApiError body), or a network failure (status 0). */
export class ApiError extends Error {
  constructor(body) {
    super(body.message || body.code || 'error');
    this.status = body.status ?? 0;
    this.code = body.code ?? '';
    this.rule = body.rule ?? null;
    // The message as a key and its arguments, for the page's language (i18n.js `said`).
    this.key = body.key ?? null;
    this.args = body.args ?? null;
  }
}

const TD_KEY = 'croupier.td_secret';
const tokenKey = (event) => `croupier.token.${event}`;

export const tdSecret = () => localStorage.getItem(TD_KEY);
export function setTdSecret(secret) {
  if (secret) localStorage.setItem(TD_KEY, secret);
  else localStorage.removeItem(TD_KEY);
}
export const playerToken = (event) => localStorage.getItem(tokenKey(event));
export function setPlayerToken(event, token) {
  if (token) localStorage.setItem(tokenKey(event), token);
  else localStorage.removeItem(tokenKey(event));
}

/** A query parameter of the page's address. */
export const param = (name) => new URL(location.href).searchParams.get(name);

/** Reads a query parameter and removes it from the address bar (for secrets). */
export function takeParam(name) {
  const url = new URL(location.href);
  const value = url.searchParams.get(name);
  if (value !== null) {
    url.searchParams.delete(name);
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  }
  return value;
}

/** One request; resolves to the parsed JSON body, rejects with an ApiError. */
export async function api(method, path, { body, secret } = {}) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (secret) headers.Authorization = `Bearer ${secret}`;
  let res;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError({ status: 0, code: 'network', message: String(e?.message || e) });
  }
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    if (data && typeof data.message === 'string') throw new ApiError(data);
    throw new ApiError({
      status: res.status,
      code: `http_${res.status}`,
      message: text || res.statusText || `HTTP ${res.status}`,
    });
  }
  return data;
}

export const get = (path, secret) => api('GET', path, { secret });

/**
 * Downloads a file the API sends as an attachment, with the secret in the header (never in
 * an address); the file name is the server's Content-Disposition one.
 */
export async function download(path, secret) {
  const headers = secret ? { Authorization: `Bearer ${secret}` } : {};
  let res;
  try {
    res = await fetch(path, { headers });
  } catch (e) {
    throw new ApiError({ status: 0, code: 'network', message: String(e?.message || e) });
  }
  if (!res.ok) {
    const text = await res.text();
    let data = null;
    try { data = JSON.parse(text); } catch { data = null; }
    throw new ApiError(data?.message ? data : { status: res.status, code: `http_${res.status}`, message: text });
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') || '')?.[1] || 'hands.txt';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The browser's time zone (an IANA name), for hand histories' times. */
export const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
export const post = (path, body, secret) => api('POST', path, { body: body ?? {}, secret });

/** Patches applied and patches that could not be (each followed by a resync), for the tests. */
export const pushes = { patches: 0, failed: 0 };
globalThis.croupierPushes = pushes;

/** `ws:` or `wss:` and this page's host: where the server's WebSockets are. */
const wsBase = () => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}`;

/**
 * A WebSocket to `url()` that comes back by itself when it drops, after a growing delay (0.5 s,
 * doubling up to 10 s, and a little at random, so that a room's tablets do not all come back
 * at once). `attach(ws)` sets each new socket's handlers; `onDropped()` is told each drop.
 * Returns { socket(), stop() }.
 */
function reconnecting(url, attach, onDropped) {
  let ws = null;
  let stopped = false;
  let delay = 500;
  let timer = null;
  const open = () => {
    ws = new WebSocket(url());
    ws.addEventListener('open', () => { delay = 500; });
    attach(ws);
    ws.onclose = () => {
      onDropped?.();
      if (stopped) return;
      timer = setTimeout(open, delay + Math.random() * 250);
      delay = Math.min(delay * 2, 10000);
    };
    ws.onerror = () => ws.close();
  };
  open();
  return {
    socket: () => ws,
    stop() {
      stopped = true;
      clearTimeout(timer);
      ws?.close();
    },
  };
}

/**
 * A page that reads what it shows follows `path`'s WebSocket (`/api/floor/{t}/ws`,
 * `/api/ring/ws`): onChange() once on connect and after each change. Nothing is polled; a
 * dropped connection comes back by itself, with a growing delay. Returns { close() }.
 */
export function changes(path, onChange) {
  const link = reconnecting(() => `${wsBase()}${path}`, (ws) => {
    ws.onmessage = (ev) => {
      let msg = null;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        // A change all the same: the page reads everything.
      }
      onChange(msg);
    };
  });
  return { close: link.stop };
}

/** How often at most a quiet connection says it is still there (`{type:'ping'}`). */
const KEEP_ALIVE_MS = 20_000;

/**
 * The event's WebSocket. Calls onMessage(msg) for each server message, a patch as the whole
 * message it makes (follow.js), and onStatus('open' | 'closed') as the connection comes and
 * goes; reconnects with a growing delay. A watched table is watched again after a reconnect.
 */
export function connect(event, token, onMessage, onStatus) {
  let watching = null;
  let sentAt = 0;
  let link = null;

  const send = (msg) => {
    const ws = link?.socket();
    if (ws && ws.readyState === WebSocket.OPEN) {
      ws.send(JSON.stringify(msg));
      sentAt = Date.now();
      return true;
    }
    return false;
  };
  // Only whole messages show the server we are here (not the browser's pongs): a quiet client
  // says so at least every 20 s, or is closed after the server's idle time (60 s).
  const keepAlive = () => {
    if (Date.now() - sentAt >= KEEP_ALIVE_MS) send({ type: 'ping' });
  };
  const alive = setInterval(keepAlive, KEEP_ALIVE_MS / 2);

  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  const attach = (ws) => {
    // Versions count from 1 on each connection.
    const streams = follower();
    let resyncing = false;
    ws.onopen = () => {
      onStatus?.('open');
      if (watching != null) send({ type: 'watch', table: watching });
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      const whole = streams.take(msg);
      if (whole == null) {
        // A patch we cannot follow: ask once for every stream whole again; the patches sent
        // before the answer fail too, and come before its first full message.
        pushes.failed += 1;
        if (!resyncing) resyncing = send({ type: 'resync' });
      } else {
        if (msg.type === 'patch') pushes.patches += 1;
        else if (msg.type !== 'error') resyncing = false;
        onMessage(whole);
      }
      // A background tab's timers may run late; a message pushed wakes it anyway.
      keepAlive();
    };
  };

  link = reconnecting(
    () => `${wsBase()}/api/events/${event}/ws${query}`,
    attach,
    () => onStatus?.('closed'),
  );
  return {
    send,
    watch(table) {
      watching = table;
      send({ type: 'watch', table });
    },
    close() {
      clearInterval(alive);
      link.stop();
    },
  };
}
