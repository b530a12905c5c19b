import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, type State, type VnAction } from '../../src/games/vn-mahjong/index.js';
import { deepFreeze } from '../../src/games/core/match.js';
import { sortTiles } from '../../src/games/vn-mahjong/tiles.js';
import { act, feedThenDraw, optionsOf, opts, pos, redealHidden } from './helpers.js';

const FA = '1m 4m 7m 2p 5p 8p 3s 6s 9s 1z 3z 5z 7z';
const FB = '2m 5m 8m 3p 6p 9p 1s 4s 7s 2z 4z 6z 1z';
const FC = '3m 6m 9m 1p 4p 7p 2s 5s 8s 1z 2z 3z 4z';

function rejects(s: State, seat: number, a: unknown, code: string) {
  deepFreeze(s);
  const before = JSON.stringify(s);
  const r = engine.apply(s, seat, a as VnAction);
  assert.equal(r.ok, false, `expected ${code}`);
  if (!r.ok) {
    assert.equal(r.error.code, `vn-mahjong/${code}`);
    assert.ok(r.error.message.length > 10);
  }
  assert.equal(JSON.stringify(s), before);
}

// ---------------------------------------------------------------- rule errors
const turnPos = { hands: [FA + ' 8m', FB, FC, '1m 2m 3m 4p 5p 6p 7s 8s 9s 5z 5z 6z 6z'], turn: 0, drawn: '8m' };
test('errors: not-your-turn, tile-not-in-hand, bad-action, hand-over', () => {
  const s = pos(turnPos);
  rejects(s, 1, { type: 'discard', tile: '2m' }, 'not-your-turn');
  rejects(s, 0, { type: 'discard', tile: '9p' }, 'tile-not-in-hand');
  rejects(s, 0, { type: 'fly' }, 'bad-action');
  rejects(s, 0, { type: 'pung', tiles: ['1m', '1m'] }, 'wrong-phase');
  const won = pos({ hands: [FA, FB, FC, '1m 2m 3m 4p 5p 6p 7s 8s 9s 5z 5z 6z 6z'], claim: { tile: '6z', from: 0 } });
  const end = act(won, 3, { type: 'win' });
  rejects(end, 0, { type: 'discard', tile: '1m' }, 'hand-over');
});
test('errors: false-win refused (prevented) with the reason; Chao Ù ends the hand when penalized (§11.6)', () => {
  const s = pos(turnPos);
  rejects(s, 0, { type: 'win' }, 'false-win');
  const p = pos(turnPos, { 'false-win': 'penalized' });
  const e = act(p, 0, { type: 'win', phan: 1 });
  const r = engine.result(e)!;
  assert.equal(r.endedBy, 'false-win');
  assert.deepEqual(r.deltas, [-3 * 70, 70, 70, 70]);
});
test('errors: joker-discard-banned after a seat bonus tile; allowed without one (§5)', () => {
  const base = { hands: [FA + ' JP', FB, FC, '1m 2m 3m 4p 5p 6p 7s 8s 9s 5z 5z 6z 6z'], turn: 0, drawn: 'JP' };
  rejects(pos({ ...base, exposed: [['1f'], [], [], []] }), 0, { type: 'discard', tile: 'JP' }, 'joker-discard-banned');
  assert.ok(optionsOf(pos({ ...base, exposed: [['2f'], [], [], []] }), 0).some((a) => a.type === 'discard' && a.tile === 'JP'));
  rejects(pos(base, { 'joker-discard': 'never' }), 0, { type: 'discard', tile: 'JP' }, 'joker-discard-banned');
  assert.ok(
    optionsOf(pos({ ...base, exposed: [['1f'], [], [], []] }, { 'joker-discard': 'always' }), 0).some(
      (a) => a.type === 'discard' && a.tile === 'JP',
    ),
  );
});
const TENPAI = '1m 2m 3m 4p 5p 6p 7s 8s 9s 5z 5z 6z 6z';
test('joker-discard (§5, §13): which of Tổng, Hợp and Thùng may be discarded, with and without a seat bonus tile', () => {
  const hand = `${FA.replace('1m', 'JA').replace('4m', 'JN')} JP`;
  const jokersOffered = (value: string, flower: string) =>
    optionsOf(pos({ hands: [hand, FB, FC, TENPAI], turn: 0, drawn: 'JP', exposed: [[flower], [], [], []] }, { 'joker-discard': value }), 0)
      .flatMap((a) => (a.type === 'discard' && a.tile.startsWith('J') ? [a.tile] : []))
      .sort();
  // 1f is seat 0's own bonus tile ("hoa đúng cửa … không được đánh khung nữa"); 2f is not
  assert.deepEqual(jokersOffered('seat-flower', '1f'), []);
  assert.deepEqual(jokersOffered('seat-flower', '2f'), ['JA', 'JN', 'JP']);
  assert.deepEqual(jokersOffered('never', '1f'), []);
  assert.deepEqual(jokersOffered('never', '2f'), []);
  assert.deepEqual(jokersOffered('always', '1f'), ['JA', 'JN', 'JP']);
  // tong-hop-anytime: Tổng and Hợp at any time, even after a seat bonus tile; Thùng not then
  assert.deepEqual(jokersOffered('tong-hop-anytime', '1f'), ['JA', 'JN']);
  // CAUTION: without a seat bonus tile the spec does not say whether Thùng may go; [RA], the source
  // of this value, bars every other joker after the initial phase; the engine allows it, as under
  // seat-flower. Only Tổng and Hợp are pinned here.
  assert.ok(['JA', 'JN'].every((j) => jokersOffered('tong-hop-anytime', '2f').includes(j)));
  const s = pos(
    { hands: [hand, FB, FC, TENPAI], turn: 0, drawn: 'JP', exposed: [['1f'], [], [], []] },
    { 'joker-discard': 'tong-hop-anytime' },
  );
  rejects(s, 0, { type: 'discard', tile: 'JP' }, 'joker-discard-banned');
  assert.equal(act(s, 0, { type: 'discard', tile: 'JA' }).players[0]!.pond.at(-1), 'JA');
});
test('errors: chow-not-next-seat, too-many-jokers, claim-joker-only-win, already-answered, after-call-discard-only', () => {
  const s = pos({
    hands: [FA, '3m 4m JM JA 6p 7p 1s 1s 9s 9s 9s 2z 2z', '5m 5m 6m 7m 1p 2p 4s 5s 6s 3z 4z 7z 7z', FC],
    claim: { tile: '5m', from: 0 },
  });
  rejects(s, 2, { type: 'chow', tiles: ['6m', '7m'], as: ['6m', '7m'] }, 'chow-not-next-seat');
  rejects(s, 1, { type: 'pung', tiles: ['JM', 'JA'] }, 'too-many-jokers');
  const s2 = act(s, 2, { type: 'pass' });
  rejects(s2, 2, { type: 'pass' }, 'already-answered');
  const s3 = act(s2, 1, { type: 'chow', tiles: ['3m', '4m'], as: ['3m', '4m'] });
  rejects(s3, 1, { type: 'expose', tile: 'JM' }, 'after-call-discard-only');
  const j = pos({ hands: [FA, '3m 4m JM 5p 6p 7p 1s 1s 9s 9s 9s 2z 2z', FB, FC], claim: { tile: 'JP', from: 0 } });
  // nobody can win on JP, and nobody may phỗng or ăn it: no claim window, the next seat drew
  assert.deepEqual(
    engine.pending(j).map((d) => [d.seat, d.kind]),
    [[1, 'turn']],
  );
  assert.equal(engine.publicView(j).claimable, null);
});
test('errors: not-at-table for a person sitting out (5 people)', () => {
  const s = engine.setup(opts(), 5, 'x', null);
  const out = engine.publicView(s).sittingOut[0]!;
  rejects(s, out, { type: 'pass' }, 'not-at-table');
});

