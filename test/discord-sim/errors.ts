/**
 * Discord-shaped API errors for the simulator.
 *
 * Discord answers a bad request with JSON `{ code, message, errors? }` where `errors` is a tree keyed by
 * the path of the offending field (array indices as strings) ending in `{ _errors: [{ code, message }] }`.
 * discord.js turns that into a `DiscordAPIError` whose `code` is the numeric code and whose message lists
 * the flattened paths.
 */

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: number,
    message: string,
    public readonly errors?: Record<string, unknown>,
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    const body: Record<string, unknown> = { message: this.message, code: this.code };
    if (this.errors) body.errors = this.errors;
    if (this.status === 429) {
      body.retry_after = Number(this.headers['Retry-After'] ?? 1);
      body.global = false;
    }
    return body;
  }
}

export type FormPath = ReadonlyArray<string | number>;

/** Collects field errors and builds a 50035 "Invalid Form Body". */
export class FormErrors {
  private readonly tree: Record<string, unknown> = {};
  private count = 0;

  add(path: FormPath, code: string, message: string): void {
    let node = this.tree;
    for (const part of path) {
      const key = String(part);
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    const list = (node._errors ??= []) as Array<{ code: string; message: string }>;
    list.push({ code, message });
    this.count++;
  }

  get size(): number {
    return this.count;
  }

  throwIfAny(): void {
    if (this.count > 0) throw new ApiError(400, 50035, 'Invalid Form Body', this.tree);
  }

  static single(path: FormPath, code: string, message: string): ApiError {
    const e = new FormErrors();
    e.add(path, code, message);
    return new ApiError(400, 50035, 'Invalid Form Body', e.tree);
  }
}

export const Errors = {
  unauthorized: () => new ApiError(401, 0, '401: Unauthorized'),
  notFound: () => new ApiError(404, 0, '404: Not Found'),
  methodNotAllowed: () => new ApiError(405, 0, '405: Method Not Allowed'),
  unknownChannel: () => new ApiError(404, 10003, 'Unknown Channel'),
  unknownGuild: () => new ApiError(404, 10004, 'Unknown Guild'),
  unknownMember: () => new ApiError(404, 10007, 'Unknown Member'),
  unknownMessage: () => new ApiError(404, 10008, 'Unknown Message'),
  unknownUser: () => new ApiError(404, 10013, 'Unknown User'),
  unknownWebhook: () => new ApiError(404, 10015, 'Unknown Webhook'),
  unknownCommand: () => new ApiError(404, 10063, 'Unknown application command'),
  unknownInteraction: () => new ApiError(404, 10062, 'Unknown interaction'),
  unknownApplication: () => new ApiError(404, 10002, 'Unknown Application'),
  alreadyAcknowledged: () => new ApiError(400, 40060, 'Interaction has already been acknowledged.'),
  invalidWebhookToken: () => new ApiError(401, 50027, 'Invalid Webhook Token'),
  missingAccess: () => new ApiError(403, 50001, 'Missing Access'),
  missingPermissions: () => new ApiError(403, 50013, 'Missing Permissions'),
  cannotEditOthers: () => new ApiError(403, 50005, 'Cannot edit a message authored by another user'),
  emptyMessage: () => new ApiError(400, 50006, 'Cannot send an empty message'),
  cannotDm: () => new ApiError(403, 50007, 'Cannot send messages to this user'),
  archivedThread: () => new ApiError(400, 50083, 'Thread is archived'),
  lockedThread: () => new ApiError(403, 160005, 'Thread is locked'),
  threadCap: () => new ApiError(400, 160006, 'Maximum number of active threads reached'),
  threadAlreadyCreated: () => new ApiError(400, 160004, 'A thread has already been created for this message'),
  tooManyFiles: () => new ApiError(400, 30015, 'Maximum number of attachments in a message reached (10)'),
  tooLarge: () => new ApiError(413, 40005, 'Request entity too large'),
  invalidInteractionType: (message: string) => FormErrors.single(['type'], 'INTERACTION_RESPONSE_TYPE_INVALID', message),
};
