/** Hint reasons for Vietnamese mahjong (issue #16): the strong AI's one-line reason for its choice. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkReason } from '../support/hint-reasons.js';
import { handSeed } from '../../src/games/core/rng.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { engine, type State } from '../../src/games/vn-mahjong/index.js';
import { shanten } from '../../src/games/vn-mahjong/ai.js';
import { explainStrong } from '../../src/games/vn-mahjong/ai-strong.js';
import { isWinningTiles } from '../../src/games/vn-mahjong/wincheck.js';
import type { VnAction } from '../../src/games/vn-mahjong/actions.js';
import type { HintReasonKey } from '../../src/games/core/types.js';
import { opts as vnOpts } from './helpers.js';
import { ORDINARY, isJoker, isWild, removeAll, removeOne } from '../../src/games/vn-mahjong/tiles.js';

const opts = defaultOptions(engine.options);
/** Three concealed hands for a fixed position (East's is the test's own). */
const OTHERS = [
  '2m 5m 8m 3p 6p 9p 1s 4s 7s 2z 4z 6z 1z',
  '3m 6m 9m 1p 4p 7p 2s 5s 8s 1z 2z 3z 4z',
  '1m 4m 7m 2p 5p 8p 3s 6s 9s 1z 3z 5z 7z',
];

test('every reason of a strong self-play has a text with its placeholders in vi, en and zh-TW, and its numbers are right', () => {
  const seen = new Set<string>();
  for (let h = 0; h < 6; h++) {
    let s: State = engine.setup(opts, 4, handSeed('vn-hint', h), null);
    for (let i = 0; i < 3000 && !engine.result(s); i++) {
      const d = engine.pending(s)[0]!;
      const a = engine.ai(s, d.seat, 'strong');
      const r = engine.explain!(s, d.seat, a);
      const id = checkReason('vn-mahjong', r);
      seen.add(id);
      if (a.type === 'discard' && (id === 'discard' || id === 'discard-jokers' || id === 'discard-ready')) {
        // The steps it states are the hand's own after that discard (seat's view only), said to
        // count the jokers as any tile exactly when one stands in for some kinds only.
        const v = engine.view(s, d.seat);
        const melds = v.players.find((p) => p.seat === v.mySeat)!.melds.length;
        const rest = removeOne(v.hand, a.tile)!;
        const sh = shanten(rest, melds);
        if (id !== 'discard-ready') assert.equal(r.vars.steps, sh);
        else assert.ok(sh <= 0);
        if (id !== 'discard-ready')
          assert.equal(
            id === 'discard-jokers',
            rest.some((t) => isWild(t) && t !== 'JA'),
            rest.join(' '),
          );
      }
      const next = engine.apply(s, d.seat, a);
      assert.ok(next.ok);
      s = next.value;
    }
  }
  for (const id of ['discard', 'discard-ready', 'pass-call', 'call', 'win']) assert.ok(seen.has(id), `${id} seen: ${[...seen].join(',')}`);
});

test('the initial-phase reason fits the hand: strong exposes every joker and never keeps the lone bonus tile, and says so', () => {
  // No reason for keeping a joker or the dealer's bonus tile: strong does neither. Every joker is worth a
  // phán or more exposed (§2 table; Hợp 1 at least with hop-exposed-value = 1 and no initial bonus), so it
  // exposes them all, and it never takes the keepFlower choice. Checked at the cheapest jokers too.
  const seen = new Map<string, number>();
  const cheap = { 'hop-exposed-value': '1', 'initial-tong-hop-bonus': false, 'joker-copies': 4 };
  for (const o of [opts, vnOpts(cheap)]) {
    for (let h = 0; h < 30; h++) {
      let s: State = engine.setup(o, 4, handSeed('vn-initial-hint', h), null);
      while (s.phase === 'initial') {
        const d = engine.pending(s)[0]!;
        const a = engine.ai(s, d.seat, 'strong');
        assert.equal(a.type, 'initial-expose');
        if (a.type !== 'initial-expose') break;
        const r = engine.explain!(s, d.seat, a);
        const id = checkReason('vn-mahjong', r);
        seen.set(id, (seen.get(id) ?? 0) + 1);
        const v = engine.view(s, d.seat);
        const jokers = v.hand.filter(isWild);
        const where = `hand ${v.hand.join(' ')}: ${JSON.stringify(a)} → ${id}`;
        assert.equal(a.keepFlower, false, `the bonus tile kept: ${where}`);
        assert.deepEqual([...a.jokers].sort(), [...jokers].sort(), `a joker kept: ${where}`);
        if (id === 'expose-jokers') assert.equal(r.vars.n, jokers.length, where);
        else if (id === 'expose-flower-initial') {
          assert.equal(jokers.length, 0, where);
          assert.ok(v.hand.includes(String(r.vars.card)) && /^(\d+f|JF)$/.test(String(r.vars.card)), where);
        } else assert.fail(`not an initial-phase reason: ${where}`);
        const next = engine.apply(s, d.seat, a);
        assert.ok(next.ok);
        s = next.value;
      }
    }
  }
  assert.ok((seen.get('expose-flower-initial') ?? 0) >= 5 && (seen.get('expose-jokers') ?? 0) >= 20, JSON.stringify([...seen]));
});

