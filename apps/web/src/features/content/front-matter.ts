/** A tiny front-matter reader: `key: value` and `key: [a, b]` / `- item` lists between `---` fences. */
export type FrontMatterValue = string | string[];

export interface ParsedDocument {
  data: Record<string, FrontMatterValue>;
  body: string;
}

function unquote(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'")))) return v.slice(1, -1);
  return v;
}

export function parseFrontMatter(source: string): ParsedDocument {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(text);
  if (!match) return { data: {}, body: text };
  const data: Record<string, FrontMatterValue> = {};
  let listKey: string | null = null;
  for (const line of match[1]!.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const item = /^\s+-\s+(.*)$/.exec(line) ?? /^-\s+(.*)$/.exec(line);
    if (item && listKey) {
      (data[listKey] as string[]).push(unquote(item[1]!));
      continue;
    }
    const pair = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(line);
    if (!pair) throw new Error(`Front matter: cannot read line "${line}"`);
    const [, key, raw] = pair as unknown as [string, string, string];
    if (raw === '') {
      data[key] = [];
      listKey = key;
    } else if (raw.startsWith('[') && raw.endsWith(']')) {
      data[key] = raw
        .slice(1, -1)
        .split(',')
        .map(unquote)
        .filter(Boolean);
      listKey = null;
    } else {
      data[key] = unquote(raw);
      listKey = null;
    }
  }
  return { data, body: text.slice(match[0].length) };
}

export function readString(data: Record<string, FrontMatterValue>, key: string, file: string): string {
  const value = data[key];
  if (typeof value !== 'string' || !value) throw new Error(`${file}: front matter needs "${key}"`);
  return value;
}

export function readList(data: Record<string, FrontMatterValue>, key: string): string[] {
  const value = data[key];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
