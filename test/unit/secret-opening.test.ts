/**
 * Opening choices that only some seats get are hidden information (issue #13 §2): Vietnamese
 * mahjong asks only the seats holding a joker whether to expose it at the deal (vn-mahjong.md §4.3),
 * classical mahjong only a seat holding four of a kind whether to declare an opening kong
 * (classic-mahjong.md §4.5). The engines mark those decisions `secret`; the table then names nobody
 * for them, as for a claim window: no "Turn: X", no ping by name, a silent timeout, no away notice,
 * and the public view does not say whose choice it is nor that a seat declined.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GAMES } from '../../src/table/manifests.js';
import { initialState } from '../../src/store/index.js';
import { defaultOptions } from '../../src/games/core/options.js';
import type { AnyEngine, BaseAction, Decision } from '../../src/games/core/types.js';
import { pingView, tableView } from '../../src/table/views.js';
import { windowKind } from '../../src/table/timers.js';
import { rig } from '../support/table-rig.js';
import { canonical } from '../../src/games/core/match.js';
import { Notifier } from '../../src/notify/notifier.js';
import { translator } from '../../src/table/i18n.js';

type Game = 'vn-mahjong' | 'classic-mahjong';

/** A seed whose first decision is a secret opening choice of a seat other than the dealer's. */
function secretSeed(game: Game): { seed: string; seat: number } {
  const engine = GAMES[game].engine as AnyEngine;
  const options = defaultOptions(engine.options);
  for (let k = 0; k < 5000; k++) {
    const seed = `secret-${game}-${k}`;
    const d = (engine.pending(initialState(engine, options, 4, seed)) as Decision<BaseAction>[])[0];
    if (d?.secret && d.seat > 0) return { seed, seat: d.seat };
  }
  throw new Error(`no seed with a secret opening choice for ${game}`);
}

const publicOf = (game: Game, state: unknown) => (GAMES[game].engine as AnyEngine).publicView(state) as Record<string, unknown>;

for (const game of ['vn-mahjong', 'classic-mahjong'] as const) {
  test(`${game}: the table names nobody for a secret opening choice; it runs out silently`, () => {
    const { seed, seat } = secretSeed(game);
    const r = rig(game, ['human', 'human', 'human', 'human'], { seed, timeoutPolicy: 'ai' });
    const start = r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    assert.equal(start.outcome.ok, true);
    const [d] = r.pending();
    assert.ok(d?.secret && d.seat === seat, 'the opening choice is pending');
    assert.equal(windowKind(d), 'claim');

    // The ping: no turn by name; every person is asked to look (the same whoever decides).
    const ping = start.effects.find((e) => e.kind === 'ping');
    assert.ok(ping && ping.kind === 'ping');
    assert.deepEqual(ping.turn, []);
    assert.deepEqual(ping.claim, [seat]);
    const t = r.ts.load(r.gameId)!;
    const pv = pingView(t, ping.turn, ping.claim, 'en');
    assert.deepEqual(pv.users.sort(), ['u0', 'u1', 'u2', 'u3']);
    assert.ok(
      pv.lines.some((l) => l.includes('opening choices')),
      pv.lines.join('\n'),
    );

    // The table message: "Opening: waiting…", never "Turn: P<seat>"; the public view names nobody.
    const lines = tableView(t, 'en').lines;
    assert.ok(!lines.some((l) => l.startsWith('Turn:')), lines.join('\n'));
    assert.ok(
      lines.some((l) => l.includes('Opening: waiting')),
      lines.join('\n'),
    );
    assert.ok(!lines.some((l) => /P[0-3]/.test(l)), lines.join('\n'));
    // Each game names its own choices: no jokers at a classical table, no kongs at a Vietnamese one.
    const opening = lines.find((l) => l.includes('Opening: waiting'))!;
    assert.equal(opening.includes('joker'), game === 'vn-mahjong', opening);
    assert.equal(opening.includes('kong'), game === 'classic-mahjong', opening);
    const pub = publicOf(game, t.state);
    if (game === 'vn-mahjong') assert.equal(pub.turn, null);
    else assert.deepEqual(pub.waitingFor, []);

    // A hint on it is worded for the asker as their turn (the replay viewer does not list it: e2e ai-levels).
    const hint = r.run({ kind: 'hint', gameId: r.gameId, userId: `u${seat}`, ver: null });
    assert.equal(hint.outcome.ok, true);
    assert.equal(hint.outcome.hint?.decision, 'turn');

    // Its timer runs out: the default is played, with no notice and no AI badge on the seat.
    const timer = r.store.timers.forGame(r.gameId).find((x) => x.seat === seat)!;
    assert.equal(timer.kind, 'claim');
    r.clock.t = timer.deadline + 1;
    const out = r.run({ kind: 'timeout', gameId: r.gameId, seat, timerKind: timer.kind });
    assert.equal(out.outcome.ok, true, JSON.stringify(out.outcome));
    assert.ok(
      out.effects.every((e) => e.kind !== 'table' || e.notice === undefined),
      JSON.stringify(out.effects),
    );
    assert.equal(r.store.games.seats(r.gameId)[seat]!.isAi, false);
    assert.ok(r.store.games.logWithMeta(r.gameId).some((e) => e.seat === seat && e.source === 'timeout'));
  });
}

