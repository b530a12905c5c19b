/**
 * The /notify panel's notice buttons set the value the clicked button shows the other of (▫️ off →
 * on, ✅ on → off). They used to flip the stored value: on a panel left open while the setting changed
 * elsewhere (another panel, another device), "▫️ My move" switched notices off.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { click, slash, withWorld } from './harness.js';
import type { SimMessage } from '../discord-sim/model.js';

const body = (m: SimMessage) => String(m.embeds[0]?.description ?? '');

test('/notify: a button on a panel opened before the setting changed elsewhere sets what it shows', async () => {
  await withWorld(async (w) => {
    const u = w.users[1]!;
    const old = await (await slash(w, u.id, 'notify')).reply();
    assert.match(body(old), /My move: \*\*off\*\*/);
    // Turned on from a second panel (another device); the first stays as it was drawn.
    const other = await (await slash(w, u.id, 'notify')).reply();
    await click(w, u.id, other.id, 'x:notify:t:turn');
    assert.equal(w.store.prefs.get(u.id).notify.turn, true);
    assert.match(body(w.sim.message(old.id)!), /My move: \*\*off\*\*/, 'the first panel is not redrawn');
    // "▫️ My move" on the first panel: on, as it offers; not switched off.
    await click(w, u.id, old.id, 'x:notify:t:turn');
    assert.equal(w.store.prefs.get(u.id).notify.turn, true, 'the click turned "my move" on, as its button offered');
    assert.match(body(w.sim.message(old.id)!), /My move: \*\*on\*\*/, 'redrawn as it stands');
    // The redrawn panel shows it on: its button now turns it off.
    await click(w, u.id, old.id, 'x:notify:t:turn');
    assert.equal(w.store.prefs.get(u.id).notify.turn, false);
    assert.match(body(w.sim.message(old.id)!), /My move: \*\*off\*\*/);
  });
});
