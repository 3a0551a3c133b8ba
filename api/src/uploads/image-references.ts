/** Every column that holds an image key. A key's files may go only when none of these mentions it. */
export const IMAGE_KEY_COLUMNS = [
  { table: 'events', column: 'image_key' },
  { table: 'team_members', column: 'image_key' },
] as const;

/** Anything that runs a SELECT and answers its rows: a TypeORM DataSource or EntityManager, or the ops tools' connection. */
export interface SelectRunner {
  query(sql: string, params?: any[]): Promise<any>;
}

/**
 * The image keys some record references: all of them, or only those among `keys`.
 * (Reads committed rows when called outside a transaction.)
 */
export async function referencedImageKeys(db: SelectRunner, keys?: readonly string[]): Promise<Set<string>> {
  if (keys && keys.length === 0) return new Set();
  const where = keys ? '= ANY($1::text[])' : 'IS NOT NULL';
  const sql = IMAGE_KEY_COLUMNS.map(({ table, column }) => `SELECT ${column} AS key FROM ${table} WHERE ${column} ${where}`).join(' UNION ');
  const rows = (await db.query(sql, keys ? [keys] : [])) as { key: string }[];
  return new Set(rows.map((r) => r.key));
}
