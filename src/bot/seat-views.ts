/**
 * The live private seat view (issue #13 §1). A player's latest hand ephemeral stays editable
 * through its interaction token for 15 minutes; while it is younger than that (minus a safety
 * margin) the bot edits that message whenever the seat's view or legal actions change (their
 * turn comes, they may claim, their claim window closes), so in live play nobody clicks
 * "Open my hand" twice. After that the ping + "Open my hand" flow takes over.
 *
 * Edits go through the interaction webhook (`PATCH /webhooks/{app}/{token}/messages/@original`),
 * which Discord does not bind to the global rate limit (src/bot/rest.ts). A failed edit (unknown
 * message 10008, invalid webhook token 50027, 401…) marks the view dead: it is never retried, the
 * seat falls back to pings. Kept in memory per (game, seat), per bot: after a restart every seat
 * is on the fallback until its player opens their hand again — except a seat channel (private
 * thread or DM, seat-channels.ts): a live view that never expires, found again in SQLite.
 */
import { createHash } from 'node:crypto';
import { InteractionWebhook, type Client } from 'discord.js';
import type { BotContext } from './context.js';
import { handPayload } from './hand-view.js';
import { handView, ranOutNote, viewParts } from '../table/views.js';
import type { RanOut } from '../table/act.js';
import type { Lang } from '../table/i18n.js';
import type { Table } from '../table/store.js';
import { noteLines, pendingOf, seatChannelSeats, syncSeatChannels } from './seat-channels.js';
import { slices } from './slices.js';
import { windowKind } from '../table/timers.js';

/** Discord's interaction token lifetime. */
export const TOKEN_LIFETIME_MS = 15 * 60_000;
/** A view counts as live while its token is younger than this (2 minutes of margin). */
export const LIVE_MS = 13 * 60_000;

interface LiveView {
  token: string;
  /** When the token was received (bot clock): its age decides whether the view is live. */
  since: number;
  userId: string;
  lang: Lang;
  /** What the message shows now (handView without the state version), to skip useless edits. */
  sig: string;
  dead: boolean;
  /**
   * The clock of the claim part of pings (see liveSeats `forClaims`): when the player last clicked
   * anything but a hidden decision (a claim answer, a secret opening choice). −∞: never.
   */
  claimSince: number;
  /** Dead from an edit nobody else could know about (the seat had no turn): not told to the table. */
  hiddenDeath: boolean;
  /** The images the message holds (by file name: attachment id and a hash of the bytes), kept on an edit when unchanged. */
  images?: HeldImages;
  /** The line naming the table, above a view opened outside its game thread (seat-channels.ts ephemeralTableLine): kept on every edit. */
  tableLine?: string;
}

/** A message's images by file name (`hand.png`, `claim.png`): attachment id and a hash of the bytes. */
export type HeldImages = Record<string, { id: string; sha: string }>;

const registries = new WeakMap<BotContext, Map<string, LiveView>>();
function reg(ctx: BotContext): Map<string, LiveView> {
  let m = registries.get(ctx);
  if (!m) registries.set(ctx, (m = new Map()));
  return m;
}
const key = (gameId: string, seat: number) => `${gameId}:${seat}`;

/** What a seat's view shows, independent of the state version its components carry. */
export function viewSignature(t: Table, seat: number, lang: Lang): string {
  const v = handView(t, seat, lang);
  let sig = signatures.get(v);
  if (sig === undefined) signatures.set(v, (sig = JSON.stringify(viewParts(v))));
  return sig;
}
/** Signatures by view (handView shares one view per table, seat and language). */
const signatures = new WeakMap<object, string>();

/** The seat's hand message was just drawn in answer to `token` (Open my hand, or a click on it). */
export function registerView(
  ctx: BotContext,
  t: Table,
  seat: number,
  o: { token: string; userId: string; lang: Lang; images?: HeldImages | undefined; hidden?: boolean; tableLine?: string | undefined },
): void {
  const m = reg(ctx);
  const { images, hidden, tableLine, ...rest } = o;
  const prev = m.get(key(t.row.id, seat));
  const now = ctx.clock.now();
  // A click only a claimant could make does not restart the claim clock (#13 §2).
  const claimSince = hidden ? (prev && prev.userId === o.userId ? prev.claimSince : Number.NEGATIVE_INFINITY) : now;
  // Re-inserted at the end, so the registry runs from the oldest token to the newest: the views whose
  // 13 minutes are over leave from the front (issue #17: memory flat over months). Else a view stayed
  // until its table's next step read it: a paused or idle table's for days, up to the 20,000 cap
  // (2–3 KB each, its signature mostly: 41–64 MB at the cap by game, measured 2026-12-05). A click
  // on a hand message older than that may then upload its images again (`viewImages` finds none).
  m.delete(key(t.row.id, seat));
  for (const [k, v] of m) {
    if (now - v.since < LIVE_MS) break;
    m.delete(k);
  }
  m.set(key(t.row.id, seat), {
    ...rest,
    ...(images ? { images } : {}),
    ...(tableLine ? { tableLine } : {}),
    since: now,
    sig: viewSignature(t, seat, o.lang),
    dead: false,
    claimSince,
    hiddenDeath: false,
  });
  if (m.size > 20_000) m.delete(m.keys().next().value!);
}