test('vn-mahjong: while the initial phase lasts, the public view is the same whatever its holders answer; then it all shows', () => {
  const engine = GAMES['vn-mahjong'].engine as AnyEngine;
  const options = defaultOptions(engine.options);
  type Expose = { type: 'initial-expose'; jokers: string[]; keepFlower: boolean };
  type Pub = {
    phase: string;
    last: unknown;
    players: { person: number; exposed: { tile: string; initial: boolean }[] }[];
    liveWall: number;
  };
  let within = 0;
  let after = 0;
  let ownShown = 0;
  for (let k = 0; k < 300 && !(within >= 5 && after >= 5); k++) {
    const s0 = initialState(engine, options, 4, `secret-decline-${k}`);
    const d = (engine.pending(s0) as Decision<BaseAction>[])[0]!;
    if (!d.secret) continue;
    const pub0 = publicOf('vn-mahjong', s0) as unknown as Pub;
    // Before anyone answered, nobody's initial exposures show (they would tell whose turn it is).
    assert.ok(
      pub0.players.every((p) => p.exposed.every((e) => !e.initial)),
      'no initial exposure shows while the phase lasts',
    );
    // The holder's own view shows its own exposures, and only its own.
    const own = engine.view(s0, d.seat) as unknown as Pub;
    for (const p of own.players) if (p.person !== d.seat) assert.ok(p.exposed.every((e) => !e.initial));
    const mine = own.players.find((p) => p.person === d.seat)!;
    const st = s0 as unknown as { seatPerson: number[]; players: { exposed: { tile: string; initial: boolean }[] }[] };
    const actual = st.players[st.seatPerson.indexOf(d.seat)]!.exposed.filter((e) => e.initial);
    assert.deepEqual(
      mine.exposed.filter((e) => e.initial),
      actual,
      'its own initial exposures show to it',
    );
    if (actual.length) ownShown++;
    for (const a of d.options as unknown as Expose[]) {
      const r = engine.apply(s0, d.seat, a as unknown as BaseAction);
      assert.ok(r.ok);
      const pub1 = publicOf('vn-mahjong', r.value) as unknown as Pub;
      if (pub1.phase === 'initial') {
        // Another seat decides now: nothing public moved, whatever this one answered.
        assert.equal(canonical(pub1), canonical(pub0), `answer ${JSON.stringify(a)}`);
        within++;
      } else {
        // The phase is over: every initial exposure shows at once, jokers exposed too.
        const all = pub1.players.flatMap((p) => p.exposed.filter((e) => e.initial).map((e) => e.tile));
        for (const j of a.jokers) assert.ok(all.includes(j), `${j} shows once the phase is over`);
        after++;
      }
    }
  }
  assert.ok(within >= 5 && after >= 5, `answers within the phase ${within}, closing it ${after}`);
  assert.ok(ownShown >= 1, `a holder with initial exposures of its own: ${ownShown}`);
});

test('vn-mahjong: the next holder of an opening choice gets no new public ping, no deadline shows, and is told privately', () => {
  // A seed whose first two opening choices are two people's, one after the other.
  const engine = GAMES['vn-mahjong'].engine as AnyEngine;
  const options = defaultOptions(engine.options);
  let found: { seed: string; a: number; b: number } | null = null;
  for (let k = 0; k < 2000 && !found; k++) {
    const seed = `secret-next-${k}`;
    const s0 = initialState(engine, options, 4, seed);
    const d = (engine.pending(s0) as Decision<BaseAction>[])[0];
    if (!d?.secret) continue;
    const decline = d.options.find((x) => (x as unknown as { jokers: string[]; keepFlower: boolean }).jokers.length === 0)!;
    const r = engine.apply(s0, d.seat, decline);
    if (!r.ok) continue;
    const e = (engine.pending(r.value) as Decision<BaseAction>[])[0];
    if (e?.secret && e.seat !== d.seat) found = { seed, a: d.seat, b: e.seat };
  }
  assert.ok(found, 'two opening choices in a row');
  const r = rig('vn-mahjong', ['human', 'human', 'human', 'human'], { seed: found.seed });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const publicAt = r.store.games.get(r.gameId)!.publicAt;
  r.clock.t += 40_000;
  const d = r.pending()[0]!;
  const i = d.options.findIndex((x) => (x as unknown as { jokers: string[] }).jokers.length === 0);
  const res = r.run({ kind: 'hand', gameId: r.gameId, userId: `u${found.a}`, ver: r.token(found.a), verb: 'act', arg: String(i) });
  assert.equal(res.outcome.ok, true);
  assert.equal(r.pending()[0]!.seat, found.b);
  const kinds = res.effects.map((e) => e.kind);
  assert.ok(!kinds.includes('ping'), `no new ping: ${kinds.join(', ')}`);
  assert.ok(!kinds.includes('unarchive'), 'the thread is not reopened');
  assert.deepEqual(
    res.effects.find((e) => e.kind === 'tell'),
    { kind: 'tell', seats: [found.b] },
  );
  assert.equal(r.store.games.get(r.gameId)!.publicAt, publicAt, 'nothing public changed');
  const t = r.ts.load(r.gameId)!;
  const v = tableView(t, 'en');
  assert.ok(!v.lines.some((l) => l.includes('until') || l.includes('Deadline')), v.lines.join('\n'));
  assert.equal((v.model as { timer?: string } | null)?.timer, undefined, 'no deadline in the image');
});

