/** pino logger: JSON lines in production, pretty output in development. */
import pino from 'pino';

export function createLogger(level: string, pretty: boolean): pino.Logger {
  return pretty
    ? pino({ level, transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:standard' } } })
    : pino({ level });
}
