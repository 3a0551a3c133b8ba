/** CSV for spreadsheets: RFC 4180 quoting, formula injection neutralised, UTF-8 with a BOM so Excel reads it. */
export const CSV_BOM = '\uFEFF';

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => unknown;
}

/** Cells a spreadsheet would run as a formula start with one of these (also after leading tab/CR). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<T>(rows: T[], columns: CsvColumn<T>[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return CSV_BOM + lines.join('\r\n') + '\r\n';
}
