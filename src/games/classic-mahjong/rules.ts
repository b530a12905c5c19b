/**
 * pending() and apply() of classical mahjong: turns, claims with priority, kongs, robbing the kong,
 * opening kongs, the end of the hand (classic-mahjong.md §4.5, §5, §6, §12).
 */
import { awaitingSeats, decideClaims, openClaimWindow, recordAnswer } from '../core/claims.js';
import { ok, type Decision, type Result } from '../core/types.js';
import { copyState } from '../core/copy.js';
import { sortTiles, type TileCode } from '../mahjong/tiles.js';
import { fail, type Action } from './actions.js';
import { chowsWith, counts, countOf, isReady, isWin, meldOf, without } from './hand.js';
import { clone, type ClaimAnswer, type ClaimState, type RobAnswer, type RobState, type State, type WinOutcome } from './state.js';
import { isThirteenOrphans } from './scoring/waits.js';
import { receive, takeLoose } from './walls.js';

const next = (s: State, seat: number): number => (seat + 1) % s.seats;

// ---------- options per decision ----------

/**
 * Whether `tile`, held, may make a kong of tiles held (`concealed-kong-tile` / `added-kong-tile`,
 * §7, §15 Q8): with `any` (the default; also a stored game whose options lack the key) any matching
 * tile on your own turn; with `drawn` (preset seed, 「再摸得第四張」, 「從四方城裡摸得第四張」) only the
 * fourth tile just drawn: `s.drawn`, live or loose (after a kong or a flower).
 */
function kongTileAllowed(s: State, option: 'concealed-kong-tile' | 'added-kong-tile', tile: TileCode): boolean {
  return s.opts[option] !== 'drawn' || s.drawn === tile;
}

function turnOptions(s: State, seat: number): Action[] {
  const p = s.players[seat]!;
  const out: Action[] = [];
  if (isWin(p, null)) out.push({ type: 'mahjong' });
  const locked = p.originalCall;
  if (!locked && s.dead.length > 0) {
    const seen = new Set<TileCode>();
    for (const t of p.concealed) {
      if (seen.has(t)) continue;
      seen.add(t);
      if (countOf(p.concealed, t) === 4 && kongTileAllowed(s, 'concealed-kong-tile', t)) out.push({ type: 'concealed-kong', tile: t });
    }
    for (const m of p.melds)
      if (m.type === 'pung' && p.concealed.includes(m.tiles[0]!) && kongTileAllowed(s, 'added-kong-tile', m.tiles[0]!))
        out.push({ type: 'added-kong', tile: m.tiles[0]! });
  }
  out.push(...discardOptions(s, seat));
  return out;
}

function discardOptions(s: State, seat: number): Action[] {
  const p = s.players[seat]!;
  if (p.originalCall && s.drawn && p.concealed.includes(s.drawn)) return [{ type: 'discard', tile: s.drawn }];
  const tiles = [...new Set(p.concealed)];
  const out: Action[] = tiles.map((tile) => ({ type: 'discard', tile }));
  // Original Call (option, §9.5): declared with the player's first discard, the hand ready. A set
  // claimed before that discard does not prevent it (Kajongg: "one tile may be claimed before declaring
  // OC and one for going MJ"; the double needs fewer than 3 exposed sets at the win).
  if (s.opts['original-call'] && (s.phase === 'turn' || s.phase === 'discard-after-claim') && p.discards.length === 0) {
    for (const tile of tiles) {
      const rest = without(p.concealed, [tile])!;
      if (isReady(p, rest)) out.push({ type: 'discard', tile, call: true });
    }
  }
  return out;
}

/** Claims `seat` may make on `tile` discarded by `from` (§6). */
export function claimOptions(s: State, seat: number, tile: TileCode, from: number, lastDiscard: boolean): ClaimAnswer[] {
  const p = s.players[seat]!;
  const out: ClaimAnswer[] = [];
  if (isWin(p, tile)) out.push({ type: 'mahjong' });
  if (p.originalCall) return out;
  if (lastDiscard && s.opts['last-discard-claims'] === 'mahjong-only') return out;
  const n = countOf(p.concealed, tile);
  if (n === 3 && s.dead.length > 0) out.push({ type: 'kong' });
  if (n >= 2) out.push({ type: 'pung' });
  // §6: chow only from the previous occupied seat.
  if (seat === next(s, from)) for (const run of chowsWith(p.concealed, tile)) out.push({ type: 'chow', tiles: run });
  return out;
}

