import type { DataSource, EntityManager } from 'typeorm';

/**
 * Runs raw SQL and returns its rows. TypeORM's postgres driver answers UPDATE and DELETE with
 * [rows, rowCount]; this unwraps that so `UPDATE ... RETURNING` reads like a SELECT.
 */
export async function queryRows<T = Record<string, unknown>>(db: DataSource | EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  const result = await db.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return (result ?? []) as T[];
}

/** A LIKE/ILIKE pattern that finds `text` anywhere, its own %, _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
