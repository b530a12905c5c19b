/** The layer boundaries of eslint.config.js: a forbidden import fails lint, at any depth. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ESLint } from 'eslint';

const eslint = new ESLint();

async function violations(filePath: string, code: string): Promise<number> {
  const [r] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return r!.messages.filter((m) => m.ruleId === 'no-restricted-imports').length;
}

test('forbidden imports between layers fail lint, at any depth', { timeout: 60_000 }, async () => {
  const bad: [string, string][] = [
    ['src/games/phom/rules.ts', "import '../../table/manifests.js';"],
    ['src/games/mahjong/deep/x.ts', "import '../../../store/index.js';"],
    ['src/games/chan/x.ts', "import '../../bot/messages.js';"],
    ['src/render/draw.ts', "import '../store/index.js';"],
    ['src/render/pieces/x.ts', "import '../../table/views.js';"],
    ['src/store/games.ts', "import '../render/index.js';"],
    ['src/store/x.ts', "import '../table/act.js';"],
    ['src/table/views.ts', "import '../bot/messages.js';"],
    ['src/table/present/x.ts', "import '../../bot/custom-id.js';"],
    ['src/table/act.ts', "import 'discord.js';"],
    ['commands/play.ts', "import '../src/games/phom/rules.js';"],
    ['commands/score.ts', "import '../src/store/games.js';"],
    ['commands/rules.ts', "import '../src/render/index.js';"],
  ];
  for (const [file, code] of bad) assert.equal(await violations(file, code), 1, `${file}: ${code}`);
  const fine: [string, string][] = [
    ['src/table/act.ts', "import '../store/index.js';"],
    ['src/table/views.ts', "import '../render/model.js';"],
    ['src/bot/effects.ts', "import '../table/act.js';"],
    ['commands/play.ts', "import '../src/table/manifests.js';"],
    ['commands/score.ts', "import '../src/store/index.js';"],
    ['src/store/games.ts', "import '../games/core/types.js';"],
  ];
  for (const [file, code] of fine) assert.equal(await violations(file, code), 0, `${file}: ${code}`);
});
