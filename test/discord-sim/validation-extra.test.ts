/**
 * Payload rules added to the simulator's validation (validate.ts), each shown refusing what Discord refuses (400 /
 * 50035 with the field's path and error code) and accepting the nearest valid payload:
 * - modal text inputs: a pre-filled `value` outside [min_length, max_length], min_length > max_length, `disabled`;
 *   selects inside a modal Label are validated like message selects (and cannot be disabled);
 * - string selects: more `default: true` options than max_values;
 * - auto-populated selects: `default_values` count outside [min_values, max_values], or of the wrong type;
 * - buttons: premium buttons without custom_id/label/url/emoji, no sku_id on other styles, url ≤ 512;
 * - components: numeric `id` unique within the message; container accent_color within 0x000000–0xFFFFFF;
 * - allowed_mentions: parse values, ≤ 100 ids, parse "users"/"roles" exclusive with the matching id list.
 * Sources: https://discord.com/developers/docs/components/reference, .../resources/message#allowed-mentions-object.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  DiscordAPIError,
  MessageFlags,
  ModalBuilder,
  Routes,
  SlashCommandBuilder,
  TextInputBuilder,
  TextInputStyle,
  ActionRowBuilder,
  type Interaction,
} from 'discord.js';
import { DiscordSim } from './index.js';
import { connectClient, type TestBot } from './helpers.js';

type Json = Record<string, unknown>;
const row = (...c: Json[]): Json => ({ type: 1, components: c });
const button = (id: string, extra: Json = {}): Json => ({ type: 2, style: 1, label: id, custom_id: id, ...extra });
const textInput = (extra: Json = {}): Json => ({ type: 4, custom_id: 'ti', label: 'Value', style: 1, ...extra });
const option = (v: string, isDefault = false): Json => ({ label: v, value: v, ...(isDefault ? { default: true } : {}) });

/** Error codes Discord put at `path` in a 50035 error tree. */
function codesAt(e: unknown, path: Array<string | number>): string[] {
  assert.ok(e instanceof DiscordAPIError, `expected a DiscordAPIError, got ${String(e)}`);
  assert.equal(e.code, 50035);
  let node = (e.rawError as { errors?: Json }).errors as Json | undefined;
  for (const p of path) node = node?.[String(p)] as Json | undefined;
  return ((node?._errors as Array<{ code: string }> | undefined) ?? []).map((x) => x.code);
}