test("a claimed kong's reason is the kong's (a set more, a replacement tile), never 'a whole step closer'", () => {
  const r = engine.fromScenario(opts, 4, {
    position: { hands: ['1m 2m 3m 5p 6p 9p 9p 2s 3s 7s 7z 7z 7z 4z', ...OTHERS], turn: 0, drawn: '4z', wallSeed: 'one' },
  });
  assert.ok(r.ok);
  const d = engine.pending(r.value)[0]!;
  const k = {
    seat: 0,
    view: { ...engine.view(r.value, 0), claimable: { tile: '7z', from: 1 } },
    table: engine.publicView(r.value),
    decision: d,
  };
  assert.deepEqual(explainStrong(k, { type: 'kong' }), { key: 'vn-mahjong:hint.kong', vars: {} });
});

/**
 * The claims the hints make, recomputed here from the seat's view alone. Steps are `shanten`'s (it
 * counts a joker as any tile), as strong counts them, with a 13-tile hand at best ready (0): a
 * `shanten` of −1 is jokers to spare, not a step past ready. After a call, the discard that follows is
 * never a joker (strong never throws one). Tiles that win are the rules' win check.
 */
function claimsOf(v: ReturnType<typeof engine.view>) {
  const melds = v.players.find((p) => p.seat === v.mySeat)!.melds.length;
  const visible = [...v.hand];
  for (const p of v.players) {
    // The tiles on the table, not what a joker in a meld stands for: that copy is still live.
    for (const m of p.melds) visible.push(...m.tiles.filter((t) => t !== 'back'));
    visible.push(...p.pond);
  }
  const live = (t: string) => Math.max(0, 4 - visible.filter((x) => x === t).length);
  const steps = (hand: readonly string[], m: number) => Math.max(0, shanten(hand, m));
  /** Live tiles that lower `shanten` (as strong counts improvers). */
  const improvers = (hand: readonly string[], m: number) =>
    ORDINARY.reduce((n, t) => n + (shanten([...hand, t], m) < shanten(hand, m) ? live(t) : 0), 0);
  /** After a call using `used`: each discard (never a joker) with the steps and improvers it leaves. */
  const afterCall = (used: readonly string[]) => {
    const rest = removeAll(v.hand, used)!;
    return [...new Set(rest)]
      .filter((t) => !isJoker(t))
      .map((t) => {
        const r = removeOne(rest, t)!;
        return { discard: t, steps: steps(r, melds + 1), improvers: improvers(r, melds + 1) };
      });
  };
  const winning = (hand: readonly string[], m: number) =>
    ORDINARY.filter((t) => isWinningTiles([...hand, t], m, { sevenPairs: v.options['seven-pairs'] !== 'off' }));
  return { melds, live, steps, improvers, afterCall, winning };
}

/** Hands where seats are played at `level` (a person may keep jokers; strong exposes its own) and every decision gets strong's hint. */
function* hints(seed: string, hands: number, level: 'strong' | 'normal', extra: Record<string, unknown> = {}) {
  const o = { ...opts, ...extra };
  for (let h = 0; h < hands; h++) {
    let s: State = engine.setup(o, 4, handSeed(seed, h), null);
    for (let i = 0; i < 3000 && !engine.result(s); i++) {
      const ds = engine.pending(s);
      for (const d of ds) {
        const a = engine.ai(s, d.seat, 'strong');
        yield { s, d, a, r: engine.explain!(s, d.seat, a) };
      }
      const d = ds[0]!;
      const next = engine.apply(s, d.seat, engine.ai(s, d.seat, level));
      assert.ok(next.ok);
      s = next.value;
    }
  }
}