function liveView(ctx: BotContext, gameId: string, seat: number, o: { forClaims?: boolean; forTurn?: boolean } = {}): LiveView | null {
  const v = reg(ctx).get(key(gameId, seat));
  if (!v) return null;
  const now = ctx.clock.now();
  if (now - v.since >= LIVE_MS) {
    reg(ctx).delete(key(gameId, seat));
    return null;
  }
  if (o.forClaims) return (v.dead && !v.hiddenDeath) || now - v.claimSince >= LIVE_MS ? null : v;
  if (o.forTurn) return v.dead || now - v.claimSince >= LIVE_MS ? null : v;
  return v.dead ? null : v;
}

/**
 * Seats whose view can be pushed now (their player needs no ping): a live ephemeral or a seat channel.
 * `forClaims`: the liveness the claim part of a public message goes by (#13 §2), which must not
 * depend on who may claim. A push is tried only on a view that changed, which a claim window does
 * for the claimants alone, and only a claimant can click a claim answer; so here an ephemeral whose
 * edit failed while its seat had no turn still counts (until its turn ping names it), its age runs
 * from the player's last click on anything else (`claimSince`), and a seat channel that failed this
 * hand still counts. The cost: such a player is not mentioned for claims for up to 13 minutes.
 * `forTurn`: the liveness the turn part of a ping goes by. A turn is public, so a view whose edit just
 * failed is not live; but its age too runs from `claimSince`: a claim answered (a pass) renewed the
 * view's token, and a claimant who passed would otherwise not be mentioned when their turn came where
 * a non-claimant who last clicked at the same time would be, telling the table they could claim. (The
 * view is still edited: private to its player.)
 */
export function liveSeats(ctx: BotContext, t: Table, o: { forClaims?: boolean; forTurn?: boolean } = {}): Set<number> {
  const out = seatChannelSeats(ctx, t, o.forClaims);
  for (const s of t.seats) {
    // A player who asked to be mentioned always (/prefs: a live view's edit makes no sound, and
    // screen readers do not announce it) counts as not live for pings: mentioned at every turn of
    // theirs and at every claim window, whether they may claim or not (the claim part names every
    // such seat). A seat channel (DM, private thread) pings in it anyway.
    if (t.mentionAlways?.has(s.seat)) continue;
    const v = liveView(ctx, t.row.id, s.seat, o);
    if (v && s.userId === v.userId) out.add(s.seat);
  }
  return out;
}

/** The turn part of a ping named these seats: a dead view among them is known to the table now. */
export function deathsTold(ctx: BotContext, gameId: string, seats: readonly number[]): void {
  for (const seat of seats) {
    const v = reg(ctx).get(key(gameId, seat));
    if (v?.dead) v.hiddenDeath = false;
  }
}

/**
 * Edits every live seat view whose content changed (except `except`, the seat whose own click is
 * being answered). Returns the seats whose view could not be pushed (dead now).
 */
export async function pushSeatViews(
  ctx: BotContext,
  t: Table,
  except?: number,
  only?: (seat: number) => boolean,
  ranOut?: ReadonlyMap<number, RanOut>,
  fresh?: ReadonlySet<number>,
): Promise<number[]> {
  const failed: number[] = [];
  const appId = ctx.client.application?.id ?? ctx.client.user?.id;
  if (!appId || t.state === null) return failed;
  // Seat channels (private thread / DM): live views that never expire, kept in SQLite.
  await syncSeatChannels(ctx, t, only, ranOut, fresh).catch((err: unknown) =>
    ctx.log.error({ err, gameId: t.row.id }, 'seat channels failed'),
  );
  for (const s of t.seats) {
    if (s.seat === except || (only && !only(s.seat))) continue;
    const v = liveView(ctx, t.row.id, s.seat);
    if (!v || v.userId !== s.userId) continue;
    await slices.slice();
    const sig = viewSignature(t, s.seat, v.lang);
    if (sig === v.sig) continue;
    try {
      // A hidden decision the timer answered for this seat is told here, to its player only.
      const x = ranOut?.get(s.seat);
      const payload = await handPayload(
        ctx,
        t,
        s.seat,
        v.lang,
        noteLines(v.tableLine, x && ranOutNote(t, s.seat, x.action, v.lang, x.options)),
      );
      // The same hand image as the message holds (only the words, the buttons or the claim thumbnail
      // changed, e.g. a claim window opened): kept by id instead of uploaded again (issue #17 §3). The
      // components reference it by name (`attachment://hand.png`), which Discord resolves for
      // attachments an edit keeps.
      const out = keepImage(payload, v.images);
      const m = await new InteractionWebhook(ctx.client as Client<true>, appId, v.token).editMessage('@original', out);
      v.sig = sig;
      const held = heldImages(out, m, v.images);
      if (held) v.images = held;
      else delete v.images;
    } catch (err) {
      // Never retried: the view is dead, the seat is back on pings. (An image that could not be drawn
      // does not come here: the view is pushed in words, with its buttons, hand-view.ts; marked dead
      // for it, a player whose view was live stayed on pings for up to 13 minutes.)
      v.dead = true;
      const d = pendingOf(t, s.seat);
      v.hiddenDeath = !d || windowKind(d) === 'claim';
      failed.push(s.seat);
      ctx.log.info({ err, gameId: t.row.id, seat: s.seat }, 'seat view cannot be edited; falling back to pings');
    }
  }
  return failed;
}

