/**
 * Small CSV helpers for the back-office's export and import (RFC 4180: quoted cells may hold commas,
 * doubled quotes and line breaks). Only record boundaries matter here, never cell values.
 */

/**
 * Counts records as text arrives: a line break ends a record only outside a quoted cell. Feed it
 * decoded text chunk by chunk; `records` includes the header and a last unterminated record,
 * `completed` only the records a line break has closed.
 */
export function createCsvRecordCounter() {
  let isQuoted = false;
  let records = 0;
  let hasOpenRecord = false;
  return {
    push(text: string): void {
      let i = 0;
      while (i < text.length) {
        const quote = text.indexOf('"', i);
        const newline = isQuoted ? -1 : text.indexOf('\n', i);
        if (quote === -1 && newline === -1) {
          if (!hasOpenRecord && text.slice(i).trim() !== '') hasOpenRecord = true;
          return;
        }
        if (newline !== -1 && (quote === -1 || newline < quote)) {
          if (hasOpenRecord || text.slice(i, newline).trim() !== '') records += 1;
          hasOpenRecord = false;
          i = newline + 1;
        } else {
          isQuoted = !isQuoted;
          hasOpenRecord = true;
          i = quote + 1;
        }
      }
    },
    /** Records ended by a line break so far. */
    get completed(): number {
      return records;
    },
    get records(): number {
      return records + (hasOpenRecord ? 1 : 0);
    },
  };
}

/** The file's records as raw text, each with its own line ending, so they can be joined back byte for byte. */
export function splitCsvRecords(text: string): string[] {
  const records: string[] = [];
  let isQuoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '"') isQuoted = !isQuoted;
    else if (char === '\n' && !isQuoted) {
      records.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < text.length) records.push(text.slice(start));
  return records;
}

/**
 * The file without the given rows, numbered as the import report numbers them (the header is row 1,
 * blank lines are not rows). Used to apply the good rows of a file after a dry run named the bad ones.
 */
export function csvWithoutRows(text: string, rows: ReadonlySet<number>): string {
  let row = 0;
  return splitCsvRecords(text)
    .filter((record) => {
      if (record.trim() === '') return true;
      row += 1;
      return !rows.has(row);
    })
    .join('');
}
