/**
 * Rating farming against the AI (store/results.ts `ratingIdOf`, `levelAfter`). Each AI level is a
 * player of its own per server and game (ratings row `ai:easy`…), rated hand by hand like a person.
 * Until 2026-12-07 every AI seat was rated as a newcomer (μ 25, σ 25/3) at every hand, whatever its
 * level: a normal player alone against three easy AIs rose above the normal players (and near or
 * past the best) of a community that rated itself among people, and people who filled seats with AIs
 * now and then were all inflated by it.
 *
 * The hands are drawn from a skill model, not played (fast: ~1,000 hands rated through
 * ResultStore.recordHand in well under a second): each seat's performance is its level's skill plus
 * standard normal noise, ranked. The skills are set so that a normal player alone against three easy
 * ones wins about 37% of hands, as Phỏm's normal AI did against three easy AIs (303 of 800 deals,
 * measured 2026-12-07); strong is as far again.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ordinal } from 'openskill';
import { openStore, type SeatRow, type Store } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import type { AiLevel } from '../../src/games/core/ai.js';
import { Rng } from '../../src/games/core/rng.js';
import type { HandResult } from '../../src/games/core/types.js';

const SKILL: Record<AiLevel, number> = { easy: 0, normal: 0.4, strong: 0.7 };
const LEVELS: readonly AiLevel[] = ['easy', 'normal', 'strong'];

/** A seat of the model: a person of some skill, or an AI of a level. */
type Who = { userId: string; level: AiLevel } | { ai: AiLevel };

/** A seeded server: a store, one running game's hands on guild 'g', and the model's random draws. */
interface Server {
  store: Store;
  gameId: string;
  hand: number;
  rng: Rng;
}

function server(seed: string): Server {
  let now = 1_000;
  const store = openStore(':memory:', engineOf, () => now++);
  const gameId = store.games.create({ game: 'phom', guildId: 'g', options: {}, optionsHash: 'x', seed: `farm-${seed}`, seats: 4 }).id;
  return { store, gameId, hand: 0, rng: new Rng(seed) };
}

/** One hand among `who`, ranked by the model and recorded (so rated) as the table records a hand. */
function playHand(s: Server, who: readonly Who[]): number[] {
  // Box–Muller from two uniform draws in (0, 1).
  const uniform = () => (s.rng.int(2 ** 30) + 0.5) / 2 ** 30;
  const gauss = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  const perf = who.map((w) => SKILL['ai' in w ? w.ai : w.level] + gauss());
  const order = [...who.keys()].sort((a, b) => perf[b]! - perf[a]!);
  const seats: SeatRow[] = who.map((w, seat) =>
    'ai' in w
      ? { seat, userId: null, isAi: true, displayName: `AI ${seat + 1}`, aiLevel: w.ai }
      : { seat, userId: w.userId, isAi: false, displayName: w.userId },
  );
  const result: HandResult = {
    winners: [order[0]!],
    ranking: order.map((seat) => [seat]),
    deltas: who.map((_, seat) => (seat === order[0] ? 3 : -1)),
    payments: [],
    items: [],
    unit: 'bet',
    endedBy: 'rank',
  };
  s.store.results.recordHand(s.gameId, 'phom', 'g', s.hand++, seats, result);
  const ranks = new Array<number>(who.length);
  order.forEach((seat, i) => (ranks[seat] = i + 1));
  return ranks;
}

/** Twelve people, four of each skill: u-strong-0…, u-normal-0…, u-easy-0…. */
const PEOPLE = LEVELS.flatMap((level) => [0, 1, 2, 3].map((i) => ({ userId: `u-${level}-${i}`, level })));

/** `hands` hands at tables of four drawn from PEOPLE; every `aiEvery`th hand (0: none) one seat is an AI, its level in turn. */
function community(s: Server, hands: number, aiEvery: number): void {
  for (let h = 0; h < hands; h++) {
    const who: Who[] = s.rng.shuffle(PEOPLE).slice(0, 4);
    if (aiEvery && h % aiEvery === 0) who[3] = { ai: LEVELS[Math.floor(h / aiEvery) % LEVELS.length]! };
    playHand(s, who);
  }
}

