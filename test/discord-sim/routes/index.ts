/** Registers every simulated REST route (order matters only where a literal segment shadows a parameter). */
import type { Router } from '../http.js';
import type { DiscordSim } from '../sim.js';
import { register as applications } from './applications.js';
import { register as channels } from './channels.js';
import { register as gateway } from './gateway.js';
import { register as guilds } from './guilds.js';
import { register as interactions } from './interactions.js';
import { register as messages } from './messages.js';
import { register as threads } from './threads.js';
import { register as users } from './users.js';

export function registerRoutes(r: Router, sim: DiscordSim): void {
  gateway(r, sim);
  users(r, sim);
  applications(r, sim);
  interactions(r, sim);
  channels(r, sim);
  messages(r, sim);
  threads(r, sim);
  guilds(r, sim);
}