function robOptions(s: State, seat: number, tile: TileCode, kind: 'added' | 'concealed'): boolean {
  const p = s.players[seat]!;
  if (kind === 'concealed') return p.melds.length === 0 && isThirteenOrphans(counts([...p.concealed, tile]));
  return isWin(p, tile);
}

export function pending(s: State): Decision<Action>[] {
  switch (s.phase) {
    case 'ended':
      return [];
    case 'opening-kong': {
      const p = s.players[s.openingSeat]!;
      const kinds = [...new Set(p.concealed)].filter((t) => countOf(p.concealed, t) === 4);
      const options: Action[] = [...kinds.map((tile) => ({ type: 'opening-kong' as const, tile })), { type: 'pass' }];
      // §4.5: only a seat holding four of a kind decides here, so who decides is hidden (#13 §2)
      return [{ seat: s.openingSeat, kind: 'turn', options, timeoutDefault: { type: 'pass' }, secret: true }];
    }
    case 'turn': {
      const options = turnOptions(s, s.turn);
      const p = s.players[s.turn]!;
      const drawnTile = s.drawn && p.concealed.includes(s.drawn) ? s.drawn : p.concealed[p.concealed.length - 1]!;
      const timeoutDefault =
        options.find((a) => a.type === 'discard' && a.tile === drawnTile && !a.call) ?? options.find((a) => a.type === 'discard')!;
      // A hand locked by its Original Call has a choice only when it can win (§13 `original-call`).
      return [{ seat: s.turn, kind: 'turn', options, timeoutDefault, ...(p.originalCall ? { choiceHidden: true as const } : {}) }];
    }
    case 'discard-after-claim': {
      const options = discardOptions(s, s.turn);
      const p = s.players[s.turn]!;
      const last = p.concealed[p.concealed.length - 1]!;
      return [{ seat: s.turn, kind: 'turn', options, timeoutDefault: options.find((a) => a.type === 'discard' && a.tile === last)! }];
    }
    case 'claim': {
      const c = claimState(s);
      return awaitingSeats(c.window)
        .sort((a, b) => a - b)
        .map((seat) => ({
          seat,
          kind: 'claim' as const,
          options: [...claimOptions(s, seat, c.tile, c.from, c.lastDiscard), { type: 'pass' as const }],
          timeoutDefault: { type: 'pass' as const },
        }));
    }
    case 'rob-kong':
      return awaitingSeats(robState(s).window)
        .sort((a, b) => a - b)
        .map((seat) => ({
          seat,
          kind: 'claim' as const,
          options: [{ type: 'mahjong' as const }, { type: 'pass' as const }],
          timeoutDefault: { type: 'pass' as const },
        }));
  }
}

/** The open claim window; only called in phase `claim`, where it always exists. */
function claimState(s: State): ClaimState {
  if (!s.claim) throw new Error('classic-mahjong: claim phase without a claim window');
  return s.claim;
}

function robState(s: State): RobState {
  if (!s.rob) throw new Error('classic-mahjong: rob-kong phase without a rob window');
  return s.rob;
}

// ---------- flow helpers (mutate a copy) ----------

function endDraw(s: State): void {
  s.phase = 'ended';
  s.outcome = { kind: 'draw' };
  s.claim = null;
  s.rob = null;
}

/** §5.1: the seat draws a live tile (bonus tiles replaced), or the hand is drawn (§12). */
function drawFor(s: State, seat: number): void {
  s.turn = seat;
  s.phase = 'turn';
  s.kongChain = 0;
  const t = s.wall.shift();
  if (t === undefined) return endDraw(s);
  const r = receive(s, seat, t, false);
  if (!r) return endDraw(s);
  s.drawn = r.tile;
  s.source = r.loose ? 'loose-tile' : s.wall.length === 0 ? 'last-wall-tile' : 'wall';
}

