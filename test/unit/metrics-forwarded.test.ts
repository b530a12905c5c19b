/**
 * Under sharding, Discord sends every DM click to shard 0, which passes a click on another shard's
 * game to that shard (dm-forward.ts): the other shard answers it. Shard 0 still waited for its
 * acknowledgement and, 5 s later, counted it in `hoiquan_interactions_failed_total{reason=
 * "not-acknowledged"}` while the game's shard counted it as answered. The router tells the observer
 * the click was handed off (observe.ts `handedOff`).
 */
import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { Events } from 'discord.js';
import { createMetrics } from '../../src/ops/metrics.js';
import { observeClient } from '../../src/bot/observe.js';
import { createRouter } from '../../src/bot/router.js';
import { encodeGameId } from '../../src/bot/custom-id.js';
import type { BotContext } from '../../src/bot/context.js';
import type { DmForwarding } from '../../src/bot/dm-forward.js';

async function notAcknowledged(m: ReturnType<typeof createMetrics>): Promise<number> {
  return (await m.interactionsFailed.get()).values.find((x) => x.labels.reason === 'not-acknowledged')?.value ?? 0;
}

test('a DM click shard 0 hands to the game’s shard is not counted as unanswered on shard 0', async () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    const m = createMetrics({ activeTables: () => ({}), stuckRenders: () => 0 });
    const client = Object.assign(new EventEmitter(), { rest: new EventEmitter() });
    const ctx = { handedOff: observeClient(client as never, m).handedOff } as unknown as BotContext;
    const dm: DmForwarding = { playsHere: () => false, forward: async () => 'taken' } as unknown as DmForwarding;
    const route = createRouter(ctx, {} as never, new Map(), dm, undefined, {} as never);
    const i = {
      id: '111',
      guildId: null,
      locale: 'en-US',
      user: { id: 'u1' },
      customId: encodeGameId({ gameId: 'abc', ver: 0, verb: 'hand' }),
      isRepliable: () => false,
      isButton: () => true,
      isStringSelectMenu: () => false,
      isModalSubmit: () => false,
      isChatInputCommand: () => false,
      isAutocomplete: () => false,
      isAnySelectMenu: () => false,
    };
    client.emit(Events.InteractionCreate, i);
    await route(i as never);
    mock.timers.tick(6_000);
    assert.equal(await notAcknowledged(m), 0);
    // A click nobody answers is still counted.
    client.emit(Events.InteractionCreate, { ...i, id: '222' });
    mock.timers.tick(6_000);
    assert.equal(await notAcknowledged(m), 1);
  } finally {
    mock.timers.reset();
  }
});
