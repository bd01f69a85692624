import { expect, test } from 'vitest';
import { folderByUrlKey, labelAsUrlKey } from './folder-url-key';

const folders = [
  { name: 'inbox', label: 'Inbox' },
  { name: 'done', label: 'Afgehandeld' },
  { name: 'trash', label: 'Prullenbak' },
  { name: 'afgehandeld', label: 'Oud archief' },
  { name: 'storingen', label: 'Storingen & Één keer' },
];

test('a label becomes a URL key: lower case, accents dropped, other characters one dash', () => {
  expect(labelAsUrlKey('Storingen & Één keer')).toBe('storingen-een-keer');
  expect(labelAsUrlKey(' Prullenbak ')).toBe('prullenbak');
});

test("a folder's name wins over another folder's label; a label opens its folder otherwise", () => {
  expect(folderByUrlKey(folders, 'afgehandeld')?.name).toBe('afgehandeld');
  expect(folderByUrlKey(folders, 'prullenbak')?.name).toBe('trash');
  expect(folderByUrlKey(folders, 'Prullenbak')?.name).toBe('trash');
  expect(folderByUrlKey(folders, 'storingen-een-keer')?.name).toBe('storingen');
  expect(folderByUrlKey(folders, 'bestaat-niet')).toBeUndefined();
});
