/**
 * The catalog search's query side (decisions §78), free of any database access so the rules
 * can be read and tested on their own:
 *
 * - words are folded (lower case, accents removed with the table the search vector uses), so "eclat" finds "Éclat";
 * - every word must match (AND), as itself in any attribute, or as its plural/singular (…s, …es) in the name,
 *   stone, SKU/cut/colour/metal, category or collection — not in descriptions, whose prose is full of plurals
 *   ("pink sapphires") that would make a ruby ring answer "sapphire";
 * - the last word, when it is not a whole word the catalog knows, also matches as a prefix (typing in progress);
 * - a typo is tolerated only for a word with no exact match: one edit from 5 letters, two from 9 (transpositions
 *   count as one edit), and only the nearest corrections are used; such a search answers "Did you mean …";
 * - category and collection names are searched too (they live in their own tables, matched here by id);
 * - within a tier, a piece that has every word exactly as typed (a correction as corrected) comes before one that
 *   matches some word only through its plural/singular or as a prefix (`SearchWord.exactForm`, decisions §119).
 */
import { FOLD_FROM, FOLD_TO } from '../../db/schema/catalog';

const FOLD_TARGETS = Array.from(FOLD_TO);
const FOLD = new Map(Array.from(FOLD_FROM, (c, i) => [c, FOLD_TARGETS[i]!]));

/** Lower case and accents folded, exactly as the database folds the search vector. */
export function fold(text: string): string {
  return Array.from(text.toLowerCase())
    .map((c) => FOLD.get(c) ?? c)
    .join('');
}

/** Query words: folded letters and digits only (safe inside a tsquery), at most six. */
export function searchTokens(q: string): string[] {
  return [
    ...new Set(
      fold(q)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean),
    ),
  ].slice(0, 6);
}