// ---------------------------------------------------------------- priorities
test('priority: Ù beats phỗng regardless of answer order (§6.1)', () => {
  const s = pos({
    hands: [FA, FB, '9m 9m 1m 2m 4p 5p 6p 7s 8s 9s 5z 5z 6z', '7m 8m 1p 2p 3p 4s 5s 6s 2s 2s 3s 3s 3s'],
    claim: { tile: '9m', from: 0 },
  });
  const a = act(act(s, 2, { type: 'pung', tiles: ['9m', '9m'] }), 3, { type: 'win' });
  assert.deepEqual(engine.result(a)!.winners, [3]);
});
test('priority: the suit joker beats Tổng on a dragon: JD over JA on 7z (§6.4)', () => {
  const s = pos({
    hands: [FA, '7z JA 1m 2m 3m 4p 5p 6p 8s 8s 9m 9p 9s', '7z JD 2m 3m 4m 5p 6p 7p 1s 1s 9m 9p 9s', FC.replace('1z', '4m')],
    claim: { tile: '7z', from: 0 },
  });
  const a = act(act(s, 1, { type: 'pung', tiles: ['7z', 'JA'] }), 2, { type: 'pung', tiles: ['7z', 'JD'] });
  assert.equal(engine.publicView(a).turn, 2);
});
test('priority: Hợp (27) loses to Màn (9) and beats Tổng (34)', () => {
  const hands = [
    FA,
    '5m JN 1p 2p 3p 4s 5s 6s 3z 4z 7z 7z 9p',
    '5m JA 6p 6p 6p 8s 8s 1z 1z 2z 2z 9m 9s',
    '2m JM 1p 2p 3p 4s 5s 6s 3z 4z 5z 5z 8m',
  ];
  const s = pos({ hands, claim: { tile: '5m', from: 0 } });
  const pend = engine.pending(s).map((d) => d.seat);
  assert.deepEqual(pend.sort(), [1, 2]);
  const a = act(act(s, 2, { type: 'pung', tiles: ['5m', 'JA'] }), 1, { type: 'pung', tiles: ['5m', 'JN'] });
  assert.equal(engine.publicView(a).turn, 1);
});
// ---------------------------------------------------------------- initial phase, kongs, bounce
test('Âm Coong cannot be robbed; Hối Coong can (E5 covers robbing)', () => {
  const s = pos({
    hands: [
      '1m 2m 3m 4p 5p 6p 7s 8s 9s 8p 8p 8p 8p 1z',
      FB,
      FC.replace('1z', '5z'),
      '8p 9p 2p 3p 4p 5s 6s 7s 2m 3m 4m 6z 6z'.replace('8p 9p', '7p 9p'),
    ],
    turn: 0,
    drawn: '1z',
  });
  assert.ok(optionsOf(s, 0).some((a) => a.type === 'am-coong' && a.tile === '8p'));
  const k = act(s, 0, { type: 'am-coong', tile: '8p' });
  assert.equal(engine.publicView(k).turn, 0, 'replacement drawn, same player to move');
  assert.equal(engine.publicView(k).players[0]!.melds[0]!.tiles[1], 'back');
});
test('nẩy khung only from a pung, never from a chow (§7)', () => {
  const s = pos({
    hands: [FA, '1p 1p 1p 8m 9m 5z 5z 3s', FB, FC],
    melds: [
      [],
      [
        { tiles: '2s JS 4s', as: '2s 3s 4s', from: 0 },
        { tiles: '4p 5p 6p', from: 0 },
      ],
      [],
      [],
    ],
    turn: 1,
    drawn: '3s',
  });
  assert.ok(!optionsOf(s, 1).some((a) => a.type === 'bounce'));
  rejects(s, 1, { type: 'bounce', tile: '3s' }, 'bounce-invalid');
});
test('bounce-source = hand-or-drawn allows a held tile', () => {
  const base = {
    hands: [FA, '1p 1p 1p 8m 3s 5z 5z 9m', FB, FC],
    melds: [
      [],
      [
        { tiles: '3s 3s JS', from: 0 },
        { tiles: '4p 5p 6p', from: 0 },
      ],
      [],
      [],
    ],
    turn: 1,
    drawn: '9m',
  };
  assert.ok(!optionsOf(pos(base), 1).some((a) => a.type === 'bounce'));
  assert.ok(optionsOf(pos(base, { 'bounce-source': 'hand-or-drawn' }), 1).some((a) => a.type === 'bounce'));
});
test('added-kong-from-hand = false: only the drawn 4th tile makes a Hối Coong', () => {
  const base = {
    hands: [FC, '8p 1p 1p 1p 8m 9m 5z 5z', FB, FA.replace('8p', '9p')],
    melds: [
      [],
      [
        { tiles: '8p 8p 8p', from: 0 },
        { tiles: '4p 5p 6p', from: 0 },
      ],
      [],
      [],
    ],
    turn: 1,
    drawn: '9m',
  };
  assert.ok(optionsOf(pos(base), 1).some((a) => a.type === 'hoi-coong'));
  assert.ok(!optionsOf(pos(base, { 'added-kong-from-hand': false }), 1).some((a) => a.type === 'hoi-coong'));
});
test('kong-on-discard option', () => {
  const base = { hands: [FA, '9p 9p 9p 1p 2p 3p 4s 5s 6s 7m 8m 5z 5z', FB.replace('9p', '8s'), FC], claim: { tile: '9p', from: 0 } };
  assert.ok(optionsOf(pos(base), 1).some((a) => a.type === 'kong'));
  const off = pos(base, { 'kong-on-discard': false });
  assert.ok(!optionsOf(off, 1).some((a) => a.type === 'kong'));
  rejects(off, 1, { type: 'kong' }, 'kong-on-discard-off');
});
test('max-jokers-per-call = 2 allows two jokers in a pung', () => {
  const base = { hands: [FA, '5m JM JA 1p 2p 3p 4s 5s 6s 3z 4z 7z 7z', FB.replace('5m', '8s'), FC], claim: { tile: '5m', from: 0 } };
  assert.ok(!optionsOf(pos(base), 1).some((a) => a.type === 'pung' && a.tiles.join() === 'JA,JM'));
  assert.ok(optionsOf(pos(base, { 'max-jokers-per-call': '2' }), 1).some((a) => a.type === 'pung' && a.tiles.join() === 'JA,JM'));
});
test('initial phase: dealer keeps a single bonus tile and must discard it first (§4.3)', () => {
  let s: State | null = null;
  for (let i = 0; i < 400 && !s; i++) {
    const t = engine.setup(opts(), 4, `keep${i}`, null);
    const d = engine.pending(t)[0]!;
    if (t.phase === 'initial' && t.init!.seat === 0 && d.options.some((a) => a.type === 'initial-expose' && a.keepFlower)) s = t;
  }
  assert.ok(s, 'found a deal where the dealer holds one bonus tile');
  const kept = s!.players[0]!.hand.find((t) => /f$/.test(t))!;
  const opt = engine.pending(s!)[0]!.options.find((a) => a.type === 'initial-expose' && a.keepFlower)!;
  let t = act(s!, engine.pending(s!)[0]!.seat, opt);
  for (let k = 0; k < 10 && t.phase === 'initial'; k++) {
    const d = engine.pending(t)[0]!;
    t = act(t, d.seat, engine.ai(t, d.seat));
  }
  assert.deepEqual(engine.pending(t)[0]!.options, [{ type: 'discard', tile: kept }]);
  rejects(t, t.seatPerson[0]!, { type: 'discard', tile: t.players[0]!.hand.find((x) => x !== kept)! }, 'must-discard-flower');
});
test('initial-joker-expose = mandatory leaves no joker choice: every joker held at the deal is exposed (§4.3)', () => {
  // §4.3: exposing jokers at the deal is optional by default; `mandatory` exposes every joker held,
  // replacement jokers included. A dealer with one bonus tile still decides whether to keep it, under
  // either `flower-discard` (seed "chỉ có 1 hoa có quyền đánh hoặc dựng"; before 2026-12-06 not under
  // `anytime`), but every option exposes all of its jokers; nobody else decides anything at the deal.
  const joker = (t: string) => /^J[APSMWDNH]$/.test(t);
  let dealtJoker = 0;
  for (const flowers of ['anytime', 'dealer-single-only']) {
    for (let i = 0; i < 40; i++) {
      let s = engine.setup(opts({ 'initial-joker-expose': 'mandatory', 'flower-discard': flowers }), 4, `m${i}`, null);
      if (s.phase === 'initial') {
        const d = engine.pending(s)[0]!;
        const keep = d.options.some((a) => a.type === 'initial-expose' && a.keepFlower);
        if (flowers === 'anytime') assert.ok(d.seat === s.seatPerson[0] && keep, `m${i}: only a dealer's lone bonus tile is a decision`);
      }
      for (let k = 0; k < 10 && s.phase === 'initial'; k++) {
        const d = engine.pending(s)[0]!;
        const held = s.players[s.seatPerson.indexOf(d.seat)]!.hand.filter(joker).sort();
        for (const a of d.options)
          assert.ok(
            a.type === 'initial-expose' && [...a.jokers].sort().join() === held.join(),
            `m${i}: ${JSON.stringify(a)} keeps a joker`,
          );
        s = act(s, d.seat, engine.ai(s, d.seat));
      }
      assert.equal(s.phase, 'turn', `m${i} (${flowers}): the dealer's turn after the deal`);
      for (const d of engine.pending(s)) assert.ok(!d.options.some((a) => a.type === 'initial-expose'));
      for (const p of s.players) assert.ok(!p.hand.some(joker), `m${i} (${flowers}): a joker left in ${p.hand.join(' ')}`);
      if (s.players.some((p) => p.exposed.some((e) => e.initial && joker(e.tile)))) dealtJoker++;
      assert.equal(engine.checkInvariants(s).length, 0);
    }
  }
  assert.ok(dealtJoker >= 10, `only ${dealtJoker} deals had a joker to expose`);
});

