import { cn } from '~/lib/cn';

/**
 * "Opgeslagen." once a save went through: beside the save button in its row, or (`below`) as a
 * line of its own under the form.
 */
export function SavedNote({ below = false }: { below?: boolean }) {
  const Note = below ? 'p' : 'span';
  return (
    <Note role="status" className={cn('text-sm text-muted-foreground', below && 'mt-3')}>
      Opgeslagen.
    </Note>
  );
}
