/** A label as a URL key: lower case, accents dropped, anything else a dash ('Afgehandeld' → 'afgehandeld'). */
export const labelAsUrlKey = (label: string) =>
  label
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The folder a URL key names: its `name`, else its label written as a key, so a
 * system folder's Dutch label works in the URL too (`folders/afgehandeld` opens `done`) while its
 * name stays fixed.
 */
export const folderByUrlKey = <F extends { name: string; label: string }>(folders: F[], key: string): F | undefined =>
  folders.find((f) => f.name === key) ?? folders.find((f) => labelAsUrlKey(f.label) === key.toLowerCase());
