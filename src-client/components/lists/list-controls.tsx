import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { SEARCH_DEBOUNCE_MS } from './list-search';

/** A search box that reports what was typed after a short pause. */
export function SearchBox({ value, onSearch, label }: { value: string; onSearch: (q: string) => void; label: string }) {
  const [text, setText] = useState(value);
  // When the URL's search changes (typed here or navigated to), the box shows it.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <div className="relative w-full max-w-sm">
      <Search aria-hidden className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
      <Input type="search" aria-label={label} placeholder={label} className="pl-8" value={text} onChange={(e) => setText(e.target.value)} />
    </div>
  );
}

/** 'Pagina 2 van 5' with previous and next; hidden when everything fits on one page. */
export function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Paginering" className="flex items-center justify-end gap-2 text-sm">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden className="size-4" />
        Vorige
      </Button>
      <span className="tabular-nums">
        Pagina {page} van {totalPages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Volgende
        <ChevronRight aria-hidden className="size-4" />
      </Button>
    </nav>
  );
}

/** The row shown instead of data: loading, or nothing found. */
export function EmptyRow({ columns, loading, empty }: { columns: number; loading: boolean; empty: string }) {
  return (
    <tr>
      <td colSpan={columns} className="px-3 py-10 text-center text-muted-foreground">
        {loading ? 'Bezig met laden ...' : empty}
      </td>
    </tr>
  );
}
