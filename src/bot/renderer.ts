/**
 * The bot's image renderer: through the worker pool (src/render/pool.ts) so drawing never blocks
 * the event loop, or on the main thread when `workers` is 0 (tests, tiny deployments). The pool is
 * created at once; `warm` starts its workers and paints the common sprites ahead of the first real
 * request (pool.ts `warmPool`), a step of its own: start-up registers `close` before it, so that a
 * signal while the pool warms up closes the pool (src/bot/main.ts).
 */
import type { Renderer } from './context.js';
import type { Lang } from '../table/i18n.js';

export async function createRenderer(workers: number): Promise<{ renderer: Renderer; warm(): Promise<void>; close(): Promise<void> }> {
  if (workers <= 0) {
    const r = await import('../render/index.js');
    r.registerFonts();
    return {
      renderer: {
        hand: async (m) => r.renderHand(m),
        claim: async (m) => r.renderClaim(m),
        table: async (m) => r.renderTable(m),
        result: async (m) => r.renderResult(m),
        sheet: drawnOnce(async (game, lang: Lang) => r.renderSheet(game, lang)),
        standings: async (m) => r.renderStandings(m),
        rating: async (m) => r.renderRating(m),
      },
      warm: async () => undefined,
      close: async () => undefined,
    };
  }
  const pool = await import('../render/pool.js');
  pool.renderPool({ threads: workers });
  return {
    renderer: {
      hand: (m) => pool.renderAsync('hand', m),
      claim: (m) => pool.renderAsync('claim', m),
      table: (m) => pool.renderAsync('table', m),
      result: (m) => pool.renderAsync('result', m),
      sheet: drawnOnce((game, lang: Lang) => pool.renderAsync('sheet', { game, locale: lang })),
      standings: (m) => pool.renderAsync('standings', m),
      rating: (m) => pool.renderAsync('rating', m),
    },
    warm: () => pool.warmPool(),
    close: () => pool.closePool(),
  };
}

/**
 * The piece sheet (/rules) depends on the game and the language only (12 images in all): each is
 * drawn once and kept, and a /rules that comes while it is being drawn waits for that drawing. Before,
 * every /rules drew it anew: fifty at once took the render pool for seconds and slowed every table's
 * images. A drawing that fails is not kept (the next /rules tries again).
 */
export function drawnOnce(draw: Renderer['sheet']): Renderer['sheet'] {
  const kept = new Map<string, Promise<Buffer>>();
  return (game, lang) => {
    const key = `${game}:${lang}`;
    let png = kept.get(key);
    if (!png) {
      png = draw(game, lang);
      kept.set(key, png);
      png.catch(() => kept.delete(key));
    }
    return png;
  };
}
