/**
 * An engine whose read-only answers about a state (`pending`, `view`, `publicView`, `result`) are
 * computed once per state object and seat, then shared.
 *
 * One move asks them many times of the same state: the table layer (deadlines, the claim window,
 * the AI's decision), every live seat view's hand message and its "did it change" signature, the
 * table image. A Phỏm seat view searches the hand's melds (`bestDeadwood`, `canEat`); at 200 tables
 * these repeats were a fifth of the bot's main-thread allocation (issue #17: the event loop's
 * scavenges). States are never mutated once an engine returns them (`apply` returns a new state),
 * so the state object is the key (a WeakMap: a state's answers go when it does).
 *
 * Shared answers are frozen (deeply), so a caller that would modify one throws instead of changing
 * what the next caller is given.
 */
import type { AnyEngine, Seat } from './types.js';

interface Answers {
  pending?: unknown;
  publicView?: unknown;
  result?: unknown;
  views?: Map<Seat, unknown>;
}

/** Each cached engine's public view for a one-off read (`publicViewOnce`). */
const ONCE = new WeakMap<AnyEngine, (s: unknown) => unknown>();

/**
 * The public view of `s` for a caller that reads it once, now: the cached one if it is there, else
 * one built for it alone, neither kept nor frozen (freezing is most of a cached view's cost). The
 * table layer reads each entry's last move this way (act.ts `Step.apply`), most of them states no
 * one looks at again.
 */
export function publicViewOnce(engine: AnyEngine, s: unknown): unknown {
  return (ONCE.get(engine) ?? engine.publicView)(s);
}

export function withViewCache(engine: AnyEngine): AnyEngine {
  const cache = new WeakMap<object, Answers>();
  const of = (s: unknown): Answers | null => {
    if (typeof s !== 'object' || s === null) return null;
    let a = cache.get(s);
    if (!a) cache.set(s, (a = {}));
    return a;
  };
  const once = <K extends 'pending' | 'publicView' | 'result'>(k: K, s: unknown, f: () => unknown): unknown => {
    const a = of(s);
    if (!a) return f();
    if (!(k in a)) a[k] = deepFreeze(f());
    return a[k];
  };
  const cached: AnyEngine = {
    ...engine,
    pending: (s) => once('pending', s, () => engine.pending(s)) as ReturnType<AnyEngine['pending']>,
    publicView: (s) => once('publicView', s, () => engine.publicView(s)),
    result: (s) => once('result', s, () => engine.result(s)) as ReturnType<AnyEngine['result']>,
    view(s, seat) {
      const a = of(s);
      if (!a) return engine.view(s, seat);
      const views = (a.views ??= new Map());
      if (!views.has(seat)) views.set(seat, deepFreeze(engine.view(s, seat)));
      return views.get(seat);
    },
  };
  ONCE.set(cached, (s) => {
    const a = typeof s === 'object' && s !== null ? cache.get(s) : undefined;
    return a && 'publicView' in a ? a.publicView : engine.publicView(s);
  });
  return cached;
}

/** Freezes a plain JSON-like value and everything it holds; returns it. */
export function deepFreeze<T>(x: T): T {
  if (typeof x !== 'object' || x === null || Object.isFrozen(x)) return x;
  Object.freeze(x);
  const held = x instanceof Map ? [...x.keys(), ...x.values()] : x instanceof Set ? [...x] : Object.values(x);
  for (const v of held) deepFreeze(v);
  return x;
}