// ---------------------------------------------------------------- liabilities
test('Cửu Chướng exception: a discarder holding only that suit and no call since the warning is exempt (§11.1)', () => {
  const seat3 = {
    melds: [
      { tiles: '1p 2p 3p', from: 2 },
      { tiles: '5p 5p 5p', from: 1 },
      { tiles: '7p 8p 9p', from: 2 },
    ],
  };
  const s = pos({
    hands: [FC, '1p 1p 2p 3p 4p 6p 9p 9p 9p 3p 3p 2p 2p', FB.replace('6p', '8s').replace('3p', '7s').replace('9p', '9s'), '4p 4p 6p 6p'],
    melds: [[], [], [], seat3.melds],
    claim: { tile: '6p', from: 1 },
  });
  const r = engine.result(act(s, 3, { type: 'win' }))!;
  assert.ok(r.payments.length === 3, 'normal payment, no liability');
});
test('Bắc Báo: discarding the 4th wind into the win pays for all (§11.4)', () => {
  const s = pos({
    hands: [
      '3m 6m 9m 1p 4p 7p 2s 5s 8s 1s 4s 7s 9p',
      '1m 4m 7m 2p 5p 8p 3s 6s 9s 2m 3p 6p 8m',
      '2m 5m 8m 3p 6p 9p 1s 4s 7s 6z 7z 5z 9m',
      '4z 4z 5m 5m',
    ],
    melds: [
      [],
      [],
      [],
      [
        { tiles: '1z 1z 1z', from: 2 },
        { tiles: '2z 2z 2z', from: 1 },
        { tiles: '3z 3z 3z', from: 2 },
      ],
    ],
    claim: { tile: '4z', from: 1 },
  });
  const end = act(s, 3, { type: 'win' });
  const r = engine.result(end)!;
  assert.equal(r.payments.length, 1);
  assert.equal(r.payments[0]!.from, 1);
  assert.equal(end.end?.kind === 'win' && end.end.liable?.rule, 'bac-bao');
});
// §10 money with the default leftover value v = 6, written out from the spec's table
const single = (p: number) => (p <= 0 ? 1 : p < 6 ? 2 ** (p - 1) : 32 * Math.floor(p / 6) + 6 * (p % 6));
const double = (p: number) => (p <= 0 ? 1 : p < 6 ? 2 ** p : 64 * Math.floor(p / 6) + 6 * (p % 6));
/** Deltas by seat (persons = seats here) when `w` wins P phán: normally, or with `liable` paying for all (§10). */
function deltas(w: number, p: number, by: 'discard' | 'self-draw', from: number | null, liable: number | null): number[] {
  const out = [0, 0, 0, 0];
  // §10: the discarder pays double, the others single (a self-draw: all double); a liable seat pays it all
  const share = (x: number) => (by === 'self-draw' || x === from ? double(p) : single(p));
  const all = by === 'self-draw' ? 3 * double(p) : double(p) + 2 * single(p);
  for (const x of [0, 1, 2, 3].filter((k) => k !== w)) {
    const pay = liable === null ? share(x) : x === liable ? all : 0;
    out[x]! -= pay;
    out[w]! += pay;
  }
  return out;
}
const VAN_MELDS = [
  { tiles: '1p 2p 3p', from: 2 },
  { tiles: '5p 5p 5p', from: 1 },
  { tiles: '7p 8p 9p', from: 2 },
];
/** E8's position: seat 2 (holding `feeder`) feeds seat 3's fourth Văn meld (4p); seat 3 then self-draws 6p. */
const e8Fed = (feeder: string, o: Record<string, unknown>): State =>
  feedThenDraw(
    pos(
      {
        hands: [FC, NO_VAN, feeder, '4p 4p 6p 2z'],
        melds: [[], [], [], VAN_MELDS],
        exposed: [[], [], [], ['4f']],
        claim: { tile: '4p', from: 2 },
        wallFront: '9m 9s 1m 6p',
      },
      o,
    ),
    3,
    '4p',
    '2z',
    '6p',
  );
