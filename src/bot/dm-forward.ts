/**
 * Clicks in direct messages under sharding (docs/scaling.md, "Each shard acts only for its own guilds").
 * Discord sends every DM interaction to shard 0, whatever the server of the game it is about (a seat view
 * kept in DMs, a DM notice's "Open my hand"). Only the shard of the game's server may play it: that
 * process holds the game's lock and per-process memory (live views, the table queue), its server's
 * channels in discord.js's cache (another shard cannot even build the thread to edit the table), and,
 * with one database file per shard, the game itself.
 *
 * So the shard that receives such a click, when the game is not its own, passes the interaction's
 * gateway payload, unanswered, to the other shards (bot/shard-peers.ts: discord.js's ShardingManager,
 * `broadcastEval`, one IPC round trip each). The shard that holds the game and owns its server takes it
 * and handles it as if Discord had sent it there (discord.js builds the same interaction from it); the
 * answer goes out through the REST API with the interaction's token, which works from any process. No
 * shard takes it: the game is not found. A shard that does not answer (its process is respawning): the
 * player is asked to try again.
 */
import { Events, type Client } from 'discord.js';
import { decodeGameId } from './custom-id.js';
import { answerPeers, askPeers, sharded } from './shard-peers.js';

/** The answer through which a shard takes a forwarded payload (bot/shard-peers.ts). */
const TAKE = 'hoiQuanTakeDmInteraction';
/** How long a payload is kept for its interaction's handler; Discord wants an answer within 3 s. */
const KEEP_MS = 10_000;
/** How long the other shards may take to say whether they take a click: a refusal must still reach Discord within its 3 s. */
const ASK_MS = 1_200;

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
export function dmForwarding(
  client: Client,
  owns: (gameId: string) => boolean,
  now: () => number = Date.now,
  warn: (msg: string, fields: Record<string, unknown>) => void = () => undefined,
): DmForwarding {
  /** DM interaction payloads as the gateway sent them, oldest first, for at most KEEP_MS. */
  const payloads = new Map<string, { at: number; raw: RawInteraction }>();
  client.on(Events.Raw, (packet: { t?: string; d?: RawInteraction }) => {
    if (packet.t !== 'INTERACTION_CREATE' || !packet.d || packet.d.guild_id || !sharded(client)) return;
    const t = now();
    // Oldest first, up to the first one still kept. One stamped more than KEEP_MS ahead of `t` was kept
    // before the host clock stepped back: it goes too, or nothing would go (and every DM click's payload
    // stay) until the clock caught up, hours later.
    for (const [id, p] of payloads) {
      if (t - p.at < KEEP_MS && p.at - t <= KEEP_MS) break;
      payloads.delete(id);
    }
    payloads.set(packet.d.id, { at: t, raw: packet.d });
  });
  // Another shard's forward: taken when the game is this process's, handled on the next tick (the
  // sender is answered first), exactly as a payload from the gateway (discord.js's own action).
  answerPeers(client, TAKE, (raw: RawInteraction): boolean | 'busy' => {
    const g = decodeGameId(String(raw?.data?.custom_id ?? ''));
    if (!g || raw.guild_id || !owns(g.gameId)) return false;
    // Not logged in yet (a respawning shard): it could not post the move's ping; the player tries again.
    if (!client.isReady()) return 'busy';
    const actions = (client as unknown as { actions: { InteractionCreate: { handle(d: unknown): void } } }).actions;
    setImmediate(() => {
      try {
        actions.InteractionCreate.handle(raw);
      } catch (err) {
        warn('a forwarded DM click could not be handled', { err, id: raw.id });
      }
    });
    return true;
  });
  return {
    playsHere: (gameId) => !sharded(client) || owns(gameId),
    async forward(interactionId) {
      const p = payloads.get(interactionId);
      payloads.delete(interactionId);
      if (!p || !client.shard) return 'not-found';
      const answers = await askPeers(client, TAKE, p.raw, ASK_MS);
      const taken = answers.filter((a) => a.status === 'fulfilled' && a.value === true).length;
      // Game ids are unique per database file: with one file per shard two files could hold the same id.
      if (taken > 1) warn('two shards took one DM click (the same game id in two files)', { id: interactionId });
      if (taken) return 'taken';
      return answers.some((a) => a.status === 'rejected' || (a.status === 'fulfilled' && a.value === 'busy')) ? 'unreachable' : 'not-found';
    },
  };
}
