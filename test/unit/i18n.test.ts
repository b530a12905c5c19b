import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCatalogues, LANGS, translator, langOf, listWithin } from '../../src/table/i18n.js';

function keys(obj: unknown, prefix = ''): string[] {
  if (obj === null || typeof obj !== 'object') return [prefix];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

const cat = loadCatalogues();

test('every namespace exists in every language', () => {
  const all = new Set(LANGS.flatMap((l) => Object.keys(cat[l])));
  for (const l of LANGS) for (const ns of all) assert.ok(cat[l][ns], `${l} lacks namespace ${ns}`);
});

test('no key is missing in any language', () => {
  const missing: string[] = [];
  const namespaces = new Set(LANGS.flatMap((l) => Object.keys(cat[l])));
  for (const ns of namespaces) {
    const union = new Set(LANGS.flatMap((l) => keys(cat[l][ns] ?? {})));
    for (const l of LANGS) {
      const have = new Set(keys(cat[l][ns] ?? {}));
      for (const k of union) if (!have.has(k)) missing.push(`${l}/${ns}.json: ${k}`);
    }
  }
  assert.deepEqual(missing, []);
});

test('placeholders agree across languages', () => {
  const bad: string[] = [];
  const ph = (s: unknown) =>
    typeof s === 'string'
      ? [...s.matchAll(/{{(\w+)}}/g)]
          .map((m) => m[1])
          .sort()
          .join(',')
      : '';
  const get = (o: unknown, path: string) => path.split('.').reduce<unknown>((a, k) => (a as Record<string, unknown> | undefined)?.[k], o);
  for (const ns of Object.keys(cat.en)) {
    for (const k of keys(cat.en[ns])) {
      const want = ph(get(cat.en[ns], k));
      for (const l of LANGS) if (ph(get(cat[l][ns], k)) !== want) bad.push(`${l}/${ns}:${k}`);
    }
  }
  assert.deepEqual(bad, []);
});

test('translators pick the language and interpolate', () => {
  assert.equal(translator('vi')('common:table.hand', { n: 3 }), 'Ván 3');
  assert.equal(translator('en')('common:table.hand', { n: 3 }), 'Hand 3');
  assert.equal(translator('zh-TW')('common:table.hand', { n: 3 }), '第 3 局');
});

test('Discord locales map to ours', () => {
  assert.equal(langOf('vi'), 'vi');
  assert.equal(langOf('zh-TW'), 'zh-TW');
  assert.equal(langOf('zh-CN'), 'zh-TW');
  assert.equal(langOf('en-US'), 'en');
  assert.equal(langOf('fr'), 'en');
  assert.equal(langOf(null), 'vi');
});

test('/config show names the lobby button by its real label; Vietnamese calls the AI "Máy" on the level buttons too', () => {
  for (const l of LANGS) {
    const t = translator(l);
    const label = t('common:button.add-ai');
    assert.ok(t('common:config.table-key.ai-level').includes(label), `${l}: ${t('common:config.table-key.ai-level')} quotes "${label}"`);
  }
  const vi = translator('vi');
  assert.equal(
    vi('common:button.add-ai-level', { level: vi('common:ai-level.strong') }),
    `Thêm ${vi('common:ai-name').toLowerCase()} (mạnh)`,
  );
});

test('Vietnamese and Traditional Chinese name the computer player "máy" / 電腦, never "AI"', () => {
  const bad: string[] = [];
  const walk = (o: unknown, where: string): void => {
    if (typeof o === 'string') {
      if (/\bAI\b/.test(o)) bad.push(`${where}: ${o}`);
    } else if (o && typeof o === 'object') for (const [k, v] of Object.entries(o)) walk(v, `${where}.${k}`);
  };
  for (const l of ['vi', 'zh-TW'] as const) for (const [ns, c] of Object.entries(cat[l])) walk(c, `${l}/${ns}`);
  assert.deepEqual(bad, []);
  const zh = translator('zh-TW');
  assert.equal(zh('common:button.add-ai-level', { level: zh('common:ai-level.strong') }), `加入${zh('common:ai-name')}（強）`);
});

test("a list within a line is joined in the reader's language (zh-TW 、, not a comma), unless told otherwise", () => {
  assert.equal(listWithin(['甲', '乙', '丙'], 100, translator('zh-TW')), '甲、乙、丙');
  assert.equal(listWithin(['a', 'b'], 100, translator('en')), 'a, b');
  assert.equal(listWithin(['a', 'b'], 100, translator('zh-TW'), '\n'), 'a\nb');
});