const WINDS3 = [
  { tiles: '1z 1z 1z', from: 2 },
  { tiles: '2z 2z 2z', from: 1 },
  { tiles: '3z 3z 3z', from: 2 },
];
const NO_WIND = [
  '3m 6m 9m 1p 4p 7p 2s 5s 8s 1s 4s 7s 9p',
  '1m 4m 7m 2p 5p 8p 3s 6s 9s 2m 3p 6p 8m',
  '2m 5m 8m 3p 6p 9p 1s 4s 7s 6z 7z 5z 9m',
];
const NO_VAN = '1m 4m 7m 3s 6s 9s 1z 3z 5z 7z 2s 5s 8s';
/**
 * One case per rule an option switches: the hand ended with the option on and off. `rule` is the
 * liability with the option on (`liability-exempt-feeding` works the other way: on, nobody is liable).
 */
const LIABILITY_CASES: {
  option: string;
  name: string;
  play: (o: Record<string, unknown>) => State;
  rule: string | null;
  on: number[];
  off: number[];
}[] = [
  {
    option: 'liability-cuu-chuong',
    name: "E7: seat 1 discards 6p into seat 3's Văn Toàn Hàng (P = 13)",
    play: (o) =>
      act(
        pos(
          {
            hands: [FC, NO_VAN, FB, '4p 4p 6p 6p'],
            melds: [[], [], [], VAN_MELDS],
            exposed: [[], [], [], ['4f']],
            claim: { tile: '6p', from: 1 },
          },
          o,
        ),
        3,
        { type: 'win' },
      ),
    rule: 'cuu-chuong',
    on: deltas(3, 13, 'discard', 1, 1),
    off: deltas(3, 13, 'discard', 1, null),
  },
  {
    option: 'liability-thap-nhi-chuong',
    name: "E8: seat 2 feeds seat 3's 4th Văn meld (4p); seat 3 self-draws 6p (P = 14)",
    play: (o) => e8Fed(FB, o),
    rule: 'thap-nhi-chuong',
    on: deltas(3, 14, 'self-draw', null, 2),
    off: deltas(3, 14, 'self-draw', null, null),
  },
  {
    option: 'liability-exempt-feeding',
    name: 'E8 fed by a seat holding only Văn tiles, with no call since the warning (§11.1 exception, §15.7)',
    play: (o) => e8Fed('1p 1p 2p 2p 3p 3p 6p 6p 7p 7p 8p 8p 9p', o),
    rule: null,
    on: deltas(3, 14, 'self-draw', null, null),
    off: deltas(3, 14, 'self-draw', null, 2),
  },
  {
    option: 'liability-bach-bao',
    name: "E9: seat 2 discards the third dragon into seat 0's Đại Tam Nguyên (P = 15)",
    play: (o) =>
      act(
        pos(
          {
            hands: ['5z 5z 2m 3m 4m 9s 9s', FA, FC, FB],
            melds: [
              [
                { tiles: '6z 6z 6z', from: 3 },
                { tiles: '7z 7z 7z', from: 1 },
              ],
              [],
              [],
              [],
            ],
            claim: { tile: '5z', from: 2 },
          },
          o,
        ),
        0,
        { type: 'win' },
      ),
    rule: 'bach-bao',
    on: deltas(0, 15, 'discard', 2, 2),
    off: deltas(0, 15, 'discard', 2, null),
  },
  {
    option: 'liability-bach-bao',
    // Đại Tam Nguyên 9 + KK 6 + Xuyên 1 (9s, the only wait) = 16
    name: "Báo Chủy Mó: seat 2 feeds seat 3's third dragon pung; seat 3 self-draws (P = 16)",
    play: (o) =>
      feedThenDraw(
        pos(
          {
            hands: [FA, FB, FC, '7z 7z 2m 3m 4m 9s 1p'],
            melds: [
              [],
              [],
              [],
              [
                { tiles: '5z 5z 5z', from: 1 },
                { tiles: '6z 6z 6z', from: 1 },
              ],
            ],
            claim: { tile: '7z', from: 2 },
            wallFront: '1m 9m 5s 9s',
          },
          o,
        ),
        3,
        '7z',
        '1p',
        '9s',
      ),
    rule: 'bach-bao',
    on: deltas(3, 16, 'self-draw', null, 2),
    off: deltas(3, 16, 'self-draw', null, null),
  },
  {
    option: 'liability-bac-bao',
    // Đại Tứ Hỉ 8 mủn + KK 1 mủn = 54 (the 5m pair: no Toàn Chữ, so no Cửu Chướng for Chữ)
    name: "seat 1 discards the 4th wind into seat 3's Đại Tứ Hỉ (P = 54)",
    play: (o) =>
      act(pos({ hands: [...NO_WIND, '4z 4z 5m 5m'], melds: [[], [], [], WINDS3], claim: { tile: '4z', from: 1 } }, o), 3, { type: 'win' }),
    rule: 'bac-bao',
    on: deltas(3, 54, 'discard', 1, 1),
    off: deltas(3, 54, 'discard', 1, null),
  },
  {
    option: 'liability-bac-bao',
    name: "Báo Chủy Mó: seat 1 feeds seat 3's 4th wind pung; seat 3 self-draws Đại Tứ Hỉ (P = 54)",
    play: (o) =>
      feedThenDraw(
        pos(
          { hands: [...NO_WIND, '4z 4z 5m 1p'], melds: [[], [], [], WINDS3], claim: { tile: '4z', from: 1 }, wallFront: '9s 9s 8s 5m' },
          o,
        ),
        3,
        '4z',
        '1p',
        '5m',
      ),
    rule: 'bac-bao',
    on: deltas(3, 54, 'self-draw', null, 1),
    off: deltas(3, 54, 'self-draw', null, null),
  },
  {
    option: 'liability-flower-joker',
    name: 'E10: seat 1 discards JP, seat 3 wins on it (P = 6)',
    play: (o) =>
      act(pos({ hands: [FA, FB, FC, '4p 5p 1m 1m 1m 7s 8s 9s 2s 3s 4s 8m 8m'], claim: { tile: 'JP', from: 1 } }, o), 3, { type: 'win' }),
    rule: 'flower-joker',
    on: deltas(3, 6, 'discard', 1, 1),
    off: deltas(3, 6, 'discard', 1, null),
  },
];
test('liability options (§11.1–§11.5, §15.7): each of the six switches its rule, deal-in and feeding alike', () => {
  const six = Object.keys(engine.options.fields).filter((k) => k.startsWith('liability-'));
  assert.deepEqual([...new Set(LIABILITY_CASES.map((c) => c.option))].sort(), six.sort());
  for (const c of LIABILITY_CASES) {
    const on = c.play({ [c.option]: true });
    const off = c.play({ [c.option]: false });
    const liable = (s: State) => (s.end?.kind === 'win' ? (s.end.liable?.rule ?? null) : 'not a win');
    assert.equal(liable(on), c.rule, `${c.option} on: ${c.name}`);
    assert.deepEqual(engine.result(on)!.deltas, c.on, `${c.option} on: ${c.name}`);
    assert.equal(liable(off), c.option === 'liability-exempt-feeding' ? 'thap-nhi-chuong' : null, `${c.option} off: ${c.name}`);
    assert.deepEqual(engine.result(off)!.deltas, c.off, `${c.option} off: ${c.name}`);
  }
});
test('discarded bonus tile acts as Tổng and the discarder pays (§11.5)', () => {
  const s = pos(
    { hands: [FA, FB, FC, '4p 5p 1m 1m 1m 7s 8s 9s 2s 3s 4s 8m 8m'], claim: { tile: '9f', from: 1 } },
    { 'flower-discard': 'anytime' },
  );
  const r = engine.result(act(s, 3, { type: 'win' }))!;
  assert.deepEqual(r.deltas, [0, -128, 0, 128]);
});

