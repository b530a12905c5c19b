/**
 * What a screen reader gets that only the image gave (the 2026-12-06 accessibility review): the
 * table message's first line and its words name the round's wind in mahjong (the image's title);
 * a result message that lists the first scoring lines says how many more there are, and where; a
 * button label longer than Discord's 80 characters is also given whole among the view's lines; in
 * Vietnamese, the Winter season is not read as the East wind.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { handView, imageAlt, presentCtx, resultView, tableView } from '../../src/table/views.js';
import { tableInWords } from '../../src/table/words.js';
import { blocksOf } from '../../src/table/announce.js';
import type { Table } from '../../src/table/store.js';
import { rig, playWithAi, playWithAiUntil } from '../support/table-rig.js';
import type { GameId, HandResult } from '../../src/games/core/types.js';

for (const game of ['vn-mahjong', 'classic-mahjong'] as GameId[]) {
  test(`${game}: the table's first line and its words name the round's wind`, () => {
    const r = rig(game, ['human', 'ai', 'ai', 'ai'], { seed: 'wind' });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    const t = r.ts.load(r.gameId)!;
    for (const [lang, east] of [
      ['en', 'East'],
      ['vi', 'Đông'],
      ['zh-TW', '東'],
    ] as const) {
      const v = tableView(t, lang);
      assert.ok(v.model);
      assert.ok(v.lines[0]!.includes(east), `${lang}: ${v.lines[0]}`);
      assert.equal(v.lines[0], `**${v.model.title}** · ${v.lines[0]!.split('** · ')[1]}`);
      const pc = presentCtx(t, lang);
      const words = tableInWords(v.model, game, (c) => t.presenter.pieceName(c, pc));
      assert.ok(words.startsWith(v.model.title), `${lang}: ${words.slice(0, 60)}`);
    }
  });
}

test('phom and chan: the first line is the game, as before (their title is the game)', () => {
  for (const game of ['phom', 'chan'] as GameId[]) {
    const r = rig(game, ['human', 'ai', 'ai', 'ai'], { seed: 'title' });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    const v = tableView(r.ts.load(r.gameId)!, 'en');
    assert.match(v.lines[0]!, /^\*\*(Phỏm \(Tá lả\)|Chắn)\*\* · Hand 1$/);
  }
});

test('classical mahjong: a result with more than 15 scoring lines says how many more, and where', () => {
  let seen = 0;
  for (let k = 0; k < 25 && seen < 2; k++) {
    const r = rig('classic-mahjong', ['human', 'human', 'human', 'human'], { seed: `rs-${k}` });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    playWithAi(r);
    const t = r.ts.load(r.gameId)!;
    if (!(t.engine.result(t.state) as HandResult | null)?.winners.length) continue;
    for (const lang of ['en', 'vi', 'zh-TW'] as const) {
      const v = resultView(t, lang, false)!;
      const listed = v.lines.filter((l) => l.startsWith('• ') && !l.startsWith('• …'));
      const more = v.lines.filter((l) => l.startsWith('• …'));
      assert.equal(listed.length, Math.min(15, v.model.lines.length));
      if (v.model.lines.length <= 15) assert.deepEqual(more, []);
      else {
        assert.equal(more.length, 1, v.lines.join('\n'));
        assert.ok(more[0]!.includes(String(v.model.lines.length - 15)), more[0]);
        if (lang === 'en') assert.match(more[0]!, /Result in words/);
        if (lang === 'en') seen++;
      }
    }
  }
  assert.ok(seen > 0, 'a result with more than 15 lines');
});

test('a label longer than a button takes is given whole among the lines: a Chắn xướng of four cước, a four-joker opening', () => {
  // Chắn: Xuông, Chì, Thông and Lèo chosen (en glosses each: 115 characters).
  const r = rig('chan', ['human', 'human', 'human', 'human'], { seed: 'xg-0' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const announcing = (t: Table) => r.pending()[0]!.options.every((o) => o.type === 'xuong') && !!t;
  playWithAiUntil(r, () => announcing(r.ts.load(r.gameId)!));
  const d = r.pending()[0]!;
  let mask = 0;
  blocksOf(d.options).forEach((b, i) => {
    if (['xuong', 'chi', 'thong', 'leo'].includes(b.cuoc)) mask |= 1 << i;
  });
  const v = handView(r.ts.load(r.gameId)!, d.seat, 'en', undefined, { mask, counts: {} });
  const confirm = v.rows.flat().find((c) => c.type === 'button' && c.verb === 'announce') as { label: string };
  assert.ok(confirm.label.length === 80 && confirm.label.endsWith('…'), confirm.label);
  const whole = v.lines.find((l) => l.startsWith(confirm.label.slice(0, -1)));
  assert.ok(whole && whole.length > 80 && whole.includes('Lèo'), `whole among the lines: ${v.lines.join(' / ')}`);
  // Vietnamese mahjong: a seat holding four jokers at the opening (seed op-1755, seat 3).
  const m = rig('vn-mahjong', ['human', 'human', 'human', 'human'], { seed: 'op-1755' });
  m.run({ kind: 'start', gameId: m.gameId, userId: 'u0' });
  const o = handView(m.ts.load(m.gameId)!, 3, 'en', undefined, { mask: 15, keep: true });
  const cutOff = o.rows.flat().filter((c) => c.type === 'button' && c.label.endsWith('…')) as { label: string }[];
  assert.ok(cutOff.length > 0, 'a confirm longer than a button');
  for (const b of cutOff) {
    assert.ok(b.label.length <= 80);
    assert.ok(
      o.lines.some((l) => l.length > 80 && l.startsWith(b.label.slice(0, -1))),
      b.label,
    );
  }
});

test('vi: the Winter season is said "Mùa Đông", not "Đông" as the East wind', () => {
  const r = rig('vn-mahjong', ['human', 'human', 'human', 'human'], { seed: 'dong-8' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const t = r.ts.load(r.gameId)!;
  const alt = imageAlt(t.presenter, handView(t, 0, 'vi').model, presentCtx(t, 'vi'));
  assert.match(alt, /Đông, /, 'the East wind');
  assert.match(alt, /Mùa Đông/, alt);
  assert.equal(alt.match(/(?<!Mùa )Đông/g)?.length, 1, alt);
});

test('an opening of several jokers lists them with the language list separator (zh-TW 、), not spaces', () => {
  const m = rig('vn-mahjong', ['human', 'human', 'human', 'human'], { seed: 'op-1755' });
  m.run({ kind: 'start', gameId: m.gameId, userId: 'u0' });
  const t = m.ts.load(m.gameId)!;
  for (const [lang, sep] of [
    ['zh-TW', '、'],
    ['en', ', '],
    ['vi', ', '],
  ] as const) {
    const v = handView(t, 3, lang, undefined, { mask: 15, keep: true });
    const whole = v.lines.concat(v.rows.flat().flatMap((c) => (c.type === 'button' ? [c.label] : []))).join('\n');
    assert.ok(whole.includes(sep), `${lang}: ${whole}`);
  }
});
