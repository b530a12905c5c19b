/**
 * `score --game chan` input contract: a documented true/false field given as text or a number is an
 * error (a `"true"` Thông / Địa ù counted as false, a `"false"` or `0` dealtHadChan as true, so Phá
 * thiên was lost); a cước announced 0 times is refused in the string form as in the list form; the
 * documented example input (docs/scenarios-chan.md) is a winning hand and scores as the doc says.
 * A hand no table deals is refused, as the position loader refuses it: more than 4 copies of a face,
 * an exposed "cạ" of two faces no cạ group joins, a Thiên ù with melds, a winning card or a dealt
 * hand said to hold no chắn (Phá thiên paid on a hand that shows chắn).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { engine } from '../../src/games/chan/index.js';
import { programArgs } from '../support/program.js';
import { play, position } from './helpers.js';

type Out = {
  valid: boolean;
  reason?: string;
  cuoc?: { cuoc: string; count: number }[];
  value?: number;
  announcementCorrect?: boolean;
  points?: { value: number; perLoser?: number; winner: number };
};
const score = (input: unknown) => engine.cli!.score!(input) as Out;
const ids = (o: Out) => (o.cuoc ?? []).map((c) => (c.count > 1 ? `${c.cuoc}x${c.count}` : c.cuoc)).sort();
// chan.md §14 E9: Chì + Tám đỏ + Lèo × 2.
const E9 = { players: 5, concealed: '9v 9v 8s 8s CC CC 8v 8v 2n 2n 4n 4n 3v 5n 5s 6v 6s 7v 7n', card: '3v', how: 'own-draw' };

test('a true/false field given as text or a number is an error, never read as its default', () => {
  for (const key of ['chiu', 'dia', 'thong', 'dealtHadChan']) {
    for (const v of ['true', 'false', 0, 1, null, 'yes']) {
      const o = score({ ...E9, how: key === 'chiu' ? 'return-to-me' : 'own-draw', [key]: v });
      assert.equal(o.valid, false, `${key}: ${JSON.stringify(v)}`);
      assert.equal(o.reason, `${key} must be true or false, not ${JSON.stringify(v)}`);
    }
  }
  // The same check inside an array of hands: one answer per hand.
  const out = engine.cli!.score!([E9, { ...E9, thong: 'true' }]) as Out[];
  assert.deepEqual(
    out.map((o) => o.valid),
    [true, false],
  );
});

test('real booleans still count: thong, dia, and dealtHadChan false (Phá thiên)', () => {
  assert.deepEqual(ids(score(E9)), ['chi', 'leox2', 'tam-do']);
  assert.ok(ids(score({ ...E9, thong: true })).includes('thong'));
  assert.ok(ids(score({ ...E9, dia: true })).includes('dia-u'));
  const pha = score({ ...E9, dealtHadChan: false });
  assert.ok(ids(pha).includes('pha-thien'), ids(pha).join(','));
  assert.ok(pha.value! > score(E9).value!);
  assert.deepEqual(ids(score({ ...E9, dealtHadChan: true })), ids(score(E9)));
  assert.deepEqual(ids(score({ ...E9, thong: false, dia: false })), ids(score(E9)));
});

test('a cước announced 0 times is refused in both forms ("leox0" and { count: 0 })', () => {
  const str = score({ ...E9, announced: 'chi, leox0' });
  const list = score({ ...E9, announced: ['chi', { cuoc: 'leo', count: 0 }] });
  for (const o of [str, list]) {
    assert.equal(o.valid, false);
    assert.match(o.reason!, /^bad count for leo: /);
  }
  assert.equal(str.reason, list.reason);
  assert.equal(score({ ...E9, announced: 'chi, leo*0' }).valid, false);
  // Counts of 1 or more are fine in both forms.
  assert.equal(score({ ...E9, announced: 'chi, tam-do, leox1' }).announcementCorrect, true);
  assert.equal(score({ ...E9, announced: 'chi, tam-do, leox2' }).points!.value, 18);
  assert.equal(score({ ...E9, announced: ['chi', 'tam-do', { cuoc: 'leo', count: 2 }] }).points!.value, 18);
});

/** The JSON example of docs/scenarios-chan.md § "score CLI input". */
function docExample(): { input: Record<string, unknown>; text: string } {
  const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'scenarios-chan.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## `score` CLI input'));
  const m = /```json\n([\s\S]*?)```/.exec(section)!;
  return { input: JSON.parse(m[1]!) as Record<string, unknown>, text: section.slice(0, section.indexOf('| field')) };
}

test('the documented score input is a winning hand and scores as the doc says', () => {
  const { input, text } = docExample();
  const o = score(input);
  assert.equal(o.valid, true, o.reason);
  assert.deepEqual(ids(o), ['chi', 'chiu', 'leox2', 'tam-do']);
  assert.equal(o.value, 19);
  assert.equal(o.announcementCorrect, true);
  assert.deepEqual(o.points, { value: 18, perLoser: -18, winner: 72 });
  // What the doc says of it.
  for (const said of ['"value": 19', '"points": { "value": 18, "perLoser": -18, "winner": 72 }', '`chiu`'])
    assert.ok(text.includes(said), `docs/scenarios-chan.md should say ${said}`);
  // Through the CLI itself (exit 0 = valid).
  const out = execFileSync('node', [...programArgs('src/cli/main.ts'), 'score', '--game', 'chan'], { input: JSON.stringify(input) });
  assert.deepEqual((JSON.parse(out.toString()) as Out).points, o.points);
});

