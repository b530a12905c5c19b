/**
 * custom_id scheme (style.md §4, discord-platform.md §1.2): `g:<gameId>:<ver>:<verb>[:<arg>]`,
 * at most 100 characters. `ver` is, on a seat's private view, the view's token (src/table/seat-token.ts),
 * so a click on an outdated view is recognized and changes nothing; 0 on every other component. It is
 * never the state version, which counts the others' hidden answers (claim passes) too.
 * Decoding never throws: anything unrecognized decodes to null.
 */
import { TABLE_VERBS, type TableVerb } from '../table/ui.js';

/** The verbs are the table layer's (src/table/ui.ts): one list. */
export type GameVerb = TableVerb;
const VERBS: readonly GameVerb[] = TABLE_VERBS;

export interface GameButton {
  gameId: string;
  ver: number;
  verb: GameVerb;
  arg?: string;
}

const GAME_ID = /^g:([0-9a-z]{1,12}):(\d{1,9}):([a-z-]{1,16})(?::([\w.-]{1,48}))?$/;

export function encodeGameId(b: GameButton): string {
  const s = `g:${b.gameId}:${b.ver}:${b.verb}${b.arg !== undefined ? `:${b.arg}` : ''}`;
  if (s.length > 100 || !GAME_ID.test(s)) throw new Error(`bad custom_id ${s}`);
  return s;
}

export function decodeGameId(raw: string): GameButton | null {
  const m = GAME_ID.exec(raw);
  if (!m) return null;
  const verb = m[3] as GameVerb;
  if (!VERBS.includes(verb)) return null;
  const out: GameButton = { gameId: m[1]!, ver: Number(m[2]), verb };
  if (m[4] !== undefined) out.arg = m[4];
  return out;
}

/** /config components: `c:<game>:<verb>[:<arg>]`. */
export interface ConfigId {
  game: string;
  verb: 'set' | 'preset' | 'modal';
  arg?: string;
}
const CONFIG_ID = /^c:([a-z-]{2,20}):(set|preset|modal)(?::([\w.-]{1,60}))?$/;

export function encodeConfigId(c: ConfigId): string {
  return `c:${c.game}:${c.verb}${c.arg !== undefined ? `:${c.arg}` : ''}`;
}
export function decodeConfigId(raw: string): ConfigId | null {
  const m = CONFIG_ID.exec(raw);
  if (!m) return null;
  const out: ConfigId = { game: m[1]!, verb: m[2] as ConfigId['verb'] };
  if (m[3] !== undefined) out.arg = m[3];
  return out;
}

/**
 * A command's own components (`x:<command>:<rest>`), routed to that command module's `component`
 * handler (command-types.ts), so a command keeps its buttons, selects and modals in its own file.
 */
const COMMAND_ID = /^x:([a-z-]{1,32}):(.{0,64})$/;

export function encodeCommandId(command: string, rest: string): string {
  const s = `x:${command}:${rest}`;
  if (s.length > 100 || !COMMAND_ID.test(s)) throw new Error(`bad custom_id ${s}`);
  return s;
}
export function decodeCommandId(raw: string): { command: string; rest: string } | null {
  const m = COMMAND_ID.exec(raw);
  return m ? { command: m[1]!, rest: m[2]! } : null;
}
