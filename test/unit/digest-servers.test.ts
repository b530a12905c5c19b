/**
 * The digest counts the tables waiting on the user on every server (ListingStore.userTablesAnywhere)
 * and lists the first ten. Its last line said "… and N more (see /games)", but /games lists the
 * tables of the server it is used on only: the line now says that each server's /games lists its own.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { tableStore } from '../../src/table/store.js';
import { act } from '../../src/table/act.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { Notifier } from '../../src/notify/notifier.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

test('a digest of tables on two servers does not send the user to one /games for the rest', async () => {
  const clock = { t: Date.UTC(2026, 10, 30, 12) };
  const store = openStore(':memory:', engineOf, () => clock.t);
  const ts = tableStore(store);
  const eng = engineOf('phom');
  const mine: string[] = [];
  for (let s = 0; mine.length < 12 && s < 200; s++) {
    const row = store.games.create({
      game: 'phom',
      guildId: `g${s % 2}`,
      channelId: 'c',
      threadId: `th${s}`,
      hostUserId: 'u0',
      options: defaultOptions(eng.options) as Record<string, unknown>,
      optionsHash: 'h',
      seed: `digest-${s}`,
      seats: 2,
      timerPreset: { name: 'async' },
      timeoutPolicy: 'default',
    });
    store.games.setSeats(row.id, [
      { seat: 0, userId: 'u0', isAi: false, displayName: 'P0' },
      { seat: 1, userId: 'u1', isAi: false, displayName: 'P1' },
    ]);
    act(ts, { kind: 'start', gameId: row.id, userId: 'u0' }, clock.t);
    const p = eng.pending(store.games.load(row.id)!.state) as Decision<BaseAction>[];
    if (p.some((d) => d.seat === 0)) mine.push(row.id);
  }
  assert.equal(mine.length, 12);
  assert.equal(new Set(mine.map((id) => store.games.get(id)!.guildId)).size, 2, 'on two servers');
  store.prefs.setNotify('u0', 'turn', true);
  store.prefs.setDigestOver('u0', 1);
  clock.t += 10 * 60_000;
  const sent: string[] = [];
  const n = new Notifier(store, ts, async (_u, p) => (sent.push(p.content), 'sent' as const), { defaultLang: 'en' });
  await n.onEffects(ts.load(mine[0]!)!, [{ kind: 'ping', turn: [0], claim: [] }], clock.t);
  assert.equal(sent.length, 1);
  assert.match(sent[0]!, /12 tables are waiting for your move/);
  const more = sent[0]!.split('\n').at(-1)!;
  assert.match(more, /and 2 more/);
  assert.match(more, /\/games on each of your servers/, more);
});
