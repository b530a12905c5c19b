/** A crash the reminder tests stage (reminder-crash, reminder-crash-over). */
import type { World } from './harness.js';

/**
 * The crash, as the process would leave it: the reminder is posted, but its id is not recorded (the
 * write that would record it throws) and the outbox is not cleared. Undone by the restart (a new store).
 */
export function crashAfterReminderPost(w: World): void {
  const games = w.store.games as unknown as {
    update: (id: string, patch: Record<string, unknown>) => unknown;
    clearOutbox: (id: string, executed: { kind: string }[]) => void;
  };
  const update = games.update.bind(games);
  const clear = games.clearOutbox.bind(games);
  games.update = (id, patch) => {
    if ('reminders' in patch) throw new Error('crash');
    return update(id, patch);
  };
  games.clearOutbox = (id, executed) => (executed.some((e) => e.kind.startsWith('remind')) ? undefined : clear(id, executed));
}
