/**
 * Clicks in direct messages under sharding (docs/scaling.md, "Each shard acts only for its own guilds").
 * Discord sends every DM interaction to shard 0, whatever the server of the game it is about (a seat view
 * kept in DMs, a DM notice's "Open my hand"). Only the shard of the game's server may play it: that
 * process holds the game's lock and per-process memory (live views, the table queue), its server's
 * channels in discord.js's cache (another shard cannot even build the thread to edit the table), and,
 * with one database file per shard, the game itself.
 *
 * So the shard that receives such a click, when the game is not its own, passes the interaction's
 * gateway payload, unanswered, to the other shards through discord.js's ShardingManager
 * (`broadcastEval`, one IPC round trip each). The shard that holds the game and owns its server takes it
 * and handles it as if Discord had sent it there (discord.js builds the same interaction from it); the
 * answer goes out through the REST API with the interaction's token, which works from any process. No
 * shard takes it: the game is not found. A shard that does not answer (its process is respawning): the
 * player is asked to try again.
 */
import { Events, type Client } from 'discord.js';
import { decodeGameId } from './custom-id.js';

/** The client property through which a shard takes a forwarded payload (what `broadcastEval` can reach). */
const TAKE = 'hoiQuanTakeDmInteraction';
/** How long a payload is kept for its interaction's handler; Discord wants an answer within 3 s. */
const KEEP_MS = 10_000;
/** How long a shard may take to answer whether it takes the click. */
const ANSWER_MS = 2_000;

interface RawInteraction {
  id: string;
  guild_id?: string;
  data?: { custom_id?: string };
}

export type Forwarded = 'taken' | 'not-found' | 'unreachable';

export interface DmForwarding {
  /** Whether a DM click on `gameId` is this process's to play (unsharded: always). */
  playsHere(gameId: string): boolean;
  /** Passes interaction `interactionId` (a DM click this process does not play) to the shard whose game it is. */
  forward(interactionId: string): Promise<Forwarded>;
}

/**
 * Installs the forwarding on `client` (sharded processes only; unsharded, every click plays here).
 * `owns(gameId)`: this process holds the game and its server is one of its shards'.
 */
export function dmForwarding(client: Client, owns: (gameId: string) => boolean, now: () => number = Date.now): DmForwarding {
  const sharded = (): boolean => !!client.shard && client.shard.count > 1;
  /** DM interaction payloads as the gateway sent them, oldest first, for at most KEEP_MS. */
  const payloads = new Map<string, { at: number; raw: RawInteraction }>();
  client.on(Events.Raw, (packet: { t?: string; d?: RawInteraction }) => {
    if (packet.t !== 'INTERACTION_CREATE' || !packet.d || packet.d.guild_id || !sharded()) return;
    const t = now();
    for (const [id, p] of payloads) {
      if (t - p.at < KEEP_MS) break;
      payloads.delete(id);
    }
    payloads.set(packet.d.id, { at: t, raw: packet.d });
  });
  // Another shard's forward: taken when the game is this process's, handled on the next tick (the
  // sender is answered first), exactly as a payload from the gateway (discord.js's own action).
  Object.defineProperty(client, TAKE, {
    value: (raw: RawInteraction): boolean => {
      const g = decodeGameId(String(raw?.data?.custom_id ?? ''));
      if (!g || raw.guild_id || !owns(g.gameId)) return false;
      const actions = (client as unknown as { actions: { InteractionCreate: { handle(d: unknown): void } } }).actions;
      setImmediate(() => actions.InteractionCreate.handle(raw));
      return true;
    },
  });
  return {
    playsHere: (gameId) => !sharded() || owns(gameId),
    async forward(interactionId) {
      const p = payloads.get(interactionId);
      payloads.delete(interactionId);
      const util = client.shard;
      if (!p || !util) return 'not-found';
      const others = Array.from({ length: util.count }, (_, s) => s).filter((s) => !util.ids.includes(s));
      const answers = await Promise.allSettled(
        others.map((shard) =>
          Promise.race([
            // Evaluated in the other shard's process, from its source text: self-contained, no helpers.
            util.broadcastEval(
              (c, x) => {
                const take = (c as unknown as Record<string, unknown>)[x.key];
                return typeof take === 'function' ? (take as (r: unknown) => boolean)(x.raw) === true : false;
              },
              { context: { key: TAKE, raw: p.raw }, shard },
            ),
            new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`shard ${shard} did not answer`)), ANSWER_MS).unref()),
          ]),
        ),
      );
      if (answers.some((a) => a.status === 'fulfilled' && a.value === true)) return 'taken';
      return answers.some((a) => a.status === 'rejected') ? 'unreachable' : 'not-found';
    },
  };
}
