/**
 * Example: play as a user against a running simulator (`npm run sim`) and a running bot.
 *
 *   SIM=http://127.0.0.1:PORT node --import tsx test/discord-sim/example-play.ts
 *
 * It runs /play game:phom as alice in #games, prints what alice sees, clicks the first button of the reply,
 * and prints what bob sees.
 */
import { SimRemote } from './remote.js';

const origin = process.env.SIM;
if (!origin) {
  process.stderr.write('Set SIM to the simulator origin printed by `npm run sim` (e.g. http://127.0.0.1:PORT)\n');
  process.exit(2);
}
const sim = await SimRemote.connect(origin);
const world = await sim.describe();
const guild = world.guilds[0];
const games = guild.channels.find((c: { name: string }) => c.name === 'games');
const alice = world.users.find((u: { username: string }) => u.username === 'alice');
const bob = world.users.find((u: { username: string }) => u.username === 'bob');

const show = async (who: { id: string; username: string }, channelId: string) => {
  for (const m of await sim.visibleMessages(channelId, who.id)) {
    const buttons = (JSON.stringify(m.components).match(/"label":"[^"]*"/g) ?? []).map((l) => `[${l.slice(9, -1)}]`);
    process.stdout.write(
      `  [${who.username}] ${m.ephemeralTo ? '(only you) ' : ''}${m.content || '(no text)'} ` +
        `${m.embeds.length ? `[${m.embeds.length} embed]` : ''}${m.attachments.map((a) => ` <${a.filename} ${a.size}B>`).join('')} ${buttons.join(' ')}\n`,
    );
  }
};

const play = await sim.slash(alice.id, games.id, 'play', { game: 'phom' });
const settled = await play.settled();
process.stdout.write(`/play → ${settled.failed ? 'FAILED (no ack in 3 s)' : `acknowledged with type ${settled.ackType}`}\n`);
if (settled.failed) process.exit(1);
const reply = await play.reply();
await show(alice, games.id);
const first = reply.components.length ? sim.findButton(reply, /.*/) : undefined;
if (first?.custom_id) {
  const click = await sim.click(bob.id, reply, first.custom_id);
  await click.settled();
  process.stdout.write(`bob clicked "${first.label}" → ack type ${click.view.ackType}\n`);
}
await show(bob, games.id);
for (const t of await sim.threads(games.id)) {
  process.stdout.write(`thread #${t.name}:\n`);
  await show(alice, t.id);
}