test('a timer stored as a turn for what is now a secret opening choice: its reminder names nobody, its timeout rebuilds the deadline', () => {
  const { seed, seat } = secretSeed('vn-mahjong');
  const r = rig('vn-mahjong', ['human', 'human', 'human', 'human'], { seed });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  // As a table written before the opening choices were windows: the holder's timer says 'turn'.
  r.store.db.prepare("UPDATE timers SET kind = 'turn' WHERE game_id = ? AND seat = ?").run(r.gameId, seat);
  const timer = r.store.timers.forGame(r.gameId).find((x) => x.seat === seat)!;
  assert.equal(timer.kind, 'turn');
  r.clock.t = timer.remindAt! + 1;
  const remind = r.run({ kind: 'remind', gameId: r.gameId, seat });
  assert.ok(!remind.effects.some((e) => e.kind === 'remind'), JSON.stringify(remind.effects));
  r.clock.t = timer.deadline + 1;
  const out = r.run({ kind: 'timeout', gameId: r.gameId, seat, timerKind: 'turn' });
  assert.equal(out.outcome.ok, false);
  const now = r.store.timers.forGame(r.gameId).find((x) => x.seat === seat);
  assert.ok(now, 'the seat still has a deadline');
  assert.equal(now.kind, 'claim');
});

test('the holder of a secret opening choice gets their DM notice, with turn notices on (worded as their move)', async () => {
  for (const game of ['vn-mahjong', 'classic-mahjong'] as const) {
    const { seed, seat } = secretSeed(game);
    const r = rig(game, ['human', 'human', 'human', 'human'], { seed, timer: { name: 'async' } });
    // Turn notices only: an opening choice is the holder's move, so they cover it.
    for (const u of ['u0', 'u1', 'u2', 'u3']) r.store.prefs.setNotify(u, 'turn', true);
    const sent: { userId: string; content: string }[] = [];
    const n = new Notifier(r.store, r.ts, (userId, p) => {
      sent.push({ userId, content: p.content });
      return Promise.resolve('sent' as const);
    });
    const start = r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    await n.onEffects(r.ts.load(r.gameId)!, start.effects, r.clock.t);
    assert.deepEqual(
      sent.map((x) => x.userId),
      [`u${seat}`],
      `${game}: only the holder is told`,
    );
    const dm = translator('vi')('async:dm.turn', { game: translator('vi')(`${game}:name`), n: 1 });
    assert.ok(sent[0]!.content.startsWith(dm), sent[0]!.content);
  }
});

test('a timeout fired for a kind the seat no longer has, while its current timer is right, changes nothing', () => {
  const { seed, seat } = secretSeed('vn-mahjong');
  const r = rig('vn-mahjong', ['human', 'human', 'human', 'human'], { seed });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const before = JSON.stringify(r.store.timers.forGame(r.gameId));
  const timer = r.store.timers.forGame(r.gameId).find((x) => x.seat === seat)!;
  assert.equal(timer.kind, 'claim');
  r.clock.t = timer.deadline + 1;
  // A firing read as a turn's (the scheduler read it before the decision changed kind).
  const out = r.run({ kind: 'timeout', gameId: r.gameId, seat, timerKind: 'turn' });
  assert.equal(out.outcome.ok, false);
  assert.deepEqual(out.effects, []);
  assert.equal(JSON.stringify(r.store.timers.forGame(r.gameId)), before, 'the timers as they were');
});

test('a timeout read with a deadline the seat no longer has (it answered, and got a new decision) does not answer the new one', () => {
  const { seed, seat } = secretSeed('classic-mahjong');
  const r = rig('classic-mahjong', ['human', 'human', 'human', 'human'], { seed });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const timer = r.store.timers.forGame(r.gameId).find((x) => x.seat === seat)!;
  r.clock.t = timer.deadline + 1;
  const log = r.store.games.log(r.gameId).length;
  const out = r.run({ kind: 'timeout', gameId: r.gameId, seat, timerKind: timer.kind, deadline: timer.deadline - 5_000 });
  assert.equal(out.outcome.ok, false);
  assert.deepEqual(out.effects, []);
  assert.equal(r.store.games.log(r.gameId).length, log, 'nothing answered');
  // With the deadline it was read with, it is answered.
  const ok = r.run({ kind: 'timeout', gameId: r.gameId, seat, timerKind: timer.kind, deadline: timer.deadline });
  assert.equal(ok.outcome.ok, true);
});
