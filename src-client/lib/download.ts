/** Saves text or a blob as a file the browser downloads (the CSV exports). */
export function download(filename: string, text: string | Blob) {
  const url = URL.createObjectURL(text instanceof Blob ? text : new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
