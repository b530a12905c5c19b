/**
 * The simulator's HTTP server: `/api/v10/...` (REST, through the router), `/attachments/...` (uploaded files) and
 * `/_sim/...` (the control API of control.ts). Order per REST request: API version, injected faults, rate limits,
 * route, authorization, body, handler. Every non-2xx answer is recorded in `sim.restErrors` (and on the interaction
 * whose token the path carries).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleControl } from './control.js';
import { ApiError, Errors, FormErrors } from './errors.js';
import type { InteractionHandle, RouteError } from './interaction.js';
import type { DiscordSim } from './sim.js';
import type { Json, ParsedBody, Route } from './types.js';
import type { IncomingFile } from './validate.js';

/** The REST route table: `on(method, '/channels/:ch/messages', handler)`, matched segment by segment. */
export class Router {
  private readonly routes: Route[] = [];

  match(method: string, path: string): { route: Route; params: Record<string, string> } | undefined {
    const segs = path.split('/').filter(Boolean);
    for (const r of this.routes) {
      if (r.method !== method || r.parts.length !== segs.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < segs.length; i++) {
        const p = r.parts[i]!;
        if (p.startsWith(':')) params[p.slice(1)] = segs[i]!;
        else if (p !== segs[i]) {
          ok = false;
          break;
        }
      }
      if (ok) return { route: r, params };
    }
    return undefined;
  }

  exists(path: string): boolean {
    return ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].some((m) => this.match(m, path));
  }

  on(method: string, pattern: string, handler: Route['handler'], auth = true): void {
    this.routes.push({ method, parts: pattern.split('/').filter(Boolean), auth, handler });
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function parseBody(req: IncomingMessage, raw: Buffer): Promise<ParsedBody> {
  const ct = req.headers['content-type'] ?? '';
  if (raw.length === 0) return { json: undefined, files: [] };
  if (ct.startsWith('multipart/form-data')) {
    const form = await new Request('http://sim/', { method: 'POST', headers: { 'content-type': ct }, body: raw }).formData();
    let json: Json | undefined;
    const files: IncomingFile[] = [];
    for (const [name, value] of form.entries()) {
      if (name === 'payload_json') {
        try {
          json = JSON.parse(typeof value === 'string' ? value : await value.text());
        } catch {
          throw FormErrors.single(['payload_json'], 'JSON_DECODE', 'The payload_json part contains invalid JSON.');
        }
      } else if (typeof value !== 'string') {
        const mm = /^files\[(\d+)\]$/.exec(name) ?? /^file(\d*)$/.exec(name);
        const index = mm ? Number(mm[1] || 0) : files.length;
        files.push({ index, filename: value.name, contentType: value.type, data: Buffer.from(await value.arrayBuffer()) });
      }
    }
    return { json, files };
  }
  try {
    return { json: JSON.parse(raw.toString('utf8')), files: [] };
  } catch {
    throw FormErrors.single([], 'JSON_DECODE', 'The request body contains invalid JSON.');
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (status === 204 || body === undefined) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text).toString(), ...headers });
  res.end(text);
}

