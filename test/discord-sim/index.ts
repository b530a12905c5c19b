/** Public entry of the Discord simulator: `import { DiscordSim } from '../discord-sim/index.js'`. */
export { DiscordSim, Faults, flattenComponents } from './sim.js';
export type {
  DiscordSimOptions,
  LogEntry,
  FaultRuleOptions,
  SlashOptions,
  SlashOptionValue,
  ComponentPredicate,
  StoredCommand,
} from './sim.js';
export { SimRemote, RemoteInteraction } from './remote.js';
export { connectClient } from './helpers.js';
export type { TestBot } from './helpers.js';
export { InteractionHandle } from './interaction.js';
export type { InteractionKind, SimModal, RouteError } from './interaction.js';
export {
  SimClock,
  Permissions,
  DEFAULT_BOT_PERMISSIONS,
  DEFAULT_MEMBER_PERMISSIONS,
  ALL_PERMISSIONS,
  ChannelType,
  snowflake,
  snowflakeOnShard,
} from './model.js';
export type { SimUser, SimGuild, SimMember, SimChannel, SimMessage, SimAttachment, SimRole } from './model.js';
export { MessageFlags, ComponentType, countComponents } from './validate.js';
export { ApiError } from './errors.js';
export { Intents, shardOf, MAX_GUILDS_PER_SHARD } from './gateway.js';
export { RateLimiter, OBSERVED_BUCKETS, routeInfo } from './ratelimit.js';
export type { RateLimitOptions, RateLimitStats, BucketRule, RouteCounter } from './ratelimit.js';
