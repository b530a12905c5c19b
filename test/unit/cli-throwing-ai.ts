/**
 * Preloaded (`node --import`) by test/unit/cli.test.ts: Chắn's `strong` AI throws, as a bug in an AI
 * would, so the CLI's answer to an exception can be checked in a real process (with one worker: the
 * patch lives in this thread's ENGINES).
 */
import { ENGINES } from '../../src/table/manifests.js';
import type { AnyEngine, GameId } from '../../src/games/core/types.js';

const engines = ENGINES as Record<GameId, AnyEngine>;
const chan = engines.chan;
engines.chan = {
  ...chan,
  ai: (s, seat, level) => {
    if (level === 'strong') throw new TypeError('strong AI broke\n  on a second line');
    return chan.ai(s, seat, level);
  },
};
