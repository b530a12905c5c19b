/**
 * Components V2 in the simulator (https://discord.com/developers/docs/components/reference): the IS_COMPONENTS_V2
 * flag (1 << 15), the layout components (container 17, section 9, text display 10, thumbnail 11, media gallery 12,
 * file 13, separator 14, action rows), 40 components in total including nested ones, 4,000 characters of text
 * across the message, where each component may sit, and the flag rules (no content/embeds/stickers/poll with it; it
 * cannot be removed by an edit). A violation is answered with 400 / 50035 "Invalid Form Body" and Discord's error
 * tree. Attachment alt text (`description`, ≤ 1024) is stored and visible to tests.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  ContainerBuilder,
  DiscordAPIError,
  FileBuilder,
  MediaGalleryBuilder,
  MediaGalleryItemBuilder,
  MessageFlags,
  Routes,
  SectionBuilder,
  SeparatorBuilder,
  TextDisplayBuilder,
  ThumbnailBuilder,
  type TextChannel,
} from 'discord.js';
import { countComponents, DiscordSim } from './index.js';
import { openTextChannel, type TestBot } from './helpers.js';

type Json = Record<string, unknown>;
const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const V2 = MessageFlags.IsComponentsV2;
const text = (content: string): Json => ({ type: 10, content });
const button = (id: string): Json => ({ type: 2, style: 1, label: id, custom_id: id });
const row = (...ids: string[]): Json => ({ type: 1, components: ids.map(button) });

describe('Components V2', () => {
  let sim: DiscordSim;
  let bot: TestBot;
  let channel: TextChannel;
  before(async () => {
    ({ sim, bot, channel } = await openTextChannel());
  });
  after(async () => {
    await bot.destroy();
    await sim.stop();
  });

  /** Posts a raw body and returns Discord's error (or undefined on success). */
  async function post(body: Json): Promise<DiscordAPIError | undefined> {
    try {
      await bot.client.rest.post(Routes.channelMessages(channel.id), { body });
      return undefined;
    } catch (e) {
      if (e instanceof DiscordAPIError) return e;
      throw e;
    }
  }
  /** Edits a message with a raw body and returns Discord's error (or undefined on success). */
  async function patch(id: string, body: Json): Promise<DiscordAPIError | undefined> {
    try {
      await bot.client.rest.patch(Routes.channelMessage(channel.id, id), { body });
      return undefined;
    } catch (e) {
      if (e instanceof DiscordAPIError) return e;
      throw e;
    }
  }
  /** The `_errors[0].code` at a path of a 50035 error tree. */
  function codeAt(e: DiscordAPIError | undefined, path: Array<string | number>): string | undefined {
    assert.ok(e, 'expected an error');
    assert.equal(e.status, 400);
    assert.equal(e.code, 50035);
    assert.equal((e.rawError as { message: string }).message, 'Invalid Form Body');
    let node = (e.rawError as { errors?: Json }).errors as Json | undefined;
    for (const p of path) node = node?.[String(p)] as Json | undefined;
    return (node?._errors as Array<{ code: string }> | undefined)?.[0]?.code;
  }

  it('a full layout is accepted: container, section + thumbnail, gallery with alt text, file, separator, row', async () => {
    const container = new ContainerBuilder()
      .setAccentColor(0x2e7d32)
      .addTextDisplayComponents(new TextDisplayBuilder().setContent('## Table 7 — An to play'))
      .addSectionComponents(
        new SectionBuilder()
          .addTextDisplayComponents(new TextDisplayBuilder().setContent('Last: Minh discarded 5♠'))
          .setThumbnailAccessory(new ThumbnailBuilder().setURL('attachment://table.png').setDescription('thumbnail alt')),
      )
      .addMediaGalleryComponents(
        new MediaGalleryBuilder().addItems(
          new MediaGalleryItemBuilder().setURL('attachment://table.png').setDescription('The table: An to play, 5♠ on offer'),
        ),
      )
      .addSeparatorComponents(new SeparatorBuilder())
      .addFileComponents(new FileBuilder().setURL('attachment://log.txt'))
      .addActionRowComponents(
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId('take').setLabel('Take').setStyle(ButtonStyle.Primary),
          new ButtonBuilder().setCustomId('pass').setLabel('Pass').setStyle(ButtonStyle.Secondary),
        ),
      );
    const m = await channel.send({
      flags: MessageFlags.IsComponentsV2,
      components: [container],
      files: [
        new AttachmentBuilder(PNG_1x1, { name: 'table.png', description: 'An to play; Minh discarded 5♠; no melds yet' }),
        new AttachmentBuilder(Buffer.from('log'), { name: 'log.txt' }),
      ],
    });
    const stored = sim.message(m.id)!;
    assert.equal(stored.flags & V2, V2);
    assert.equal(stored.content, '');
    // container, text, section + its text + thumbnail, gallery, separator, file, row + 2 buttons
    assert.equal(countComponents(stored.components), 11);
    const png = stored.attachments.find((a) => a.filename === 'table.png')!;
    assert.equal(png.description, 'An to play; Minh discarded 5♠; no melds yet');
    assert.equal(m.attachments.find((a) => a.name === 'table.png')?.description, png.description, 'discord.js sees the alt text');
    assert.equal(stored.attachments.find((a) => a.filename === 'log.txt')!.description, undefined);
  });

  it('content, embeds, stickers or a poll with the flag: 50035', async () => {
    assert.equal(
      codeAt(await post({ flags: V2, content: 'hi', components: [text('x')] }), ['content']),
      'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
    );
    assert.equal(
      codeAt(await post({ flags: V2, embeds: [{ title: 't' }], components: [text('x')] }), ['embeds']),
      'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
    );
    assert.equal(
      codeAt(await post({ flags: V2, sticker_ids: ['1'], components: [text('x')] }), ['sticker_ids']),
      'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
    );
    assert.equal(
      codeAt(await post({ flags: V2, poll: { question: { text: 'q' }, answers: [] }, components: [text('x')] }), ['poll']),
      'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
    );
  });

  it('40 components in total, nested ones included: 40 pass, 41 are refused', async () => {
    // container (1) + 7 rows (7) + 28 buttons (28) + 4 text displays (4) = 40
    const rows = (n: number, from: number) => Array.from({ length: n }, (_, r) => row(...[0, 1, 2, 3].map((b) => `b${from + r * 4 + b}`)));
    const forty = [{ type: 17, components: [text('a'), text('b'), text('c'), text('d'), ...rows(7, 0)] }];
    assert.equal(countComponents(forty), 40);
    assert.equal(await post({ flags: V2, components: forty }), undefined);
    const fortyOne = [{ type: 17, components: [text('a'), text('b'), text('c'), text('d'), text('e'), ...rows(7, 0)] }];
    assert.equal(countComponents(fortyOne), 41);
    assert.equal(codeAt(await post({ flags: V2, components: fortyOne }), ['components']), 'COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED');
  });

  it('4,000 characters of text display across the whole message', async () => {
    const ok = [text('a'.repeat(2000)), { type: 17, components: [text('b'.repeat(2000))] }];
    assert.equal(await post({ flags: V2, components: ok }), undefined);
    const over = [text('a'.repeat(2000)), { type: 17, components: [text('b'.repeat(2001))] }];
    assert.equal(codeAt(await post({ flags: V2, components: over }), ['components']), 'COMPONENT_MAX_TEXT_DISPLAY_LENGTH_EXCEEDED');
  });

  it('nesting rules: where each component may sit', async () => {
    const cases: Array<[string, Json[], Array<string | number>, string]> = [
      [
        'a container in a container',
        [{ type: 17, components: [{ type: 17, components: [text('x')] }] }],
        ['components', 0, 'components', 0, 'type'],
        'UNION_TYPE_CHOICES',
      ],
      ['a button at the top level', [button('b')], ['components', 0, 'type'], 'UNION_TYPE_CHOICES'],
      ['a thumbnail outside a section', [{ type: 11, media: { url: 'https://x/y.png' } }], ['components', 0, 'type'], 'UNION_TYPE_CHOICES'],
      [
        'a text display in an action row',
        [{ type: 1, components: [text('x')] }],
        ['components', 0, 'components', 0, 'type'],
        'UNION_TYPE_CHOICES',
      ],
      [
        'a section with 4 texts',
        [{ type: 9, components: [text('1'), text('2'), text('3'), text('4')], accessory: button('s') }],
        ['components', 0, 'components'],
        'BASE_TYPE_BAD_LENGTH',
      ],
      ['a section without accessory', [{ type: 9, components: [text('1')] }], ['components', 0, 'accessory'], 'BASE_TYPE_REQUIRED'],
      [
        'a gallery of 11 items',
        [{ type: 12, items: Array.from({ length: 11 }, () => ({ media: { url: 'https://x/y.png' } })) }],
        ['components', 0, 'items'],
        'BASE_TYPE_BAD_LENGTH',
      ],
      [
        'a file with an https url',
        [{ type: 13, file: { url: 'https://x/y.txt' } }],
        ['components', 0, 'file', 'url'],
        'UNFURLED_MEDIA_ITEM_ATTACHMENT_REQUIRED',
      ],
    ];
    for (const [what, components, path, code] of cases) {
      assert.equal(codeAt(await post({ flags: V2, components }), path), code, what);
    }
    // Without the flag, the layout components are refused (only action rows at the top).
    assert.equal(codeAt(await post({ components: [text('x')] }), ['components', 0, 'type']), 'UNION_TYPE_CHOICES');
  });

  it('the flag cannot be removed by an edit, and a V2 message cannot take content', async () => {
    const m = (await bot.client.rest.post(Routes.channelMessages(channel.id), { body: { flags: V2, components: [text('v2')] } })) as {
      id: string;
    };
    const edit = (body: Json) => patch(m.id, body);
    assert.equal(codeAt(await edit({ flags: 0, components: [row('x')] }), ['flags']), 'MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG');
    assert.equal(codeAt(await edit({ content: 'legacy' }), ['content']), 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2');
    assert.equal(await edit({ components: [text('edited')] }), undefined);
    assert.equal(sim.message(m.id)!.flags & V2, V2);
    assert.equal((sim.message(m.id)!.components[0] as Json).content, 'edited');
  });

  it('a legacy message is upgraded by an edit with the flag only when its content is cleared (content: null)', async () => {
    const legacy = await channel.send({
      content: 'legacy table',
      components: [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId('u').setLabel('u').setStyle(ButtonStyle.Primary),
        ),
      ],
    });
    const edit = (body: Json) => patch(legacy.id, body);
    // The old content stays unless the edit clears it: refused like content sent with the flag.
    assert.equal(
      codeAt(await edit({ flags: V2, components: [text('v2 now')] }), ['content']),
      'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
    );
    assert.equal(sim.message(legacy.id)!.flags & V2, 0, 'unchanged after the refusal');
    // discord.js sends content: null as "": cleared, accepted, the message is V2 from now on.
    await legacy.edit({ flags: V2, content: null, components: [new TextDisplayBuilder().setContent('v2 now')] });
    assert.equal(sim.message(legacy.id)!.flags & V2, V2);
    assert.equal(sim.message(legacy.id)!.content, '');
    assert.equal(sim.text(legacy.id), 'v2 now');
  });

  it('attachment alt text over 1024 characters: 50035 on attachments[i].description', async () => {
    const tooLong = 'x'.repeat(1025);
    try {
      await channel.send({ files: [new AttachmentBuilder(PNG_1x1, { name: 'a.png', description: tooLong })] });
      assert.fail('expected 50035');
    } catch (e) {
      assert.ok(e instanceof DiscordAPIError);
      assert.equal(codeAt(e, ['attachments', 0, 'description']), 'BASE_TYPE_MAX_LENGTH');
    }
    const m = await channel.send({ files: [new AttachmentBuilder(PNG_1x1, { name: 'b.png', description: 'y'.repeat(1024) })] });
    assert.equal(sim.message(m.id)!.attachments[0]!.description, 'y'.repeat(1024));
    assert.equal(sim.images(m.id)[0]!.description?.length, 1024);
  });
});
