/** The bot's log lines, recorded (tests that check what an operator is told). */
import pino from 'pino';
import type { World } from './harness.js';

export interface LogLine {
  level: number;
  msg: string;
  code?: unknown;
  gameId?: string;
}

/** Replaces the world's bot logger with one that records every line (level debug and above). */
export function captureLogs(w: World): { lines: () => LogLine[]; warnings: (msg: RegExp) => LogLine[] } {
  const out: LogLine[] = [];
  const log = pino({ level: 'debug' }, { write: (s: string) => void out.push(JSON.parse(s) as LogLine) });
  (w.bot.ctx as { log: unknown }).log = log;
  return { lines: () => out, warnings: (msg) => out.filter((l) => l.level === 40 && msg.test(l.msg)) };
}
