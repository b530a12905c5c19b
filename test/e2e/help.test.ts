/**
 * /help through the simulator, in en, vi and zh-TW: an ephemeral answer in the user's language that
 * names every other registered command as Discord lists it to that user (the simulator's registered
 * commands are the witness) with its description, /config marked admins-only, and fits one embed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { slash, withWorld } from './harness.js';
import { translator, type Lang } from '../../src/table/i18n.js';

interface Registered {
  name: string;
  description: string;
  name_localizations?: Record<string, string> | null;
  description_localizations?: Record<string, string> | null;
}

for (const [locale, lang] of [
  ['en-US', 'en'],
  ['vi', 'vi'],
  ['zh-TW', 'zh-TW'],
] as const satisfies readonly (readonly [string, Lang])[]) {
  test(`/help (${locale}) answers ephemerally, in the user's language, and names every other command as the client lists it`, async () => {
    await withWorld(
      async (w) => {
        const t = translator(lang);
        const h = await slash(w, w.users[0]!.id, 'help');
        assert.equal(h.messages.length, 1);
        const m = await h.reply();
        assert.equal(m.ephemeralTo, w.users[0]!.id, 'only the user sees it');
        assert.equal(m.embeds.length, 1);
        const e = m.embeds[0]!;
        assert.equal(e.title, t('common:help.title'));
        const text = String(e.description);
        assert.ok(text.length + String(e.title).length <= 6000 && text.length <= 4096);
        const registered = w.sim.commands(w.guildId);
        const others = (registered as unknown as Registered[]).filter((c) => c.name !== 'help');
        assert.ok(others.length >= 11, 'the commands are registered');
        const lines = text.split('\n').filter((l) => l.startsWith('• '));
        assert.equal(lines.length, others.length, 'one line per other command');
        for (const c of others) {
          const name = lang === 'en' ? c.name : c.name_localizations![lang]!;
          const description = lang === 'en' ? c.description : c.description_localizations![lang]!;
          const line = lines.find((l) => l.startsWith(`• **/${name}**`));
          assert.ok(line, `${locale}: /${name} is listed`);
          assert.ok(line.includes(description), `${locale}: /${name} with its description`);
          assert.equal(line.includes(t('common:help.admin')), c.name === 'config', `${locale}: /${name} admins-only mark`);
        }
        // The walk-through names the buttons as the lobby and the table show them.
        for (const b of ['join', 'add-ai', 'start', 'open-hand', 'hint']) assert.ok(text.includes(t(`common:button.${b}`)), b);
      },
      { userLocale: locale, guildLocale: locale },
    );
  });
}