// ---------------------------------------------------------------- match: dealer rotation and 5–6 people (E13)
function finish(s: State): State {
  for (let i = 0; i < 3000 && !engine.result(s); i++) {
    const d = engine.pending(s)[0]!;
    s = act(s, d.seat, engine.ai(s, d.seat));
  }
  return s;
}
function forcePass(s: State): State {
  // a finished non-dealer win makes the deal pass
  return { ...s, end: { ...s.end!, kind: 'win', winner: 1 } as State['end'] };
}
test('E13: six people — T0 and T2 swap with the reserves every wind round', () => {
  let s = engine.setup(opts({ 'match-length': '4-winds' }), 6, 'six', null);
  const east = s.match.table.slice();
  const reserves = s.match.reserves.slice();
  const tables: number[][] = [];
  for (let h = 0; h < 12; h++) {
    s = forcePass(finish(s));
    s = engine.setup(s.opts, 6, `six${h}`, s);
    if (s.match.dealerPos === 0) tables.push(s.match.table.slice());
  }
  assert.deepEqual(tables[0], [reserves[0], east[1], reserves[1], east[3]]);
  assert.deepEqual(tables[1], east);
  assert.equal(s.match.round, 3);
});
test('five people: T0 alternates between the East player and the reserve', () => {
  let s = engine.setup(opts(), 5, 'five', null);
  const a = s.match.table[0]!;
  const e = s.match.reserves[0]!;
  const t0: number[] = [];
  for (let h = 0; h < 12; h++) {
    s = engine.setup(s.opts, 5, `five${h}`, forcePass(finish(s)));
    if (s.match.dealerPos === 0) t0.push(s.match.table[0]!);
  }
  assert.deepEqual(t0, [e, a, e]);
});
/** `s` ended by a non-dealer win that moved no points: the deal passes (§3), nothing else changes. */
function passedDeal(s: State): State {
  const none = new Array<number>(s.match.people).fill(0);
  const result = { winners: [], ranking: [], deltas: none, payments: [], items: [], unit: 'point', endedBy: 'win' };
  return { ...s, phase: 'ended', end: { kind: 'win', winner: 1, result } as unknown as State['end'] };
}
/** The match after each of the next `rounds` wind rounds (four passed deals each): [table, sorted reserves]. */
function rounds(o: Record<string, unknown>, n: number): { start: State['match']; after: [number[], number[]][] } {
  let s = engine.setup(opts(o), 6, 'sitout', null);
  const start = s.match;
  const after: [number[], number[]][] = [];
  for (let r = 0; r < n; r++) {
    for (let h = 0; h < 4; h++) s = engine.setup(s.opts, 6, `sitout-${r}-${h}`, passedDeal(s));
    assert.equal(s.match.round, r + 1);
    after.push([s.match.table.slice(), s.match.reserves.slice().sort()]);
  }
  return { start, after };
}
test('sitout-rotation (§3, six people): seed swaps T0 and T2 with Trung and Phát; fair sends out the longest-playing', () => {
  // Markers as in E13: A Đông (T0), B Nam (T1), C Tây (T2), D Bắc (T3); reserves E Trung, F Phát.
  const seed = rounds({ 'sitout-rotation': 'seed' }, 2);
  const [A, B, C, D] = seed.start.table as [number, number, number, number];
  const [E, F] = seed.start.reserves as [number, number];
  const sorted = (x: number[]) => x.slice().sort();
  // seed (E13): South round E B F D, reserves A C; West round A B C D again, reserves E F
  assert.deepEqual(seed.after[0], [[E, B, F, D], sorted([A, C])]);
  assert.deepEqual(seed.after[1], [[A, B, C, D], sorted([E, F])]);
  // fair: after the East round A B C D have played 1 round each, E F none: a four-way tie, so the
  // lowest positions T0 and T1 (A, B) leave and E, F take those positions.
  const fair = rounds({ 'sitout-rotation': 'fair' }, 3);
  assert.deepEqual(fair.start.table, seed.start.table, 'the same seat draw (same seed)');
  const [t1, r1] = fair.after[0]!;
  assert.deepEqual(r1, sorted([A, B]));
  assert.deepEqual(sorted(t1.slice(0, 2)), sorted([E, F]));
  assert.deepEqual(t1.slice(2), [C, D]);
  assert.notDeepEqual(r1, seed.after[0]![1], 'fair and seed differ after the first wind round');
  // after the South round C, D have 2 consecutive rounds, E, F 1: C, D leave T2, T3 for A, B
  const [t2, r2] = fair.after[1]!;
  assert.deepEqual(r2, sorted([C, D]));
  assert.deepEqual(t2.slice(0, 2), t1.slice(0, 2));
  assert.deepEqual(sorted(t2.slice(2)), sorted([A, B]));
  // after the West round E, F (2 rounds) leave T0, T1 for C, D
  const [t3, r3] = fair.after[2]!;
  assert.deepEqual(r3, sorted([E, F]));
  assert.deepEqual(sorted(t3.slice(0, 2)), sorted([C, D]));
  assert.deepEqual(t3.slice(2), t2.slice(2));
});
test('dealer-rotation = always-pass passes the deal after a dealer win', () => {
  const d = finish(engine.setup(opts({ 'dealer-rotation': 'always-pass' }), 4, 'dr', null));
  const n = engine.setup(d.opts, 4, 'dr2', { ...d, end: { ...d.end!, kind: 'win', winner: 0 } as State['end'] });
  assert.equal(n.match.dealerPos, 1);
});

