import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { sqliteViolation } from './violation.js';
import { checksOf } from './table-checks.js';

describe("a SQLite table's CHECK constraints", () => {
  it('are known by the name SQLite reports when one is broken, with the columns each reads', () => {
    const connection = new DatabaseSync(':memory:');
    connection.exec(`CREATE TABLE book (id INTEGER PRIMARY KEY, "Title" TEXT CHECK (length("Title") > 0),
      year INTEGER CONSTRAINT "book year plausible" CHECK (year BETWEEN 1400 AND 2100),
      price_cents INTEGER, sale_cents INTEGER, note TEXT DEFAULT 'CHECK (id)',
      CONSTRAINT [book_price] CHECK (price_cents >= 0), CHECK (sale_cents <= (price_cents * 2)))`);
    const columns = ['id', 'Title', 'year', 'price_cents', 'sale_cents', 'note'];
    const checks = checksOf(connection, 'book', columns);
    expect(checks.get('book year plausible')).toEqual(['year']);
    expect(checks.get('book_price')).toEqual(['price_cents']);
    expect(checks.get('sale_cents <= (price_cents * 2)')).toEqual(['sale_cents', 'price_cents']);
    expect(checks.get('Title')).toEqual(['Title']);
    // What SQLite reports is what the map is keyed by.
    const reported = (insert: string) => {
      try {
        connection.exec(insert);
      } catch (error) {
        return sqliteViolation(error)?.constraint;
      }
      return undefined;
    };
    for (const insert of [
      `INSERT INTO book (year) VALUES (5)`,
      `INSERT INTO book (price_cents) VALUES (-5)`,
      `INSERT INTO book (price_cents, sale_cents) VALUES (1, 5)`,
      `INSERT INTO book ("Title") VALUES ('')`,
    ])
      expect(checks.has(reported(insert)!), insert).toBe(true);
  });
});
