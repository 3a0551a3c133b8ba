import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestListener } from 'node:http';
import type { Logger as TypeOrmLogger } from 'typeorm';

/** The SQL statements one unit of work (an HTTP request, a test block) ran. */
export interface StatementTally {
  statements: number;
}

const tallies = new AsyncLocalStorage<StatementTally>();

/**
 * TypeORM calls logQuery for every statement it sends (queries, transaction control, the query builder's
 * count and select), on both Postgres and PGlite. Counting is a no-op outside countStatements(). Nothing
 * is printed: this replaces TypeORM's default logger, which this project runs with logging off.
 */
export const statementCountingLogger: TypeOrmLogger = {
  logQuery() {
    const tally = tallies.getStore();
    if (tally) tally.statements++;
  },
  logQueryError() {},
  logQuerySlow() {},
  logSchemaBuild() {},
  logMigration() {},
  log() {},
};

/** Runs fn and reports how many SQL statements it (and everything it awaited) ran. */
export async function countStatements<T>(fn: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const tally: StatementTally = { statements: 0 };
  const result = await tallies.run(tally, fn);
  return { result, statements: tally.statements };
}

/**
 * Opt-in (SQL_STATEMENT_HEADER=1) diagnostics for benchmarks: each response carries
 * `X-SQL-Statements` (statements run while answering it) and `Server-Timing: app;dur=<ms>`
 * (from the request's arrival to its response head). Off, the listener is returned untouched.
 */
export function withStatementHeader(enabled: boolean, handler: RequestListener): RequestListener {
  if (!enabled) return handler;
  return (req, res) => {
    const tally: StatementTally = { statements: 0 };
    const started = process.hrtime.bigint();
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: unknown[]) {
      if (!this.headersSent) {
        this.setHeader('X-SQL-Statements', String(tally.statements));
        this.setHeader('Server-Timing', `app;dur=${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(1)}`);
      }
      return (writeHead as (...a: unknown[]) => typeof res).apply(this, args);
    } as typeof res.writeHead;
    tallies.run(tally, () => handler(req, res));
  };
}
