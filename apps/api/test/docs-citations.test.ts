/**
 * Every document the code and the docs cite is in the repository (docs/conventions.md §16): a
 * decision cited as "decisions §N" (or a bare §N outside the product and conventions pages) has its
 * file docs/decisions/NNNN-*.md, a `docs/…` path exists, a `docs/product.md §N` or
 * `docs/conventions.md §N` names a section that exists, relative Markdown links in docs/ resolve,
 * and no comment cites the old outside documents (SPEC, CONVENTIONS, DESIGN).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');
const SCANNED = ['apps', 'packages', 'scripts', 'bench', 'docs', 'deploy', 'README.md', 'Dockerfile', 'compose.yaml'];
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'dist-server',
  '.cache',
  '.tmp',
  'test-results',
  'playwright-report',
  'fonts',
  '.medusa',
]);
const TEXT = /\.(ts|tsx|mts|mjs|js|css|sql|md|yaml|yml|cfg|html)$|^Dockerfile$/;

function walk(entry: string, out: string[] = []): string[] {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return out;
  if (statSync(full).isFile()) {
    if (TEXT.test(path.basename(full)) && statSync(full).size < 1_000_000) out.push(entry);
    return out;
  }
  for (const name of readdirSync(full)) {
    if (SKIPPED_DIRS.has(name)) continue;
    walk(path.join(entry, name), out);
  }
  return out;
}

export interface Docs {
  decisions: ReadonlySet<number>;
  productSections: ReadonlySet<number>;
  conventionRules: ReadonlySet<number>;
  exists: (repoPath: string) => boolean;
}

function readDocs(): Docs {
  const decisions = new Set(
    readdirSync(path.join(ROOT, 'docs/decisions'))
      .map((f) => /^(\d{4})-[a-z0-9-]+\.md$/.exec(f)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number),
  );
  const product = readFileSync(path.join(ROOT, 'docs/product.md'), 'utf8');
  const conventions = readFileSync(path.join(ROOT, 'docs/conventions.md'), 'utf8');
  return {
    decisions,
    productSections: new Set([...product.matchAll(/^## (\d+)\. /gm)].map((m) => Number(m[1]))),
    conventionRules: new Set([...conventions.matchAll(/^(\d+)\. /gm)].map((m) => Number(m[1]))),
    exists: (repoPath) => existsSync(path.join(ROOT, repoPath)),
  };
}

const SECTION = /§\s?(\d+)(?:\s*[–-]\s*(\d+)(?!\d))?/g;
/** What may sit between a prefix and the § it owns: other § numbers of the same list. */
const LIST_GLUE = /(?:§\s?\d+(?:\s*[–-]\s*\d+)?|[\s,/]|\band\b|\bor\b)+$/;
const PREFIX =
  /(docs\/product\.md|docs\/conventions\.md|\bdecisions?|\b[Ii]ssues?\s+\d+|\bRFC\s*\d+|\bSPEC\b|\bCONVENTIONS\b|\bfindings?\s+\d+)`?\s*$/;

function range(from: number, to: number | undefined): number[] {
  if (to === undefined || to < from || to - from > 100) return [from];
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** The broken citations in one file's text, as readable strings. */
export function brokenCitations(file: string, text: string, docs: Docs): string[] {
  const broken: string[] = [];
  const selfOwner = file === 'docs/product.md' ? 'product' : file === 'docs/conventions.md' ? 'conventions' : 'decisions';
  text.split('\n').forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    if (/\b(SPEC|CONVENTIONS)\s*§|\bDESIGN(\.md|:)|\.\.\/shared\//.test(line))
      broken.push(`${where} cites a document outside the repository: ${line.trim()}`);
    for (const m of line.matchAll(SECTION)) {
      const before = line.slice(0, m.index).replace(LIST_GLUE, '');
      const prefix = PREFIX.exec(before)?.[1];
      const owner =
        prefix === undefined
          ? selfOwner
          : prefix.startsWith('docs/product')
            ? 'product'
            : prefix.startsWith('docs/conventions')
              ? 'conventions'
              : /^decisions?$/.test(prefix)
                ? 'decisions'
                : 'other';
      const numbers = range(Number(m[1]), m[2] === undefined ? undefined : Number(m[2]));
      for (const n of numbers) {
        if (owner === 'decisions' && !docs.decisions.has(n))
          broken.push(`${where} decisions §${n} has no docs/decisions/${String(n).padStart(4, '0')}-*.md`);
        if (owner === 'product' && !docs.productSections.has(n)) broken.push(`${where} docs/product.md has no §${n}`);
        if (owner === 'conventions' && !docs.conventionRules.has(n)) broken.push(`${where} docs/conventions.md has no §${n}`);
      }
    }
    // "decision 29", "decisions 33–34": the older way of citing, without §.
    for (const m of line.matchAll(/\bdecisions?\s+(\d+)(?:\s*[–-]\s*(\d+))?/g)) {
      for (const n of range(Number(m[1]), m[2] === undefined ? undefined : Number(m[2]))) {
        if (!docs.decisions.has(n)) broken.push(`${where} decision ${n} has no docs/decisions/${String(n).padStart(4, '0')}-*.md`);
      }
    }
    for (const m of line.matchAll(/(?<![\w/.-])docs\/[\w./-]*[\w/]/g)) {
      if (!docs.exists(m[0])) broken.push(`${where} ${m[0]} does not exist`);
    }
    if (file.startsWith('docs/') && file.endsWith('.md')) {
      for (const m of line.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
        const target = m[1]!;
        if (/^[a-z]+:/.test(target)) continue;
        const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
        if (!docs.exists(resolved)) broken.push(`${where} links to ${target}, which does not exist`);
      }
    }
  });
  return broken;
}

describe('citations in code and docs', () => {
  const docs = readDocs();

  it('resolve to documents in the repository', () => {
    // This file is left out: its own examples are broken on purpose.
    const files = SCANNED.flatMap((entry) => walk(entry)).filter(
      (file) => file !== path.join('apps', 'api', 'test', 'docs-citations.test.ts'),
    );
    expect(files.length).toBeGreaterThan(500);
    const broken = files.flatMap((file) => brokenCitations(file, readFileSync(path.join(ROOT, file), 'utf8'), docs));
    expect(broken).toEqual([]);
  });

  it('index every decision file, numbered from 1 without a gap', () => {
    const index = readFileSync(path.join(ROOT, 'docs/decisions/README.md'), 'utf8');
    const numbers = [...docs.decisions].sort((a, b) => a - b);
    expect(numbers[0]).toBe(1);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    for (const f of readdirSync(path.join(ROOT, 'docs/decisions')).filter((name) => /^\d{4}-/.test(name))) {
      expect(index, f).toContain(`](${f})`);
      const text = readFileSync(path.join(ROOT, 'docs/decisions', f), 'utf8');
      expect(text, f).toMatch(/^# \d{4}\. .+\n\nStatus: (Accepted|Amended by|Superseded by)/);
      for (const heading of ['## Context', '## Decision', '## Consequences']) expect(text, `${f} ${heading}`).toContain(`\n${heading}\n`);
    }
  });

  it('finds a broken citation of each kind', () => {
    const lines = [
      '// decisions §9999 and the old (decision 9998)',
      '/* see docs/nowhere.md */',
      '// docs/product.md §42, docs/conventions.md §77',
      '// (SPEC §2) and (DESIGN: back-office)',
      '// a bare (§9997) is a decision',
    ].join('\n');
    const broken = brokenCitations('apps/x.ts', lines, docs);
    expect(broken).toEqual([
      'apps/x.ts:1 decisions §9999 has no docs/decisions/9999-*.md',
      'apps/x.ts:1 decision 9998 has no docs/decisions/9998-*.md',
      'apps/x.ts:2 docs/nowhere.md does not exist',
      'apps/x.ts:3 docs/product.md has no §42',
      'apps/x.ts:3 docs/conventions.md has no §77',
      'apps/x.ts:4 cites a document outside the repository: // (SPEC §2) and (DESIGN: back-office)',
      'apps/x.ts:5 decisions §9997 has no docs/decisions/9997-*.md',
    ]);
    expect(brokenCitations('apps/x.ts', '// decisions §33–37, §89; issue 13 §16; RFC 9110 §15; docs/product.md §2/§5', docs)).toEqual([]);
    expect(brokenCitations('docs/y.md', '[gone](decisions/0000-none.md)', docs)).toEqual([
      'docs/y.md:1 links to decisions/0000-none.md, which does not exist',
    ]);
  });
});
