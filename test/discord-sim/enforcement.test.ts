/**
 * Each Discord rule the simulator enforces, shown failing a misbehaving discord.js client.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  ChannelType,
  EmbedBuilder,
  MessageFlags,
  PermissionFlagsBits,
  Routes,
  SlashCommandBuilder,
  type Interaction,
  type TextChannel,
} from 'discord.js';
import { DiscordSim, Permissions } from './index.js';
import { connectClient, type TestBot } from './helpers.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const codeOf = (e: unknown): number | undefined => (e as { code?: number }).code;
const button = (id: string, label = 'b') => ({ type: 2, style: 1, label, custom_id: id });
const row = (...c: object[]) => ({ type: 1, components: c });

describe('Discord rules enforced by the simulator', () => {
  let sim: DiscordSim;
  let bot: TestBot;
  let guildId: string;
  let aliceId: string;
  let bobId: string;
  let n = 0;
  const newChannel = (): string => sim.createTextChannel(guildId, `e${++n}`).id;
  /** Runs /play with `handler`, waits for it to finish, returns the handle and the handler's error (if any). */
  const run = async (handler: (i: Interaction) => Promise<void>, ch = newChannel()) => {
    bot.errors.length = 0;
    bot.handle = handler;
    const done = bot.nextHandled();
    const i = await sim.slash(aliceId, ch, 'play');
    await done;
    return { i, error: bot.errors[0], ch };
  };

  before(async () => {
    sim = await DiscordSim.start();
    guildId = sim.createGuild({ name: 'Quán', locale: 'vi' }).id;
    aliceId = sim.createUser({ username: 'alice' }).id;
    bobId = sim.createUser({ username: 'bob' }).id;
    sim.addMember(guildId, aliceId);
    sim.addMember(guildId, bobId);
    bot = await connectClient(sim);
    await bot.client.application!.commands.set([new SlashCommandBuilder().setName('play').setDescription('Play').toJSON()], guildId);
  });
  after(async () => {
    await bot.destroy();
    await sim.stop();
  });

  it('late acknowledgement (fake clock): the user sees "interaction failed", the bot gets 10062', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    bot.errors.length = 0;
    let started = false;
    bot.handle = async (i) => {
      if (!i.isChatInputCommand()) return;
      started = true;
      await gate; // slow SQLite / canvas work before acknowledging: the bug
      await i.reply('too late');
    };
    const done = bot.nextHandled();
    const i = await sim.slash(aliceId, newChannel(), 'play');
    await sim.waitFor(() => started);
    sim.clock.advance(3001);
    await i.settled();
    assert.equal(i.failed, true);
    assert.ok(sim.failedInteractions().includes(i));
    release();
    await done;
    assert.equal(codeOf(bot.errors[0]), 10062);
    assert.equal(i.response, undefined);
  });

  it('an answer within 3 s of sim time succeeds even if the clock moved a bit', async () => {
    const { i, error } = await run(async (x) => {
      sim.clock.advance(2900);
      if (x.isChatInputCommand()) await x.deferReply();
    });
    assert.equal(error, undefined);
    assert.equal(i.failed, false);
  });

  it('double reply (two handlers answering the same interaction): 40060', async () => {
    const { i, error } = await run(async (x) => {
      if (!x.isChatInputCommand()) return;
      await Promise.all([x.reply('one'), x.reply('two')]);
    });
    assert.equal(codeOf(error), 40060);
    assert.equal(i.response?.content, 'one');
  });

  it('second callback through raw REST after a defer: 40060; a modal after a defer too', async () => {
    const { error } = await run(async (x) => {
      if (!x.isChatInputCommand()) return;
      await x.deferReply();
      await x.client.rest.post(Routes.interactionCallback(x.id, x.token), {
        body: { type: 9, data: { custom_id: 'm', title: 't', components: [row({ type: 4, custom_id: 'a', label: 'A', style: 1 })] } },
        auth: false,
      });
    });
    assert.equal(codeOf(error), 40060);
  });

  it('content over 2000 characters: 50035 with the field path', async () => {
    const { i, error } = await run(async (x) => {
      if (x.isChatInputCommand()) await x.reply('x'.repeat(2001));
    });
    assert.equal(codeOf(error), 50035);
    assert.match(String((error as Error).message), /content/);
    assert.equal(i.acknowledged, false, 'a rejected callback does not acknowledge');
  });

  it('too many rows, too many buttons in a row, select not alone: 50035', async () => {
    for (const components of [
      [1, 2, 3, 4, 5, 6].map((k) => row(button(`r${k}`))),
      [row(...[1, 2, 3, 4, 5, 6].map((k) => button(`b${k}`)))],
      [row(button('x'), { type: 3, custom_id: 's', options: [{ label: 'a', value: 'a' }] })],
    ]) {
      const { error } = await run(async (x) => {
        if (x.isChatInputCommand()) await x.reply({ content: 'table', components: components as never });
      });
      assert.equal(codeOf(error), 50035, JSON.stringify(components).slice(0, 80));
    }
  });

  it('custom_id longer than 100 or duplicated: 50035', async () => {
    for (const components of [[row(button('g'.repeat(101)))], [row(button('same'), button('same'))]]) {
      const { error } = await run(async (x) => {
        if (x.isChatInputCommand()) await x.reply({ content: 'table', components: components as never });
      });
      assert.equal(codeOf(error), 50035);
    }
  });

  it('select menu limits: 26 options, max_values above the option count: 50035', async () => {
    const opts = (k: number) => Array.from({ length: k }, (_, j) => ({ label: `o${j}`, value: `v${j}` }));
    for (const sel of [
      { type: 3, custom_id: 's', options: opts(26) },
      { type: 3, custom_id: 's', max_values: 5, options: opts(3) },
    ]) {
      const { error } = await run(async (x) => {
        if (x.isChatInputCommand()) await x.reply({ content: 'pick', components: [row(sel)] as never });
      });
      assert.equal(codeOf(error), 50035);
    }
  });

  it('Components V2: content with the flag, more than 40 components, V2 types without the flag: 50035', async () => {
    const text = { type: 10, content: 'hi' };
    const cases: Array<{ flags?: number; content?: string; components: object[] }> = [
      { flags: MessageFlags.IsComponentsV2, content: 'legacy', components: [text] },
      {
        flags: MessageFlags.IsComponentsV2,
        components: [
          { type: 17, components: Array.from({ length: 8 }, (_, k) => row(...[0, 1, 2, 3, 4].map((j) => button(`c${k}-${j}`)))) },
        ],
      },
      { components: [text] },
    ];
    for (const c of cases) {
      const { error } = await run(async (x) => {
        if (x.isChatInputCommand()) await x.reply(c as never);
      });
      assert.equal(codeOf(error), 50035, JSON.stringify(c).slice(0, 60));
    }
    // 33 components is fine (container + text + gallery + 5 rows × 5 buttons).
    const ok = await run(async (x) => {
      if (!x.isChatInputCommand()) return;
      await x.reply({
        flags: MessageFlags.IsComponentsV2,
        files: [new AttachmentBuilder(PNG, { name: 't.png' })],
        components: [
          {
            type: 17,
            components: [
              text,
              { type: 12, items: [{ media: { url: 'attachment://t.png' } }] },
              ...[0, 1, 2, 3, 4].map((k) => row(...[0, 1, 2, 3, 4].map((j) => button(`k${k}-${j}`)))),
            ],
          },
        ] as never,
      });
    });
    assert.equal(ok.error, undefined);
  });

  it('files: 11 files → 30015, a file over the size limit → 40005, dangling attachment:// → 50035', async () => {
    const many = await run(async (x) => {
      if (x.isChatInputCommand())
        await x.reply({ files: Array.from({ length: 11 }, (_, k) => new AttachmentBuilder(PNG, { name: `${k}.png` })) });
    });
    assert.equal(codeOf(many.error), 30015);
    sim.setAttachmentSizeLimit(guildId, 1000);
    try {
      const big = await run(async (x) => {
        if (x.isChatInputCommand()) await x.reply({ files: [new AttachmentBuilder(Buffer.alloc(2000), { name: 'big.png' })] });
      });
      assert.equal(codeOf(big.error), 40005);
    } finally {
      sim.setAttachmentSizeLimit(guildId, 10 * 1024 * 1024);
    }
    const dangling = await run(async (x) => {
      if (x.isChatInputCommand()) await x.reply({ embeds: [new EmbedBuilder().setImage('attachment://missing.png')] });
    });
    assert.equal(codeOf(dangling.error), 50035);
  });

  it('expired interaction token (15 min): follow-ups and edits get 50027', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    bot.errors.length = 0;
    bot.handle = async (x) => {
      if (!x.isChatInputCommand()) return;
      await x.deferReply();
      await gate;
      await x.editReply('still there?');
    };
    const done = bot.nextHandled();
    const i = await sim.slash(aliceId, newChannel(), 'play');
    await i.settled();
    sim.clock.advance(15 * 60_000 + 1);
    release();
    await done;
    assert.equal(codeOf(bot.errors[0]), 50027);
  });

  it("another user's ephemeral is invisible to them and to the channel routes (10008)", async () => {
    let ephemeralId = '';
    const { ch, error } = await run(async (x) => {
      if (!x.isChatInputCommand()) return;
      await x.reply({ content: 'your tiles', flags: MessageFlags.Ephemeral });
      ephemeralId = (await x.fetchReply()).id;
      const channel = (await x.client.channels.fetch(x.channelId)) as TextChannel;
      await channel.messages.fetch(ephemeralId);
    });
    assert.equal(codeOf(error), 10008);
    assert.deepEqual(
      sim.visibleMessages(ch, aliceId).map((m) => m.content),
      ['your tiles'],
    );
    assert.deepEqual(sim.visibleMessages(ch, bobId), []);
  });

  it('flag 64 on a channel message is rejected (it would leak a "private" hand): 50035', async () => {
    const { error } = await run(async (x) => {
      if (!x.isChatInputCommand()) return;
      await x.deferReply();
      const channel = (await x.client.channels.fetch(x.channelId)) as TextChannel;
      await channel.send({ content: 'hand', flags: MessageFlags.Ephemeral } as never);
    });
    assert.equal(codeOf(error), 50035);
  });

  it('missing permissions: 50013 without CREATE_PUBLIC_THREADS, 50001 without VIEW_CHANNEL', async () => {
    const ch = newChannel();
    sim.setBotPermissions(guildId, sim.botPermissions(guildId) & ~PermissionFlagsBits.CreatePublicThreads);
    try {
      const { i, error } = await run(async (x) => {
        if (!x.isChatInputCommand()) return;
        assert.equal(x.appPermissions?.has(PermissionFlagsBits.CreatePublicThreads), false);
        const r = await x.reply({ content: 'table', withResponse: true });
        await r.resource!.message!.startThread({ name: 'Bàn' });
      }, ch);
      assert.equal(codeOf(error), 50013);
      assert.equal(i.failed, false);
    } finally {
      sim.setBotPermissions(guildId, sim.botPermissions(guildId) | Permissions.CreatePublicThreads);
    }
    const hidden = newChannel();
    sim.setBotPermissions(guildId, sim.botPermissions(guildId) & ~Permissions.ViewChannel, hidden);
    await assert.rejects(bot.client.rest.post(Routes.channelMessages(hidden), { body: { content: 'x' } }), (e) => codeOf(e) === 50001);
  });

  it('threads: locked → 160005 for a bot without MANAGE_THREADS, archived edits → 50083, cap → 160006', async () => {
    const ch = newChannel();
    const parent = (await bot.client.channels.fetch(ch)) as TextChannel;
    const t = await parent.threads.create({ name: 'old game', type: ChannelType.PublicThread });
    const m = await t.send('last move');
    await t.edit({ archived: true, locked: true });
    await assert.rejects(m.edit('changed'), (e) => codeOf(e) === 50083);
    sim.setBotPermissions(guildId, sim.botPermissions(guildId) & ~Permissions.ManageThreads, t.id);
    await assert.rejects(t.send('again'), (e) => codeOf(e) === 160005);
    // A thread takes its parent's permissions: Manage Threads back for the sibling thread below.
    sim.setBotPermission(guildId, Permissions.ManageThreads, true, t.id);
    const idle = await parent.threads.create({ name: 'idle game', type: ChannelType.PublicThread });
    sim.archiveThread(idle.id);
    sim.setActiveThreadLimit(guildId, 0);
    try {
      await assert.rejects(parent.threads.create({ name: 'one too many' }), (e) => codeOf(e) === 160006);
      // A reopen past the cap too; a refused request changes nothing (the lock it asked for neither).
      await assert.rejects(
        bot.client.rest.patch(Routes.channel(idle.id), { body: { archived: false, locked: true } }),
        (e) => codeOf(e) === 160006,
      );
      assert.deepEqual([sim.channel(idle.id).archived, sim.channel(idle.id).locked], [true, false]);
    } finally {
      sim.setActiveThreadLimit(guildId, 1000);
    }
  });

  it('renaming a thread on every turn is flagged (rename sublimit: 2 per 10 minutes)', async () => {
    const parent = (await bot.client.channels.fetch(newChannel())) as TextChannel;
    const t = await parent.threads.create({ name: 'turn 1', type: ChannelType.PublicThread });
    const before = sim.warnings.length;
    await t.setName('turn 2');
    await t.setName('turn 3');
    assert.equal(sim.warnings.length, before);
    await t.setName('turn 4');
    assert.equal(sim.warnings.length, before + 1);
    assert.match(sim.warnings.at(-1)!, /rename/);
  });

  it('with enforceRenameLimit the third rename gets a 429 with a long Retry-After', async () => {
    const strict = await DiscordSim.start({ enforceRenameLimit: true });
    try {
      const g = strict.createGuild({ name: 'g' });
      const ch = strict.createTextChannel(g.id, 'c');
      strict.setBotPermissions(g.id, strict.botPermissions(g.id) | Permissions.ManageChannels);
      const auth = { authorization: `Bot ${strict.token}`, 'content-type': 'application/json' };
      const rename = (name: string) =>
        fetch(`${strict.apiBase}/v10/channels/${ch.id}`, { method: 'PATCH', headers: auth, body: JSON.stringify({ name }) });
      assert.equal((await rename('a')).status, 200);
      assert.equal((await rename('b')).status, 200);
      const res = await rename('c');
      assert.equal(res.status, 429);
      assert.ok(Number(res.headers.get('retry-after')) > 500);
      assert.ok(((await res.json()) as { retry_after: number }).retry_after > 500);
    } finally {
      await strict.stop();
    }
  });

  it('a message to an archived (unlocked) thread unarchives it', async () => {
    const parent = (await bot.client.channels.fetch(newChannel())) as TextChannel;
    const t = await parent.threads.create({ name: 'sleepy', type: ChannelType.PublicThread });
    await t.setArchived(true);
    await t.send('wake up');
    assert.equal(sim.channel(t.id).archived, false);
  });

  it('type 6/7 are refused on a slash command; a modal title over 45 is refused; a modal cannot answer a modal submit', async () => {
    const { error } = await run(async (x) => {
      if (!x.isChatInputCommand()) return;
      await x.client.rest.post(Routes.interactionCallback(x.id, x.token), { body: { type: 7, data: { content: 'x' } }, auth: false });
    });
    assert.equal(codeOf(error), 50035);
    const modal = (title: string, id: string) => ({
      type: 9,
      data: { custom_id: id, title, components: [row({ type: 4, custom_id: 'a', label: 'A', style: 1 })] },
    });
    const long = await run(async (x) => {
      if (!x.isChatInputCommand()) return;
      await x.client.rest.post(Routes.interactionCallback(x.id, x.token), { body: modal('t'.repeat(46), 'm1'), auth: false });
    });
    assert.equal(codeOf(long.error), 50035);
    const { i } = await run(async (x) => {
      if (x.isChatInputCommand())
        await x.client.rest.post(Routes.interactionCallback(x.id, x.token), { body: modal('Rules', 'm2'), auth: false });
    });
    assert.equal(i.ackType, 9);
    bot.errors.length = 0;
    bot.handle = async (x) => {
      if (x.isModalSubmit())
        await x.client.rest.post(Routes.interactionCallback(x.id, x.token), { body: modal('Again', 'm3'), auth: false });
    };
    const done = bot.nextHandled();
    await sim.submitModal(aliceId, null, 'm2', { a: 'x' });
    await done;
    assert.equal(codeOf(bot.errors[0]), 50035);
  });

  it('users cannot click disabled buttons or buttons that do not exist', async () => {
    const { ch } = await run(async (x) => {
      if (x.isChatInputCommand()) {
        await x.reply({
          content: 'over',
          components: [
            new ActionRowBuilder<ButtonBuilder>().addComponents(
              new ButtonBuilder().setCustomId('done').setLabel('Done').setStyle(ButtonStyle.Primary).setDisabled(true),
            ),
          ],
        });
      }
    });
    const msg = sim.lastMessage(ch, aliceId)!;
    await assert.rejects(sim.click(aliceId, msg, 'done'), /disabled/);
    await assert.rejects(sim.click(aliceId, msg, 'nope'), /no button/);
  });
});