/** After a kong: a loose tile, then a new turn (§5.2). */
function looseFor(s: State, seat: number): void {
  const t = takeLoose(s);
  if (t === null) return endDraw(s);
  const r = receive(s, seat, t, true);
  if (!r) return endDraw(s);
  s.turn = seat;
  s.phase = 'turn';
  s.drawn = r.tile;
  // With `bonus-replacement-source=live-wall` a loose flower's replacement comes from the live
  // wall; taking its last tile is a win with the last live tile (§9.5, §8.3), as in drawFor().
  s.source = r.loose ? 'loose-tile' : s.wall.length === 0 ? 'last-wall-tile' : 'wall';
}

/** §4.5: the next seat (from `from` on, in turn order) holding four of a kind, or -1. */
function nextOpeningSeat(s: State, from: number): number {
  for (let seat = from; seat < s.seats; seat++) {
    const p = s.players[seat]!;
    if (p.concealed.some((t) => countOf(p.concealed, t) === 4)) return seat;
  }
  return -1;
}

export function startPlay(s: State, from = 0): void {
  // No kong while the kong box is empty (§4.5, §13 `dead-wall`; rules-decisions.md "fixed-16 /
  // fixed-14"), as on a turn: its loose tile would end the hand at the deal.
  const seat = s.opts['opening-kongs'] && s.dead.length > 0 ? nextOpeningSeat(s, from) : -1;
  if (seat >= 0) {
    // What the table shows until the phase ends (views.ts): taken once, when the phase begins.
    if (s.phase !== 'opening-kong' || !s.openingShown)
      s.openingShown = {
        wall: s.wall.length,
        dead: s.dead.length,
        seats: s.players.map((p) => ({ melds: p.melds.length, bonus: p.bonus.length, concealed: p.concealed.length })),
        lastAction: s.lastAction ? copyState(s.lastAction) : null,
      };
    s.phase = 'opening-kong';
    s.openingSeat = seat;
    return;
  }
  delete s.openingShown;
  s.phase = 'turn';
  s.turn = 0;
  s.openingSeat = -1;
  s.drawn = null;
  s.source = 'deal';
}

function win(s: State, seat: number, o: Omit<WinOutcome, 'kind' | 'winner' | 'eastStreak'>): void {
  s.phase = 'ended';
  s.claim = null;
  s.rob = null;
  const eastStreakN = s.opts['east-streak-limit'] === 'off' ? 0 : Number(s.opts['east-streak-limit']);
  const eastStreak = s.opts.rotation === 'tournament' && seat === 0 && eastStreakN > 0 && s.match.eastWins + 1 >= eastStreakN;
  s.outcome = { kind: 'win', winner: seat, ...o, ...(eastStreak ? { eastStreak } : {}) };
}

const RANK: Record<ClaimAnswer['type'], number> = { mahjong: 3, kong: 2, pung: 2, chow: 1, pass: 0 };

/** Seats other than `from`, nearest first counter-clockwise: the tie-break order of §6. */
const seatsFrom = (s: State, from: number): number[] => Array.from({ length: s.seats - 1 }, (_, i) => (from + 1 + i) % s.seats);

/**
 * §6: Mah Jong > pung/kong > chow, ties to the seat nearest the discarder; the window closes when
 * all answered, or when nobody still to answer could beat the best claim (core/claims.ts).
 */
function decideClaim(s: State, c: ClaimState) {
  return decideClaims(
    c.window,
    (a) => RANK[a.type],
    (seat) => Math.max(0, ...claimOptions(s, seat, c.tile, c.from, c.lastDiscard).map((x) => RANK[x.type])),
  );
}