interface Row {
  mu: number;
  sigma: number;
  ordinal: number;
}

function ratingOf(s: Server, id: string): Row {
  const r = s.store.db.prepare("SELECT mu, sigma FROM ratings WHERE guild_id = 'g' AND game = 'phom' AND user_id = ?").get(id) as
    { mu: number; sigma: number } | undefined;
  assert.ok(r, `${id} is rated`);
  return { ...r, ordinal: ordinal(r) };
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const people = (s: Server, level?: AiLevel) => PEOPLE.filter((p) => !level || p.level === level).map((p) => ratingOf(s, p.userId));

/** A farmer of `level` alone against three easy AIs for `hands` hands on `s`; their rating after. */
function farm(s: Server, level: AiLevel, hands: number): Row {
  const farmer: Who = { userId: 'farmer', level };
  for (let h = 0; h < hands; h++) playHand(s, [farmer, { ai: 'easy' }, { ai: 'easy' }, { ai: 'easy' }]);
  return ratingOf(s, 'farmer');
}

const SEEDS = ['farm-1', 'farm-2', 'farm-3', 'farm-4', 'farm-5'];

test('a normal player farming three easy AIs on a server whose AIs nobody else plays: near the normal players, below the best', () => {
  const gaps: number[] = [];
  for (const seed of SEEDS) {
    const s = server(seed);
    community(s, 900, 0);
    const best = Math.max(...people(s).map((r) => r.ordinal));
    const normal = mean(people(s, 'normal').map((r) => r.mu));
    const farmer = farm(s, 'normal', 300);
    assert.ok(farmer.ordinal < best, `seed ${seed}: farmer ${farmer.ordinal.toFixed(2)} below the community's best ${best.toFixed(2)}`);
    gaps.push(farmer.mu - normal);
    s.store.db.close();
  }
  // What the same skill earns among people: the normal players' mean μ. The easy level's row starts
  // at the default rating (no one else calibrated it), so the farmer may end a little above them.
  assert.ok(mean(gaps) < 2.5, `the farmer's μ is near the normal players' (${gaps.map((g) => g.toFixed(2)).join(', ')} above)`);
});

test('on a server whose people fill seats with AIs now and then: ratings stay sensible, a farmer ends near or below their skill', () => {
  const gaps: number[] = [];
  const servers: Server[] = [];
  for (const seed of SEEDS) {
    const s = server(seed);
    community(s, 900, 4);
    // AI hands neither inflate nor deflate people: their mean μ stays at the default's.
    const all = people(s).map((r) => r.mu);
    assert.ok(Math.abs(mean(all) - 25) < 1, `seed ${seed}: the people's mean μ ${mean(all).toFixed(2)} stays near 25`);
    const byLevel = LEVELS.map((l) => mean(people(s, l).map((r) => r.mu)));
    assert.ok(byLevel[0]! < byLevel[1]! && byLevel[1]! < byLevel[2]!, `seed ${seed}: easy < normal < strong people`);
    const normal = mean(people(s, 'normal').map((r) => r.mu));
    const best = Math.max(...people(s).map((r) => r.ordinal));
    const farmer = farm(s, 'normal', 300);
    assert.ok(farmer.ordinal < best, `seed ${seed}: farmer ${farmer.ordinal.toFixed(2)} below the community's best ${best.toFixed(2)}`);
    gaps.push(farmer.mu - normal);
    servers.push(s);
  }
  assert.ok(mean(gaps) < 1.5, `the farmer's μ is near or below the normal players' (${gaps.map((g) => g.toFixed(2)).join(', ')} above)`);
  // The levels' rows, calibrated by the people's hands, tell the levels apart.
  for (const s of servers) {
    const ai = LEVELS.map((l) => ratingOf(s, `ai:${l}`).mu);
    assert.ok(ai[0]! < ai[2]!, `the easy AI level below the strong one (${ai.map((m) => m.toFixed(2)).join(' / ')})`);
    s.store.db.close();
  }
});
