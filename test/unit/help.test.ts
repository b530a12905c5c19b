/**
 * /help lists every other command as Discord lists it to the reader (its localized name and
 * description, read from the loaded modules: no second copy), marks the admins' ones, names the
 * buttons by their real labels, and fits one embed, in every language.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SlashCommandBuilder } from '@discordjs/builders';
import { PermissionFlagsBits } from 'discord.js';
import { loadCommands } from '../../src/bot/commands.js';
import { LANGS, translator, type Lang } from '../../src/table/i18n.js';
import { commandLines, helpEmbed } from '../../commands/help.js';

interface Json {
  name: string;
  description: string;
  name_localizations?: Record<string, string>;
  description_localizations?: Record<string, string>;
  default_member_permissions?: string | null;
}

/** What a client in `lang` lists for a command (Discord's locale codes are ours for vi and zh-TW). */
const listed = (j: Json, lang: Lang) =>
  lang === 'en'
    ? { name: j.name, description: j.description }
    : { name: j.name_localizations![lang]!, description: j.description_localizations![lang]! };

const helpText = (lang: Lang, cmds: Iterable<{ data: { toJSON(): unknown } }>) =>
  helpEmbed(lang, commandLines(cmds as never, lang)).toJSON();

test('/help lists every other loaded command once, by its localized name and description, admins-only ones marked', async () => {
  const cmds = await loadCommands();
  assert.ok(cmds.has('help'));
  for (const lang of LANGS) {
    const t = translator(lang);
    const text = String(helpText(lang, cmds.values()).description);
    const lines = text.split('\n').filter((l) => l.startsWith('• '));
    const others = [...cmds.values()].map((c) => c.data.toJSON() as unknown as Json).filter((j) => j.name !== 'help');
    assert.equal(lines.length, others.length, `${lang}: one line per other command`);
    for (const j of others) {
      const { name, description } = listed(j, lang);
      const line = lines.filter((l) => l.startsWith(`• **/${name}**${t('common:punct.colon')}`));
      assert.equal(line.length, 1, `${lang}: /${name} listed once`);
      assert.ok(line[0]!.includes(description), `${lang}: /${name} with its description`);
      const admin = j.default_member_permissions !== undefined && j.default_member_permissions !== null;
      assert.equal(line[0]!.includes(t('common:help.admin')), admin, `${lang}: /${name} admins-only mark`);
    }
    assert.ok(
      lines.some((l) => l.includes(t('common:help.admin'))),
      `${lang}: /config is marked admins-only`,
    );
    // /help itself is not in the list; the admins' commands come last.
    assert.ok(!lines.some((l) => l.startsWith(`• **/${t('commands:help.name')}**`)));
    const marks = lines.map((l) => l.includes(t('common:help.admin')));
    assert.deepEqual(
      marks,
      [...marks].sort((a, b) => Number(a) - Number(b)),
    );
  }
});

test('a command added later is listed by itself, an admin one marked', async () => {
  const cmds = [...(await loadCommands()).values()];
  const extra = new SlashCommandBuilder()
    .setName('extra')
    .setNameLocalizations({ vi: 'thêm', 'zh-TW': '額外' })
    .setDescription('An extra command')
    .setDescriptionLocalizations({ vi: 'Một lệnh thêm', 'zh-TW': '額外的指令' })
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild);
  const want = {
    en: '• **/extra**: An extra command (🔒 admins only)',
    vi: '• **/thêm**: Một lệnh thêm (🔒 chỉ quản trị viên)',
    'zh-TW': '• **/額外**：額外的指令（🔒 僅限管理員）',
  };
  for (const lang of LANGS) {
    const text = String(helpText(lang, [...cmds, { data: extra }]).description);
    assert.ok(text.split('\n').includes(want[lang]), `${lang}: ${text}`);
  }
});

test('/help names the buttons by their labels and the commands by their localized names, and fits one embed uncut', async () => {
  const cmds = await loadCommands();
  for (const lang of LANGS) {
    const t = translator(lang);
    const e = helpText(lang, cmds.values());
    const text = String(e.description);
    for (const b of ['join', 'add-ai', 'start', 'open-hand', 'hint']) assert.ok(text.includes(t(`common:button.${b}`)), `${lang}: ${b}`);
    for (const c of ['play', 'rules', 'away']) assert.ok(text.includes(`/${t(`commands:${c}.name`)} `), `${lang}: /${c}`);
    assert.ok(text.includes(t('commands:common.game.name')), `${lang}: the game option`);
    assert.ok(String(e.title).length <= 256);
    // Room to spare for the commands to come (an embed's description holds 4,096 characters).
    assert.ok(text.length <= 3000, `${lang}: ${text.length} characters`);
    assert.ok(!text.endsWith('…'), `${lang}: not cut`);
  }
});
