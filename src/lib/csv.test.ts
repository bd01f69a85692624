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
