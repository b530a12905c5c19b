/** The one-time line of an ephemeral reply after a DM failed with 50007 (DMs closed). */
import type { Store } from '../store/index.js';
import { translator, type Lang } from '../table/i18n.js';

/** "Your DM notices were switched off" — returned once after DMs were found closed, then null. */
export function dmsClosedLine(store: Store, userId: string, lang: Lang): string | null {
  return store.prefs.takeDmsClosedNotice(userId) ? `⚠️ ${translator(lang)('async:notify.dms-closed')}` : null;
}
