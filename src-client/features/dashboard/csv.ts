import type { ChartRow } from './energy-chart';

const number = (v: number | null) => (v === null ? '' : String(v).replace('.', ','));

/** A CSV as Dutch spreadsheets open it: semicolons, decimal commas, a BOM for Excel. */
export function toCsv(rows: (ChartRow & { timestamp: string })[], unit: string, currentLabel: string, previousLabel: string) {
  const lines = [
    `Tijdstip;${currentLabel} (${unit});${previousLabel} (${unit})`,
    ...rows.map((r) => `${r.timestamp};${number(r.current)};${number(r.previous)}`),
  ];
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
