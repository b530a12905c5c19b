/**
 * `/config show` prints each house-rule option as `key = value · … · allowed values`, then its
 * description in the admin's language (`<game>:option.<key>`). Where the English description of an
 * enum option says which value code means what ("… (face-ca), … (rank-ca) …"), the Vietnamese and
 * Chinese ones must name the same codes, or an admin reading them cannot tell which value does what.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { OptionSpec } from '../../src/games/core/options.js';
import { GAMES } from '../../src/table/manifests.js';
import { translator } from '../../src/table/i18n.js';

/** A code counts as named when it stands alone: not inside a longer code (rank-ca in rank-ca-and-chan) or word. */
const names = (text: string, code: string): boolean => {
  const escaped = code.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
  return new RegExp(`(^|[^\\w-])${escaped}([^\\w-]|$)`).test(text);
};

/** Every enum option of every game with the value codes its English description names. */
const enumOptions = () =>
  Object.entries(GAMES).flatMap(([game, m]) =>
    Object.entries(m.engine.options.fields as Record<string, OptionSpec>).flatMap(([key, spec]) => {
      if (spec.type !== 'enum') return [];
      const en = translator('en')(`${game}:option.${key}`);
      return [{ id: `${game}:option.${key}`, named: spec.values.filter((v) => names(en, v)) }];
    }),
  );

test('the check sees the English descriptions that name their codes (e.g. chan passed-ca-ban, classic rotation)', () => {
  const byId = new Map(enumOptions().map((o) => [o.id, o.named]));
  assert.deepEqual(byId.get('chan:option.passed-ca-ban'), ['face-ca', 'rank-ca', 'rank-ca-and-chan']);
  assert.deepEqual(byId.get('classic-mahjong:option.rotation'), ['quick', 'tournament']);
  assert.ok([...byId.values()].filter((n) => n.length).length >= 17);
});

test('vi and zh-TW option descriptions name every value code the English one names', () => {
  const bad: string[] = [];
  for (const { id, named } of enumOptions())
    for (const lang of ['vi', 'zh-TW'] as const) {
      const text = translator(lang)(id);
      const missing = named.filter((v) => !names(text, v));
      if (missing.length) bad.push(`${lang} ${id}: lacks ${missing.join(', ')} → ${text}`);
    }
  assert.deepEqual(bad, []);
});
