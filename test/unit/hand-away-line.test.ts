/**
 * The line on a player's hand view while the AI plays their seat says why, truthfully: "your time
 * ran out" only after a timeout (a table with turn deadlines and on-timeout: ai); after the other
 * players' vote (a turn without a deadline, src/table/absent.ts) it says they voted.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { handView } from '../../src/table/views.js';
import { LANGS, translator } from '../../src/table/i18n.js';
import { rig, type Rig } from '../support/table-rig.js';

const H = 3600_000;

const lines = (r: Rig, seat: number, lang: (typeof LANGS)[number] = 'en') => handView(r.ts.load(r.gameId)!, seat, lang).lines;

test('the AI took the seat on a timeout: the hand view says the time ran out', () => {
  const r = rig('phom', ['human', 'human'], { timeoutPolicy: 'ai', timer: { name: 'live' } });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const [timer] = r.store.timers.forGame(r.gameId);
  assert.ok(timer && timer.kind === 'turn');
  r.clock.t = timer.deadline;
  assert.equal(r.run({ kind: 'timeout', gameId: r.gameId, seat: timer.seat, timerKind: 'turn' }).outcome.ok, true);
  assert.equal(r.store.games.seats(r.gameId)[timer.seat]!.isAi, true);
  assert.ok(lines(r, timer.seat).includes('The AI is playing your seat since your time ran out.'), lines(r, timer.seat).join('\n'));
});

test('the AI took the seat by the vote of the others (no deadline): the hand view says so, not that the time ran out', () => {
  const r = rig('chan', ['human', 'human', 'human', 'ai'], { timer: { name: 'live' } });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const [timer] = r.store.timers.forGame(r.gameId);
  assert.ok(timer && timer.kind === 'turn');
  const absent = timer.seat;
  // Reminders at 12 h, 24 h, 48 h: the vote is open from the third.
  for (let i = 0; i < 3; i++) {
    r.clock.t = r.store.timers.forGame(r.gameId)[0]!.remindAt!;
    r.run({ kind: 'remind', gameId: r.gameId, seat: absent });
  }
  r.clock.t += H;
  const ver = r.store.games.get(r.gameId)!.version;
  for (const s of [0, 1, 2].filter((x) => x !== absent))
    r.run({ kind: 'table', gameId: r.gameId, userId: `u${s}`, ver, verb: 'absent-ai', arg: String(absent) });
  assert.equal(r.store.games.seats(r.gameId)[absent]!.isAi, true, 'by vote the AI plays the seat');
  assert.ok(
    lines(r, absent).includes('The AI is playing your seat: the other players voted for it while you were away.'),
    lines(r, absent).join('\n'),
  );
  for (const l of LANGS) {
    const text = lines(r, absent, l).join('\n');
    assert.ok(!text.includes(translator(l)('common:hand.away')), `${l}: ${text}`);
    assert.ok(text.includes(translator(l)('common:hand.away-vote')), `${l}: ${text}`);
  }
});
