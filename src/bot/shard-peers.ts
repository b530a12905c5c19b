/**
 * Asking the other shard processes (discord.js's ShardingManager, `SHARDS=auto|N`): each process
 * installs named answers on its Client (`answerPeers`), which `askPeers` calls in every other shard
 * through `client.shard.broadcastEval`, one IPC round trip each (the function is evaluated in the
 * other process from its source text, so it only reaches what the Client holds). Used for what only a
 * game's own shard may do (bot/dm-forward.ts) and for a user's settings (bot/user-sync.ts).
 */
import type { Client } from 'discord.js';

/** How long a shard may take to answer, by default. */
const ANSWER_MS = 2_000;

/** Whether the process runs one shard among several (else there is nobody to ask). */
export function sharded(client: Client): boolean {
  return !!client.shard && client.shard.count > 1;
}

/** Installs `answer` on the client under `key`, for the other shards' `askPeers(…, key, …)`. */
export function answerPeers(client: Client, key: string, answer: (payload: never) => unknown): void {
  Object.defineProperty(client, key, { value: answer, configurable: true });
}

/**
 * Calls `key` with `payload` in every other shard; one settled answer per shard (rejected: the shard
 * did not answer within `timeoutMs`, e.g. its process is respawning; undefined: it has no such answer).
 * An ask given up on still reaches a shard that comes back (IPC messages wait for their listener), and
 * discord.js keeps the asking side's listener of an eval whose shard died: rare (a respawn), left as is.
 */
export async function askPeers(
  client: Client,
  key: string,
  payload: unknown,
  timeoutMs = ANSWER_MS,
): Promise<PromiseSettledResult<unknown>[]> {
  const util = client.shard;
  if (!util || util.count < 2) return [];
  const others = Array.from({ length: util.count }, (_, s) => s).filter((s) => !util.ids.includes(s));
  return Promise.allSettled(
    others.map((shard) =>
      Promise.race([
        // Evaluated in the other shard's process, from its source text: self-contained, no helpers.
        util.broadcastEval(
          (c, x) => {
            const answer = (c as unknown as Record<string, unknown>)[x.key];
            return typeof answer === 'function' ? (answer as (p: unknown) => unknown)(x.payload) : undefined;
          },
          { context: { key, payload }, shard },
        ),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`shard ${shard} did not answer`)), timeoutMs).unref()),
      ]),
    ),
  );
}