/** A claim decision's reason against the recomputed claims. */
function checkClaimReason(s: State, d: ReturnType<typeof engine.pending>[number], a: VnAction, r: HintReasonKey): string {
  const id = checkReason('vn-mahjong', r);
  const v = engine.view(s, d.seat);
  const tile = v.claimable!.tile;
  const c = claimsOf(v);
  const now = c.steps(v.hand, c.melds);
  const calls = d.options.filter((o): o is Extract<VnAction, { type: 'pung' | 'chow' }> => o.type === 'pung' || o.type === 'chow');
  const best = (o: { tiles: string[] }) => Math.min(...c.afterCall(o.tiles).map((x) => x.steps));
  const where = `hand ${v.hand.join(' ')} (${c.melds} melds), ${tile}: ${JSON.stringify(a)} → ${id} ${JSON.stringify(r.vars)}, ${now} steps now`;
  switch (id) {
    case 'call':
    case 'call-to-ready':
    case 'call-jokers':
      assert.ok(a.type === 'pung' || a.type === 'chow', where);
      if (id !== 'call-jokers') assert.equal(id === 'call-to-ready', r.vars.steps === 0, `ready after it exactly when 0 steps: ${where}`);
      assert.equal(r.vars.card, tile, where);
      // the count says "with your jokers as any tile" exactly when a joker stands in for some kinds only
      assert.equal(
        id === 'call-jokers',
        v.hand.some((t) => isWild(t) && t !== 'JA'),
        where,
      );
      assert.equal(r.vars.steps, best(a), `steps after the call and the best discard (no joker): ${where}`);
      assert.ok(best(a) < now, `not a whole step closer: ${where}`);
      break;
    case 'call-ready':
      assert.ok(a.type === 'pung' || a.type === 'chow', where);
      assert.ok(now === 0 && best(a) === 0, `not ready before and after: ${where}`);
      assert.ok(v.hand.some(isWild), `no joker counted as any tile: ${where}`);
      break;
    case 'pass-call':
      assert.equal(a.type, 'pass', where);
      for (const o of calls) assert.ok(best(o) >= now, `${JSON.stringify(o)} would bring the hand closer: ${where}`);
      break;
    case 'pass-call-joker': {
      assert.equal(a.type, 'pass', where);
      const gaining = calls.filter((o) => best(o) < now);
      assert.ok(gaining.length > 0, `no call would bring the hand closer: ${where}`);
      for (const o of gaining) {
        assert.ok(o.tiles.some(isJoker), `${JSON.stringify(o)} needs no joker: ${where}`);
        for (const x of c.afterCall(o.tiles))
          if (x.steps < now) assert.equal(x.improvers, 0, `${JSON.stringify(o)}, ${x.discard}: ${where}`);
      }
      break;
    }
    case 'kong':
    case 'win':
      break;
    case 'pass':
      assert.ok(calls.length === 0, where);
      break;
    default:
      assert.fail(`not a claim reason: ${where}`);
  }
  return id;
}

test("a claim's reason is true as strong plays the call (no joker thrown after it, ready is 0 steps): a whole step closer only when it is, a pass for the joker when that is why", () => {
  // Strong exposes its jokers, so its own claims never hold one; the hint is also asked by people
  // who keep theirs, so the hands here are played by `normal` at every seat, and strong answers
  // each seat's hint (its choice and reason) at each decision.
  const seen = new Map<string, number>();
  for (const [seed, hands, level] of [
    ['vn-claim-hint', 6, 'strong'],
    ['vn-claim-hint-jokers', 40, 'normal'],
  ] as const) {
    for (const { s, d, a, r } of hints(seed, hands, level, { 'joker-copies': 2 })) {
      if (d.kind !== 'claim' || !engine.view(s, d.seat).claimable) continue;
      const id = checkClaimReason(s, d, a, r);
      seen.set(id, (seen.get(id) ?? 0) + 1);
    }
  }
  // A ready hand holding a joker: strong's count (−1) takes the call for a step, but the hand stays ready.
  assert.ok(
    (seen.get('call-ready') ?? 0) > 0 && (seen.get('call') ?? 0) > 0 && (seen.get('pass-call') ?? 0) > 0,
    JSON.stringify([...seen]),
  );
});

