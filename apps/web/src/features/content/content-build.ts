/**
 * Build-time only (content-plugin.ts, vite.config.ts and tests; never imported by the app): a content
 * file of src/content becomes its data. The front matter is YAML (the `yaml` package) checked by a zod
 * schema per kind — news article, service, editorial page — and the body is parsed by remark's parser
 * (`mdast-util-from-markdown`, CommonMark) into the compact tree of markdown-tree.ts. Anything the
 * content has no use for (images, code blocks, reference links…) fails the build with the file, line
 * and node, as does a missing or malformed field; raw HTML is kept as text, never as markup; links
 * that are not site paths, https, mailto or tel keep their words and lose their target.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Nodes, PhrasingContent, RootContent } from 'mdast';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { SLOT_ASPECTS, STUDIO_FOCUS, type FocalPoint } from './art-direction';
import type { ContentImage, EditorialPage, NewsArticle, PageFigure, Service } from './content';
import { inlineText, type MarkdownTree, type MdBlock, type MdInline } from './markdown-tree';

const text = z.string().trim().min(1, 'must not be empty');

const unit = z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1');
const focalPoint = z.strictObject({ x: unit, y: unit });

const articleSchema = z.strictObject({
  title: text,
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD'),
  /** The name of the collection whose imagery illustrates the article. */
  cover: text,
  /** The point of the cover that every slot keeps in view (decisions §109); a studio view's by default. */
  coverFocus: focalPoint.optional(),
  /** Another focal point for the slots of one aspect, where the cut needs it. */
  coverCrops: z.partialRecord(z.enum(SLOT_ASPECTS), focalPoint).optional(),
  tags: z
    .union([text.transform((tag) => [tag]), z.array(text)])
    .optional()
    .transform((tags) => tags ?? []),
  excerpt: text,
});

/** A drawing of src/content/images, and what it shows (its alt text: never empty, it is content). */
const imageSchema = z.strictObject({
  file: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*\.svg$/, 'must be the name of an .svg file of src/content/images'),
  alt: text,
});

const serviceSchema = z.strictObject({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lowercase words joined by hyphens'),
  title: text,
  order: z.number().int('must be a whole number'),
  summary: text,
  duration: text,
  image: imageSchema,
});

const pageSchema = z.strictObject({
  title: text,
  summary: text,
  /** Drawings set between the body's sections: each before the heading it names (none: after the body). */
  figures: z
    .array(imageSchema.extend({ caption: text.optional(), before: text.optional(), isWide: z.boolean().optional() }))
    .optional()
    .transform((figures) => figures ?? []),
});

export type ContentKind = 'article' | 'service' | 'page';

/** What a file is, by its folder: src/content/news → article, src/content/services → service, else a page. */
export function kindOf(file: string): ContentKind {
  const folder = /(?:^|\/)content\/([^/]+)\/[^/]+\.md$/.exec(file.replace(/\\/g, '/'))?.[1];
  return folder === 'news' ? 'article' : folder === 'services' ? 'service' : 'page';
}

function slugOf(file: string): string {
  return file.replace(/\\/g, '/').split('/').pop()!.replace(/\.md$/, '');
}

