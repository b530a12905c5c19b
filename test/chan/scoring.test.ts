/** Every cước (chan.md §9), the combining rule, profiles and xướng, through `engine.cli.score`. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine } from '../../src/games/chan/index.js';

type Out = {
  valid: boolean;
  reason?: string;
  cuoc: { cuoc: string; count: number }[];
  value: number;
  diem: number;
  ga: number;
  announcementCorrect: boolean;
  announcementProblems: string[];
  points: { value: number; perLoser?: number; winner: number; perOther?: number };
};
const score = (input: Record<string, unknown>) => engine.cli!.score!(input) as Out;
const ids = (o: Out) => o.cuoc.map((c) => (c.count > 1 ? `${c.cuoc}x${c.count}` : c.cuoc)).sort();

const E10 = '2v 2v 3v 3v 4v 4v 5n 5n 6n 6n 7v 2s 2s 3s 3s 5s 5s 6s 6s 8v 8n 9v 9n';
const OPEN7 = '1v 1v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6v 7v 7s 8v 8n 9n 9s 4v 4v';

// One case per cước: [name, input, expected cước ids, expected value]
const CASES: [string, Record<string, unknown>, string[], number][] = [
  ['xuong', { players: 4, concealed: E10, card: '7v', how: 'other-draw' }, ['xuong'], 2],
  ['thong', { players: 4, concealed: E10, card: '7v', how: 'other-draw', thong: true }, ['thong'], 3],
  ['chi', { players: 4, concealed: E10, card: '7v', how: 'own-draw' }, ['chi'], 3],
  [
    'chi on a returned card',
    { players: 4, concealed: E10, card: '7v', how: 'return-to-me', chiu: false, options: { 'u-on-returned-card': true } },
    ['chi'],
    3,
  ],
  ['thien-u', { players: 5, concealed: OPEN7, how: 'open' }, ['thien-u'], 4],
  ['dia-u', { players: 4, concealed: E10, card: '7v', how: 'other-draw', dia: true }, ['dia-u'], 4],
  [
    'chiu-u (+ bach-thu)',
    { players: 5, concealed: '4v 4v 4v 1v 1v 2v 2v 3n 3n 5v 5v 6v 6n 7v 7s 8v 8n 9n 9s', card: '4v', how: 'discard' },
    ['bach-thu', 'chiu-u'],
    5,
  ],
  [
    'u-bon',
    { players: 5, melds: ['[4v4v]'], concealed: '4v 1v 1v 2v 2v 3n 3n 5v 5v 6v 6v 7v 7s 8v 8n 9n 9s', card: '4v', how: 'other-draw' },
    ['u-bon'],
    4,
  ],
  [
    'bach-thu (E1)',
    { players: 5, concealed: '1v 1v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6n 7v 7s 8v 8n 9n 9s 4v', card: '4v', how: 'other-draw' },
    ['bach-thu'],
    4,
  ],
  [
    'thap-thanh',
    { players: 5, concealed: '1v 1v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6v 8v 8v 2n 2n 3s 3s 4v', card: '4v', how: 'other-draw' },
    ['thap-thanh'],
    17,
  ],
  [
    'bach-dinh',
    { players: 5, concealed: '1v 1v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6v 7v 2n 2s 3v 3s 5n 5s', card: '7v', how: 'other-draw' },
    ['bach-dinh'],
    12,
  ],
  [
    'tam-do + leo x2 + chi (E9)',
    { players: 5, concealed: '9v 9v 8s 8s CC CC 8v 8v 2n 2n 4n 4n 3v 5n 5s 6v 6s 7v 7n', card: '3v', how: 'own-draw' },
    ['chi', 'leox2', 'tam-do'],
    18,
  ],
  [
    'kinh-tu-chi + thien-khai',
    { players: 5, concealed: 'CC CC CC CC 1v 1v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6n 7v 7s 2n', card: '2n', how: 'other-draw' },
    ['kinh-tu-chi', 'thien-khai'],
    18,
  ],
  [
    'tom + bach-dinh',
    { players: 5, concealed: '3v 3s 7n 7n 1v 1v 2v 2v 4s 4s 5v 5v 6v 6v 9n 9n 2n 5n 5s', card: '2n', how: 'other-draw' },
    ['bach-dinh', 'tom'],
    13,
  ],
  [
    'chiu (E2)',
    {
      players: 4,
      melds: ['[5n5n5n5n]', '[7v7s]'],
      concealed: '2v 2v 3n 3n 4s 4s 6n 6n 9s 9s 9v 9v 8v 8n 1v LA 4v',
      card: '4n',
      how: 'other-draw',
    },
    ['chiu'],
    3,
  ],
  [
    'bon',
    { players: 5, melds: ['[2v2v]', '[2v2v]'], concealed: '1v 1v 3n 3n 4s 4s 5v 5v 6v 6n 7v 7s 8v 8n 9n', card: '9s', how: 'other-draw' },
    ['bon'],
    3,
  ],
  ['pha-thien', { players: 4, concealed: E10, card: '7v', how: 'other-draw', dealtHadChan: false }, ['pha-thien'], 17],
  [
    'hoa-roi-cua-phat',
    { players: 5, melds: ['[5v5n]'], concealed: '2v 1v 1v 3n 3n 4s 4s 6v 6v 7v 7v 8v 8n 9n 9s 3v 3s', card: '2v', how: 'own-draw' },
    ['hoa-roi-cua-phat'],
    25,
  ],
  [
    'nha-lau-xe-hoi',
    { players: 5, concealed: '2v 5v 5v 4v 4v 1v 1v 3n 3n 6v 6v 8v 8n 9n 9s 7v 7s 3v 3s', card: '2v', how: 'own-draw' },
    ['nha-lau-xe-hoi'],
    35,
  ],
  [
    'ca-loi-san-dinh',
    { players: 5, melds: ['[5v5n]'], concealed: '8v 1v 1v 3n 3n 4s 4s 6v 6v 7v 7v 2v 2n 9n 9s 3v 3s', card: '8v', how: 'own-draw' },
    ['ca-loi-san-dinh'],
    25,
  ],
  [
    'ngu-ong-bat-ca',
    { players: 5, concealed: '8v CC CC 5s 5s 1v 1v 3n 3n 4s 4s 6v 6n 2v 2n 9n 9s 3v 3s', card: '8v', how: 'own-draw' },
    ['ngu-ong-bat-ca'],
    35,
  ],
  // Profiles and options
  [
    'chan-van-van: no Ngư ông, Chì + Bạch thủ instead',
    {
      players: 5,
      preset: 'chan-van-van',
      concealed: '8v CC CC 5s 5s 1v 1v 3n 3n 4s 4s 6v 6n 2v 2n 9n 9s 3v 3s',
      card: '8v',
      how: 'own-draw',
    },
    ['bach-thu', 'chi'],
    10,
  ],
  [
    'chan-van-van: Chíu ù is 3/1',
    {
      players: 5,
      preset: 'chan-van-van',
      concealed: '4v 4v 4v 1v 1v 2v 2v 3n 3n 5v 5v 6v 6n 7v 7s 8v 8n 9n 9s',
      card: '4v',
      how: 'discard',
    },
    ['bach-thu', 'chiu-u'],
    5,
  ],
  [
    'Thập thành stacking (san-dinh): TT + Bạch định full điểm',
    { players: 5, concealed: '1v 1v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6v 7v 7v 2n 2n 3s 3s 4v', card: '4v', how: 'other-draw' },
    ['bach-dinh', 'thap-thanh'],
    29,
  ],
  [
    'no stacking in chan-van-van',
    {
      players: 5,
      preset: 'chan-van-van',
      concealed: '1v 1v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6v 7v 7v 2n 2n 3s 3s 4v',
      card: '4v',
      how: 'other-draw',
    },
    ['bach-dinh', 'thap-thanh'],
    26,
  ],
  [
    'thap-thanh-4p ten-chan (E10)',
    { players: 4, concealed: E10, card: '7v', how: 'other-draw', options: { 'thap-thanh-4p': 'ten-chan' } },
    ['thap-thanh'],
    17,
  ],
  [
    'bach-thu-4p disabled',
    {
      players: 4,
      melds: ['[5n5n5n5n]', '[7v7s]'],
      concealed: '2v 2v 3n 3n 4s 4s 6n 6n 9s 9s 9v 9n 8v 8n 1v LA 4v',
      card: '4v',
      how: 'other-draw',
      options: { 'bach-thu-4p': 'disabled' },
    },
    ['chiu'],
    3,
  ],
  [
    'bach-thu-4p eight-chan',
    {
      players: 4,
      melds: ['[5n5n5n5n]', '[7v7s]'],
      concealed: '2v 2v 3n 3n 4s 4s 6n 6n 9s 9s 9v 9n 8v 8n 1v LA 4v',
      card: '4v',
      how: 'other-draw',
    },
    ['bach-thu', 'chiu'],
    5,
  ],
  [
    'red-lao-thang off: LA is not red (Bạch định)',
    {
      players: 5,
      concealed: '1v 1v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6v 7v 2n 2s 3v 3s 1n LA',
      card: '7v',
      how: 'other-draw',
      options: { 'red-lao-thang': false },
    },
    ['bach-dinh'],
    12,
  ],
  [
    'red-lao-thang on: LA is red (no Bạch định)',
    { players: 5, concealed: '1v 1v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6v 7v 2n 2s 3v 3s 1n LA', card: '7v', how: 'other-draw' },
    ['xuong'],
    2,
  ],
  [
    'tam-do at-least-8 (9 red)',
    {
      players: 5,
      concealed: '9v 9v 8s 8s CC CC 8v 8v 2n 2n 4n 4n 3v 5n 5s 6v 6s 9s 9n',
      card: '3v',
      how: 'other-draw',
      options: { 'tam-do': 'at-least-8' },
    },
    ['leox2', 'tam-do'],
    17,
  ],
  [
    'tam-do exactly-8 (9 red: none)',
    { players: 5, concealed: '9v 9v 8s 8s CC CC 8v 8v 2n 2n 4n 4n 3v 5n 5s 6v 6s 9s 9n', card: '3v', how: 'other-draw' },
    ['leox2'],
    7,
  ],
  [
    'kinh-tu-chi has-4cc (with other red)',
    {
      players: 5,
      concealed: 'CC CC CC CC 1v 1v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6n 8v 8n 2n',
      card: '2n',
      how: 'other-draw',
      options: { 'kinh-tu-chi': 'has-4cc' },
    },
    ['kinh-tu-chi', 'thien-khai'],
    18,
  ],
  [
    'kinh-tu-chi only-red-4cc (with other red: none)',
    { players: 5, concealed: 'CC CC CC CC 1v 1v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6n 8v 8n 2n', card: '2n', how: 'other-draw' },
    ['thien-khai'],
    3,
  ],
];

for (const [name, input, want, value] of CASES) {
  test(`cước: ${name}`, () => {
    const o = score(input);
    assert.equal(o.valid, true, o.reason);
    assert.deepEqual(ids(o), want.sort());
    assert.equal(o.value, value);
  });
}

test('cước: Bạch thủ chi cannot happen at this table (no win on CC)', () => {
  const o = score({ players: 5, concealed: '1v 1v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6n 7v 7s 8v 8n 9n 9s CC', card: 'CC', how: 'own-draw' });
  assert.equal(o.valid, false);
  assert.match(o.reason!, /no ù on CC/);
});

test('score: a hand that does not win is reported, not thrown', () => {
  const o = score({ players: 5, concealed: '1v 2v', card: '4v' });
  assert.equal(o.valid, false);
  assert.equal((engine.cli!.score!('nonsense') as Out).valid, false);
  assert.equal((engine.cli!.score!({ players: 7 }) as Out).valid, false);
});

// Xướng (§9): correct, partial, thừa, thiếu, empty, hoa announced as Chì + Bạch thủ.
const E9 = { players: 5, concealed: '9v 9v 8s 8s CC CC 8v 8v 2n 2n 4n 4n 3v 5n 5s 6v 6s 7v 7n', card: '3v', how: 'own-draw' };
const HOA = { players: 5, melds: ['[5v5n]'], concealed: '2v 1v 1v 3n 3n 4s 4s 6v 6v 7v 7v 8v 8n 9n 9s 3v 3s', card: '2v', how: 'own-draw' };
test('xướng: full and correct', () => {
  const o = score({ ...E9, announced: 'chi, tam-do, leo x2'.replace(' x2', 'x2') });
  assert.equal(o.announcementCorrect, true);
  assert.equal(o.points.value, 18);
  assert.equal(o.points.winner, 72);
});
test('xướng: omitting optional cước is valid but they are not paid', () => {
  const o = score({ ...E9, announced: [{ cuoc: 'chi' }, { cuoc: 'tam-do' }] });
  assert.equal(o.announcementCorrect, true);
  assert.equal(o.points.value, 14);
});
test('xướng sai: thừa (a count too high)', () => {
  const o = score({ ...E9, announced: [{ cuoc: 'leo', count: 3 }] });
  assert.deepEqual(o.announcementProblems, ['thua:leo']);
  assert.equal(o.points.winner, -48);
});
test('xướng sai: Xuông announced while other cước exist', () => {
  const o = score({ ...E9, announced: ['xuong'] });
  assert.deepEqual(o.announcementProblems, ['thua:xuong']);
});
test('xướng sai: thiếu a mandatory cước (Chíu ù, Ù bòn, Thiên ù, Bạch thủ)', () => {
  const chiuU = score({
    players: 5,
    concealed: '4v 4v 4v 1v 1v 2v 2v 3n 3n 5v 5v 6v 6n 7v 7s 8v 8n 9n 9s',
    card: '4v',
    how: 'discard',
    announced: ['bach-thu'],
  });
  assert.deepEqual(chiuU.announcementProblems, ['thieu:chiu-u']);
  const uBon = score({
    players: 5,
    melds: ['[4v4v]'],
    concealed: '4v 1v 1v 2v 2v 3n 3n 5v 5v 6v 6v 7v 7s 8v 8n 9n 9s',
    card: '4v',
    how: 'other-draw',
    dia: true,
    announced: ['dia-u'],
  });
  assert.deepEqual(uBon.announcementProblems, ['thieu:u-bon']);
  const thien = score({ players: 5, concealed: OPEN7, how: 'open', announced: [] });
  assert.deepEqual(thien.announcementProblems, ['empty', 'thieu:thien-u']);
});
test('xướng: Thiên ù with exactly min chắn needs no separate Bạch thủ', () => {
  const o = score({
    players: 5,
    concealed: '1v 1v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6n 7v 7s 8v 8n 9n 9s 4v 4v',
    how: 'open',
    announced: ['thien-u'],
  });
  assert.equal(o.announcementCorrect, true);
  assert.equal(o.points.value, 4);
});
test('xướng: a hoa cước may be announced as Chì + Bạch thủ (paid as such)', () => {
  const asHoa = score({ ...HOA, announced: ['hoa-roi-cua-phat'] });
  assert.equal(asHoa.announcementCorrect, true);
  assert.equal(asHoa.points.value, 25);
  const asChiBt = score({ ...HOA, announced: ['chi', 'bach-thu'] });
  assert.equal(asChiBt.announcementCorrect, true);
  assert.equal(asChiBt.points.value, 15);
  const onlyChi = score({ ...HOA, announced: ['chi'] });
  assert.deepEqual(onlyChi.announcementProblems, ['thieu:bach-thu']);
});
test('stake multiplies values and đền làng', () => {
  const o = score({ ...E9, options: { stake: 3 }, announced: 'chi,tam-do,leox2' });
  assert.equal(o.points.winner, 18 * 3 * 4);
  const bad = score({ ...E9, options: { stake: 3, 'den-lang-points': 5 }, announced: 'thong' });
  assert.equal(bad.points.winner, -5 * 3 * 4);
});

// §9 "when several arrangements win, the engine uses the one with the highest V". `5v 5n 5v 5n` may be
// two chắn or two cạ. Default `score-arrangement` = most-chan (E10: a chắn is never re-read as cạ):
// Xuông with 8 chắn. `best-value`: also the 6-chắn arrangement, a Bạch thủ (4).
const BT_ALT = { players: 5, concealed: '2v 2v 3n 3n 4s 4s 6v 6v 7s 7s 5v 5n 5v 5n 1v 1n 8v 8n 7v', card: '7v', how: 'other-draw' };
const BEST = { 'score-arrangement': 'best-value' };

test('score: score-arrangement most-chan (default) keeps the chắn; best-value scores the best pairing (§9)', () => {
  const most = score({ ...BT_ALT, announced: 'xuong' }) as Out & { chan: number };
  assert.deepEqual(ids(most), ['xuong']);
  assert.equal(most.chan, 8);
  const o = score({ ...BT_ALT, options: BEST, announced: 'bach-thu' }) as Out & { chan: number };
  assert.equal(o.valid, true, o.reason);
  assert.deepEqual(ids(o), ['bach-thu']);
  assert.equal(o.value, 4);
  assert.equal(o.chan, 6);
  assert.equal(o.announcementCorrect, true);
  // Omitting the (mandatory) Bạch thủ is thiếu.
  assert.deepEqual(score({ ...BT_ALT, options: BEST, announced: 'xuong' }).announcementProblems.sort(), ['thieu:bach-thu', 'thua:xuong']);
  // E10 stays Xuông by default (2v 2v 2s 2s are two chắn), Bạch thủ with best-value.
  assert.deepEqual(ids(score({ players: 4, concealed: E10, card: '7v' })), ['xuong']);
  assert.deepEqual(ids(score({ players: 4, concealed: E10, card: '7v', options: BEST })), ['bach-thu']);
});

test('engine: a win is paid by the best arrangement the option allows (§9)', async () => {
  const { position, play } = await import('./helpers.js');
  for (const [o, value] of [
    [{}, 2],
    [BEST, 4],
  ] as const) {
    let s = position(
      5,
      { hands: ['', '', BT_ALT.concealed], stock: '7v', phase: { kind: 'draw', seat: 0 } },
      { 'xuong-mode': 'auto', ...o },
    );
    s = play(s, 0, { type: 'draw' });
    s = play(s, 2, { type: 'u' });
    const r = engine.result(s)!;
    assert.equal(r.value, value);
    assert.deepEqual(r.deltas, [-value, -value, 4 * value, -value, -value]);
  }
});

test('score: an array of hands gives an array, one entry per hand, each valid or with its reason', () => {
  const out = engine.cli!.score!([BT_ALT, { players: 5, concealed: '1v 2v', card: '4v' }, 'nonsense', []]) as Out[];
  assert.ok(Array.isArray(out));
  assert.equal(out.length, 4);
  assert.equal(out[0]!.valid, true);
  assert.equal(out[0]!.value, 2);
  for (const o of out.slice(1)) {
    assert.equal(o.valid, false);
    assert.ok(o.reason && o.reason.length > 5);
    assert.doesNotMatch(o.reason, /concealed/);
  }
});

test('score: a non-winning hand reports its chắn, cạ and leftover cards (valid: false)', () => {
  type Counts = Out & { chan: number; ca: number; leftovers: string[]; cards: number };
  const o = score({ ...BT_ALT, card: '9s', melds: [] }) as Counts;
  assert.equal(o.valid, false);
  assert.equal(o.cards, 20);
  assert.equal(o.chan, 7);
  assert.equal(o.ca, 2);
  assert.deepEqual(o.leftovers.sort(), ['7v', '9s']);
  assert.match(o.reason!, /without a pair/);
  // Too few chắn although every card is paired: 4P, 6 chắn + 6 cạ.
  const few = score({
    players: 4,
    concealed: '2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 2n 3n 4n 5n 6n 7s 2s 3s 4s 5s 6s',
    card: '7n',
  }) as Counts;
  assert.equal(few.valid, false);
  assert.equal(few.chan, 6);
  assert.equal(few.ca, 6);
  assert.deepEqual(few.leftovers, []);
  assert.match(few.reason!, /only 6 chắn/);
  // Exposed melds count: a chíu is 2 chắn, an eaten cạ is a cạ.
  const m = score({ players: 4, concealed: '1v 2v', card: '4v', melds: ['[5n5n5n5n]', '[7v7s]'] }) as Counts;
  assert.equal(m.chan, 2);
  assert.equal(m.ca, 1);
  assert.deepEqual(m.leftovers.sort(), ['1v', '2v', '4v']);
  // The Yêu rule still names itself, with the counts.
  const y = score({ players: 5, concealed: '1v 1v 2v', card: 'CC' }) as Counts;
  assert.match(y.reason!, /no ù on CC/);
  assert.equal(y.chan, 1);
});

// §9 Bạch thủ checked on its definition: before the win (min−1) chắn + cạ (special cạ included, Q15)
// + exactly one què, no ba đầu; the winning card is the què's twin. The six-face Nhất/Yêu group holds
// special cạ made of two faces held once (`CC LA`, `1n CC`), which an odd-count test misread.
test('Bạch thủ in the Nhất/Yêu group: a special cạ beside the lone Nhất (§9, Q15)', () => {
  const base = { players: 5, card: '1v', how: 'other-draw' };
  const rest = '4v 4v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6n 7v 7s 8v 8n';
  // CC LA is a cạ; the què is 1v (audit repro).
  const a = score({ ...base, concealed: `${rest} CC LA 1v`, announced: 'bach-thu' });
  assert.deepEqual(ids(a), ['bach-thu']);
  assert.equal(a.announcementCorrect, true);
  assert.equal(a.points.winner, 16);
  // Own draw: Chì + Bạch thủ with its gà (V = 15); announcing only Chì omits the mandatory Bạch thủ.
  assert.equal(score({ ...base, how: 'own-draw', concealed: `${rest} CC LA 1v`, announced: 'chi,bach-thu' }).points.value, 15);
  assert.deepEqual(score({ ...base, how: 'own-draw', concealed: `${rest} CC LA 1v`, announced: 'chi' }).announcementProblems, [
    'thieu:bach-thu',
  ]);
  // 1n CC is a cạ too (a Nhất with a Yêu), and CC CC + LA TH: a chắn and a cạ beside the què.
  assert.deepEqual(ids(score({ ...base, concealed: `${rest} 1n CC 1v` })), ['bach-thu']);
  assert.deepEqual(ids(score({ ...base, concealed: '4v 4v 2v 2v 3n 3n 4s 4s 6v 6n 7v 7s 8v 8n CC CC LA TH 1v' })), ['bach-thu']);
  // No Bạch thủ: 1v 1n 1s as three lone cards is a ba đầu (1n or 1s would win as well).
  assert.deepEqual(ids(score({ ...base, concealed: '4v 4v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6n 7v 7s 1n 1s CC LA 1v' })), ['xuong']);
  // No Bạch thủ: 1v 1v CC is the chắn 1v 1v and the què CC (most-chan reading); the 1v wins only as a cạ 1v CC.
  assert.deepEqual(ids(score({ ...base, concealed: '4v 4v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6n 7v 7s 8v 8n 1v 1v CC' })), ['xuong']);
});

test("Bạch thủ: the two other suits of the què's rank held as chắn are no ba đầu (§1, §9)", () => {
  // 4v | 4n 4n 4s 4s: chắn 4n 4n and 4s 4s, què 4v: only 4v completes the hand with 6 chắn.
  const o = score({ players: 5, concealed: '1v 1v 2v 2v 3n 3n 5v 5n 4n 4n 4s 4s 4v 6v 6n 7v 7s 8v 8n', card: '4v', how: 'other-draw' });
  assert.deepEqual(ids(o), ['bach-thu']);
  // A real ba đầu of rank 4 (4v 4n 4s, the chắn 4s 4s apart): no Bạch thủ.
  const b = score({ players: 5, concealed: '1v 1v 2v 2v 3n 3n 5v 5v 4n 4s 4s 4s 4v 6v 6n 7v 7s 8v 8n', card: '4v', how: 'other-draw' });
  assert.equal(b.valid, true, b.reason);
  assert.deepEqual(ids(b), ['xuong']);
});

test("§9 combining does not depend on the announced order: Thập thành and Phá thiên tie at 12, one value (the hand's full value)", () => {
  const hand = (announced: string) =>
    score({
      players: 5,
      concealed: '4n',
      melds: '[1v1v] [2v2v] [3n3n] [4s4s] [5v5v] [6n6n] [7v7v] [2n2n] [3s3s]',
      card: '4n',
      how: 'other-draw',
      dealtHadChan: false,
      announced,
    });
  const a = hand('thap-thanh, bach-dinh, pha-thien');
  const b = hand('pha-thien, thap-thanh, bach-dinh');
  assert.ok(a.announcementCorrect && b.announcementCorrect);
  assert.equal(a.value, 43);
  assert.equal(a.points.value, 43);
  assert.equal(b.points.value, a.points.value);
  assert.equal(b.points.winner, a.points.winner);
});