// ---------------------------------------------------------------- properties
test('selfplay: a few hundred hands per people count, 0 errors, real share of wins', async () => {
  const { selfplay } = await import('../../src/games/core/selfplay.js');
  for (const seats of [4, 5, 6]) {
    const r = selfplay(engine, opts(), seats, `t${seats}`, 60);
    assert.equal(r.errors, 0, r.problems.join('\n'));
    assert.equal(r.invariantViolations, 0, r.problems.join('\n'));
    assert.ok(r.won / r.completed > 0.5);
  }
  const r = selfplay(
    engine,
    opts({
      'joker-copies': 3,
      'honour-joker': 'replaces-JD',
      'scoring-preset': 'B',
      'wall-reserve': '26',
      'flower-discard': 'anytime',
      'false-win': 'penalized',
    }),
    4,
    'var',
    40,
  );
  assert.equal(r.errors + r.invariantViolations, 0, r.problems.join('\n'));
});
test('a view never shows another seat hidden tiles; state JSON round-trips; rejected action leaves state unchanged', () => {
  let s = engine.setup(opts(), 4, 'views', null);
  let checked = 0;
  let moved = 0;
  for (let i = 0; i < 60 && !engine.result(s); i++) {
    for (let p = 0; p < 4; p++) {
      const v = engine.view(s, p);
      const json = JSON.stringify(v);
      assert.ok(!json.includes('"wall"'));
      const others = s.seatPerson.filter((x) => x !== p);
      for (const o of others) assert.ok(!('hand' in (v.players.find((x) => x.person === o) as object)));
      assert.deepEqual(v.hand, sortTiles(s.players[s.seatPerson.indexOf(p)]!.hand));
      // every tile p cannot see (the other concealed hands, the wall) dealt anew: p's view is the same
      const t = redealHidden(s, p, `views-${i}-${p}`);
      checked++;
      if (JSON.stringify(t.players.map((x) => x.hand)) !== JSON.stringify(s.players.map((x) => x.hand))) moved++;
      assert.deepEqual(engine.view(t, p), v, `step ${i}: person ${p}'s view depends on tiles hidden from it`);
    }
    assert.deepEqual(JSON.parse(JSON.stringify(s)), s);
    const d = engine.pending(s)[0]!;
    const frozen = deepFreeze(structuredClone(s));
    const bad = engine.apply(frozen, d.seat, { type: 'discard', tile: 'JX' } as unknown as VnAction);
    assert.equal(bad.ok, false);
    s = act(s, d.seat, engine.ai(s, d.seat));
  }
  assert.ok(checked > 100 && moved > 0.9 * checked, `the redeal moved tiles in ${moved} of ${checked} checks`);
});