function resolveClaim(s: State, best: { seat: number; answer: ClaimAnswer } | null): void {
  const c = claimState(s);
  const discarder = s.players[c.from]!;
  s.claim = null;
  if (!best || best.answer.type === 'pass') {
    // §5.4: the discard is dead; the next seat draws (or the hand is drawn, §12).
    if (c.lastDiscard) return endDraw(s);
    return drawFor(s, next(s, c.from));
  }
  const seat = best.seat;
  const p = s.players[seat]!;
  discarder.discards[discarder.discards.length - 1]!.claimedBy = seat;
  const a = best.answer;
  s.lastAction = { seat, type: a.type, tile: c.tile };
  if (a.type === 'mahjong') {
    p.concealed = sortTiles([...p.concealed, c.tile]);
    const earth = c.from === 0 && s.discardCount === 1 && !s.anyClaim && seat !== 0;
    return win(s, seat, { source: earth ? 'earth' : c.lastDiscard ? 'last-discard' : 'discard', tile: c.tile, discarder: c.from });
  }
  s.anyClaim = true;
  if (a.type === 'kong') {
    p.concealed = without(p.concealed, [c.tile, c.tile, c.tile])!;
    p.melds.push(meldOf('kong', [c.tile, c.tile, c.tile, c.tile], true, { kongType: 'claimed', claimedFrom: c.from }));
    s.kongChain = 1;
    return looseFor(s, seat);
  }
  if (a.type === 'pung') {
    p.concealed = without(p.concealed, [c.tile, c.tile])!;
    p.melds.push(meldOf('pung', [c.tile, c.tile, c.tile], true, { claimedFrom: c.from }));
  } else if (a.type === 'chow') {
    p.concealed = without(p.concealed, without(a.tiles, [c.tile])!)!;
    // `claimed`: which of the sorted three was the discard, for the table image only (state.ts).
    p.melds.push(meldOf('chow', a.tiles.slice(), true, { claimedFrom: c.from, claimed: a.tiles.indexOf(c.tile) }));
  }
  s.turn = seat;
  s.phase = 'discard-after-claim';
  s.drawn = null;
  s.source = 'claim';
}

function openClaims(s: State, from: number, tile: TileCode): void {
  const lastDiscard = s.wall.length === 0;
  const seats = seatsFrom(s, from).filter((seat) => claimOptions(s, seat, tile, from, lastDiscard).length > 0);
  s.claim = { tile, from, window: openClaimWindow<ClaimAnswer>(seats), lastDiscard };
  s.phase = 'claim';
  if (seats.length === 0) resolveClaim(s, null);
}

function resolveRob(s: State, robber: number | null): void {
  const r = robState(s);
  s.rob = null;
  if (robber === null) return looseFor(s, r.konger);
  const seat = robber;
  const konger = s.players[r.konger]!;
  // §6: the robbed set goes back to an exposed pung (a concealed kong's tiles return to the hand).
  const i = konger.melds.findIndex(
    (m) => m.type === 'kong' && m.tiles[0] === r.tile && (m.kongType === 'added' || m.kongType === 'concealed'),
  );
  const m = konger.melds[i]!;
  if (m.kongType === 'added')
    konger.melds[i] = meldOf('pung', [r.tile, r.tile, r.tile], true, m.claimedFrom === undefined ? {} : { claimedFrom: m.claimedFrom });
  else {
    konger.melds.splice(i, 1);
    konger.concealed = sortTiles([...konger.concealed, r.tile, r.tile, r.tile]);
  }
  const p = s.players[seat]!;
  p.concealed = sortTiles([...p.concealed, r.tile]);
  s.lastAction = { seat, type: 'mahjong', tile: r.tile };
  win(s, seat, { source: 'robbed-kong', tile: r.tile, discarder: r.konger });
}

function openRob(s: State, konger: number, tile: TileCode, kind: 'added' | 'concealed'): void {
  const mode = s.opts['robbing-kong'];
  const allowed = kind === 'added' ? mode !== 'off' : mode === 'added-plus-orphans';
  const seats = allowed ? seatsFrom(s, konger).filter((seat) => robOptions(s, seat, tile, kind)) : [];
  if (seats.length === 0) return looseFor(s, konger);
  s.rob = { tile, konger, kind, window: openClaimWindow<RobAnswer>(seats) };
  s.phase = 'rob-kong';
}

/**
 * §8.3 Kong upon Kong: a kong continues the chain only when the loose tile of the previous kong
 * is itself the tile that makes this kong; any other kong starts a new chain.
 */
function kongChainAfter(s: State, tile: TileCode): number {
  return s.kongChain >= 1 && s.source === 'loose-tile' && s.drawn === tile ? s.kongChain + 1 : 1;
}

// ---------- apply ----------

const same = (a: Action, b: Action): boolean => JSON.stringify(a) === JSON.stringify(b);

