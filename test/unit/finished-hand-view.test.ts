/**
 * The seat views are drawn a last time when the match ends ("the views show the end first",
 * bot/effects.ts), and stay so: they must not point to a Next hand that no longer exists (End match,
 * the last hand of a match), nor ask the player to act at a table that ended mid-hand (idle expiry,
 * a rule change, the last member gone), nor show the piece on offer beside it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig, timeOutToResult } from '../support/table-rig.js';
import { endMatchText, handView } from '../../src/table/views.js';
import { engineOf } from '../../src/table/manifests.js';

test('End match: the seat view says the match is over, with the last hand, not "Next hand"', () => {
  for (const lang of ['en', 'vi', 'zh-TW'] as const) {
    const r = rig('phom', ['human', 'human'], { seed: 'p1' });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    timeOutToResult(r);
    const before = handView(r.ts.load(r.gameId)!, 1, lang).lines.join('\n');
    const res = r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: 0, verb: 'end-match', arg: 'confirm.0' });
    assert.equal(res.outcome.ok, true);
    const t = r.ts.load(r.gameId)!;
    assert.equal(t.row.status, 'finished');
    const text = handView(t, 1, lang).lines.join('\n');
    assert.notEqual(text, before, `${lang}: the line changes once the match is over`);
    if (lang === 'en') {
      assert.doesNotMatch(text, /Next hand/, text);
      assert.match(text, /The match is over, you [−+-]?\d.* in the last hand/, text);
    }
  }
});

test('a match that ended by itself mid-hand: no "Your turn", no buttons, no piece on offer', () => {
  for (const game of ['phom', 'chan'] as const) {
    const r = rig(game, game === 'chan' ? ['human', 'human', 'human', 'human'] : ['human', 'human'], {
      seed: 'p1',
      timer: { name: 'async' },
    });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    const d = r.pending()[0]!;
    const publicAt = r.store.games.get(r.gameId)!.publicAt;
    assert.equal(r.run({ kind: 'expire-idle', gameId: r.gameId, publicAt, days: 30 }).outcome.ok, true);
    const t = r.ts.load(r.gameId)!;
    assert.equal(t.row.status, 'finished');
    const v = handView(t, d.seat, 'en');
    const text = v.lines.join('\n');
    assert.equal(v.rows.flat().filter((c) => c.verb === 'act' || c.verb === 'pick').length, 0, `${game}: no move to make`);
    assert.doesNotMatch(text, /Your turn|You can claim/, `${game}: ${text}`);
    assert.match(text, /^The match is over: its final totals are in the game thread\.$/m, `${game}: ${text}`);
    assert.equal(v.claim, undefined, `${game}: no piece on offer`);
  }
});

test('the final standings of a match ended mid-hand name the game’s unit, as after a hand', () => {
  const phom = engineOf('phom');
  const r = rig('phom', ['human', 'human'], { seed: 'p1', timer: { name: 'async' } });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  timeOutToResult(r);
  assert.ok(phom.result(r.ts.load(r.gameId)!.state), 'hand 1 is over');
  const ver = r.store.games.get(r.gameId)!.version;
  assert.equal(r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver, verb: 'next-hand', arg: '0' }).outcome.ok, true);
  const publicAt = r.store.games.get(r.gameId)!.publicAt;
  assert.equal(r.run({ kind: 'expire-idle', gameId: r.gameId, publicAt, days: 30 }).outcome.ok, true);
  const t = r.ts.load(r.gameId)!;
  assert.equal(phom.result(t.state), null, 'ended during hand 2');
  const text = endMatchText(t, 'en', r.store.results.matchStandings(r.gameId, t.seats));
  assert.match(text, /1\. .*: [+−-]?\d+ × bet/, text);
});
