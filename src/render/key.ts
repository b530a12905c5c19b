/**
 * `renderKey(kind, model)`: a stable hash of what an image shows. Two models that are equal as
 * JSON (whatever the order of their object keys; `undefined` fields count as absent) get the same
 * key, so the pool can return the PNG it already encoded instead of drawing the view again
 * (issue #17 §3, #13 "Refresh with nothing changed reuses the rendered image").
 */
import { createHash } from 'node:crypto';
import type { RenderKind, RenderRequestMap } from './model.js';

/** Bumped when a layout changes, so persisted keys (if any) never match an older drawing. */
export const RENDER_VERSION = 7;

/** JSON with object keys sorted at every depth (arrays keep their order). */
export function stableJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map((x) => (x === undefined ? 'null' : stableJson(x))).join(',')}]`;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${stableJson(o[k])}`).join(',')}}`;
}

/** A short hex digest of (kind, model); equal views give equal keys. */
export function renderKey<K extends RenderKind>(kind: K, model: RenderRequestMap[K]): string {
  return createHash('sha256')
    .update(`${RENDER_VERSION}|${kind}|${stableJson(model)}`)
    .digest('base64url')
    .slice(0, 27);
}