test('Bạch Báo Chủy Mó: feeding the third dragon pung makes the feeder pay for a later self-draw (§11.3)', () => {
  let s = pos({
    hands: ['5z 5z 2m 3m 4m 9s 1p', FA, FC, FB],
    melds: [
      [
        { tiles: '6z 6z 6z', from: 3 },
        { tiles: '7z 7z 7z', from: 1 },
      ],
      [],
      [],
      [],
    ],
    claim: { tile: '5z', from: 2 },
    wallFront: '8m 8m 8m 9s',
  });
  s = act(s, 0, { type: 'pung', tiles: ['5z', '5z'] });
  s = act(s, 0, { type: 'discard', tile: '1p' });
  for (const seat of [1, 2, 3]) s = act(s, seat, { type: 'discard', tile: '8m' });
  s = act(s, 0, { type: 'win' });
  const r = engine.result(s)!;
  assert.deepEqual(
    r.payments.map((p) => [p.from, p.reason]),
    [[2, 'liability']],
  );
  assert.equal(s.end?.kind === 'win' && s.end.liable?.rule, 'bach-bao');
  assert.equal(r.payments[0]!.amount, 3 * (128 + 6 * 4));
});

test('Bắc Báo "no other choice": a discarder holding only honours, with no call since the warning, is exempt (§11.4, §15.7)', () => {
  const s = pos({
    hands: [
      '3m 6m 9m 1p 4p 7p 2s 5s 8s 1s 4s 7s 9p',
      '1z 2z 3z 5z 5z 5z 5z 6z 6z 6z 7z 7z 7z',
      '2m 5m 8m 3p 6p 9p 1s 4s 7s 2p 8p 3s 9m',
      '4z 4z 5m 5m',
    ],
    melds: [
      [],
      [],
      [],
      [
        { tiles: '1z 1z 1z', from: 2 },
        { tiles: '2z 2z 2z', from: 1 },
        { tiles: '3z 3z 3z', from: 2 },
      ],
    ],
    claim: { tile: '4z', from: 1 },
  });
  const end = act(s, 3, { type: 'win' });
  assert.equal(end.end?.kind === 'win' && end.end.liable, null);
  assert.equal(engine.result(end)!.payments.length, 3);
});

