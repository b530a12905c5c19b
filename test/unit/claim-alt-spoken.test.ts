/**
 * The claim thumbnail's alt text (bot/hand-view.ts) is the offered piece as it is said: a Chắn red
 * card says "(red)" (the art tells it by ink colour alone; it matters for xướng, chan.md §2), as the
 * hand image's alt text does.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig } from '../support/table-rig.js';
import { handPayload, CLAIM_FILE } from '../../src/bot/hand-view.js';
import { isChanRed } from '../../src/render/codes.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';
import type { BotContext } from '../../src/bot/context.js';

const ctx = { render: { hand: async () => Buffer.alloc(0), claim: async () => Buffer.alloc(0) } } as unknown as BotContext;

test('Chắn: the thumbnail of a red card on offer is described with "(red)", a black one without', async () => {
  const r = rig('chan', ['human', 'human', 'human', 'human'], { seed: 'c-alt' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const t = r.ts.load(r.gameId)!;
  let state = t.state;
  const seen = { red: 0, black: 0 };
  for (let k = 0; k < 400 && (seen.red === 0 || seen.black === 0) && !t.engine.result(state); k++) {
    const pending = t.engine.pending(state) as Decision<BaseAction>[];
    for (const d of pending) {
      const v = await handPayload(ctx, { ...t, state }, d.seat, 'en');
      const file = v.files.find((f) => f.name === CLAIM_FILE);
      if (!file) continue;
      const alt = String(file.description);
      const code = (t.engine.view(state, d.seat) as { offer?: { card: string } }).offer?.card;
      if (!code) continue;
      if (isChanRed(code)) {
        seen.red++;
        assert.match(alt, /\(red\)$/, `${code}: ${alt}`);
      } else {
        seen.black++;
        assert.doesNotMatch(alt, /red/, `${code}: ${alt}`);
      }
    }
    const d = pending[0]!;
    const res = t.engine.apply(state, d.seat, t.engine.ai(state, d.seat) as BaseAction);
    assert.ok(res.ok);
    state = res.value;
  }
  assert.ok(seen.red > 0 && seen.black > 0, JSON.stringify(seen));
});
