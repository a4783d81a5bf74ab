/** The typed SQL helpers the sandbox's stores share: every row read is parsed by its zod schema. */
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { z } from 'zod';

export class Sql {
  protected readonly db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  protected get<S extends z.ZodType>(
    schema: S,
    sql: string,
    ...params: SQLInputValue[]
  ): z.output<S> | undefined {
    const row = this.db.prepare(sql).get(...params);
    return row === undefined ? undefined : schema.parse(row);
  }

  protected all<S extends z.ZodType>(schema: S, sql: string, ...params: SQLInputValue[]): z.output<S>[] {
    return this.db
      .prepare(sql)
      .all(...params)
      .map((row) => schema.parse(row));
  }

  protected run(sql: string, ...params: SQLInputValue[]): number {
    return Number(this.db.prepare(sql).run(...params).changes);
  }

  /** Runs `work` in one transaction: a refund and its capture's total change together. */
  transaction<T>(work: () => T): T {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }
}
