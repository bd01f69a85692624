import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { cn } from '~/lib/cn';

/** Which sides of a horizontally scrolling box hide more content. */
function useHiddenSides() {
  const ref = useRef<HTMLDivElement>(null);
  const [sides, setSides] = useState({ left: false, right: false });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      const left = box.scrollLeft > 1;
      const right = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
      setSides((s) => (s.left === left && s.right === right ? s : { left, right }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    box.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener('scroll', measure);
    };
  }, []);
  return { ref, sides };
}

/**
 * A table that scrolls sideways inside its own box when it is wider than the page; a shade on the
 * hidden side and a line beneath say so, and the box can then be scrolled with the keyboard.
 */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  const { ref, sides } = useHiddenSides();
  const scrolls = sides.left || sides.right;
  return (
    <div className="min-w-0">
      <div className="relative">
        <div
          ref={ref}
          data-scrolls={scrolls || undefined}
          tabIndex={scrolls ? 0 : undefined}
          role={scrolls ? 'region' : undefined}
          aria-label={scrolls ? 'Tabel, scroll opzij voor meer kolommen' : undefined}
          className="w-full overflow-x-auto rounded-lg border border-border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
        </div>
        {sides.left ? (
          <div aria-hidden className="pointer-events-none absolute inset-y-px left-px w-6 rounded-l-lg bg-gradient-to-r from-foreground/10 to-transparent" />
        ) : null}
        {sides.right ? (
          <div aria-hidden className="pointer-events-none absolute inset-y-px right-px w-6 rounded-r-lg bg-gradient-to-l from-foreground/10 to-transparent" />
        ) : null}
      </div>
      {scrolls ? (
        <p data-testid="table-scroll-hint" className="mt-1 text-xs text-muted-foreground">
          Scroll of veeg opzij voor meer kolommen.
        </p>
      ) : null}
    </div>
  );
}
export const TableHeader = (props: ComponentProps<'thead'>) => <thead className="bg-muted/60 [&_tr]:border-b" {...props} />;
export const TableBody = ({ className, ...props }: ComponentProps<'tbody'>) => <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
export const TableRow = ({ className, ...props }: ComponentProps<'tr'>) => (
  <tr className={cn('border-b border-border transition-colors hover:bg-muted/40', className)} {...props} />
);
export const TableHead = ({ className, ...props }: ComponentProps<'th'>) => (
  <th className={cn('h-10 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground', className)} {...props} />
);
export const TableCell = ({ className, ...props }: ComponentProps<'td'>) => <td className={cn('px-3 py-2.5 align-middle', className)} {...props} />;