/** The documented example (docs/scenarios-chan.md): a chíu `[5n5n5n5n]` and a cạ `[7v7s]` exposed. */
const DOC = {
  players: 5,
  concealed: '9v 9v 8s 8s CC CC 8v 8v 2n 2n 4n 4n 3v',
  melds: ['[5n5n5n5n]', '[7v7s]'],
  card: '3v',
  how: 'own-draw',
  announced: 'chi, tam-do, leox2',
};
const refused = (input: Record<string, unknown>, reason: RegExp) => {
  const o = score(input);
  assert.equal(o.valid, false, JSON.stringify(input));
  assert.match(o.reason!, reason);
};

test('more than 4 copies of a face (concealed, melds and winning card together) is refused (chan.md §2)', () => {
  const six = (f: string) => Array.from({ length: 6 }, () => f).join(' ');
  refused(
    {
      players: 5,
      concealed: `${six('9v')} ${six('8s')} ${six('CC')} 3v`,
      card: '3v',
      how: 'own-draw',
      announced: 'chi, thap-thanh, leox6',
    },
    /^more than 4 copies of 9v 8s CC among the concealed cards, melds and winning card: .*\(chan\.md §2\)$/,
  );
  // A fifth 5n beside the exposed chíu; a fifth 3v as the winning card.
  refused({ ...DOC, concealed: DOC.concealed.replace('8v 8v', '5n 8v') }, /copies of 5n /);
  refused({ ...DOC, concealed: DOC.concealed.replace('2n 2n 4n 4n', '3v 3v 3v 3v') }, /copies of 3v /);
  // The fourth copy is fine: a chíu-ù on a discard with three held.
  const chiuU = { players: 5, concealed: '4v 4v 4v 1v 1v 2v 2v 3n 3n 5v 5v 6v 6n 7v 7s 8v 8n 9n 9s', card: '4v', how: 'discard' };
  assert.equal(score(chiuU).valid, true);
});

test('an exposed cạ is two faces of one cạ group; Lão + Thang only with lao-thang-ca (chan.md §2)', () => {
  for (const ca of ['[7v8s]', '[2v9s]', '[CC9v]'])
    refused({ ...DOC, melds: ['[5n5n5n5n]', ca] }, new RegExp(`^meld \\${ca.slice(0, -1)}\\] is no cạ: .*\\(chan\\.md §2\\)$`));
  const laoThang = { ...DOC, concealed: DOC.concealed.replace('CC CC', '7v 7s'), melds: ['[5n5n5n5n]', '[LATH]'], announced: 'chi' };
  assert.equal(score(laoThang).valid, true, score(laoThang).reason);
  refused({ ...laoThang, options: { 'lao-thang-ca': false } }, /is no cạ: .*Lão and Thang only with lao-thang-ca/);
  // Cạ of the Nhất/Yêu group and of one rank stand.
  assert.equal(score({ ...DOC, melds: ['[5n5n5n5n]', '[7s7v]'] }).valid, true);
});

test('a melds list entry in brackets holds exactly one meld, its brackets closed, as the one-string form', () => {
  refused({ ...DOC, melds: ['[5n5n5n5n', '[7v7s]'] }, /bracket is not closed or not opened/);
  refused({ ...DOC, melds: ['5n5n5n5n]', '[7v7s'] }, /bracket is not closed or not opened/);
  // Two chắn in one entry were read as one chíu (cước "chiu" paid): refused, as in one string they are two.
  refused({ ...DOC, melds: ['[5n5n][5n5n]', '[7v7s]'] }, /holds 2 melds: give each as its own entry/);
  assert.equal(score({ ...DOC, melds: ['[5n5n]', '[5n5n]', '[7v7s]'], announced: 'chi' }).valid, true);
  // An entry without brackets still reads as one meld.
  assert.equal(score({ ...DOC, melds: ['5n5n5n5n', '7v7s'] }).valid, true);
});

// A 5-player opener whose 20 dealt cards win at OPEN (chan.md §8): Thiên ù.
const OPEN7 = '1v 1v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6v 7v 7s 8v 8n 9n 9s 4v 4v';

test('Thiên ù is won on the dealt hand: no melds, no winning card, and its chắn show (no Phá thiên)', () => {
  const thien = { players: 5, concealed: OPEN7, how: 'open', options: { 'xuong-mode': 'auto' } };
  // As the engine pays it.
  const s = play(position(5, { hands: [OPEN7], phase: { kind: 'open' } }, { 'xuong-mode': 'auto', scoring: 'cuoc' }), 0, { type: 'u' });
  const paid = score(thien).points!;
  assert.equal(paid.perLoser, engine.result(s)!.deltas[1]);
  assert.equal(score({ ...thien, dealtHadChan: true }).points!.perLoser, paid.perLoser);
  refused({ ...thien, dealtHadChan: false }, /^dealtHadChan is false, but with how = open .* holds a chắn \(chan\.md §9 Phá thiên\)$/);
  refused({ ...thien, card: '4v' }, /^Thiên ù .*omit card with how = open \(chan\.md §8\)$/);
  refused(
    { ...thien, concealed: OPEN7.replace('1v 1v 2v 2v ', ''), melds: ['[1v1v]', '[2v2v]'] },
    /^Thiên ù is won on the dealt hand at OPEN, .*no melds \(chan\.md §5\.3, §8\)$/,
  );
});

test('Thiên ù is on no card: dia (Địa ù) and chiu (chíu-ù) true are refused with how = open', () => {
  const thien = { players: 5, concealed: OPEN7, how: 'open', options: { 'xuong-mode': 'auto' } };
  assert.equal(score(thien).valid, true);
  refused({ ...thien, dia: true }, /no Địa ù, so dia must be false with how = open/);
  refused({ ...thien, chiu: true }, /no chíu-ù, so chiu must be false with how = open/);
});
