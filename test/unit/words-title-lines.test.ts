/**
 * What a screen reader gets that only the image gave (the 2026-12-06 accessibility review): the
 * table message's first line and its words name the round's wind in mahjong (the image's title);
 * a result message that lists the first scoring lines says how many more there are, and where.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resultView, tableView } from '../../src/table/views.js';
import { tableInWords } from '../../src/table/words.js';
import { presentCtx } from '../../src/table/views.js';
import { rig, playWithAi } from '../support/table-rig.js';
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
