import { Eye, GripVertical, Pencil } from 'lucide-react';
import { type Parser, parserTypeLabels } from '@/domain/alarm-parser';
import { useDragOrder } from '~/components/lists/use-drag-order';
import { Button } from '~/components/ui/button';
import { DeleteParserButton, EnabledSwitch, Last24h, Tag } from './parser-row-parts';
import { useUpdateParser } from './use-parser-mutations';

/**
 * The parsers in the order the pipeline runs them: drag a row, or use its up and down buttons
 * (keyboard), to reorder; switch one on or off; open, or delete after a question. Without the
 * right to change, the list only shows, and opening shows the parser read-only.
 */
export function ParserList({
  parsers,
  sourceNames,
  canChange,
  onOpen,
}: {
  parsers: Parser[];
  sourceNames: Map<number, string>;
  canChange: boolean;
  onOpen: (parserId: number) => void;
}) {
  const update = useUpdateParser();
  const { order, row, arrows, status } = useDragOrder(
    parsers,
    (parser) => parser.name,
    (_, parser, to) => update.mutateAsync({ parserId: parser.id, index: to }),
  );

  return (
    <div className="grid gap-3">
      {canChange ? (
        <p className="text-sm text-muted-foreground">
          Elke e-mail gaat langs de ingeschakelde parsers, van boven naar beneden; de eerste die past maakt het alarm. Sleep een parser naar een andere plek, of
          gebruik de pijltjesknoppen.
        </p>
      ) : null}
      {status}
      <ol aria-label="Parsers in volgorde" className="overflow-hidden rounded-xl border border-border bg-background shadow-sm" data-testid="parser-order">
        {order.map((parser, index) => (
          <li
            key={parser.id}
            {...row(index, parser, 'flex flex-wrap items-center gap-3 border-b border-border px-3 py-3 last:border-0 sm:flex-nowrap', canChange)}
            data-testid="parser-row"
          >
            {canChange ? <GripVertical aria-hidden className="hidden size-4 shrink-0 cursor-grab text-muted-foreground sm:block" /> : null}
            <span className="w-6 shrink-0 self-start pt-0.5 text-right text-sm text-muted-foreground tabular-nums sm:self-center sm:pt-0">{index + 1}.</span>
            <div className="min-w-0 flex-1 basis-48">
              <button
                type="button"
                className="max-w-full rounded text-left font-medium break-words text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                onClick={() => onOpen(parser.id)}
                data-testid="parser-name"
              >
                {parser.name}
              </button>
              <div className="flex flex-wrap items-center gap-1.5 pt-1">
                <Tag>{parserTypeLabels[parser.type]}</Tag>
                <Tag>{parser.type === 'DEFAULT' && parser.sourceId !== null ? (sourceNames.get(parser.sourceId) ?? 'Onbekende bron') : 'Alle bronnen'}</Tag>
                {parser.enabled ? null : <Tag className="border-amber-300 bg-amber-50 text-amber-900">Uitgeschakeld</Tag>}
              </div>
              {/* Set when the product switched it off itself (it kept hitting its time limit): say why. */}
              {parser.disabledReason ? (
                <p className="pt-1 text-sm text-amber-900" data-testid="parser-disabled-reason">
                  {parser.disabledReason}
                </p>
              ) : null}
              <div className="pt-1">
                <Last24h parser={parser} />
              </div>
            </div>
            <div className="ml-auto flex items-center gap-1">
              {canChange ? (
                <>
                  <EnabledSwitch parser={parser} />
                  {arrows(index, parser)}
                  <Button variant="ghost" size="icon" className="size-8" aria-label={`${parser.name} bewerken`} onClick={() => onOpen(parser.id)}>
                    <Pencil aria-hidden className="size-4" />
                  </Button>
                  <DeleteParserButton parser={parser} />
                </>
              ) : (
                <Button variant="ghost" size="sm" aria-label={`${parser.name} bekijken`} onClick={() => onOpen(parser.id)}>
                  <Eye aria-hidden className="size-4" />
                  Bekijken
                </Button>
              )}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
