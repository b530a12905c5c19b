/** A started test table (test/support/table-rig.ts) whose state is a scenario start (docs/scenarios-*.md). */
import { rig, type Rig } from '../support/table-rig.js';
import { engineOf } from '../../src/table/manifests.js';
import { defaultOptions } from '../../src/games/core/options.js';
import type { Table } from '../../src/table/store.js';
import type { BaseAction, Decision, GameId } from '../../src/games/core/types.js';

export function tableAt(game: GameId, seats: number, start: unknown, options: Record<string, unknown> = {}): { r: Rig; t: Table } {
  const r = rig(
    game,
    Array.from({ length: seats }, () => 'human' as const),
    { options },
  );
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const t0 = r.ts.load(r.gameId)!;
  const eng = engineOf(game);
  const opts = { ...(defaultOptions(eng.options) as Record<string, unknown>), ...options };
  const res = eng.fromScenario(opts as never, seats, start as never) as { ok: boolean; value?: unknown };
  if (!res.ok) throw new Error(`bad scenario: ${JSON.stringify(res)}`);
  return { r, t: { ...t0, state: res.value } as Table };
}

/** The table after `seat` plays `action` (the engine's own apply: no step, no effects). */
export function after(t: Table, seat: number, action: BaseAction): Table {
  const res = t.engine.apply(t.state, seat, action) as { ok: boolean; value?: unknown };
  if (!res.ok) throw new Error(`refused: ${JSON.stringify(res)}`);
  return { ...t, state: res.value } as Table;
}

export function decisionOf(t: Table, seat: number): Decision<BaseAction> | undefined {
  return (t.engine.pending(t.state) as Decision<BaseAction>[]).find((d) => d.seat === seat);
}
