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
    const pub = publicOf(game, t.state);
    if (game === 'vn-mahjong') assert.equal(pub.turn, null);
    else assert.deepEqual(pub.waitingFor, []);

    // A hint on it is recorded as a window's (the replay viewer does not tell others of it).
    const hint = r.run({ kind: 'hint', gameId: r.gameId, userId: `u${seat}`, ver: null });
    assert.equal(hint.outcome.ok, true);
    assert.equal(hint.outcome.hint?.decision, 'claim');

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

test('vn-mahjong: declining to expose a joker leaves no public trace; an exposure is public', () => {
  const engine = GAMES['vn-mahjong'].engine as AnyEngine;
  const options = defaultOptions(engine.options);
  let declined = 0;
  let exposed = 0;
  for (let k = 0; k < 400 && !(declined && exposed); k++) {
    const s0 = initialState(engine, options, 4, `secret-decline-${k}`);
    const d = (engine.pending(s0) as Decision<BaseAction>[])[0]!;
    if (!d.secret) continue;
    type Expose = { type: 'initial-expose'; jokers: string[]; keepFlower: boolean };
    const opts = d.options as unknown as Expose[];
    const none = opts.find((a) => a.jokers.length === 0 && !a.keepFlower)!;
    const some = opts.find((a) => a.jokers.length > 0 && !a.keepFlower);
    const after = (a: Expose) => {
      const r = engine.apply(s0, d.seat, a as unknown as BaseAction);
      assert.ok(r.ok);
      return publicOf('vn-mahjong', r.value);
    };
    const before = publicOf('vn-mahjong', s0);
    const no = after(none);
    // A decline is not a public "last move": nothing says the seat had a choice.
    assert.deepEqual(no.last, before.last);
    declined++;
    if (some) {
      const yes = after(some);
      const last = yes.last as { person: number; action: Expose };
      assert.deepEqual(last.action.jokers, some.jokers);
      assert.equal(last.action.keepFlower, false);
      exposed++;
    }
  }
  assert.ok(declined > 0 && exposed > 0, `declines ${declined}, exposures ${exposed}`);
});
