/**
 * A step's table draws each seat view once (views.ts handView): also one with a note above it (a view
 * outside the game thread names its table there, bot/seat-channels.ts), which was drawn anew at every
 * ask (twice a change for a DM seat view: its signature, then its edit). A different note is another view.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig } from '../support/table-rig.js';
import { handView } from '../../src/table/views.js';

test('a view with a note is drawn once per table, seat, language and note', () => {
  const r = rig('phom', ['human', 'human'], { seed: 'note-cache' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const t = r.ts.load(r.gameId)!;
  const a = handView(t, 0, 'en', '**Phỏm** #abc');
  assert.equal(handView(t, 0, 'en', '**Phỏm** #abc'), a, 'the same view');
  assert.equal(a.lines[0], '**Phỏm** #abc');
  assert.notEqual(handView(t, 0, 'en', 'another'), a);
  assert.notEqual(handView(t, 0, 'en'), a, 'without the note: another view');
  assert.notEqual(handView(t, 0, 'vi', '**Phỏm** #abc'), a);
  assert.ok(Object.isFrozen(a), 'shared, so frozen');
});