export async function handleRequest(sim: DiscordSim, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const method = (req.method ?? 'GET').toUpperCase();
  if (url.pathname.startsWith('/attachments/')) return serveAttachment(sim, url.pathname, res);
  if (url.pathname.startsWith('/_sim/')) {
    try {
      const raw = await readBody(req);
      const body = raw.length ? JSON.parse(raw.toString('utf8')) : {};
      const r = await handleControl(sim, method, url.pathname, url.searchParams, body);
      return r ? send(res, r.status, r.body) : send(res, 404, { error: `unknown control route ${method} ${url.pathname}` });
    } catch (e) {
      return send(res, 400, { error: e instanceof Error ? e.message : String(e) });
    }
  }
  const m = /^\/api(?:\/v(\d+))?(\/.*)$/.exec(url.pathname);
  if (!m) return send(res, 404, { message: '404: Not Found', code: 0 });
  const rawPath = m[2]!;
  const path = rawPath
    .split('/')
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    })
    .join('/');
  let raw: Buffer;
  try {
    raw = await readBody(req);
  } catch {
    return;
  }
  const summary = `${method} ${path}${url.search}`;
  let headers: Record<string, string> = {};
  try {
    if (m[1] && m[1] !== '10' && m[1] !== '9') throw new ApiError(400, 50041, 'Invalid API version provided.');
    const slow = sim.faults.take('slow', method, path);
    if (slow) {
      // One of the simulator's timers: a stop clears it (its connection is closed then), so a slow
      // answer still due does not keep the test's process up after the simulator is gone.
      await new Promise<void>((r) => {
        const t = setTimeout(() => {
          sim.timers.delete(t);
          r();
        }, slow.delayMs);
        sim.timers.add(t);
      });
    }
    const err = sim.faults.take('serverError', method, path);
    if (err) {
      const status = err.status ?? 500;
      sim.addLog({ kind: 'rest', summary: `${summary} → ${status} (injected)`, status });
      return send(res, status, { message: `${status}: ${status === 502 ? 'Bad Gateway' : 'Internal Server Error'}`, code: 0 });
    }
    const rl = sim.faults.take('rateLimit', method, path);
    if (rl) {
      const secs = (rl.retryAfterMs ?? 100) / 1000;
      const headers: Record<string, string> = {
        'Retry-After': String(secs),
        'X-RateLimit-Limit': '5',
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset-After': String(secs),
        'X-RateLimit-Reset': String((Date.now() + (rl.retryAfterMs ?? 100)) / 1000),
        'X-RateLimit-Bucket': 'simbucket' + Buffer.from(path.split('/').slice(0, 3).join('/')).toString('hex').slice(0, 16),
        'X-RateLimit-Scope': rl.global ? 'global' : 'user',
      };
      if (rl.global) headers['X-RateLimit-Global'] = 'true';
      sim.addLog({ kind: 'rest', summary: `${summary} → 429 (injected, ${secs}s${rl.global ? ', global' : ''})`, status: 429 });
      return send(
        res,
        429,
        { message: 'You are being rate limited.', retry_after: secs, global: rl.global ?? false, code: rl.global ? 0 : undefined },
        headers,
      );
    }
    const limit = sim.rateLimits.enabled ? sim.rateLimits.check(method, path) : undefined;
    headers = limit?.headers ?? {};
    if (limit?.limited) {
      const l = limit.limited;
      sim.addLog({ kind: 'rest', summary: `${summary} → 429 (${l.scope} rate limit, retry after ${l.retryAfterS} s)`, status: 429 });
      return send(
        res,
        429,
        { message: 'You are being rate limited.', retry_after: l.retryAfterS, global: l.global, ...(l.global ? { code: 0 } : {}) },
        headers,
      );
    }
    const route = sim.router.match(method, path);
    if (!route) {
      sim.addLog({ kind: 'sim', summary: `route not simulated: ${method} ${path}` });
      throw sim.router.exists(path) ? Errors.methodNotAllowed() : Errors.notFound();
    }
    if (route.route.auth) {
      const auth = req.headers.authorization ?? '';
      if (auth !== `Bot ${sim.token}`) throw Errors.unauthorized();
    }
    const body = await parseBody(req, raw);
    const result = await route.route.handler({ params: route.params, query: url.searchParams, body, method, path });
    sim.addLog({ kind: 'rest', summary: `${summary} → ${result.status}`, status: result.status, data: body.json });
    send(res, result.status, result.body, headers);
  } catch (e) {
    const err =
      e instanceof ApiError ? e : new ApiError(500, 0, `500: Internal Server Error (${e instanceof Error ? e.message : String(e)})`);
    if (!(e instanceof ApiError))
      sim.addLog({ kind: 'sim', summary: `internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}` });
    const re: RouteError = { method, path, status: err.status, code: err.code, message: err.message };
    sim.restErrors.push(re);
    const i = interactionForPath(sim, path);
    i?.errors.push(re);
    sim.addLog({
      kind: 'rest',
      summary: `${summary} → ${err.status} ${err.code} ${err.message}${err.errors ? ` ${JSON.stringify(err.errors)}` : ''}`,
      status: err.status,
      code: err.code,
    });
    send(res, err.status, err.body(), { ...headers, ...err.headers });
  }
}

function interactionForPath(sim: DiscordSim, path: string): InteractionHandle | undefined {
  const p = path.split('/');
  if (p[1] === 'interactions') return sim.interactions.get(p[2] ?? '');
  if (p[1] === 'webhooks') return sim.interactionsByToken.get(p[3] ?? '');
  return undefined;
}

function serveAttachment(sim: DiscordSim, pathname: string, res: ServerResponse): void {
  const id = pathname.split('/')[3] ?? '';
  const a = sim.attachmentIndex.get(id);
  if (!a) return send(res, 404, { message: '404: Not Found', code: 0 });
  res.writeHead(200, { 'content-type': a.contentType, 'content-length': String(a.size) });
  res.end(a.data);
}