export function apply(s0: State, seat: number, a: Action): Result<State> {
  if (s0.phase === 'ended') return fail('hand-over');
  if (!a || typeof a !== 'object' || typeof (a as { type?: unknown }).type !== 'string') return fail('unknown-action');
  const d = pending(s0).find((x) => x.seat === seat);
  if (!d) return fail('not-your-turn', { seat });
  const legal = d.options.find((o) => same(o, normalize(a)));
  if (!legal) return explain(s0, seat, a);
  const s = clone(s0);
  const p = s.players[seat]!;
  switch (s.phase) {
    case 'opening-kong': {
      if (legal.type === 'opening-kong') {
        p.concealed = without(p.concealed, [legal.tile, legal.tile, legal.tile, legal.tile])!;
        p.melds.push(meldOf('kong', [legal.tile, legal.tile, legal.tile, legal.tile], false, { kongType: 'concealed' }));
        s.lastAction = { seat, type: 'opening-kong', tile: legal.tile };
        const t = takeLoose(s);
        if (t === null) {
          endDraw(s);
          break;
        }
        if (!receive(s, seat, t, true)) {
          endDraw(s);
          break;
        }
        startPlay(s, seat);
      } else startPlay(s, seat + 1);
      break;
    }
    case 'turn':
    case 'discard-after-claim': {
      if (legal.type === 'mahjong') {
        // The self-drawn winning tile is public once the hand is won (shown in the result).
        s.lastAction = { seat, type: 'mahjong', ...(s.drawn ? { tile: s.drawn } : {}) };
        // §8.3 Heaven's Blessing: East wins on the dealt tiles (bonus replacements and opening
        // kongs of the deal included), not on a loose tile after a kong of its first turn.
        const heaven = seat === 0 && s.discardCount === 0 && !s.anyClaim && s.source === 'deal';
        const source = heaven
          ? 'heaven'
          : s.source === 'loose-tile'
            ? 'loose-tile'
            : s.source === 'last-wall-tile'
              ? 'last-wall-tile'
              : 'wall';
        win(s, seat, {
          source,
          ...(s.drawn ? { tile: s.drawn } : {}),
          ...(s.kongChain >= 2 && source === 'loose-tile' ? { kongUponKong: true } : {}),
        });
      } else if (legal.type === 'concealed-kong') {
        s.lastAction = { seat, type: legal.type, tile: legal.tile };
        p.concealed = without(p.concealed, [legal.tile, legal.tile, legal.tile, legal.tile])!;
        p.melds.push(meldOf('kong', [legal.tile, legal.tile, legal.tile, legal.tile], false, { kongType: 'concealed' }));
        s.kongChain = kongChainAfter(s, legal.tile);
        openRob(s, seat, legal.tile, 'concealed');
      } else if (legal.type === 'added-kong') {
        s.lastAction = { seat, type: legal.type, tile: legal.tile };
        p.concealed = without(p.concealed, [legal.tile])!;
        const i = p.melds.findIndex((m) => m.type === 'pung' && m.tiles[0] === legal.tile);
        const old = p.melds[i]!;
        p.melds[i] = meldOf('kong', [legal.tile, legal.tile, legal.tile, legal.tile], true, {
          kongType: 'added',
          ...(old.claimedFrom === undefined ? {} : { claimedFrom: old.claimedFrom }),
        });
        s.kongChain = kongChainAfter(s, legal.tile);
        openRob(s, seat, legal.tile, 'added');
      } else if (legal.type === 'discard') {
        s.lastAction = { seat, type: legal.type, tile: legal.tile };
        p.concealed = without(p.concealed, [legal.tile])!;
        p.discards.push({ tile: legal.tile });
        if (legal.call) p.originalCall = true;
        s.discardCount++;
        s.drawn = null;
        s.kongChain = 0;
        openClaims(s, seat, legal.tile);
      }
      break;
    }
    case 'claim': {
      const c = claimState(s);
      const w = recordAnswer(c.window, seat, toClaimAnswer(legal));
      if (!w) return fail('not-your-turn', { seat });
      c.window = w;
      const d = decideClaim(s, c);
      if (d.decided) resolveClaim(s, d.winner);
      break;
    }
    case 'rob-kong': {
      const r = robState(s);
      const w = recordAnswer(r.window, seat, legal.type === 'mahjong' ? { type: 'mahjong' } : { type: 'pass' });
      if (!w) return fail('not-your-turn', { seat });
      r.window = w;
      // §6: the robber nearest the konger counter-clockwise wins
      const d = decideClaims(
        w,
        (a) => (a.type === 'mahjong' ? 1 : 0),
        () => 1,
      );
      if (d.decided) resolveRob(s, d.winner ? d.winner.seat : null);
      break;
    }
  }
  return ok(s);
}

