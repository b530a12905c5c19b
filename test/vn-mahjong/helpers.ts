/** Shared vn-mahjong test helpers. */
import { Rng } from '../../src/games/core/rng.js';
import { engine, type State, type VnAction } from '../../src/games/vn-mahjong/index.js';
import { resolveOptions } from '../../src/games/core/options.js';
import { sortTiles } from '../../src/games/vn-mahjong/tiles.js';

/** The same table with every tile hidden from `person` dealt anew: the other seats' concealed hands and the wall, same sizes, same tiles. */
export function redealHidden(s: State, person: number, salt: string): State {
  const seat = s.seatPerson.indexOf(person);
  const t = structuredClone(s);
  const others = t.players.map((_, i) => i).filter((i) => i !== seat);
  const mixed = new Rng(salt).shuffle([...t.wall, ...others.flatMap((i) => t.players[i]!.hand)]);
  let k = 0;
  for (const i of others) {
    const n = t.players[i]!.hand.length;
    t.players[i]!.hand = sortTiles(mixed.slice(k, k + n));
    k += n;
  }
  t.wall = mixed.slice(k);
  return t;
}

/** The game's options: the defaults with `o` over them (a bad value throws). */
export function opts(o: Record<string, unknown> = {}) {
  const r = resolveOptions(engine.options, o);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

/** A scenario position (docs/scenarios-vn-mahjong.md) as a state. */
export function pos(position: Record<string, unknown>, o: Record<string, unknown> = {}, seats = 4): State {
  const r = engine.fromScenario(opts(o), seats, { position });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** `a` played by `seat` (a refusal throws). */
export function act(s: State, seat: number, a: VnAction): State {
  const r = engine.apply(s, seat, a);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** Tiles written with spaces: "1m 2m 3m". */
export const T = (s: string) => s.split(/\s+/).filter(Boolean);

/** The options of `seat`'s decision now (none: []). */
export const optionsOf = (s: State, seat: number) => engine.pending(s).find((d) => d.seat === seat)?.options ?? [];

/**
 * From a claim window: seat `w` calls a pung on the discard and discards `out`; then every seat
 * discards what it draws (every call passed) until `w` draws `wins` and declares Ù.
 */
export function feedThenDraw(s: State, w: number, pung: string, out: string, wins: string): State {
  s = act(act(s, w, { type: 'pung', tiles: [pung, pung] }), w, { type: 'discard', tile: out });
  for (let i = 0; i < 40 && !engine.result(s); i++) {
    const d = engine.pending(s)[0]!;
    if (s.phase === 'claim') s = act(s, d.seat, { type: 'pass' });
    else if (d.seat === w && s.drawn === wins) s = act(s, w, { type: 'win' });
    else s = act(s, d.seat, { type: 'discard', tile: s.drawn! });
  }
  return s;
}
