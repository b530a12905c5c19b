/**
 * Mechanical checks on the catalogues beyond test/unit/i18n.test.ts: Discord's limits on command
 * localizations and modal text, Traditional (not Simplified) Chinese, and game terms that must read
 * the same in every namespace (rules/chan.md §1 glossary; common:lobby.host).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCatalogues, LANGS } from '../../src/table/i18n.js';

const cat = loadCatalogues();

function entries(obj: unknown, prefix = ''): [string, string][] {
  if (typeof obj === 'string') return [[prefix, obj]];
  if (obj === null || typeof obj !== 'object') return [];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => entries(v, prefix ? `${prefix}.${k}` : k));
}
const get = (lng: (typeof LANGS)[number], ns: string, path: string): string => {
  const v = path.split('.').reduce<unknown>((a, k) => (a as Record<string, unknown> | undefined)?.[k], cat[lng][ns]);
  assert.equal(typeof v, 'string', `${lng}/${ns}:${path} is not a string`);
  return v as string;
};
/** Every string of a language, as `ns:key` → text. */
const all = (lng: (typeof LANGS)[number]) =>
  Object.entries(cat[lng]).flatMap(([ns, c]) => entries(c).map(([k, v]) => [`${ns}:${k}`, v] as const));

test('slash command localizations fit Discord: names match its pattern in lower case, descriptions and choices 1–100', () => {
  const bad: string[] = [];
  const nameRe = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
  for (const l of LANGS) {
    for (const [k, raw] of entries(cat[l].commands)) {
      const v = raw.normalize('NFC');
      if (k.endsWith('.name')) {
        if (!nameRe.test(v) || v !== v.toLowerCase()) bad.push(`${l} ${k}: ${v}`);
      } else if (v.length < 1 || v.length > 100) bad.push(`${l} ${k}: ${v.length} characters`);
    }
  }
  assert.deepEqual(bad, []);
});

test('modal titles and text-input labels fit in 45 characters (config-ui.ts does not cut its labels)', () => {
  const keys = [
    'common:config.modal-title',
    'common:config.modal-key',
    'common:config.modal-value',
    'common:lobby.rules-modal-title',
    'common:lobby.rules-modal-label',
    'async:notify.modal-title',
    'async:notify.modal-tz',
    'async:notify.modal-quiet',
    'async:notify.modal-digest',
  ];
  const bad: string[] = [];
  for (const l of LANGS)
    for (const k of keys) {
      const [ns, path] = k.split(':') as [string, string];
      const v = get(l, ns, path);
      if (v.length > 45) bad.push(`${l} ${k}: ${v.length}`);
    }
  assert.deepEqual(bad, []);
});

test('zh-TW uses Traditional characters, not Simplified-only ones', () => {
  // Simplified-only forms (OpenCC cn→tw changes each); 么 (么九), 后 (后 = queen) and 台 are left out.
  const simplified = new Set(
    '个这说时发对开门们为东风龙杠听选择张给将还没问题显规则设机会过进关闭数码条线万饼约结处现让应该请输赢观战历记录场两间钱点积级变换实际认证总计庄闲轮项启动态网页图标连续带胜负经验报亲员长热钟错误帐户继单双杂论赛块边头传无称类别丢弃简体语离广准备补罚赔',
  );
  const bad = all('zh-TW')
    .map(([k, v]) => [k, [...v].filter((c) => simplified.has(c))] as const)
    .filter(([, cs]) => cs.length)
    .map(([k, cs]) => `${k}: ${cs.join('')}`);
  assert.deepEqual(bad, []);
});

test('zh-TW names the table host 房主 everywhere', () => {
  assert.equal(get('zh-TW', 'common', 'lobby.host'), '房主');
  const bad = all('zh-TW')
    .filter(([, v]) => /主持人|桌主|主人/.test(v))
    .map(([k, v]) => `${k}: ${v}`);
  assert.deepEqual(bad, []);
});

test('Vietnamese calls a lobby "sảnh" everywhere, never "phòng chờ"', () => {
  const bad = all('vi')
    .filter(([, v]) => /phòng chờ/i.test(v))
    .map(([k, v]) => `${k}: ${v}`);
  assert.deepEqual(bad, []);
});

