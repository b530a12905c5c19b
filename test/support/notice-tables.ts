/**
 * Classic mahjong tables of four people (u0…u3, async timers) in one in-memory store, played by the AI
 * up to the step a notifier test needs (a claim window, a turn), and a notifier that records its DMs.
 */
import { openStore, type Store } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { tableStore, type TableStore } from '../../src/table/store.js';
import { act } from '../../src/table/act.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { Notifier } from '../../src/notify/notifier.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';
import { rig, type Rig } from './table-rig.js';

const eng = engineOf('classic-mahjong');

export interface NoticeWorld {
  clock: { t: number };
  store: Store;
  ts: TableStore;
}

/** An empty in-memory store on a clock of its own. */
export function noticeWorld(): NoticeWorld {
  const clock = { t: Date.UTC(2026, 10, 30, 12) };
  const store = openStore(':memory:', engineOf, () => clock.t);
  return { clock, store, ts: tableStore(store) };
}

/** A classic mahjong table of u0…u3 (P0…P3, async timers, the default options) in the lobby; its id. */
export function fourPeople(store: Store, seed: string, threadId = 'th'): string {
  const row = store.games.create({
    game: 'classic-mahjong',
    guildId: 'g',
    channelId: 'c',
    threadId,
    hostUserId: 'u0',
    options: defaultOptions(eng.options) as Record<string, unknown>,
    optionsHash: 'h',
    seed,
    seats: 4,
    timerPreset: { name: 'async' },
    timeoutPolicy: 'default',
  });
  store.games.setSeats(
    row.id,
    [0, 1, 2, 3].map((seat) => ({ seat, userId: `u${seat}`, isAi: false, displayName: `P${seat}` })),
  );
  return row.id;
}

/** The AI's move for `seat` at `state` (the table's now), by `userId` if given; its outbox cleared as the bot does once it has executed it. */
export function aiMove(w: NoticeWorld, gameId: string, state: unknown, seat: number, userId?: string): ReturnType<typeof act> {
  const action = eng.ai(state as never, seat) as BaseAction;
  const r = act(w.ts, { kind: 'move', gameId, seat, action, ver: null, ...(userId ? { userId } : {}) }, w.clock.t);
  w.store.games.clearOutbox(gameId, r.outbox);
  return r;
}

/**
 * A table (seeds claim-0…claim-19, threads th0…) played by the AI until u1 may claim a discard (not a
 * secret choice) with a decision `accept` takes; its id, or null if no seed got there.
 */
export function claimWindowOfU1(w: NoticeWorld, accept: (d: Decision<BaseAction>) => boolean = () => true): string | null {
  for (let s = 0; s < 20; s++) {
    const id = fourPeople(w.store, `claim-${s}`, `th${s}`);
    act(w.ts, { kind: 'start', gameId: id, userId: 'u0' }, w.clock.t);
    for (let k = 0; k < 400; k++) {
      const g = w.store.games.load(id)!;
      const p = eng.pending(g.state) as Decision<BaseAction>[];
      const mine = p.find((d) => d.seat === 1 && d.kind === 'claim' && !d.secret);
      if (mine && accept(mine)) return id;
      if (!p.length) break;
      aiMove(w, id, g.state, p[0]!.seat);
    }
  }
  return null;
}

/** A notifier (English) whose DMs all go out, each recorded in `sent`: the user it went to, or its text. */
export function recordingNotifier(store: Store, ts: TableStore, record: 'user' | 'content' = 'user') {
  const sent: string[] = [];
  const n = new Notifier(store, ts, async (u, p) => (sent.push(record === 'user' ? u : p.content), 'sent' as const), { defaultLang: 'en' });
  return { n, sent };
}

/**
 * A two-person Phỏm table (async) whose steps run as the bot runs them: `step` executes each one's
 * effects with a notifier (its default language) that records whom it DMed. `on`: who has turn notices on.
 */
export function phomWithNotices(seed: string, on: readonly string[] = ['u0', 'u1']) {
  const r = rig('phom', ['human', 'human'], { seed, timer: { name: 'async' } });
  for (const u of on) r.store.prefs.setNotify(u, 'turn', true);
  const sent: string[] = [];
  const n = new Notifier(r.store, r.ts, (userId) => (sent.push(userId), Promise.resolve('sent' as const)));
  const step = async (cmd: Parameters<Rig['run']>[0]) => {
    const out = r.run(cmd);
    await n.onEffects(r.ts.load(r.gameId)!, out.effects, r.clock.t);
    return out;
  };
  const vote = (user: string, verb: 'pause' | 'resume') => step({ kind: 'table', gameId: r.gameId, userId: user, ver: 0, verb });
  return { r, n, sent, step, vote };
}
