/**
 * /notify's "Time zone & quiet hours…" form sets only the fields changed in it: every pre-filled field
 * was written back on submit, so a change made elsewhere while the form was open (another /notify,
 * another device) was silently undone by a submit meant to change the digest alone. And an emptied
 * field changed nothing while the panel said "Saved.": it now means UTC / no quiet hours / the default
 * digest, as each field's placeholder says.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, slash, withWorld, type World } from './harness.js';
import type { SimMessage } from '../discord-sim/index.js';

/** Opens the form from `panel`; returns its fields as shown (value, placeholder) and a submit of `typed`. */
async function openForm(w: World, userId: string, panel: SimMessage) {
  await click(w, userId, panel.id, String(buttonByLabel(w.sim, panel, /Time zone & quiet hours/).custom_id));
  const modal = w.sim.openModals(userId).at(-1)!;
  const inputs = JSON.stringify(modal.components);
  const fields = Object.fromEntries(
    [...inputs.matchAll(/\{[^{}]*"custom_id":"(\w+)"[^{}]*\}/g)].map((m) => {
      const o = JSON.parse(m[0]) as { value?: string; placeholder?: string };
      return [m[1]!, { value: o.value ?? '', placeholder: o.placeholder ?? '' }];
    }),
  );
  return {
    customId: modal.customId,
    fields,
    submit: async (typed: Record<string, string>) => {
      const h = await w.sim.submitModal(userId, panel.id, modal.customId, typed);
      await h.settled({ timeout: 30_000 });
      await w.bot.whenIdle();
      const m = w.sim.message(panel.id)!;
      return `${w.sim.text(m)}\n${String(m.embeds[0]?.description ?? '')}`;
    },
  };
}

test('/notify form: a submit changing the digest keeps the time zone and quiet hours set elsewhere while it was open', async () => {
  await withWorld(async (w) => {
    const u = w.users[1]!;
    const panel = await (await slash(w, u.id, 'notify')).reply();
    const form = await openForm(w, u.id, panel);
    assert.deepEqual(
      [form.fields.tz?.value, form.fields.quiet?.value, form.fields.digest?.value],
      ['UTC', 'off', '3'],
      'pre-filled with the settings as they are',
    );
    assert.ok(form.customId.length <= 100);
    // Meanwhile, from a phone: /notify time-zone:Europe/London quiet:23:00-07:00.
    await slash(w, u.id, 'notify', { 'time-zone': 'Europe/London', quiet: '23:00-07:00' });
    const text = await form.submit({ tz: 'UTC', quiet: 'off', digest: '5' });
    const p = w.store.prefs.get(u.id);
    assert.equal(p.digestOver, 5);
    assert.equal(p.timeZone, 'Europe/London', 'the time zone set meanwhile is kept');
    assert.deepEqual(p.quiet, { from: 23 * 60, to: 7 * 60 }, 'the quiet hours set meanwhile are kept');
    assert.match(text, /Saved\./);
    assert.match(text, /Europe\/London/, 'the panel shows what is in force');
  });
});

test('/notify form: a field changed in it is set, also back to what it showed before a change elsewhere', async () => {
  await withWorld(async (w) => {
    const u = w.users[1]!;
    const panel = await (await slash(w, u.id, 'notify', { 'time-zone': 'Asia/Tokyo' })).reply();
    const form = await openForm(w, u.id, panel);
    await slash(w, u.id, 'notify', { digest: 9 });
    await form.submit({ tz: 'Europe/Paris', quiet: 'off', digest: '3' });
    const p = w.store.prefs.get(u.id);
    assert.equal(p.timeZone, 'Europe/Paris');
    assert.equal(p.digestOver, 9, 'the digest the form showed as 3 was not touched');
  });
});

test('/notify form: emptied fields mean no quiet hours, UTC and the default digest, as their placeholders say', async () => {
  await withWorld(async (w) => {
    const u = w.users[1]!;
    const panel = await (await slash(w, u.id, 'notify', { 'time-zone': 'Asia/Tokyo', quiet: '23:00-07:00', digest: 7 })).reply();
    const form = await openForm(w, u.id, panel);
    const text = await form.submit({ tz: '', quiet: '', digest: '' });
    const p = w.store.prefs.get(u.id);
    assert.deepEqual({ tz: p.timeZone, quiet: p.quiet, digest: p.digestOver }, { tz: null, quiet: null, digest: 3 });
    assert.match(text, /Saved\./);
    assert.match(text, /Quiet hours: none/);
    assert.deepEqual(
      [form.fields.tz?.placeholder, form.fields.quiet?.placeholder, form.fields.digest?.placeholder],
      ['Left empty: UTC', 'Left empty: no quiet hours', 'Left empty: 3 (the default)'],
    );
  });
});