/** The YAML between the opening `---` fences (none: an empty mapping) and the Markdown after it. */
function splitDocument(file: string, source: string): { data: unknown; body: string } {
  const all = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const fence = /^---\n([\s\S]*?)\n?---(?:\n|$)/.exec(all);
  if (!fence) return { data: {}, body: all };
  let data: unknown;
  try {
    data = parseYaml(fence[1]!) ?? {};
  } catch (error) {
    throw new Error(`${file}: front matter is not valid YAML: ${(error as Error).message}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Error(`${file}: front matter must be "key: value" lines`);
  return { data, body: all.slice(fence[0].length) };
}

function frontMatter<T>(file: string, schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const given = data as Record<string, unknown>;
  const issues = result.error.issues.map((issue) =>
    issue.code === 'unrecognized_keys'
      ? `${issue.path.length ? `"${issue.path.join('.')}" has ` : ''}unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`
      : `"${issue.path.join('.')}" ${given[String(issue.path[0])] === undefined ? 'is required' : issue.message}`,
  );
  throw new Error(`${file}: front matter ${issues.join('; ')}`);
}

/** Where a content image's URL goes in the compiled data: content-plugin.ts makes it an asset import. */
export const ASSET_PREFIX = '@content-asset:';

/**
 * A drawing named by the front matter: its file must exist (src/content/images, beside the content's
 * folders) and declare its size, so the page reserves its box (`width`/`height`, CLS 0).
 */
function contentImage(file: string, at: string, image: { file: string; alt: string }): ContentImage {
  const absolute = path.resolve(path.dirname(at), '..', 'images', image.file);
  let svg: string;
  try {
    svg = readFileSync(absolute, 'utf8');
  } catch {
    throw new Error(`${file}: front matter image "${image.file}" is not in src/content/images`);
  }
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const width = Number(/\swidth="(\d+)"/.exec(root)?.[1]);
  const height = Number(/\sheight="(\d+)"/.exec(root)?.[1]);
  if (!width || !height) throw new Error(`${file}: image "${image.file}" must declare width and height in pixels on its <svg>`);
  return { src: `${ASSET_PREFIX}images/${image.file}`, width, height, alt: image.alt };
}

export function compileArticle(file: string, source: string): NewsArticle {
  const { data, body } = splitDocument(file, source);
  const { coverFocus, coverCrops, ...front } = frontMatter(file, articleSchema, data);
  const crops: Partial<Record<(typeof SLOT_ASPECTS)[number], FocalPoint>> = { ...coverCrops };
  return { slug: slugOf(file), ...front, coverArt: { focus: coverFocus ?? STUDIO_FOCUS, crops }, body: markdownTree(body, file) };
}

/** `at` is where the file is on disk (its images are beside its folder); `file` names it in errors. */
export function compileService(file: string, source: string, at = path.resolve(file)): Service {
  const { data, body } = splitDocument(file, source);
  const { image, ...front } = frontMatter(file, serviceSchema, data);
  return { ...front, image: contentImage(file, at, image), body: markdownTree(body, file) };
}

export function compilePage(file: string, source: string, at = path.resolve(file)): EditorialPage {
  const { data, body } = splitDocument(file, source);
  const { figures, ...front } = frontMatter(file, pageSchema, data);
  const tree = markdownTree(body, file);
  const placed = figures.map(({ caption, before, isWide, ...image }): PageFigure => {
    // Placed here, once: the page cuts its body at a block index and needs no heading text to match.
    const index = before === undefined ? tree.length : tree.findIndex((block) => block.t === 'h' && inlineText(block.c) === before);
    if (index < 0)
      throw new Error(`${file}: front matter figure "${image.file}" is placed before "${before}", a heading the body does not have`);
    return { image: contentImage(file, at, image), at: index, ...(caption ? { caption } : {}), ...(isWide ? { isWide } : {}) };
  });
  return { ...front, figures: placed.sort((a, b) => a.at - b.at), body: tree };
}

export function compileContentFile(file: string, source: string, at = path.resolve(file)): NewsArticle | Service | EditorialPage {
  const kind = kindOf(file);
  return kind === 'article'
    ? compileArticle(file, source)
    : kind === 'service'
      ? compileService(file, source, at)
      : compilePage(file, source, at);
}

/** Only safe link targets survive: site paths, https, mailto and tel. */
export function safeHref(href: string): string | null {
  const h = href.trim();
  if (h.startsWith('/') && !h.startsWith('//')) return h;
  if (/^https:\/\//i.test(h) || /^mailto:/i.test(h) || /^tel:/i.test(h)) return h;
  return null;
}

/** The compact tree of a Markdown body; `file` names it in errors. */
export function markdownTree(markdown: string, file = 'markdown'): MarkdownTree {
  const root = fromMarkdown(markdown);
  // The page's h1 is its title: the document's own top heading level becomes h2, whether the file
  // writes it `#` or `##`, so no level is skipped under the title (axe: heading-order).
  const depths: number[] = [];
  const collect = (node: Nodes) => {
    if (node.type === 'heading') depths.push(node.depth);
    if ('children' in node) for (const child of node.children) collect(child);
  };
  collect(root);
  const top = Math.min(...depths);

  const unsupported = (node: Nodes): Error =>
    new Error(`${file}:${node.position?.start.line ?? '?'}: Markdown ${node.type} is not supported in content files`);

  const inline = (nodes: readonly PhrasingContent[]): MdInline[] => {
    const out: MdInline[] = [];
    const push = (item: MdInline) => {
      const last = out[out.length - 1];
      if (typeof item === 'string' && typeof last === 'string') out[out.length - 1] = last + item;
      else if (item !== '') out.push(item);
    };
    for (const node of nodes) {
      switch (node.type) {
        case 'text':
          push(node.value.replace(/\n/g, ' '));
          break;
        case 'html':
          push(node.value.replace(/\n/g, ' '));
          break;
        case 'strong':
          push({ t: 'strong', c: inline(node.children) });
          break;
        case 'emphasis':
          push({ t: 'em', c: inline(node.children) });
          break;
        case 'inlineCode':
          push({ t: 'code', v: node.value });
          break;
        case 'break':
          push({ t: 'br' });
          break;
        case 'link': {
          const href = safeHref(node.url);
          if (href) push({ t: 'a', href, c: inline(node.children) });
          else for (const child of inline(node.children)) push(child);
          break;
        }
        default:
          throw unsupported(node);
      }
    }
    return out;
  };

  const blocks = (nodes: readonly RootContent[]): MdBlock[] =>
    nodes.map((node): MdBlock => {
      switch (node.type) {
        case 'heading':
          return { t: 'h', level: Math.min(4, node.depth - top + 2) as 2 | 3 | 4, c: inline(node.children) };
        case 'paragraph':
          return { t: 'p', c: inline(node.children) };
        case 'html':
          return { t: 'p', c: [node.value.replace(/\n/g, ' ')] };
        case 'thematicBreak':
          return { t: 'hr' };
        case 'blockquote':
          return { t: 'quote', c: blocks(node.children) };
        case 'list': {
          const loose = Boolean(node.spread) || node.children.some((item) => item.spread);
          return {
            t: node.ordered ? 'ol' : 'ul',
            ...(node.ordered && node.start != null && node.start !== 1 ? { start: node.start } : {}),
            ...(loose ? { loose: true as const } : {}),
            items: node.children.map((item) => blocks(item.children)),
          };
        }
        default:
          throw unsupported(node);
      }
    });

  return blocks(root.children);
}
