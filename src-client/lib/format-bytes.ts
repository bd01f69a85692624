/** '1,2 MB': bytes in the largest unit under 1024, with a Dutch decimal comma. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toLocaleString('nl-NL', { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit]}`;
}