/**
 * The payload of an edit of a seat view that holds `held`: every image with the same name and bytes
 * as one the message holds is kept (by id) instead of uploaded again (issue #17 §3: only what
 * changed); an image the new view no longer shows (the claim thumbnail after a pass) is dropped.
 */
export function keepImage<P extends { files: { attachment: unknown; name: string | null }[]; attachments: never[] }>(
  payload: P,
  held: HeldImages | undefined,
): P {
  if (!held) return payload;
  const files: P['files'] = [];
  const kept: { id: string }[] = [];
  for (const f of payload.files) {
    const h = f.name ? held[f.name] : undefined;
    if (h && imageSha(f) === h.sha) kept.push({ id: h.id });
    else files.push(f);
  }
  return kept.length ? { ...payload, files, attachments: kept as never[] } : payload;
}

/**
 * The images a seat view holds once `sent` (the edited or new message) answered `out`: the uploaded
 * ones by the attachment ids Discord gave them, and those `out` kept by id from `held`.
 */
export function heldImages(
  out: { files: { attachment: unknown; name: string | null }[]; attachments: unknown[] },
  sent: unknown,
  held?: HeldImages,
): HeldImages | undefined {
  const res: HeldImages = {};
  const ids = attachmentIds(sent);
  for (const f of out.files) {
    const sha = imageSha(f);
    const id = f.name ? ids.get(f.name) : undefined;
    if (sha && id && f.name) res[f.name] = { id, sha };
  }
  const keptIds = new Set(out.attachments.map((a) => (a as { id?: unknown }).id));
  for (const [name, h] of Object.entries(held ?? {})) if (!res[name] && keptIds.has(h.id)) res[name] = h;
  return Object.keys(res).length ? res : undefined;
}

/** The images a live seat view holds, when they are on the message `attachmentIds` belong to (a click on it). */
export function viewImages(ctx: BotContext, gameId: string, seat: number, attachmentIds: readonly string[]): HeldImages | undefined {
  const imgs = reg(ctx).get(key(gameId, seat))?.images;
  if (!imgs) return undefined;
  const on = new Set(attachmentIds);
  const res = Object.fromEntries(Object.entries(imgs).filter(([, h]) => on.has(h.id)));
  return Object.keys(res).length ? res : undefined;
}

/** A hash of an upload's bytes (null when it is not a Buffer). */
function imageSha(file: { attachment: unknown } | undefined): string | null {
  const data = file?.attachment;
  return Buffer.isBuffer(data) ? createHash('sha1').update(data).digest('base64') : null;
}

/** A message's attachment ids by file name, from a discord.js Message or the raw API message. */
function attachmentIds(m: unknown): Map<string, string> {
  const out = new Map<string, string>();
  const a = (m as { attachments?: unknown } | null)?.attachments;
  const list: unknown[] = Array.isArray(a)
    ? a
    : a && typeof (a as { values?: unknown }).values === 'function'
      ? [...(a as { values(): Iterable<unknown> }).values()]
      : [];
  for (const x of list) {
    const r = x as { id?: unknown; name?: unknown; filename?: unknown };
    const name = typeof r.name === 'string' ? r.name : typeof r.filename === 'string' ? r.filename : null;
    if (typeof r.id === 'string' && name) out.set(name, r.id);
  }
  return out;
}

/** How many views the registry holds now (tests). */
export function liveViewCount(ctx: BotContext): number {
  return registries.get(ctx)?.size ?? 0;
}

/** A finished game leaves the registry. */
export function forgetGame(ctx: BotContext, gameId: string): void {
  const m = reg(ctx);
  for (const k of [...m.keys()]) if (k.startsWith(`${gameId}:`)) m.delete(k);
}
