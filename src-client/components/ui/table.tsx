import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';

export const Table = ({ className, ...props }: ComponentProps<'table'>) => (
  <div className="w-full overflow-x-auto rounded-lg border border-border">
    <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
  </div>
);
export const TableHeader = (props: ComponentProps<'thead'>) => <thead className="bg-muted/60 [&_tr]:border-b" {...props} />;
export const TableBody = ({ className, ...props }: ComponentProps<'tbody'>) => <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
export const TableRow = ({ className, ...props }: ComponentProps<'tr'>) => (
  <tr className={cn('border-b border-border transition-colors hover:bg-muted/40', className)} {...props} />
);
export const TableHead = ({ className, ...props }: ComponentProps<'th'>) => (
  <th className={cn('h-10 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground', className)} {...props} />
);
export const TableCell = ({ className, ...props }: ComponentProps<'td'>) => <td className={cn('px-3 py-2.5 align-middle', className)} {...props} />;
