import { expect, test } from 'vitest';
import { toCsv } from './csv';

test('a CSV for Dutch spreadsheets: BOM, ; separated, decimal commas, CRLF, cells with ; " or line breaks quoted', () => {
  const rows = [
    { name: 'Kantoor; hal', kwh: 1234.5, note: 'zei "hoog"' },
    { name: 'Magazijn', kwh: null, note: 'regel 1\nregel 2' },
  ];
  const csv = toCsv(rows, [
    { title: 'Naam', value: (r) => r.name },
    { title: 'kWh', value: (r) => r.kwh },
    { title: 'Opmerking', value: (r) => r.note },
  ]);
  expect(csv).toBe('\uFEFFNaam;kWh;Opmerking\r\n"Kantoor; hal";1234,5;"zei ""hoog"""\r\nMagazijn;;"regel 1\nregel 2"\r\n');
});

test('text beginning with = + - @, a tab or a carriage return gets a leading apostrophe so spreadsheets never run it as a formula', () => {
  const rows = [
    { line: '=HYPERLINK("http://evil.example","klik")', kwh: -12.5 },
    { line: '+31 20 123', kwh: 0 },
    { line: '-2 graden', kwh: -0.25 },
    { line: '@SUM(A1)', kwh: null },
    { line: '\tverborgen', kwh: 1 },
    { line: '\rregel', kwh: 1 },
    { line: 'Omvormer = uit', kwh: 1 },
  ];
  const csv = toCsv(rows, [
    { title: 'Melding', value: (r) => r.line },
    { title: 'kWh', value: (r) => r.kwh },
  ]);
  expect(csv.split('\r\n').slice(1, -1)).toEqual([
    `"'=HYPERLINK(""http://evil.example"",""klik"")";-12,5`,
    "'+31 20 123;0",
    "'-2 graden;-0,25",
    "'@SUM(A1);",
    "'\tverborgen;1",
    `"'\rregel";1`,
    'Omvormer = uit;1',
  ]);
});
