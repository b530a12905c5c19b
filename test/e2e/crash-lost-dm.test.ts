/**
 * A crash after a step committed and before its effects ran (its outbox holds a ping): the restart
 * sweep posts the ping, and its DM notices too. Before, the sweep left the notices of a ping carried
 * from an earlier step out ("its DM notices went out with it the first time"), although a crash
 * before the notifier means they never did: the player was never DMed. (That they are not sent twice
 * when they did go out: test/unit/notice-decision-version.test.ts, test/e2e/kept-ping.test.ts.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, openTable, click, slash, pendingNow } from './harness.js';
import { tableStore } from '../../src/table/store.js';
import { act } from '../../src/table/act.js';
import { engineOf } from '../../src/table/manifests.js';
import type { BaseAction } from '../../src/games/core/types.js';

test('a "your move" DM whose step was cut off by a crash is sent by the restart sweep', async () => {
  await withWorld(async (w) => {
    const [an, binh] = w.users;
    await click(w, binh!.id, (await (await slash(w, binh!.id, 'notify')).reply()).id, 'x:notify:t:turn');
    const { gameId } = await openTable(w, 'phom', 2, 0);
    const seatOf = (u: string) => w.store.games.seats(gameId).find((s) => s.userId === u)!.seat;
    const dms = () => {
      const ch = w.sim.dmChannel(binh!.id);
      return ch ? w.sim.visibleMessages(ch.id, binh!.id).filter((m) => !m.ephemeralTo) : [];
    };
    const before = dms().length;
    // The crash: the bot stops; an's moves are committed (a step whose effects never ran) until binh's move.
    await w.bot.stop();
    w.now.t += 10 * 60_000;
    const ts = tableStore(w.store);
    const eng = engineOf('phom');
    for (let k = 0; k < 20; k++) {
      const p = pendingNow(w, gameId);
      if (p.some((d) => d.seat === seatOf(binh!.id))) break;
      const d = p[0]!;
      const st = w.store.games.state(w.store.games.get(gameId)!);
      act(ts, { kind: 'move', gameId, seat: d.seat, action: eng.ai(st, d.seat) as BaseAction, ver: null, userId: an!.id }, w.now.t);
    }
    assert.ok(
      pendingNow(w, gameId).some((d) => d.seat === seatOf(binh!.id)),
      "binh's move",
    );
    const outbox = w.store.games.get(gameId)!.outbox;
    assert.ok(
      outbox.some((e) => (e as { kind: string }).kind === 'ping'),
      'the ping waits in the outbox',
    );
    w.now.t += 60_000;
    await w.restartBot();
    await w.bot.whenIdle();
    await w.bot.scheduler.tick();
    assert.equal(w.store.games.get(gameId)!.outbox.length, 0, 'the outbox was executed');
    assert.equal(dms().length, before + 1, 'binh is told it is their move');
    // A crash after the notices went out, before the outbox was cleared: the next restart executes
    // the same effects again, and sends no second DM.
    w.store.games.replaceOutbox(gameId, [], outbox);
    w.now.t += 60_000;
    await w.restartBot();
    await w.bot.whenIdle();
    await w.bot.scheduler.tick();
    assert.equal(w.store.games.get(gameId)!.outbox.length, 0, 'the outbox was executed again');
    assert.equal(dms().length, before + 1, 'binh is told once');
  });
});
