import type { DataSource } from 'typeorm';

/** The site-wide visitor counter: one row, incremented atomically in the database. */
export class VisitorService {
  constructor(private readonly dataSource: DataSource) {}

  async count(): Promise<number> {
    const rows: { count: string }[] = await this.dataSource.query('SELECT count FROM visitor_counter WHERE id = 1');
    return Number(rows[0]?.count ?? 0);
  }

  async increment(): Promise<number> {
    const rows: { count: string }[] = await this.dataSource.query(
      `INSERT INTO visitor_counter (id, count) VALUES (1, 1)
       ON CONFLICT (id) DO UPDATE SET count = visitor_counter.count + 1
       RETURNING count`,
    );
    return Number(rows[0].count);
  }
}
