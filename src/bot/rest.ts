/**
 * Interaction endpoints on their own REST client (issue #17 §2).
 *
 * Discord's rate-limit documentation (https://discord.com/developers/docs/topics/rate-limits,
 * "Global Rate Limit"): "Interaction endpoints are not bound to the bot's Global Rate Limit." These
 * are the interaction callback (`POST /interactions/{id}/{token}/callback`) and the interaction
 * webhook routes (`/webhooks/{application.id}/{interaction.token}…`: follow-ups, edits and deletes
 * of `@original` and of follow-up messages). discord.js's REST manager counts every request against
 * its one global limiter (50/s), so under load acknowledgements and hand edits queued behind table
 * edits. Here those routes go through a second REST manager without a global limit; it still keeps
 * per-route buckets and honours 429s and `X-RateLimit-*` headers exactly as Discord sends them.
 * Everything else stays on the client's manager and its global limiter.
 */
import { REST, type Client, type RESTOptions } from 'discord.js';

/**
 * The bot's own global limit, a little under Discord's 50 requests per second. discord.js opens
 * its one-second window when it sends and Discord counts arrivals, so at saturation a request sent
 * early in discord.js's next window can land in Discord's previous one and get a global 429 (the
 * load bench saw one such 429 at 200 tables). Five requests of headroom per second absorb that skew.
 */
export const GLOBAL_REQUESTS_PER_SECOND = 45;

const CALLBACK = /^\/interactions\/\d+\/[^/]+\/callback/;
const WEBHOOK = /^\/webhooks\/(\d+)\/[^/?]+/;

/** Whether a route is an interaction endpoint (not bound to the global limit). */
export function isInteractionRoute(route: string, applicationId: string | undefined): boolean {
  if (CALLBACK.test(route)) return true;
  const m = WEBHOOK.exec(route);
  return !!m && (applicationId === undefined || m[1] === applicationId);
}

/** Routes the client's interaction-endpoint requests through a REST manager with no global limit. */
export function splitInteractionRest(client: Client, options: Partial<RESTOptions>): REST {
  const exempt = new REST({ ...options, globalRequestsPerSecond: Number.POSITIVE_INFINITY });
  const main = client.rest;
  const queue = main.queueRequest.bind(main);
  main.queueRequest = (request) =>
    isInteractionRoute(request.fullRoute, client.application?.id ?? client.user?.id) ? exempt.queueRequest(request) : queue(request);
  // The interaction routes authenticate with their token; the bot token is set for completeness.
  const setToken = main.setToken.bind(main);
  main.setToken = (token) => {
    exempt.setToken(token);
    return setToken(token);
  };
  // Listeners of the client's REST events (logs, metrics) see the interaction requests too.
  exempt.on('rateLimited', (info) => main.emit('rateLimited', info));
  exempt.on('response', (req, res) => main.emit('response', req, res));
  exempt.on('invalidRequestWarning', (info) => main.emit('invalidRequestWarning', info));
  return exempt;
}
