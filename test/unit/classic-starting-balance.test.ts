/**
 * Classical mahjong's `starting-balance` (classic-mahjong.md §13, "Pomax uses 2000"): the table's
 * score badges show each player's balance, the starting balance plus what the match paid them; it
 * changed nothing shown before (the badges showed the match's net from 0). Without it, the net.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { endMatchText, resultView, standingsModel, tableView } from '../../src/table/views.js';
import { playWithAi, rig, timeOutToResult } from '../support/table-rig.js';

test('classical mahjong with a starting balance: the table shows balances, 2,000 plus the match net', () => {
  const r = rig('classic-mahjong', ['human', 'ai', 'ai', 'ai'], { options: { 'starting-balance': 2000 }, seed: 'balance' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const badges = () => tableView(r.ts.load(r.gameId)!, 'en').model!.seats.map((s) => ({ name: s.name, score: s.score }));
  assert.deepEqual(
    badges().map((b) => b.score),
    ['2,000', '2,000', '2,000', '2,000'],
  );
  const t = timeOutToResult(r);
  const byName = new Map(t.seats.map((s) => [s.displayName, s.seat]));
  const moved = badges().map((b) => ({ ...b, net: t.totals.get(byName.get(b.name)!) ?? 0 }));
  assert.ok(
    moved.some((b) => b.net !== 0),
    'the hand paid someone',
  );
  for (const b of moved) assert.equal(b.score, (2000 + b.net).toLocaleString('en-US'), `${b.name}: ${b.score}, net ${b.net}`);
});

test('classical mahjong without a starting balance: the badges are the match net, signed', () => {
  const r = rig('classic-mahjong', ['human', 'ai', 'ai', 'ai'], { seed: 'balance' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  assert.deepEqual(
    tableView(r.ts.load(r.gameId)!, 'en').model!.seats.map((s) => s.score),
    ['0', '0', '0', '0'],
  );
});

/** A classical table with a starting balance of 2,000 after two hands the AI played. */
function twoHands() {
  const r = rig('classic-mahjong', ['human', 'human', 'human', 'human'], {
    seed: 'rc-classic-mahjong-4',
    options: { 'starting-balance': 2000 },
  });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  playWithAi(r);
  r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: 0, verb: 'next-hand', arg: '0' });
  playWithAi(r);
  const t = r.ts.load(r.gameId)!;
  return { r, t };
}

test("with a starting balance the result's 'Match so far' line says the balances the badges say", () => {
  const { t } = twoHands();
  const line = resultView(t, 'en', false)!.lines.at(-1)!;
  assert.match(line, /^📊 Match so far \(points\): /);
  for (const s of tableView(t, 'en').model!.seats) assert.ok(line.includes(`${s.name} ${s.score}`), `${line} / ${s.name} ${s.score}`);
  assert.doesNotMatch(line, /[+-]\d/);
});

test('with a starting balance the end of the match and its chart give balances too, the net beside', () => {
  const { r, t } = twoHands();
  const entries = r.store.results.matchStandings(r.gameId, t.seats);
  const text = endMatchText(t, 'en', entries);
  for (const s of t.seats) {
    const net = t.totals.get(s.seat) ?? 0;
    const shown = `${(2000 + net).toLocaleString('en-US')} (${net > 0 ? '+' : net < 0 ? '-' : ''}${Math.abs(net).toLocaleString('en-US')} point`;
    assert.ok(text.includes(shown), `${text}\nmissing ${shown}`);
  }
  const chart = standingsModel(t, 'en', entries)!;
  for (const p of chart.players)
    assert.ok(
      p.totals.every((x) => x > 1000),
      JSON.stringify(p),
    );
});
