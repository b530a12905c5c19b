/**
 * The engines' memo tables are bounded (src/games/core/memo.ts): a process runs for months, and an
 * unbounded one grew by the hand (Vietnamese mahjong's win check: 56,000 patterns in 2,000 self-play
 * hands, 97,000 in 8,000; up to ~100 MB per table and thread). No module of src/games holds an empty Map or Set it fills at run
 * time but a BoundedMap.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { BoundedMap } from '../../src/games/core/memo.js';

test('a BoundedMap holds at most twice its bound, and keeps the keys still in use', () => {
  const m = new BoundedMap<number, number>(3);
  for (let k = 0; k < 3; k++) m.set(k, k * 10);
  m.set(1, 11); // a key it holds: no new generation
  assert.equal(m.size, 3);
  m.set(3, 30); // full: 0, 1, 2 become the old generation
  assert.equal(m.get(0), 0, 'found in the old generation, moved up');
  assert.equal(m.get(1), 11);
  m.set(4, 40); // full again: 3, 0, 1 become the old generation, 2 is dropped
  assert.equal(m.get(2), undefined, 'not used since: gone');
  assert.equal(m.get(0), 0, 'used: kept');
  for (let k = 0; k < 1_000; k++) m.set(k, k);
  assert.ok(m.size <= 6);
  m.clear();
  assert.equal(m.size, 0);
  assert.equal(m.get(999), undefined);
});

/**
 * Module-level Maps and Sets that are not memos: lookups built once from fixed data and never written
 * (checked below). A `ReadonlyMap`/`ReadonlySet` annotation needs no entry: the compiler refuses writes.
 */
const CONSTANT_TABLES = ['vn-mahjong/tiles.ts: INDEX', 'vn-mahjong/tiles.ts: BONUS_SET', 'vn-mahjong/tiles.ts: JOKER_SET'];

/** `x` without parentheses, `as`, `satisfies`, `<T>` and `!` around it. */
function bare(x: ts.Expression): ts.Expression {
  while (
    ts.isParenthesizedExpression(x) ||
    ts.isAsExpression(x) ||
    ts.isSatisfiesExpression(x) ||
    ts.isTypeAssertionExpression(x) ||
    ts.isNonNullExpression(x)
  )
    x = x.expression;
  return x;
}

interface ModuleTable {
  at: string;
  /** `file: name`, as CONSTANT_TABLES lists it. */
  key: string;
  readonly: boolean;
  /** Whether the module calls set/add/delete/clear on it by name. */
  written: boolean;
}

/**
 * The Maps and Sets a module of `root` holds for its lifetime: top-level `const`/`let`/`var`
 * (exported or not, typed or not) and static class fields whose initializer is `new Map`/`new Set`.
 */
function moduleTables(root: string): ModuleTable[] {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
    );
  return files(root).flatMap((f) => {
    const sf = ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true);
    const writes = new Set<string>();
    const visit = (n: ts.Node): void => {
      if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && ts.isIdentifier(n.expression.expression))
        if (['set', 'add', 'delete', 'clear'].includes(n.expression.name.text)) writes.add(n.expression.expression.text);
      n.forEachChild(visit);
    };
    visit(sf);
    const held = sf.statements.flatMap((st): { name: ts.Node; type?: ts.TypeNode; init?: ts.Expression }[] =>
      ts.isVariableStatement(st)
        ? st.declarationList.declarations.map((d) => ({ name: d.name, type: d.type, init: d.initializer }))
        : ts.isClassDeclaration(st)
          ? st.members
              .filter(ts.isPropertyDeclaration)
              .filter((m) => m.modifiers?.some((x) => x.kind === ts.SyntaxKind.StaticKeyword))
              .map((m) => ({ name: m.name, type: m.type, init: m.initializer }))
          : [],
    );
    return held.flatMap(({ name, type, init }) => {
      const e = init && bare(init);
      if (!e || !ts.isNewExpression(e) || !ts.isIdentifier(e.expression) || !['Map', 'Set'].includes(e.expression.text)) return [];
      const text = name.getText(sf);
      const line = sf.getLineAndCharacterOfPosition(name.getStart(sf)).line + 1;
      const readonly = !!type && ts.isTypeReferenceNode(type) && ['ReadonlyMap', 'ReadonlySet'].includes(type.typeName.getText(sf));
      return [{ at: `${f}:${line}: ${text}`, key: `${relative(root, f)}: ${text}`, readonly, written: writes.has(text) }];
    });
  });
}

test('no module-level memo in src/games is an unbounded Map or Set', () => {
  const tables = moduleTables('src/games');
  const memos = tables.filter((t) => !t.readonly && !CONSTANT_TABLES.includes(t.key)).map((t) => t.at);
  assert.deepEqual(memos, [], 'use BoundedMap (src/games/core/memo.ts) for a table filled at run time');
  const listed = tables.filter((t) => CONSTANT_TABLES.includes(t.key));
  assert.deepEqual(
    listed.map((t) => t.key),
    CONSTANT_TABLES,
    'every constant table listed is still there',
  );
  assert.deepEqual(
    listed.filter((t) => t.written).map((t) => t.at),
    [],
    'a constant table is never written',
  );
});