test('passing a call that would bring the hand a step closer only with a joker, after which no live tile improves it, says so', () => {
  // South holds 4s 2z 3z JS and three sets; East throws 6s. Chowing 4s JS(5s) 6s leaves 2z 3z:
  // ready after either discard, but every 2z and 3z is in sight. Strong keeps its joker.
  const r = engine.fromScenario(opts, 4, {
    position: {
      hands: [
        '1p 2p 3p 4p 5p 6p 7m 8m 9m 1s 1s 6m 6m',
        '4s 2z 3z JS',
        '2m 2m 4m 5m 6m 8p 8p 9s 9s 9s 7s 8s 1z',
        '3m 4m 5m 7p 7p 1p 1p 2s 3s 4s 4z 4z 6z',
      ],
      melds: [[], [{ tiles: '1m 2m 3m' }, { tiles: '7p 8p 9p' }, { tiles: '5z 5z 5z' }], [], []],
      ponds: ['2z 3z', '', '2z 3z', '2z 3z'],
      claim: { tile: '6s', from: 0 },
    },
  });
  assert.ok(r.ok, r.ok ? '' : JSON.stringify(r.error));
  const s = r.value;
  const d = engine.pending(s).find((x) => x.seat === 1)!;
  assert.ok(
    d.options.some((o) => o.type === 'chow' && o.tiles.includes('JS')),
    JSON.stringify(d.options),
  );
  const a = engine.ai(s, 1, 'strong');
  assert.deepEqual(a, { type: 'pass' });
  const reason = engine.explain!(s, 1, a);
  assert.equal(checkClaimReason(s, d, a, reason), 'pass-call-joker');
  assert.equal(reason.vars.card, '6s');
});

test('a ready discard states the live tiles that win by the rules, or that none is live, or that the jokers fit no winning tile', () => {
  const seen = new Map<string, number>();
  for (const [seed, hands, level] of [
    ['vn-ready-hint', 30, 'strong'],
    ['vn-ready-hint-jokers', 30, 'normal'],
  ] as const) {
    for (const { s, d, a, r } of hints(seed, hands, level)) {
      if (a.type !== 'discard' || d.kind === 'claim') continue;
      const id = checkReason('vn-mahjong', r);
      if (!id.startsWith('discard-ready')) continue;
      seen.set(id, (seen.get(id) ?? 0) + 1);
      const v = engine.view(s, d.seat);
      const c = claimsOf(v);
      const rest = removeOne(v.hand, a.tile)!;
      const wins = c.winning(rest, c.melds);
      const live = wins.reduce((n, t) => n + c.live(t), 0);
      const where = `hand ${v.hand.join(' ')} (${c.melds} melds), ${JSON.stringify(a)} → ${id} ${JSON.stringify(r.vars)}: wins on ${wins.join(' ')} (${live} live)`;
      assert.ok(shanten(rest, c.melds) <= 0, `not ready: ${where}`);
      if (id === 'discard-ready') assert.ok(live > 0 && r.vars.live === live, where);
      else if (id === 'discard-ready-dead') assert.ok(wins.length > 0 && live === 0, where);
      else assert.ok(id === 'discard-ready-jokers' && wins.length === 0 && rest.some(isWild), where);
    }
  }
  assert.ok((seen.get('discard-ready') ?? 0) > 0 && (seen.get('discard-ready-jokers') ?? 0) > 0, JSON.stringify([...seen]));
});

test("a ready discard whose every winning tile is in sight says the wait is dead, not '0 live tiles that win'", () => {
  // East draws 5m to 1m2m3m 4p5p6p 7s8s9s 1z1z 2z2z: throwing it keeps the 1z/2z wait, and the
  // other two copies of each lie in the ponds.
  const r = engine.fromScenario(opts, 4, {
    position: {
      hands: [
        '1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 2z 2z 5m',
        '2m 5m 8m 3p 6p 9p 1s 4s 7s 3z 4z 6z 7z',
        '3m 6m 9m 1p 4p 7p 2s 5s 8s 3z 4z 5z 6z',
        '1m 4m 7m 2p 5p 8p 3s 6s 9s 3z 4z 5z 7z',
      ],
      ponds: ['', '1z 2z', '1z', '2z'],
      turn: 0,
      drawn: '5m',
      wallSeed: 'dead',
    },
  });
  assert.ok(r.ok, r.ok ? '' : JSON.stringify(r.error));
  const a = engine.ai(r.value, 0, 'strong');
  assert.deepEqual(a, { type: 'discard', tile: '5m' });
  assert.deepEqual(engine.explain!(r.value, 0, a), { key: 'vn-mahjong:hint.discard-ready-dead', vars: { card: '5m' } });
});
