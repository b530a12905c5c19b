/**
 * The table's "last move" line names what was done (found by a locale audit, 2026-12-03): a Phỏm
 * lay-down shows its phỏm and a send the phỏm it went to (not blank, not an index), a classical
 * chow shows its run; a count of 1 is "1 point", not "1 points".
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GAMES, engineOf } from '../../src/table/manifests.js';
import { translator } from '../../src/table/i18n.js';
import { resolveOptions } from '../../src/games/core/options.js';
import type { GameId } from '../../src/games/core/types.js';
import { walkStates } from '../support/walk.js';
import { lastLine } from '../../src/table/present/common.js';

function lines(game: GameId, types: string[], seeds: number, lang: 'en' | 'zh-TW' = 'en'): Map<string, string[]> {
  const e = engineOf(game);
  const p = GAMES[game].presenter;
  const o = resolveOptions(e.options, {});
  assert.ok(o.ok);
  const out = new Map<string, string[]>(types.map((t) => [t, []]));
  for (let k = 0; k < seeds; k++) {
    for (const s of walkStates(e, o.value, 4, `last-${game}-${k}`, 300)) {
      const pub = e.publicView(s) as { last?: { type: string } | null; lastAction?: { type: string } | null };
      const l = pub.last ?? pub.lastAction;
      if (!l || !out.has(l.type)) continue;
      const text = lastLine(p, pub, { lang, t: translator(lang), names: ['An', 'Bình', 'Chi', 'Dũng'] });
      out.get(l.type)!.push(text ?? '');
    }
  }
  return out;
}

test('Phỏm: a lay-down shows its phỏm, a send the phỏm it went to (as it was before the card) and whose it is', () => {
  const m = lines('phom', ['lay-down', 'send'], 12);
  assert.ok(m.get('lay-down')!.length > 5 && m.get('send')!.length > 0, 'lay-downs and sends were played');
  for (const x of m.get('lay-down')!) assert.match(x, /^\S+: Lay down (nothing|\[.+\])$/, x);
  for (const x of m.get('send')!) {
    const g = /^\S+: Send (\S+) → \[(.+)\] \((An|Bình|Chi|Dũng)\)$/.exec(x);
    assert.ok(g, x);
    assert.ok(!g[2]!.split(' ').includes(g[1]!), `the phỏm without the card sent: ${x}`);
  }
});

test('classical mahjong: a chow shows its run', () => {
  const m = lines('classic-mahjong', ['chow'], 6);
  assert.ok(m.get('chow')!.length > 3, 'chows were played');
  for (const x of m.get('chow')!) assert.match(x, /^\S+: Chow \S+.* \S+.* \S+/, x);
});

test('one point is "1 point"', () => {
  const t = translator('en');
  assert.equal(t('common:unit.points', { count: 1 }), 'point');
  assert.equal(t('common:unit.points', { count: 3 }), 'points');
  assert.equal(t('chan:unit.diem', { count: 1 }), 'point');
});

test('Chắn in Chinese names its cards in Chinese (一萬), not in Vietnamese', () => {
  const m = lines('chan', ['discard', 'draw', 'eat', 'chiu'], 3, 'zh-TW');
  const all = [...m.values()].flat();
  assert.ok(all.length > 20, 'moves were played');
  for (const x of all) assert.doesNotMatch(x, /Vạn|Văn|Sách|Nhất|Nhì|Chi Chi|Thang/, x);
  assert.ok(
    all.some((x) => /[一二三四五六七八九][萬文索]|支支|老|湯/.test(x)),
    all.slice(0, 5).join(' | '),
  );
});
