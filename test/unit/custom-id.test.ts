import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeCommandId, decodeConfigId, decodeGameId, encodeCommandId, encodeConfigId, encodeGameId } from '../../src/bot/custom-id.js';

test('game custom_ids round-trip and stay within 100 characters', () => {
  const b = { gameId: 'a1b2c3d4', ver: 123456789, verb: 'act' as const, arg: '17' };
  const s = encodeGameId(b);
  assert.ok(s.length <= 100);
  assert.deepEqual(decodeGameId(s), b);
  assert.deepEqual(decodeGameId('g:abc:0:hand'), { gameId: 'abc', ver: 0, verb: 'hand' });
});

test('decoding never throws and rejects anything unknown', () => {
  for (const raw of ['', 'g:', 'g:ABC:1:act', 'g:abc:x:act', 'g:abc:1:explode', 'x:abc:1:act', 'g:abc:1:act:' + 'a'.repeat(60), '💥']) {
    assert.equal(decodeGameId(raw), null, raw);
  }
  // encoding does throw: a bad id is our bug, never user input
  assert.throws(() => encodeGameId({ gameId: 'abc', ver: 1, verb: 'act', arg: 'bad arg with spaces' }), {
    name: 'Error',
    message: 'bad custom_id g:abc:1:act:bad arg with spaces',
  });
});

test('config custom_ids round-trip', () => {
  const c = { game: 'vn-mahjong', verb: 'preset' as const };
  assert.deepEqual(decodeConfigId(encodeConfigId(c)), c);
  assert.equal(decodeConfigId('c:phom:explode'), null);
});

test('command custom_ids (x:<command>:<rest>) round-trip; anything else decodes to null', () => {
  assert.deepEqual(decodeCommandId(encodeCommandId('games', 'page:2')), { command: 'games', rest: 'page:2' });
  assert.deepEqual(decodeCommandId('x:notify:'), { command: 'notify', rest: '' });
  for (const raw of ['', 'x:', 'x:Games:1', 'g:abc:1:act', 'x:games:' + 'a'.repeat(65)]) assert.equal(decodeCommandId(raw), null, raw);
  assert.throws(() => encodeCommandId('games', 'a'.repeat(70)), { name: 'Error', message: `bad custom_id x:games:${'a'.repeat(70)}` });
});