test('Chắn terms in zh-TW: one name, gà is not a bet (注), cước is 牌型 not the mahjong 番, the nọc is 牌墩', () => {
  assert.equal(get('zh-TW', 'chan', 'name'), get('zh-TW', 'commands', 'game.chan'));
  for (const ns of ['common', 'chan']) assert.doesNotMatch(get('zh-TW', ns, 'unit.ga'), /注/, `zh-TW/${ns}:unit.ga`);
  const chan = [...entries(cat['zh-TW'].chan), ...entries(cat['zh-TW'].common?.announce).map(([k, v]) => [`announce.${k}`, v] as const)];
  assert.deepEqual(
    chan.filter(([, v]) => /番/.test(v)).map(([k]) => k),
    [],
  );
  assert.deepEqual(
    chan.filter(([, v]) => /牌堆/.test(v)).map(([k]) => k),
    [],
  );
});

test('Chắn option descriptions in vi and zh-TW keep the choices the English one names', () => {
  // rules/chan.md §13: bach-thu-4p eight-chan | disabled; reclaim-window-s 0 = at once; min-points-to-win needs scoring = cuoc.
  assert.match(get('vi', 'chan', 'option.bach-thu-4p'), /8 chắn/);
  assert.match(get('zh-TW', 'chan', 'option.bach-thu-4p'), /8 個 chắn/);
  for (const l of ['vi', 'zh-TW'] as const) {
    assert.match(get(l, 'chan', 'option.reclaim-window-s'), /0/);
    assert.match(get(l, 'chan', 'option.min-points-to-win'), /scoring = cuoc/);
  }
});

test('every rule error of every engine has its text in every language (act.ts falls back to the English one)', async () => {
  const engines = {
    chan: (await import('../../src/games/chan/actions.js')).ERRORS,
    phom: (await import('../../src/games/phom/actions.js')).ERRORS,
    'vn-mahjong': (await import('../../src/games/vn-mahjong/actions.js')).ERRORS,
    'classic-mahjong': (await import('../../src/games/classic-mahjong/actions.js')).ERRORS,
  };
  const bad: string[] = [];
  for (const [game, errors] of Object.entries(engines))
    for (const l of LANGS)
      for (const reason of Object.keys(errors)) {
        const v = (cat[l][game] as { error?: Record<string, unknown> } | undefined)?.error?.[reason];
        if (typeof v !== 'string' || !v) bad.push(`${l} ${game}:error.${reason}`);
      }
  assert.deepEqual(bad, []);
});

test('vi and zh-TW texts name slash commands and their options as Discord lists them in that language', () => {
  // Discord shows a vi client /lịch-sử with mã-trận and ván: a text saying /history `game-id` names
  // options that reader cannot find (common:history.hint and errors:hand-needs-game-id disagreed).
  const en = cat.en.commands as Record<string, Record<string, unknown>>;
  const bad: string[] = [];
  for (const l of ['vi', 'zh-TW'] as const) {
    const own = cat[l].commands as Record<string, Record<string, unknown>>;
    const names = new Map<string, unknown>();
    const options = new Map<string, unknown>();
    for (const [k, c] of Object.entries(en)) {
      names.set(c.name as string, own[k]?.name);
      for (const [o, v] of Object.entries(c))
        if (v && typeof v === 'object' && 'name' in v)
          options.set((v as { name: string }).name, (own[k]?.[o] as { name?: string } | undefined)?.name);
    }
    for (const [key, text] of all(l)) {
      for (const m of text.matchAll(/\/([a-z][a-z-]*)/g))
        if (names.has(m[1]!) && names.get(m[1]!) !== m[1]) bad.push(`${l} ${key}: /${m[1]}`);
      for (const m of text.matchAll(/`([a-z][a-z-]*)(?::[^`]*)?`/g))
        if (options.has(m[1]!) && options.get(m[1]!) !== m[1]) bad.push(`${l} ${key}: \`${m[1]}\``);
    }
  }
  assert.deepEqual(bad, []);
});

test('zh-TW: /away (the seat stays yours) is not named with the word for leaving the table (the seat goes)', () => {
  const away = get('zh-TW', 'commands', 'away.name');
  for (const k of ['button.leave', 'button.leave-seat', 'button.leave-confirm'])
    assert.ok(!get('zh-TW', 'common', k).includes(away), `${k} vs /${away}`);
});

