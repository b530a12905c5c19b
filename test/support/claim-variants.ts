/** Claim windows seen with other claimants: what only the engine and the claimants know is swapped (issue #13 §2 tests). */
import type { Table } from '../../src/table/store.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

/** The decisions the table's engine waits for. */
export const pendingOf = (t: Table) => t.engine.pending(t.state) as Decision<BaseAction>[];

/**
 * The same table with `seats` as the claimants (the engine's pending decisions, its public "waiting
 * for" list and the claim timers swapped, everything public left alone); with `left`, the seats
 * whose player left during the hand too (the engine's `seating.leftSeats`).
 */
export function withClaimants(t: Table, seats: number[], left?: number[]): Table {
  const proto = pendingOf(t).find((d) => d.kind === 'claim')!;
  const pending = seats.map((seat) => ({ ...proto, seat }));
  const deadline = t.timers[0]!.deadline;
  const engine = {
    ...t.engine,
    pending: () => pending,
    publicView: (s: unknown) => {
      const pub = t.engine.publicView(s) as Record<string, unknown>;
      const swap = (k: string) => (Array.isArray(pub[k]) ? { [k]: seats } : {});
      return { ...pub, ...swap('waitingOn'), ...swap('waitingFor') };
    },
    ...(left ? { seating: { leftSeats: () => left } } : {}),
  } as unknown as Table['engine'];
  return { ...t, engine, timers: seats.map((seat) => ({ ...t.timers[0]!, seat, deadline })) };
}