describe('Discord validation rules (extra)', () => {
  let sim: DiscordSim;
  let bot: TestBot;
  let guildId: string;
  let channelId: string;
  let aliceId: string;

  before(async () => {
    sim = await DiscordSim.start();
    guildId = sim.createGuild({ name: 'Quán' }).id;
    channelId = sim.createTextChannel(guildId, 'games').id;
    aliceId = sim.createUser({ username: 'alice' }).id;
    sim.addMember(guildId, aliceId);
    bot = await connectClient(sim);
    await bot.client.application!.commands.set([new SlashCommandBuilder().setName('play').setDescription('Play').toJSON()], guildId);
  });
  after(async () => {
    await bot.destroy();
    await sim.stop();
  });

  /** Runs /play with `handler` and returns the handler's error (undefined when it succeeded). */
  async function run(handler: (i: Interaction) => Promise<void>): Promise<unknown> {
    bot.errors.length = 0;
    bot.handle = handler;
    const done = bot.nextHandled();
    await sim.slash(aliceId, channelId, 'play');
    await done;
    return bot.errors[0];
  }
  /** Answers /play with a raw type-9 modal callback. */
  const showModal = (data: Json): Promise<unknown> =>
    run(async (x) => {
      if (x.isChatInputCommand())
        await x.client.rest.post(Routes.interactionCallback(x.id, x.token), { body: { type: 9, data }, auth: false });
    });
  const modal = (...components: Json[]): Json => ({ custom_id: 'm', title: 'Title', components });
  const labelled = (component: Json): Json => ({ type: 18, label: 'Label', component });

  /** Posts a raw message body to the channel; returns Discord's error or undefined. */
  async function post(body: Json): Promise<unknown> {
    try {
      await bot.client.rest.post(Routes.channelMessages(channelId), { body });
      return undefined;
    } catch (e) {
      return e;
    }
  }

  describe('modal text inputs', () => {
    it('a pre-filled value longer than max_length is refused; one of exactly max_length is accepted', async () => {
      const path = ['data', 'components', 0, 'components', 0, 'value'];
      let e = await showModal(modal(row(textInput({ max_length: 5, value: '123456' }))));
      assert.deepEqual(codesAt(e, path), ['BASE_TYPE_BAD_LENGTH']);
      assert.match(String((e as Error).message), /Must be between 0 and 5 in length/);
      e = await showModal(modal(labelled(textInput({ label: undefined, max_length: 5, value: '123456' }))));
      assert.deepEqual(codesAt(e, ['data', 'components', 0, 'component', 'value']), ['BASE_TYPE_BAD_LENGTH']);
      assert.equal(await showModal(modal(row(textInput({ max_length: 5, value: '12345' })))), undefined);
      // discord.js's builders do not catch it: the request reaches Discord and is refused there.
      e = await run(async (x) => {
        if (!x.isChatInputCommand()) return;
        const input = new TextInputBuilder().setCustomId('v').setLabel('V').setStyle(TextInputStyle.Short).setMaxLength(3);
        await x.showModal(
          new ModalBuilder()
            .setCustomId('b')
            .setTitle('B')
            .addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(input.setValue('abcd'))),
        );
      });
      assert.deepEqual(codesAt(e, path), ['BASE_TYPE_BAD_LENGTH']);
    });

    it('without max_length the value may hold 4000 characters, not 4001', async () => {
      const path = ['data', 'components', 0, 'components', 0, 'value'];
      assert.equal(await showModal(modal(row(textInput({ style: 2, value: 'x'.repeat(4000) })))), undefined);
      const e = await showModal(modal(row(textInput({ style: 2, value: 'x'.repeat(4001) }))));
      assert.deepEqual(codesAt(e, path), ['BASE_TYPE_BAD_LENGTH']);
    });

    it('a non-empty value shorter than min_length is refused; an empty one is accepted', async () => {
      const path = ['data', 'components', 0, 'components', 0, 'value'];
      const e = await showModal(modal(row(textInput({ min_length: 3, value: 'ab' }))));
      assert.deepEqual(codesAt(e, path), ['BASE_TYPE_BAD_LENGTH']);
      assert.equal(await showModal(modal(row(textInput({ min_length: 3, value: '' })))), undefined);
      assert.equal(await showModal(modal(row(textInput({ min_length: 3, value: 'abc' })))), undefined);
    });

    it('min_length above max_length, bounds out of range and `disabled` are refused', async () => {
      const p = ['data', 'components', 0, 'components', 0];
      let e = await showModal(modal(row(textInput({ min_length: 10, max_length: 5 }))));
      assert.deepEqual(codesAt(e, [...p, 'min_length']), ['TEXT_INPUT_MIN_LENGTH_TOO_LARGE']);
      e = await showModal(modal(row(textInput({ min_length: -1, max_length: 4001 }))));
      assert.deepEqual(codesAt(e, [...p, 'min_length']), ['NUMBER_TYPE_MAX']);
      assert.deepEqual(codesAt(e, [...p, 'max_length']), ['NUMBER_TYPE_MAX']);
      e = await showModal(modal(row(textInput({ disabled: false }))));
      assert.deepEqual(codesAt(e, [...p, 'disabled']), ['COMPONENT_DISABLED_NOT_ALLOWED_IN_MODAL']);
      assert.equal(await showModal(modal(row(textInput({ min_length: 5, max_length: 5 })))), undefined);
    });

    it('label 45, placeholder 100, custom_id 100, 5 components, title 45: one more is refused', async () => {
      const p = ['data', 'components', 0, 'components', 0];
      let e = await showModal(modal(row(textInput({ label: 'l'.repeat(46), placeholder: 'p'.repeat(101), custom_id: 'c'.repeat(101) }))));
      assert.deepEqual(codesAt(e, [...p, 'label']), ['BASE_TYPE_BAD_LENGTH']);
      assert.deepEqual(codesAt(e, [...p, 'placeholder']), ['BASE_TYPE_MAX_LENGTH']);
      assert.deepEqual(codesAt(e, [...p, 'custom_id']), ['BASE_TYPE_BAD_LENGTH']);
      const six = Array.from({ length: 6 }, (_, i) => row(textInput({ custom_id: `t${i}` })));
      e = await showModal({ ...modal(...six), title: 't'.repeat(46) });
      assert.deepEqual(codesAt(e, ['data', 'components']), ['BASE_TYPE_BAD_LENGTH']);
      assert.deepEqual(codesAt(e, ['data', 'title']), ['BASE_TYPE_BAD_LENGTH']);
      const five = six.slice(0, 5);
      const ok = await showModal({
        ...modal(...five),
        title: 't'.repeat(45),
        custom_id: 'm'.repeat(100),
        components: [row(textInput({ label: 'l'.repeat(45), placeholder: 'p'.repeat(100), custom_id: 'c'.repeat(100) })), ...five.slice(1)],
      });
      assert.equal(ok, undefined);
    });

    it('a select in a modal Label is validated like a message select and cannot be disabled', async () => {
      const p = ['data', 'components', 0, 'component'];
      const select = (extra: Json): Json => ({ type: 3, custom_id: 's', options: [option('a'), option('b')], ...extra });
      let e = await showModal(modal(labelled(select({ options: [option('a', true), option('b', true)] }))));
      assert.deepEqual(codesAt(e, [...p, 'options']), ['SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES']);
      e = await showModal(modal(labelled(select({ disabled: true }))));
      assert.deepEqual(codesAt(e, [...p, 'disabled']), ['COMPONENT_DISABLED_NOT_ALLOWED_IN_MODAL']);
      e = await showModal(modal(labelled(select({ max_values: 3 }))));
      assert.deepEqual(codesAt(e, [...p, 'max_values']), ['SELECT_COMPONENT_MAX_VALUES_TOO_LARGE']);
      assert.equal(await showModal(modal(labelled(select({ max_values: 2, options: [option('a', true), option('b', true)] })))), undefined);
    });
  });

  describe('select menus in messages', () => {
    const stringSelect = (extra: Json): Json => ({ type: 3, custom_id: 's', options: [option('a'), option('b'), option('c')], ...extra });

    it('more default options than max_values is refused (also in an interaction reply); as many is accepted', async () => {
      const p = ['components', 0, 'components', 0, 'options'];
      let e = await post({ components: [row(stringSelect({ options: [option('a', true), option('b', true), option('c')] }))] });
      assert.deepEqual(codesAt(e, p), ['SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES']);
      e = await post({ components: [row(stringSelect({ max_values: 1, options: [option('a', true), option('b', true), option('c')] }))] });
      assert.deepEqual(codesAt(e, p), ['SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES']);
      e = await run(async (x) => {
        if (x.isChatInputCommand())
          await x.reply({ components: [row(stringSelect({ options: [option('a', true), option('b', true)] }))] as never });
      });
      assert.deepEqual(codesAt(e, p), ['SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES']);
      assert.equal(
        await post({
          components: [row(stringSelect({ min_values: 0, max_values: 2, options: [option('a', true), option('b', true), option('c')] }))],
        }),
        undefined,
      );
      assert.equal(await post({ components: [row(stringSelect({ options: [option('a', true), option('b'), option('c')] }))] }), undefined);
    });

    it('option label/value 1–100, description ≤ 100, placeholder ≤ 150, 1–25 options, max_values ≤ options', async () => {
      const p = ['components', 0, 'components', 0];
      let e = await post({
        components: [
          row(
            stringSelect({
              placeholder: 'p'.repeat(151),
              options: [{ label: 'l'.repeat(101), value: 'v'.repeat(101), description: 'd'.repeat(101) }],
            }),
          ),
        ],
      });
      assert.deepEqual(codesAt(e, [...p, 'placeholder']), ['BASE_TYPE_MAX_LENGTH']);
      assert.deepEqual(codesAt(e, [...p, 'options', 0, 'label']), ['BASE_TYPE_BAD_LENGTH']);
      assert.deepEqual(codesAt(e, [...p, 'options', 0, 'value']), ['BASE_TYPE_BAD_LENGTH']);
      assert.deepEqual(codesAt(e, [...p, 'options', 0, 'description']), ['BASE_TYPE_MAX_LENGTH']);
      e = await post({ components: [row(stringSelect({ options: Array.from({ length: 26 }, (_, i) => option(`o${i}`)) }))] });
      assert.deepEqual(codesAt(e, [...p, 'options']), ['BASE_TYPE_BAD_LENGTH']);
      e = await post({ components: [row(stringSelect({ min_values: 2 }))] });
      assert.deepEqual(codesAt(e, [...p, 'min_values']), ['SELECT_COMPONENT_MIN_VALUES_TOO_LARGE']);
      e = await post({ components: [row(stringSelect({ max_values: 26 }))] });
      assert.deepEqual(codesAt(e, [...p, 'max_values']), ['NUMBER_TYPE_MAX', 'SELECT_COMPONENT_MAX_VALUES_TOO_LARGE']);
      assert.equal(
        await post({
          components: [
            row(
              stringSelect({
                placeholder: 'p'.repeat(150),
                max_values: 25,
                options: Array.from({ length: 25 }, (_, i) => ({
                  label: `${i}`.padEnd(100, 'l'),
                  value: `${i}`.padEnd(100, 'v'),
                  description: 'd'.repeat(100),
                })),
              }),
            ),
          ],
        }),
        undefined,
      );
    });

    it('default_values of auto-populated selects: count within [min_values, max_values] and of the select’s type', async () => {
      const p = ['components', 0, 'components', 0, 'default_values'];
      const user = { id: aliceId, type: 'user' };
      let e = await post({ components: [row({ type: 5, custom_id: 'u', default_values: [user, { id: '1', type: 'user' }] })] });
      assert.deepEqual(codesAt(e, p), ['BASE_TYPE_BAD_LENGTH']);
      e = await post({ components: [row({ type: 5, custom_id: 'u', min_values: 2, max_values: 3, default_values: [user] })] });
      assert.deepEqual(codesAt(e, p), ['BASE_TYPE_BAD_LENGTH']);
      e = await post({ components: [row({ type: 6, custom_id: 'r', default_values: [user] })] });
      assert.deepEqual(codesAt(e, [...p, 0, 'type']), ['BASE_TYPE_CHOICES']);
      e = await post({ components: [row({ type: 8, custom_id: 'c', default_values: [{ id: 'general', type: 'channel' }] })] });
      assert.deepEqual(codesAt(e, [...p, 0, 'id']), ['NUMBER_TYPE_COERCE']);
      assert.equal(await post({ components: [row({ type: 5, custom_id: 'u', default_values: [user] })] }), undefined);
      assert.equal(
        await post({
          components: [
            row({ type: 7, custom_id: 'm', min_values: 0, max_values: 2, default_values: [user, { id: guildId, type: 'role' }] }),
          ],
        }),
        undefined,
      );
      assert.equal(await post({ components: [row({ type: 8, custom_id: 'c', min_values: 0, default_values: [] })] }), undefined);
    });
  });

  describe('buttons and component ids', () => {
    it('premium buttons take only a sku_id; other styles take no sku_id; a link url holds at most 512 characters', async () => {
      const p = ['components', 0, 'components', 0];
      let e = await post({ components: [row({ type: 2, style: 6, sku_id: '123', label: 'Buy', custom_id: 'buy' })] });
      assert.deepEqual(codesAt(e, [...p, 'label']), ['BUTTON_COMPONENT_PREMIUM_FIELD_NOT_ALLOWED']);
      assert.deepEqual(codesAt(e, [...p, 'custom_id']), ['BUTTON_COMPONENT_PREMIUM_FIELD_NOT_ALLOWED']);
      e = await post({ components: [row(button('b', { sku_id: '123' }))] });
      assert.deepEqual(codesAt(e, [...p, 'sku_id']), ['BUTTON_COMPONENT_SKU_ID_NOT_ALLOWED']);
      const url = (n: number): string => `https://example.com/${'a'.repeat(n - 20)}`;
      e = await post({ components: [row({ type: 2, style: 5, label: 'Open', url: url(513) })] });
      assert.deepEqual(codesAt(e, [...p, 'url']), ['BASE_TYPE_MAX_LENGTH']);
      assert.equal(await post({ components: [row({ type: 2, style: 5, label: 'Open', url: url(512) })] }), undefined);
      assert.equal(await post({ components: [row({ type: 2, style: 6, sku_id: '123' })] }), undefined);
    });

    it('a numeric component id must be unique within the message (0 means none); container accent_color ≤ 0xFFFFFF', async () => {
      const V2 = MessageFlags.IsComponentsV2;
      let e = await post({ components: [{ ...row(button('a', { id: 7 }), button('b', { id: 7 })), id: 1 }] });
      assert.deepEqual(codesAt(e, ['components', 0, 'components', 1, 'id']), ['COMPONENT_ID_DUPLICATED']);
      e = await post({
        flags: V2,
        components: [
          { type: 10, content: 'a', id: 3 },
          { type: 17, accent_color: 0x1000000, components: [{ type: 10, content: 'b', id: 3 }] },
        ],
      });
      assert.deepEqual(codesAt(e, ['components', 1, 'components', 0, 'id']), ['COMPONENT_ID_DUPLICATED']);
      assert.deepEqual(codesAt(e, ['components', 1, 'accent_color']), ['NUMBER_TYPE_MAX']);
      assert.equal(await post({ components: [row(button('a', { id: 0 }), button('b', { id: 0 }), button('c', { id: 2 }))] }), undefined);
      assert.equal(
        await post({
          flags: V2,
          components: [
            { type: 10, content: 'a', id: 3 },
            { type: 17, accent_color: 0xffffff, components: [{ type: 10, content: 'b', id: 4 }] },
          ],
        }),
        undefined,
      );
    });
  });

  describe('allowed_mentions', () => {
    it('parse "users" with a users list is refused, on send and on edit; either alone is accepted', async () => {
      let e = await post({ content: `<@${aliceId}>`, allowed_mentions: { parse: ['users'], users: [aliceId] } });
      assert.deepEqual(codesAt(e, ['allowed_mentions']), ['MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE']);
      e = await post({ content: 'x', allowed_mentions: { parse: ['roles'], roles: [guildId] } });
      assert.deepEqual(codesAt(e, ['allowed_mentions']), ['MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE']);
      assert.equal(await post({ content: `<@${aliceId}>`, allowed_mentions: { users: [aliceId] } }), undefined);
      assert.equal(await post({ content: `<@${aliceId}>`, allowed_mentions: { parse: ['users'], users: [] } }), undefined);
      assert.equal(await post({ content: 'x', allowed_mentions: { parse: [] } }), undefined);
      const channel = await bot.client.channels.fetch(channelId);
      assert.ok(channel?.isSendable());
      const m = await channel.send({ content: 'edit me', allowedMentions: { parse: [] } });
      await assert.rejects(m.edit({ content: `<@${aliceId}>`, allowedMentions: { parse: ['users'], users: [aliceId] } }), (err: unknown) =>
        codesAt(err, ['allowed_mentions']).includes('MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE'),
      );
      await m.edit({ content: `<@${aliceId}>`, allowedMentions: { users: [aliceId] } });
    });

    it('parse takes only roles/users/everyone; users and roles hold at most 100 ids', async () => {
      const ids = Array.from({ length: 101 }, (_, i) => String(1000 + i));
      const e = await post({ content: 'x', allowed_mentions: { parse: ['here'], users: ids, roles: ids } });
      assert.deepEqual(codesAt(e, ['allowed_mentions', 'parse', 0]), ['BASE_TYPE_CHOICES']);
      assert.deepEqual(codesAt(e, ['allowed_mentions', 'users']), ['BASE_TYPE_MAX_LENGTH']);
      assert.deepEqual(codesAt(e, ['allowed_mentions', 'roles']), ['BASE_TYPE_MAX_LENGTH']);
      assert.equal(
        await post({ content: 'x', allowed_mentions: { parse: ['everyone'], users: ids.slice(0, 100), roles: ids.slice(0, 100) } }),
        undefined,
      );
    });
  });
});