test('Vietnamese names threads and DMs as Discord’s vi client does: "chủ đề" (riêng tư), "tin nhắn trực tiếp"', () => {
  // "luồng" and "tin nhắn riêng" are not Discord's words: a vi reader looks for "chủ đề" in the client's menus,
  // and "tin nhắn riêng" was also used for the only-you-can-see (ephemeral) view, which is no DM at all.
  const bad = all('vi')
    .filter(([, v]) => /luồng|tin nhắn riêng/i.test(v))
    .map(([k, v]) => `${k}: ${v}`);
  assert.deepEqual(bad, []);
  // Permission names as the vi client lists them, the English one in brackets.
  assert.equal(get('vi', 'seatch', 'perm.CreatePublicThreads'), 'Tạo Chủ Đề Công Khai (Create Public Threads)');
  assert.equal(get('vi', 'seatch', 'perm.CreatePrivateThreads'), 'Tạo Chủ Đề Riêng Tư (Create Private Threads)');
  assert.equal(get('vi', 'seatch', 'perm.SendMessagesInThreads'), 'Gửi Tin Nhắn Trong Chủ Đề (Send Messages in Threads)');
  assert.equal(get('vi', 'seatch', 'perm.ManageThreads'), 'Quản Lý Chủ Đề (Manage Threads)');
});

test('English never calls the only-you-can-see (ephemeral) hand view a "private message", Discord’s word for a DM', () => {
  const bad = all('en')
    .filter(([, v]) => /private message|private \(ephemeral\)/i.test(v))
    .map(([k, v]) => `${k}: ${v}`);
  assert.deepEqual(bad, []);
  assert.match(get('en', 'seatch', 'place.ephemeral'), /only you can see/);
  assert.match(get('en', 'commands', 'prefs.place.ephemeral'), /only you can see/);
});

test('English texts use no internal words (engine, RNG, seeded): the reader is a player', () => {
  const bad = all('en')
    .filter(([, v]) => /\b(engine|RNG|seeded)\b/i.test(v))
    .map(([k, v]) => `${k}: ${v}`);
  assert.deepEqual(bad, []);
});

test('Vietnamese: one word for the rating, the host and the hand view', () => {
  const rules: [RegExp, string][] = [
    [/điểm hạng/i, 'the rating is "điểm xếp hạng" (ops:privacy.done, /bảng-xếp-hạng)'],
    [/chủ phòng/i, `the host is "${get('vi', 'common', 'lobby.host')}" (common:lobby.host)`],
    [/bảng bài/i, 'the hand view is "phần xem bài"'],
  ];
  const bad = all('vi').flatMap(([k, v]) => rules.filter(([re]) => re.test(v)).map(([, why]) => `${k}: ${why}`));
  assert.deepEqual(bad, []);
});

test('a text that names a permission uses the permission’s own name (seatch:perm.*)', () => {
  for (const l of LANGS) assert.ok(get(l, 'common', 'picture.attach-denied').includes(get(l, 'seatch', 'perm.AttachFiles')), l);
});

test('zh-TW: an away seat is played by the computer or the default move, not by another member (他人)', () => {
  for (const k of ['games.away', 'away.notice']) {
    assert.doesNotMatch(get('zh-TW', 'async', k), /他人/, k);
    assert.match(get('zh-TW', 'async', k), /電腦或預設動作/, k);
  }
});

test('zh-TW: 局 is a hand, so a text about a game’s own thread says 牌局', () => {
  for (const k of ['errors:not-in-thread', 'errors:no-threads-here', 'common:lobby.thread-cap']) {
    const [ns, path] = k.split(':') as [string, string];
    assert.doesNotMatch(get('zh-TW', ns, path), /[每本]局/, k);
    assert.match(get('zh-TW', ns, path), /牌局/, k);
  }
});

test('zh-TW quotes the buttons it names: 「過」 of every game with a pass, 「結束比賽」; a held pass is 定案 in both texts', () => {
  for (const game of ['chan', 'classic-mahjong', 'vn-mahjong']) {
    const pass = `「${get('zh-TW', game, 'action.pass')}」`;
    assert.ok(get('zh-TW', 'common', 'hand.pass-held').includes(pass), `${game}: ${pass}`);
    assert.ok(get('zh-TW', 'errors', 'pass-final').includes(pass), `${game}: ${pass}`);
  }
  for (const k of ['common:hand.pass-held', 'errors:pass-final']) {
    const [ns, path] = k.split(':') as [string, string];
    assert.match(get('zh-TW', ns, path), /定案/, k);
  }
  assert.ok(get('zh-TW', 'errors', 'last-player-hand').includes(`「${get('zh-TW', 'common', 'button.end-match')}」`));
});

test('zh-TW classic mahjong: the tournament rotation is 錦標賽制, never 比賽 (a match)', () => {
  const en = new Map(entries(cat.en['classic-mahjong']));
  const bad = entries(cat['zh-TW']['classic-mahjong'])
    .filter(([k, v]) => /tournament/i.test(en.get(k) ?? '') && !/錦標賽制/.test(v))
    .map(([k, v]) => `${k}: ${v}`);
  assert.deepEqual(bad, []);
});