/** A legal claim-phase action as the answer it records. */
function toClaimAnswer(a: Action): ClaimAnswer {
  switch (a.type) {
    case 'mahjong':
    case 'pung':
    case 'kong':
      return { type: a.type };
    case 'chow':
      return { type: 'chow', tiles: a.tiles };
    default:
      return { type: 'pass' };
  }
}

/** Canonical form of an action (drops unknown fields, sorts chow tiles). */
function normalize(a: Action): Action {
  switch (a.type) {
    case 'discard':
      return a.call ? { type: 'discard', tile: a.tile, call: true } : { type: 'discard', tile: a.tile };
    case 'concealed-kong':
    case 'added-kong':
    case 'opening-kong':
      return { type: a.type, tile: a.tile };
    case 'chow':
      return { type: 'chow', tiles: Array.isArray(a.tiles) ? sortTiles(a.tiles) : [] };
    default:
      return { type: a.type } as Action;
  }
}

/** A RuleError naming the rule that blocks an illegal action. */
function explain(s: State, seat: number, a: Action) {
  const p = s.players[seat]!;
  const phase = s.phase;
  const tile = 'tile' in a && typeof a.tile === 'string' ? a.tile : '';
  switch (a.type) {
    case 'discard':
      if (phase === 'claim' || phase === 'rob-kong' || phase === 'opening-kong') return fail('not-your-turn');
      if (!p.concealed.includes(tile)) return fail('tile-not-in-hand', { tile });
      if (p.originalCall) return fail('original-call-locked');
      return fail('original-call-not-ready', { tile });
    case 'mahjong':
      return fail('not-a-winning-hand');
    case 'concealed-kong':
      if (phase === 'discard-after-claim') return fail('must-discard');
      // §9.5: a called hand is locked (it discards the tile it drew or goes out), so no kong.
      if (p.originalCall) return fail('original-call-locked');
      if (s.dead.length === 0) return fail('dead-wall-empty');
      if (countOf(p.concealed, tile) === 4 && !kongTileAllowed(s, 'concealed-kong-tile', tile))
        return fail('concealed-kong-not-drawn', { tile });
      return fail('no-concealed-kong', { tile });
    case 'added-kong':
      if (phase === 'discard-after-claim') return fail('must-discard');
      if (p.originalCall) return fail('original-call-locked');
      // No kong of any kind once the kong box is empty (fixed-16 / fixed-14: rules-decisions.md).
      if (s.dead.length === 0) return fail('dead-wall-empty');
      if (!kongTileAllowed(s, 'added-kong-tile', tile) && p.melds.some((m) => m.type === 'pung' && m.tiles[0] === tile))
        return fail('added-kong-not-drawn', { tile });
      return fail('no-added-kong', { tile });
    case 'opening-kong':
      return fail('no-opening-kong', { tile });
    case 'pung':
    case 'kong':
    case 'chow': {
      if (phase !== 'claim') return fail('cannot-claim');
      const c = claimState(s);
      if (c.lastDiscard && s.opts['last-discard-claims'] === 'mahjong-only') return fail('last-discard-mahjong-only');
      if (a.type === 'pung') return fail('no-pair-for-pung', { tile: c.tile });
      if (a.type === 'kong') return fail(s.dead.length === 0 ? 'dead-wall-empty' : 'no-pung-for-kong', { tile: c.tile });
      if (seat !== next(s, c.from)) return fail('chow-not-from-previous');
      return fail('chow-invalid', { tile: c.tile });
    }
    case 'pass':
      return fail('must-discard');
    default:
      return fail('unknown-action');
  }
}
