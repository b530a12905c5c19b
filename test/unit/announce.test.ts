import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  blocksOf,
  decodeDraft,
  draftAction,
  encodeDraft,
  isAnnounceDecision,
  readAnnounce,
  chanAnnounceUi,
  announceRows,
} from '../../src/table/announce.js';
import type { BaseAction } from '../../src/games/core/types.js';

const options = [
  { type: 'xuong', calls: [{ cuoc: 'xuong' }] },
  { type: 'xuong', calls: [{ cuoc: 'tom' }] },
  { type: 'xuong', calls: [{ cuoc: 'bach-thu' }] },
  { type: 'xuong', calls: [{ cuoc: 'leo' }] },
  { type: 'xuong', calls: [] },
] as unknown as BaseAction[];

test('an announcement decision is recognized and its blocks know which cước count per instance', () => {
  assert.ok(isAnnounceDecision(options));
  assert.ok(!isAnnounceDecision([{ type: 'discard' } as BaseAction, ...options]));
  const blocks = blocksOf(options);
  assert.deepEqual(
    blocks.map((b) => [b.cuoc, b.perInstance]),
    [
      ['xuong', false],
      ['tom', true],
      ['bach-thu', false],
      ['leo', true],
    ],
  );
});

test('the draft round-trips through custom_id text and builds the combined action', () => {
  const blocks = blocksOf(options);
  const draft = { mask: 0b1010, counts: { 1: 2, 3: 3 } };
  const enc = encodeDraft(draft, blocks);
  assert.ok(enc.length < 20);
  assert.deepEqual(decodeDraft(enc, blocks), draft);
  assert.deepEqual(draftAction(draft, blocks), {
    type: 'xuong',
    calls: [
      { cuoc: 'tom', count: 2 },
      { cuoc: 'leo', count: 3 },
    ],
  });
});

test('clicks update the draft or confirm it; bad input is refused', () => {
  const blocks = blocksOf(options);
  const start = encodeDraft({ mask: 0, counts: {} }, blocks);
  const picked = readAnnounce(`d.${start}`, ['0', '1'], blocks);
  assert.deepEqual(picked, { kind: 'draft', draft: { mask: 0b11, counts: { 1: 1, 3: 1 } } });
  const counted = readAnnounce(`c.${encodeDraft({ mask: 0b11, counts: {} }, blocks)}`, ['1.4'], blocks);
  assert.equal(counted?.kind === 'draft' && counted.draft.counts[1], 4);
  const confirmed = readAnnounce(`k.${encodeDraft({ mask: 0b11, counts: { 1: 4 } }, blocks)}`, [], blocks);
  assert.deepEqual(confirmed, { kind: 'confirm', action: { type: 'xuong', calls: [{ cuoc: 'xuong' }, { cuoc: 'tom', count: 4 }] } });
  assert.equal(readAnnounce('d.zz', [], blocks), null);
  assert.equal(readAnnounce(`d.${start}`, ['9'], blocks), null);
  assert.equal(readAnnounce(`c.${start}`, ['0.2'], blocks), null, 'xuông is not counted per instance');
  assert.equal(readAnnounce(`c.${start}`, ['1.7'], blocks), null);
  assert.equal(readAnnounce(undefined, [], blocks), null);
});

test('options of another kind (a forged announce on a non-Chắn decision) have no blocks and no crash', () => {
  const discard = [
    { type: 'discard', card: '7H' },
    { type: 'discard', card: '8H' },
  ] as unknown as BaseAction[];
  assert.equal(isAnnounceDecision(discard), false);
  assert.deepEqual(blocksOf(discard), []);
  // No cước chosen: an empty confirm is refused (announcing nothing asks first: n., then z.).
  assert.equal(readAnnounce('k.0.0', [], blocksOf(discard)), null);
});

test("Chắn's manifest UI refuses a click on a decision it does not draw", () => {
  const discard = [{ type: 'discard', card: '7H' }] as unknown as BaseAction[];
  assert.equal(chanAnnounceUi.read('k.0.0', [], discard), null);
  assert.deepEqual(chanAnnounceUi.read(`k.${encodeDraft({ mask: 1, counts: {} }, blocksOf(options))}`, [], options), {
    kind: 'action',
    action: { type: 'xuong', calls: [{ cuoc: 'xuong' }] },
  });
});

test('the count menu (one choice) marks a choice as made only when one counted cước is picked', () => {
  const ctx = { t: (k: string) => k } as unknown as Parameters<typeof announceRows>[2];
  const defaults = (mask: number, counts: Record<number, number>) => {
    const rows = announceRows(options, { mask, counts }, ctx);
    const count = rows.find((r) => r.some((c) => c.type === 'select' && String(c.arg).startsWith('c.')));
    const sel = count![0] as { options: { value: string; default?: boolean }[] };
    return sel.options.filter((o) => o.default).map((o) => o.value);
  };
  assert.deepEqual(defaults(0b0010, { 1: 2 }), ['1.2']);
  assert.deepEqual(defaults(0b1010, { 1: 2, 3: 3 }), [], 'two counted cước: no default in a one-choice menu');
});

test('the count menu goes to ×6 (a 24-card hand holds six faces of four: Thiên khai, Chíu, Bòn) and stays within 25 choices', () => {
  const ctx = { t: (k: string) => k } as unknown as Parameters<typeof announceRows>[2];
  const counts = (opts: BaseAction[], mask: number) => {
    const rows = announceRows(opts, { mask, counts: {} }, ctx);
    const sel = rows.flat().find((c) => c.type === 'select' && String(c.arg).startsWith('c.')) as { options: { value: string }[] };
    return sel.options.map((o) => o.value);
  };
  const five = ['thien-khai', 'chiu', 'bon', 'leo', 'tom'].map((cuoc) => ({ type: 'xuong', calls: [{ cuoc }] })) as unknown as BaseAction[];
  assert.deepEqual(counts(five, 0b1), ['0.1', '0.2', '0.3', '0.4', '0.5', '0.6']);
  const all = counts(five, 0b11111);
  assert.equal(all.length, 25, 'five counted cước: 5 each');
  assert.ok(all.includes('4.5'), 'every one of them has its counts');
  const blocks = blocksOf(five);
  const c6 = readAnnounce(`c.${encodeDraft({ mask: 0b1, counts: {} }, blocks)}`, ['0.6'], blocks);
  assert.equal(c6?.kind === 'draft' && c6.draft.counts[0], 6);
});
