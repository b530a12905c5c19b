/** Test helpers: build positions and assert rule errors. */
import assert from 'node:assert/strict';
import { resolveOptions } from '../../src/games/core/options.js';
import { engine, type ChanAction, type ChanState } from '../../src/games/chan/index.js';
import { Rng } from '../../src/games/core/rng.js';

export function opts(overrides: Record<string, unknown> = {}, preset?: string) {
  const o = resolveOptions(engine.options, overrides, preset);
  if (!o.ok) throw new Error(JSON.stringify(o.errors));
  return o.value;
}

export function position(seats: number, pos: Record<string, unknown>, overrides: Record<string, unknown> = {}): ChanState {
  const r = engine.fromScenario(opts(overrides), seats, { position: pos });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

export function play(s: ChanState, seat: number, a: ChanAction): ChanState {
  const r = engine.apply(s, seat, a);
  if (!r.ok) throw new Error(`seat ${seat} ${JSON.stringify(a)} rejected: ${r.error.code}: ${r.error.message}`);
  const v = engine.checkInvariants(r.value);
  assert.deepEqual(v, []);
  return r.value;
}

export function rejects(s: ChanState, seat: number, a: unknown, code: string): string {
  const r = engine.apply(s, seat, a as ChanAction);
  assert.equal(r.ok, false, `expected ${code}, but ${JSON.stringify(a)} was accepted`);
  if (!r.ok) {
    assert.equal(r.error.code, code, r.error.message);
    assert.ok(r.error.message.length > 10);
    return r.error.message;
  }
  return '';
}

export const options = (s: ChanState, seat: number) => engine.pending(s).find((d) => d.seat === seat)?.options ?? [];
export const has = (s: ChanState, seat: number, a: ChanAction) => options(s, seat).some((o) => JSON.stringify(o) === JSON.stringify(a));

/** The state with every card this seat cannot see (other concealed hands, the nọc) dealt anew. */
export function reshuffleHidden(s: ChanState, seat: number, salt: string): ChanState {
  const t = structuredClone(s);
  const others = t.seats.map((_, k) => k).filter((k) => k !== seat);
  const pool = [...t.stock, ...others.flatMap((k) => t.seats[k]!.hand)];
  const mixed = new Rng(salt).shuffle(pool);
  let pos = 0;
  for (const k of others) {
    const h = t.seats[k]!.hand.length;
    t.seats[k]!.hand = mixed.slice(pos, pos + h);
    pos += h;
  }
  t.stock = mixed.slice(pos);
  return t;
}
