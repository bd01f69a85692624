const number = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v).replace('.', ','));

export interface CsvColumn<Row> {
  title: string;
  value: (row: Row) => number | string | null | undefined;
}

/** A CSV as Dutch spreadsheets open it: semicolons, decimal commas, a BOM for Excel. */
export function toCsv<Row>(rows: Row[], columns: CsvColumn<Row>[]) {
  const cell = (v: number | string | null | undefined) => (typeof v === 'string' ? v : number(v));
  const lines = [columns.map((c) => c.title).join(';'), ...rows.map((r) => columns.map((c) => cell(c.value(r))).join(';'))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function download(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