test('§5 a call that would leave nothing to discard is not offered (jokers barred after a seat bonus tile)', () => {
  const p = {
    hands: [FA, '5m 5m JP JS', FB, FC],
    melds: [[], [{ tiles: '1p 2p 3p' }, { tiles: '4s 5s 6s' }, { tiles: '7s 8s 9s' }], [], []],
    exposed: [[], ['2f'], [], []],
    claim: { tile: '5m', from: 0 },
  };
  const s = pos(p);
  assert.ok(!engine.pending(s).some((d) => d.kind === 'claim'), 'seat 1 has no claim: a phỗng would leave only JP JS');
  const free = pos({ ...p, exposed: [[], ['1f'], [], []] });
  assert.ok(
    engine
      .pending(free)
      .find((d) => d.seat === 1)!
      .options.some((a) => a.type === 'pung'),
    'without its seat bonus tile the jokers may be discarded',
  );
});

// ---------------------------------------------------------------- position input
test('position roundWind: 0…3 or a wind code 1z…4z ("2z" used to mean East); anything else is bad-position', () => {
  assert.equal(pos(turnPos).roundWind, 0);
  assert.equal(pos({ ...turnPos, roundWind: 1 }).roundWind, 1);
  assert.equal(pos({ ...turnPos, roundWind: '2z' }).roundWind, 1);
  assert.equal(pos({ ...turnPos, roundWind: '4z' }).roundWind, 3);
  assert.equal(engine.view(pos({ ...turnPos, roundWind: '3z' }), 0).roundWind, '3z');
  for (const roundWind of ['south', '5z', 4, -1, 1.5, null]) {
    const r = engine.fromScenario(opts(), 4, { position: { ...turnPos, roundWind } });
    assert.equal(r.ok, false, JSON.stringify(roundWind));
    if (!r.ok) {
      assert.equal(r.error.code, 'vn-mahjong/bad-position');
      assert.match(r.error.message, /roundWind must be 0…3 or 1z…4z/);
    }
  }
});

test("position booleans: a meld's called/concealed/added, exposed initial/bounced, dealerFirstTurn, anyCall must be true or false", () => {
  // seat 0 holds an Âm Coong of 4m instead of 1m 4m 7m
  const kongHand = { ...turnPos, hands: ['2p 5p 8p 3s 6s 9s 1z 3z 5z 7z 8m', FB, FC, turnPos.hands[3]] };
  const kong = (x: Record<string, unknown>) => ({ melds: [[{ tiles: '4m 4m 4m 4m', concealed: true, ...x }], [], [], []] });
  const ok4 = pos({ ...kongHand, ...kong({}) });
  assert.equal(ok4.players[0]!.melds[0]!.concealed, true);
  for (const [extra, re] of [
    [kong({ concealed: 'false' }), /meld\.concealed must be true or false/],
    [kong({ called: 'true' }), /meld\.called must be true or false/],
    [kong({ added: 1 }), /meld\.added must be true or false/],
    [{ ...kong({}), exposed: [[], [], [], [{ tile: 'JN', initial: 'yes' }]] }, /initial must be true or false/],
    [{ ...kong({}), exposed: [[], [], [], [{ tile: 'JN', bounced: 'no' }]] }, /bounced must be true or false/],
    [{ ...kong({}), dealerFirstTurn: 'true' }, /dealerFirstTurn must be true or false/],
    [{ ...kong({}), anyCall: 0 }, /anyCall must be true or false/],
  ] as [Record<string, unknown>, RegExp][]) {
    const r = engine.fromScenario(opts(), 4, { position: { ...kongHand, ...extra } });
    assert.equal(r.ok, false, JSON.stringify(extra));
    if (!r.ok) assert.match(r.error.message, re);
  }
});
