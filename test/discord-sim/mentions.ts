/**
 * Who a new message notifies, as Discord decides it (Message Formatting: `<@id>`, `<@!id>`, `<@&id>`,
 * `@everyone`, `@here`; the Allowed Mentions object):
 * - mentions are read from the content, and from the Text Display components of a message with
 *   IS_COMPONENTS_V2 (which has no content);
 * - without `allowed_mentions` every kind is parsed; with it, a kind is notified if `parse` lists it
 *   or, for users and roles, if its id is in `users` / `roles`;
 * - a role mention and `@everyone` / `@here` notify only when the author may mention them (the
 *   simulator's roles are not mentionable, so that is the MENTION_EVERYONE permission);
 * - an ephemeral message notifies nobody, and an edit notifies nobody new; nor does the edit (or the
 *   first follow-up) that fills a deferred reply, though it is the reply's first content: Discord
 *   counts the "thinking…" message as the sending (discord-api-docs#5497, #4034; discord.js#9482).
 */
type Json = Record<string, unknown>;

export interface Notified {
  users: string[];
  roles: string[];
  everyone: boolean;
}

export const NOBODY: Notified = Object.freeze({ users: [], roles: [], everyone: false }) as Notified;

const IS_COMPONENTS_V2 = 1 << 15;
const TEXT_DISPLAY = 10;

/** The text Discord reads mentions from: the content, or a components-V2 message's Text Displays. */
export function mentionText(content: string, components: readonly Json[], flags: number): string {
  if ((flags & IS_COMPONENTS_V2) === 0) return content;
  const out: string[] = [];
  const walk = (c: unknown): void => {
    if (!c || typeof c !== 'object') return;
    const o = c as Json;
    if (o.type === TEXT_DISPLAY && typeof o.content === 'string') out.push(o.content);
    for (const k of ['components', 'accessory']) {
      const v = o[k];
      if (Array.isArray(v)) v.forEach(walk);
      else if (v) walk(v);
    }
  };
  components.forEach(walk);
  return out.join('\n');
}

export function notifiedBy(text: string, allowed: Json | undefined, mayMentionEveryone: boolean): Notified {
  const users = [...new Set([...text.matchAll(/<@!?(\d{15,25})>/g)].map((m) => m[1]!))];
  const roles = [...new Set([...text.matchAll(/<@&(\d{15,25})>/g)].map((m) => m[1]!))];
  const everyone = /@(everyone|here)\b/.test(text);
  const parse = allowed ? (Array.isArray(allowed.parse) ? (allowed.parse as string[]) : []) : ['users', 'roles', 'everyone'];
  const listed = (k: 'users' | 'roles'): Set<string> => new Set(Array.isArray(allowed?.[k]) ? (allowed[k] as unknown[]).map(String) : []);
  const userIds = listed('users');
  const roleIds = listed('roles');
  return {
    users: users.filter((u) => parse.includes('users') || userIds.has(u)),
    roles: mayMentionEveryone ? roles.filter((r) => parse.includes('roles') || roleIds.has(r)) : [],
    everyone: everyone && mayMentionEveryone && parse.includes('everyone'),
  };
}
