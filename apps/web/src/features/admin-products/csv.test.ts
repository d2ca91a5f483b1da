import { describe, expect, it } from 'vitest';
import { createCsvRecordCounter, csvWithoutRows, splitCsvRecords } from './csv';

const FILE = 'sku,name,description\r\nA-1,Étoile,"Two\r\nlines, and a ""quote"""\r\nB-2,Lune,plain\r\nC-3,Soleil,"last"\r\n';

describe('createCsvRecordCounter', () => {
  it('counts records, not line breaks inside quoted cells, across any chunking', () => {
    for (const size of [1, 2, 3, 7, FILE.length]) {
      const counter = createCsvRecordCounter();
      for (let i = 0; i < FILE.length; i += size) counter.push(FILE.slice(i, i + size));
      expect(counter.records).toBe(4);
    }
  });

  it('counts a last record without a line break, and not a trailing blank', () => {
    const counter = createCsvRecordCounter();
    counter.push('sku,name\nA-1,x');
    expect(counter.records).toBe(2);
    const blank = createCsvRecordCounter();
    blank.push('sku,name\nA-1,x\n\n');
    expect(blank.records).toBe(2);
  });
});

describe('csvWithoutRows', () => {
  it('splits records with their own line endings, so joining gives the file back', () => {
    const records = splitCsvRecords(FILE);
    expect(records).toHaveLength(4);
    expect(records.join('')).toBe(FILE);
    expect(records[1]).toBe('A-1,Étoile,"Two\r\nlines, and a ""quote"""\r\n');
  });

  it('drops the rows a report names (header = row 1) and keeps everything else intact', () => {
    expect(csvWithoutRows(FILE, new Set([3]))).toBe(
      'sku,name,description\r\nA-1,Étoile,"Two\r\nlines, and a ""quote"""\r\nC-3,Soleil,"last"\r\n',
    );
    expect(csvWithoutRows(FILE, new Set([2, 4]))).toBe('sku,name,description\r\nB-2,Lune,plain\r\n');
  });
});
