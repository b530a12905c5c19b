/**
 * /history (no game-id) lists 15 games. The reply was cut with `.slice(0, 2000)`: a server whose
 * recent tables have long names got a line cut in the middle of its `<t:…:R>` stamp (or a name, or
 * between the halves of an emoji), and the hint line under the list was dropped. Whole lines now,
 * the last counted, the hint kept.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { slash, withWorld } from './harness.js';

/** Half of a surrogate pair without the other (String.prototype.isWellFormed is not in this TypeScript lib). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const NAMES = [
  'Nguyễn Thị Phương Thảo Minh Anh',
  'Trần Hoàng Bảo Ngọc Khánh Linh',
  'Lê Văn Quốc Trung Đức Minh Hải',
  'Phạm Thị Thanh Hương Mai Lan',
];

test('/history: 15 four-seat games with 30-character names: every listed line whole, the hint kept', async () => {
  await withWorld(async (w) => {
    for (let g = 0; g < 15; g++) {
      const row = w.store.games.create({ game: 'phom', options: {}, optionsHash: 'x', seed: `s${g}`, seats: 4, guildId: w.guildId });
      w.store.games.setSeats(
        row.id,
        NAMES.map((n, seat) => ({ seat, userId: w.users[seat]!.id, isAi: false, displayName: n })),
      );
      w.store.games.start(row.id);
      w.now.t += 60_000;
    }
    const r = await (await slash(w, w.users[0]!.id, 'history', {})).reply();
    const c = r.content as string;
    // Every Discord timestamp is whole (a cut one shows as raw text).
    const opened = (c.match(/<t:/g) ?? []).length;
    const whole = (c.match(/<t:\d+:R>/g) ?? []).length;
    assert.equal(whole, opened, `a <t:…> stamp is cut: ${JSON.stringify(c.slice(-60))}`);
    // The last line is the hint ("Use /history game-id:…"), not a cut game line.
    assert.doesNotMatch(c.split('\n').at(-1)!, /^`[0-9a-z]+`/, 'the reply ends with a game line cut short; the hint line is gone');
  });
});

test('/history: no name length cuts the reply inside a <t:…:R> stamp', async () => {
  await withWorld(async (w) => {
    let broken: string | null = null;
    for (let pad = 0; pad < 40 && !broken; pad++) {
      for (let g = 0; g < 15; g++) {
        const row = w.store.games.create({
          game: 'phom',
          options: {},
          optionsHash: 'x',
          seed: `p${pad}-${g}`,
          seats: 4,
          guildId: w.guildId,
        });
        w.store.games.setSeats(
          row.id,
          NAMES.map((n, seat) => ({
            seat,
            userId: w.users[seat]!.id,
            isAi: false,
            displayName: seat === 0 ? n.slice(0, 32 - (pad % 32)) : n,
          })),
        );
        w.store.games.start(row.id);
        w.now.t += 60_000;
      }
      const c = (await (await slash(w, w.users[0]!.id, 'history', {})).reply()).content as string;
      if ((c.match(/<t:/g) ?? []).length !== (c.match(/<t:\d+:R>/g) ?? []).length) broken = c.slice(-40);
    }
    assert.equal(broken, null, `the reply ends in a cut stamp: ${JSON.stringify(broken)}`);
  });
});

test('/history: a name of emoji is never cut between the two halves of a surrogate pair', async () => {
  await withWorld(async (w) => {
    let bad: string | null = null;
    for (let pad = 0; pad < 8 && !bad; pad++) {
      for (let g = 0; g < 15; g++) {
        const row = w.store.games.create({
          game: 'phom',
          options: {},
          optionsHash: 'x',
          seed: `e${pad}-${g}`,
          seats: 4,
          guildId: w.guildId,
        });
        w.store.games.setSeats(
          row.id,
          [0, 1, 2, 3].map((seat) => ({
            seat,
            userId: w.users[seat]!.id,
            isAi: false,
            displayName: `${'x'.repeat(pad)}${'🌸'.repeat(14)}`,
          })),
        );
        w.store.games.start(row.id);
        w.now.t += 60_000;
      }
      const c = (await (await slash(w, w.users[0]!.id, 'history', {})).reply()).content as string;
      if (LONE_SURROGATE.test(c)) bad = c.slice(-6);
    }
    assert.equal(bad, null, `the reply ends in a lone surrogate: ${JSON.stringify(bad)}`);
  });
});
