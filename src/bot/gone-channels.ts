/**
 * Channels that answer 10003 Unknown Channel (deleted, e.g. while the bot was down and missed the
 * THREAD_DELETE): the tables they held are abandoned (src/bot/app.ts). Every REST request goes
 * through `makeRequest`, so one wrapper sees them all, whichever effect or command made the request
 * (discord.js answers `channels.fetch` from its cache, so a failed fetch alone would miss most).
 */
import type { RESTOptions } from 'discord.js';
import { RESTJSONErrorCodes } from 'discord.js';

type MakeRequest = RESTOptions['makeRequest'];

const CHANNEL_PATH = /\/channels\/(\d+)(?:[/?]|$)/;

/**
 * `make`, reporting to `gone` the channel of a request answered 404 with code 10003. Such an answer's
 * body is read here, so it is handed on re-made (discord.js reads it again to raise its error).
 */
export function watchUnknownChannels(make: MakeRequest, gone: (channelId: string) => void): MakeRequest {
  return async (url, init) => {
    const res = await make(url, init);
    const id = res.status === 404 ? CHANNEL_PATH.exec(url)?.[1] : undefined;
    if (!id) return res;
    const text = await res.text();
    try {
      if ((JSON.parse(text) as { code?: unknown }).code === RESTJSONErrorCodes.UnknownChannel) gone(id);
    } catch {
      // Not Discord's JSON error: nothing to learn from it.
    }
    return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}