/** The words of a name as the search sees them. */
export function nameWords(name: string): string[] {
  return fold(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** How many typos a word may carry: none below 5 letters, one from 5, two from 9. */
export function typoBudget(word: string): number {
  const length = Array.from(word).length;
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/** Plural and singular forms of a word (English catalog words: ring/rings, cross/crosses). */
export function variantsOf(word: string): string[] {
  const forms = [`${word}s`, `${word}es`];
  if (word.length > 3 && word.endsWith('es')) forms.push(word.slice(0, -2));
  if (word.length > 3 && word.endsWith('s')) forms.push(word.slice(0, -1));
  return forms;
}

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions), stopping early past `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  const s = Array.from(a);
  const t = Array.from(b);
  if (Math.abs(s.length - t.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i += 1) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= t.length; j += 1) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      cur.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[t.length]!;
}

/** What the database knows about one query word (see `ProductsRepo.lexiconOf`). */
export interface WordLexicon {
  /** Which of the word and its plural/singular forms are words of some piece. */
  forms: string[];
  /** Some word of some piece starts with it. */
  prefixed: boolean;
  /** Words of pieces close in spelling (trigram or same first letters), for the typo check. */
  candidates: string[];
}

/** A category or collection the search matches by name. */
export interface NamedGroup {
  kind: 'category' | 'collection';
  id: string;
  words: string[];
}

/** One tsquery alternative: a lexeme, the weights it may match ('' = any), as a prefix or not. */
export interface SearchAlternative {
  term: string;
  weights: string;
  prefix: boolean;
}

/**
 * How a query word matches exactly (decisions §119): as one of `terms` (the word as typed, or its nearest corrections)
 * in the search vector, or through a category or collection with that very word in its name. Only the spellings the
 * lexicon or the names know are kept.
 */
export interface ExactForm {
  terms: string[];
  categoryIds: string[];
  collectionIds: string[];
}

/** One query word: how it may match the search vector, and the categories and collections whose name it matches. */
export interface SearchWord {
  word: string;
  alternatives: SearchAlternative[];
  categoryIds: string[];
  collectionIds: string[];
  /** The correction used when the word had no exact match (null: exact). */
  correctedTo: string | null;
  /**
   * The word's exact form, a narrowing of `alternatives` and the ids (null: no piece can have it exactly — an
   * unfinished last word, or a word the catalogue knows only in its plural or singular).
   */
  exactForm: ExactForm | null;
}

/** A search as the repository runs it (plain data: it is part of cache keys). */
export interface SearchPlan {
  words: SearchWord[];
  /** The query as corrected when some word had no exact match ("Did you mean …"); null when every word matched as typed. */
  correctedQuery: string | null;
  /**
   * Where the words must match. `structured`: name, stone, SKU/cut/colour/metal, category or collection — the
   * service narrows a search to it whenever some piece matches there, so descriptions are a fallback for words
   * found nowhere else (a collection's prose names stones and metals its pieces do not have). `all` (the
   * default): descriptions too.
   */
  scope?: 'structured' | 'all';
}

const STRUCTURED = 'ABC';

/** A word as itself anywhere, and its plural/singular forms in the structured attributes (not descriptions). */
function exactly(word: string): SearchAlternative[] {
  return [{ term: word, weights: '', prefix: false }, ...variantsOf(word).map((term) => ({ term, weights: STRUCTURED, prefix: false }))];
}

/** Whether a word matches a name word exactly (as itself or a plural/singular form). */
function matchesExactly(word: string, nameWord: string): boolean {
  return nameWord === word || variantsOf(word).includes(nameWord);
}

/**
 * The plan of one query. `lexicon(word)` tells what the catalog knows about a word; `groups` are the live
 * categories and collections. Returns null when the query has no searchable word.
 */
export async function planSearch(
  q: string,
  lexicon: (word: string, isLast: boolean) => Promise<WordLexicon>,
  groups: NamedGroup[],
): Promise<SearchPlan | null> {
  const tokens = searchTokens(q);
  if (tokens.length === 0) return null;
  const words = await Promise.all(
    tokens.map(async (word, index): Promise<SearchWord> => {
      const isLast = index === tokens.length - 1;
      const known = await lexicon(word, isLast);
      const groupWords = groups.flatMap((g) => g.words);
      const exact = known.forms.length > 0 || groupWords.some((w) => matchesExactly(word, w));
      // The last word may be unfinished: unless it is itself a word of the catalog, its completions match too.
      const whole = known.forms.includes(word) || groupWords.includes(word);
      const prefix = isLast && !whole && (known.prefixed || groupWords.some((w) => w.startsWith(word) && w !== word));
      const matchingGroups = (test: (w: string) => boolean) => ({
        categoryIds: groups.filter((g) => g.kind === 'category' && g.words.some(test)).map((g) => g.id),
        collectionIds: groups.filter((g) => g.kind === 'collection' && g.words.some(test)).map((g) => g.id),
      });
      // Exactly as typed (or as corrected): the spellings some piece, category or collection has, else null.
      const formOf = (spellings: string[]): ExactForm | null => {
        const terms = spellings.filter((s) => known.forms.includes(s) || known.candidates.includes(s));
        const form = { terms, ...matchingGroups((w) => spellings.includes(w)) };
        return form.terms.length || form.categoryIds.length || form.collectionIds.length ? form : null;
      };
      if (prefix) {
        const alternatives = [{ term: word, weights: '', prefix: true }, ...(exact ? exactly(word).slice(1) : [])];
        // Not a whole word of the catalogue (else no prefix): no piece has it as typed.
        return {
          word,
          alternatives,
          ...matchingGroups((w) => w.startsWith(word) || matchesExactly(word, w)),
          correctedTo: null,
          exactForm: null,
        };
      }
      if (exact) {
        return {
          word,
          alternatives: exactly(word),
          ...matchingGroups((w) => matchesExactly(word, w)),
          correctedTo: null,
          exactForm: formOf([word]),
        };
      }
      // No exact match: the nearest spellings within the word's typo budget, if any.
      const budget = typoBudget(word);
      const pool = [...new Set([...known.candidates, ...groupWords])].filter((c) => /^[\p{L}\p{N}]+$/u.test(c) && c !== word);
      const scored =
        budget === 0 ? [] : pool.map((term) => ({ term, distance: editDistance(word, term, budget) })).filter((c) => c.distance <= budget);
      const nearest = Math.min(...scored.map((c) => c.distance));
      const corrections = scored
        .filter((c) => c.distance === nearest)
        .map((c) => c.term)
        .sort()
        .slice(0, 8);
      // A correction then matches as a word typed correctly would (plural forms, category and collection names).
      return {
        word,
        alternatives: corrections.flatMap(exactly),
        ...matchingGroups((w) => corrections.some((c) => matchesExactly(c, w))),
        correctedTo: corrections[0] ?? null,
        exactForm: formOf(corrections),
      };
    }),
  );
  const corrected = words.some((w) => w.correctedTo !== null);
  return { words, correctedQuery: corrected ? words.map((w) => w.correctedTo ?? w.word).join(' ') : null };
}

/** The tsquery text of the plan's words restricted to `level` weights, or null when some word cannot match there. */
export function tsqueryAt(words: SearchWord[], level: string): string | null {
  const parts: string[] = [];
  for (const w of words) {
    const alternatives = w.alternatives
      .map((a) => ({
        ...a,
        weights:
          a.weights === ''
            ? level
            : Array.from(a.weights)
                .filter((c) => level.includes(c))
                .join(''),
      }))
      .filter((a) => a.weights !== '');
    if (alternatives.length === 0) return null;
    parts.push(
      `(${alternatives
        .map((a) => {
          const weights = a.weights === 'ABCD' ? '' : a.weights;
          return a.prefix || weights ? `${a.term}:${a.prefix ? '*' : ''}${weights}` : a.term;
        })
        .join(' | ')})`,
    );
  }
  return parts.join(' & ');
}
