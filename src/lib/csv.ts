/**
 * CSV as Dutch spreadsheets open it (the energy export and the alarm export): semicolons, decimal
 * commas, CRLF lines and a BOM so Excel reads UTF-8. A cell holding `;`, `"` or a line break is
 * quoted, its quotes doubled. Text that a spreadsheet would read as a formula (it begins with `=`,
 * `+`, `-`, `@`, a tab or a carriage return) gets a leading `'`, as OWASP advises: alarm lines and
 * names come from mail and monitoring tools, so they are not trusted. Numbers the product writes
 * itself (negative values included) stay numbers.
 */
export const CSV_BOM = '\uFEFF';

export interface CsvColumn<Row> {
  title: string;
  value: (row: Row) => number | string | null | undefined;
}

const number = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v).replace('.', ','));
const quoted = (s: string) => (/[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
const text = (s: string) => quoted(/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
const cell = (v: number | string | null | undefined) => (typeof v === 'string' ? text(v) : number(v));

export const csvHeader = <Row>(columns: CsvColumn<Row>[]) => `${columns.map((c) => text(c.title)).join(';')}\r\n`;
export const csvRow = <Row>(row: Row, columns: CsvColumn<Row>[]) => `${columns.map((c) => cell(c.value(row))).join(';')}\r\n`;

/** A whole CSV file's text, BOM first. */
export function toCsv<Row>(rows: Row[], columns: CsvColumn<Row>[]) {
  return `${CSV_BOM}${csvHeader(columns)}${rows.map((r) => csvRow(r, columns)).join('')}`;
}
