/**
 * Some engines number seats by position in the current hand (the dealer is seat 0, so people move
 * seats as the deal rotates). The bot and the store need one seat per person for the whole match.
 * `withStableSeats` wraps such an engine so that every seat it takes or returns is the person's
 * match seat; `personAt(state)[position]` tells who sits at each position this hand.
 */
import type { AnyEngine, BaseAction, Decision, HandResult, Seat } from './types.js';

export function withStableSeats(engine: AnyEngine, personAt: (s: unknown) => readonly number[]): AnyEngine {
  const posOf = (s: unknown, person: Seat): Seat => {
    const i = personAt(s).indexOf(person);
    return i < 0 ? person : i;
  };
  const personOf = (s: unknown, pos: Seat): Seat => personAt(s)[pos] ?? pos;
  return {
    ...engine,
    pending(s) {
      return (engine.pending(s) as Decision<BaseAction>[]).map((d) => ({ ...d, seat: personOf(s, d.seat) }));
    },
    apply: (s, person, a) => engine.apply(s, posOf(s, person), a),
    view: (s, person) => engine.view(s, posOf(s, person)),
    ai: (s, person, level) => engine.ai(s, posOf(s, person), level),
    // Every method that takes a seat is mapped: `...engine` alone once handed `explain` the person
    // where it wants the position, so from the second hand a hint was explained for another seat.
    ...(engine.explain ? { explain: (s: unknown, person: Seat, a: BaseAction) => engine.explain!(s, posOf(s, person), a) } : {}),
    result(s) {
      const r = engine.result(s) as HandResult | null;
      if (!r) return r;
      const p = (pos: Seat) => personOf(s, pos);
      const deltas = new Array<number>(r.deltas.length).fill(0);
      r.deltas.forEach((d, pos) => (deltas[p(pos)] = d));
      return {
        ...r,
        winners: r.winners.map(p),
        ranking: r.ranking.map((g) => g.map(p)),
        deltas,
        payments: r.payments.map((x) => ({ ...x, from: p(x.from), to: p(x.to) })),
        items: r.items.map((x) => ({ ...x, seat: p(x.seat) })),
      };
    },
  };
}
