/**
 * End match asks first (act.ts 'end-match'), as Leave the table does: one click beside Next hand
 * ended the match for everyone. The question's "Yes, end the match" names the hand: once Next hand
 * dealt, it changes nothing.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig, playWithAi } from '../support/table-rig.js';

const click = (r: ReturnType<typeof rig>, userId: string, arg: string) =>
  r.run({ kind: 'table', gameId: r.gameId, userId, ver: 0, verb: 'end-match', arg });

test('End match: the first click only asks (twice: still nothing); its Yes ends the match', () => {
  const r = rig('phom', ['human', 'human', 'ai'], { timer: { name: 'live' }, seed: 'end-confirm-1' });
  assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
  playWithAi(r);
  const version = r.store.games.get(r.gameId)!.version;
  for (let k = 0; k < 2; k++) {
    const ask = click(r, 'u0', '0');
    assert.equal(ask.outcome.ok, false);
    assert.equal(ask.outcome.applied, 0);
    assert.deepEqual(ask.effects, [], 'nothing shown to the table');
    assert.equal(ask.outcome.refusal?.key, 'common:end-match.confirm');
    assert.deepEqual(ask.outcome.confirm, { verb: 'end-match', arg: 'confirm.0', label: 'common:button.end-match-confirm' });
    assert.equal(r.store.games.get(r.gameId)!.status, 'running', 'a click (or a double click) of End match ends nothing');
  }
  assert.equal(r.store.games.get(r.gameId)!.version, version);
  // The other player is refused before being asked anything (End match is the host's).
  assert.equal(click(r, 'u1', '0').outcome.refusal?.key, 'errors:host-only');
  assert.equal(click(r, 'u1', 'confirm.0').outcome.refusal?.key, 'errors:host-only');
  const yes = click(r, 'u0', 'confirm.0');
  assert.equal(yes.outcome.ok, true);
  assert.ok(yes.effects.some((e) => e.kind === 'end-match'));
  assert.equal(r.store.games.get(r.gameId)!.status, 'finished');
  assert.equal(click(r, 'u0', 'confirm.0').outcome.refusal?.key, 'errors:game-ended', 'a second Yes');
});

test('a Yes asked after hand 1 is out of date once Next hand dealt hand 2: nothing ends', () => {
  const r = rig('phom', ['human', 'human', 'ai'], { timer: { name: 'live' }, seed: 'end-confirm-2' });
  assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
  playWithAi(r);
  assert.equal(click(r, 'u0', '0').outcome.confirm?.arg, 'confirm.0');
  assert.equal(r.run({ kind: 'table', gameId: r.gameId, userId: 'u1', ver: 0, verb: 'next-hand', arg: '0' }).outcome.ok, true);
  const stale = click(r, 'u0', 'confirm.0');
  assert.equal(stale.outcome.refusal?.key, 'errors:stale', 'no match ended in the middle of the next hand');
  assert.equal(r.store.games.get(r.gameId)!.status, 'running');
  // After hand 2's result, the old Yes still names hand 1: asked again, not ended.
  playWithAi(r);
  assert.equal(click(r, 'u0', 'confirm.0').outcome.refusal?.key, 'errors:stale');
  assert.equal(click(r, 'u0', '1').outcome.confirm?.arg, 'confirm.1');
  assert.equal(click(r, 'u0', 'confirm.1').outcome.ok, true);
  assert.equal(r.store.games.get(r.gameId)!.status, 'finished');
});
