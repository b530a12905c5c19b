/** The user's-eye handle on one interaction (a slash command run, a click, a select, a modal submit). */
import type { SimMessage } from './model.js';
import { MessageFlags } from './validate.js';

export type InteractionKind = 'slash' | 'button' | 'select' | 'modal';

export interface SimModal {
  customId: string;
  title: string;
  /** Raw modal components as sent by the bot. */
  components: Array<Record<string, unknown>>;
  userId: string;
  /** Interaction the modal answered. */
  interactionId: string;
  channelId: string;
  guildId?: string;
  /** Message whose component opened the modal (the submit then carries `message`). */
  sourceMessage?: SimMessage;
  submitted: boolean;
}

export interface RouteError {
  method: string;
  path: string;
  status: number;
  code: number;
  message: string;
}

export class InteractionHandle {
  acknowledged = false;
  /** Callback type used for the initial response (4, 5, 6, 7, 9). */
  ackType?: number;
  /** True when the user saw "This interaction failed" (no ack within 3 s of the sim clock). */
  failed = false;
  failReason?: string;
  /** The original response: the reply (type 4/5), or the component's message for 6/7. */
  response?: SimMessage;
  /** Follow-up messages, in order. */
  readonly followUps: SimMessage[] = [];
  /** The modal shown in answer (type 9). */
  modal?: SimModal;
  /** False when no bot session (connected or resumable) existed to receive the INTERACTION_CREATE. */
  delivered = true;
  /** Errors the simulator returned to the bot on this interaction's callback/webhook routes. */
  readonly errors: RouteError[] = [];
  private readonly waiters: Array<() => void> = [];
  /** @internal edits count of the component's message when a deferUpdate (6) arrived. */
  editsAtAck = 0;

  constructor(
    readonly id: string,
    readonly token: string,
    /** Discord interaction type: 2 command, 3 component, 5 modal submit. */
    readonly type: number,
    readonly kind: InteractionKind,
    readonly userId: string,
    readonly channelId: string,
    readonly guildId: string | undefined,
    /** Sim-clock time of creation. */
    readonly createdAt: number,
    /** Exactly what was dispatched in INTERACTION_CREATE. */
    readonly payload: Record<string, unknown>,
    /** Message whose component was used (components; modal submits opened from a component). */
    readonly sourceMessage?: SimMessage,
  ) {}

  /** All messages produced in answer: the original response then follow-ups. */
  get messages(): SimMessage[] {
    return [...(this.response ? [this.response] : []), ...this.followUps];
  }

  /** Whether the initial response was a defer (5 or 6). */
  get deferred(): boolean {
    return this.ackType === 5 || this.ackType === 6;
  }

  /** @internal */
  _settle(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /**
   * Resolves once the bot acknowledged the interaction or the 3-second deadline failed it. With the fake clock a bot
   * that never answers would wait forever, so this rejects after `timeout` real milliseconds (default 10 000).
   */
  settled(opts: { timeout?: number } = {}): Promise<this> {
    if (this.acknowledged || this.failed) return Promise.resolve(this);
    const timeout = opts.timeout ?? 10_000;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(
          new Error(
            `interaction ${this.kind} ${this.id} was neither acknowledged nor failed within ${timeout} ms (real time). ` +
              (this.delivered
                ? 'With the fake clock, advance sim.clock to fire the 3 s deadline.'
                : 'No bot was connected to the gateway when it was sent.'),
          ),
        );
      }, timeout);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve(this);
      });
    });
  }

  /**
   * Resolves with the original response once it has real content (a deferred "thinking…" message counts only after
   * the bot edits it). Rejects if the interaction failed or after `timeout` real ms (default 10 000).
   */
  async reply(opts: { timeout?: number } = {}): Promise<SimMessage> {
    const timeout = opts.timeout ?? 10_000;
    const start = Date.now();
    for (;;) {
      if (this.failed) throw new Error(`interaction ${this.id} failed: ${this.failReason ?? ''}`);
      if (this.ackType === 9) throw new Error(`interaction ${this.id} was answered with a modal (see .modal), not a message`);
      const r = this.response;
      if (r && (r.flags & MessageFlags.Loading) === 0 && (this.ackType !== 6 || r.edits > this.editsAtAck)) return r;
      if (Date.now() - start > timeout) throw new Error(`interaction ${this.id}: no reply within ${timeout} ms`);
      await new Promise((res) => setTimeout(res, 10));
    }
  }
}
