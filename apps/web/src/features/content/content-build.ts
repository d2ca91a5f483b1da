/**
 * Build-time only (content-plugin.ts, vite.config.ts and tests; never imported by the app): a content
 * file of src/content becomes its data. The front matter is YAML (the `yaml` package) checked by a zod
 * schema per kind — news article, service, editorial page — and the body is parsed by remark's parser
 * (`mdast-util-from-markdown`, CommonMark) into the compact tree of markdown-tree.ts. Anything the
 * content has no use for (images, code blocks, reference links…) fails the build with the file, line
 * and node, as does a missing or malformed field; raw HTML is kept as text, never as markup; links
 * that are not site paths, https, mailto or tel keep their words and lose their target.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Nodes, PhrasingContent, RootContent } from 'mdast';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { EditorialPage, NewsArticle, Service } from './content';
import type { MarkdownTree, MdBlock, MdInline } from './markdown-tree';

const text = z.string().trim().min(1, 'must not be empty');

const articleSchema = z.strictObject({
  title: text,
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD'),
  /** The name of the collection whose imagery illustrates the article. */
  cover: text,
  tags: z
    .union([text.transform((tag) => [tag]), z.array(text)])
    .optional()
    .transform((tags) => tags ?? []),
  excerpt: text,
});

const serviceSchema = z.strictObject({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lowercase words joined by hyphens'),
  title: text,
  order: z.number().int('must be a whole number'),
  summary: text,
  duration: text,
});

const pageSchema = z.strictObject({ title: text, summary: text });

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
      ? `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`
      : `"${issue.path.join('.')}" ${given[String(issue.path[0])] === undefined ? 'is required' : issue.message}`,
  );
  throw new Error(`${file}: front matter ${issues.join('; ')}`);
}

export function compileArticle(file: string, source: string): NewsArticle {
  const { data, body } = splitDocument(file, source);
  return { slug: slugOf(file), ...frontMatter(file, articleSchema, data), body: markdownTree(body, file) };
}

export function compileService(file: string, source: string): Service {
  const { data, body } = splitDocument(file, source);
  return { ...frontMatter(file, serviceSchema, data), body: markdownTree(body, file) };
}

export function compilePage(file: string, source: string): EditorialPage {
  const { data, body } = splitDocument(file, source);
  return { ...frontMatter(file, pageSchema, data), body: markdownTree(body, file) };
}

export function compileContentFile(file: string, source: string): NewsArticle | Service | EditorialPage {
  const kind = kindOf(file);
  return kind === 'article' ? compileArticle(file, source) : kind === 'service' ? compileService(file, source) : compilePage(file, source);
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
