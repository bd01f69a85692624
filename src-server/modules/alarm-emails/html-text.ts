/**
 * The text of an HTML-only e-mail as a person reads it, for parser rules and the inbox: every table
 * row on its own line with its cells separated by one tab (so `Value\s+(.+)` and `([^\t]+)` work
 * and no cell runs into the next), headings, paragraphs and list items on their own lines, no
 * hard wrapping, entities decoded, `&nbsp;` as a plain space, empty (spacer) cells left out, and
 * scripts, styles, images and link targets dropped (CUSTOM parsers still get the HTML for those).
 * mailparser's own conversion joins cells without a separator and wraps at 80 columns.
 */
import { type FormatCallback, type SelectorDefinition, compile } from 'html-to-text';

type Node = Parameters<FormatCallback>[0];

const plainBlock = (selector: string): SelectorDefinition => ({ selector, options: { uppercase: false } });

/** A table as tab-separated rows; a nested (layout) table ends up inside its outer cell, on its own lines. */
const tabTable: FormatCallback = (elem, walk, builder) => {
  builder.openTable();
  const rowsOf = (node: Node) => {
    for (const child of (node.children ?? []) as Node[]) {
      if (child.type !== 'tag') continue;
      if (child.name === 'tr') {
        builder.openTableRow();
        for (const cell of (child.children ?? []) as Node[]) {
          if (cell.type !== 'tag' || (cell.name !== 'td' && cell.name !== 'th')) continue;
          builder.openTableCell();
          walk(cell.children, builder);
          builder.closeTableCell();
        }
        builder.closeTableRow();
      } else if (['thead', 'tbody', 'tfoot', 'center'].includes(child.name ?? '')) rowsOf(child);
    }
  };
  rowsOf(elem);
  builder.closeTable({
    tableToString: (rows) =>
      rows
        .map((cells) =>
          cells
            .map((c) => c.text.trim())
            .filter(Boolean)
            .join('\t'),
        )
        .filter(Boolean)
        .join('\n'),
    leadingLineBreaks: 1,
    trailingLineBreaks: 1,
  });
};

/** Compiled once: `convert` would build the options and their selector tree again for every message, which cost more than the conversion. */
const toText = compile({
  wordwrap: false as const,
  formatters: { tabTable },
  selectors: [
    { selector: 'table', format: 'tabTable' },
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'script', format: 'skip' },
    { selector: 'style', format: 'skip' },
    { selector: 'head', format: 'skip' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map(plainBlock),
  ],
});

export function htmlToMailText(html: string): string {
  return toText(html)
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
