import { ArrowDown, ArrowUp, Eye, GripVertical, Pencil } from 'lucide-react';
import { useRef, useState } from 'react';
import { type Parser, parserTypeLabels } from '@/domain/alarm-parser';
import { AlertBanner } from '~/components/ui/alert-banner';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import { requestErrorMessage } from '~/lib/request-error';
import { DeleteParserButton, EnabledSwitch, Last24h, Tag } from './parser-row-parts';
import { useUpdateParser } from './use-parser-mutations';

const moved = <T,>(list: T[], from: number, to: number) => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

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
  // The order shown: the server's, or the one just chosen while it is being saved.
  const [order, setOrder] = useState(parsers);
  const [source, setSource] = useState(parsers);
  if (source !== parsers) {
    setSource(parsers);
    setOrder(parsers);
  }
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [reorderError, setReorderError] = useState<unknown>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const commit = (from: number, to: number, focus?: 'up' | 'down') => {
    if (from === to || to < 0 || to >= order.length) return;
    const next = moved(order, from, to);
    const parser = order[from]!;
    setOrder(next);
    setReorderError(null);
    setAnnouncement(`${parser.name} staat nu op plaats ${to + 1} van ${next.length}.`);
    update.mutate(
      { parserId: parser.id, index: to },
      {
        onError: (error) => {
          setOrder(parsers);
          setReorderError(error);
        },
      },
    );
    if (focus) {
      // Keep the keyboard on the moved parser; at an edge its other button takes the focus.
      requestAnimationFrame(() => {
        const edge = (focus === 'up' && to === 0) || (focus === 'down' && to === next.length - 1);
        buttons.current.get(`${parser.id}-${edge ? (focus === 'up' ? 'down' : 'up') : focus}`)?.focus();
      });
    }
  };
  const buttonRef = (key: string) => (el: HTMLButtonElement | null) => void (el ? buttons.current.set(key, el) : buttons.current.delete(key));

  return (
    <div className="grid gap-3">
      {canChange ? (
        <p className="text-sm text-muted-foreground">
          Elke e-mail gaat langs de ingeschakelde parsers, van boven naar beneden; de eerste die past maakt het alarm. Sleep een parser naar een andere plek, of
          gebruik de pijltjesknoppen.
        </p>
      ) : null}
      {reorderError ? (
        <AlertBanner variant="error" title="Volgorde niet opgeslagen">
          {requestErrorMessage(reorderError)}
        </AlertBanner>
      ) : null}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <ol aria-label="Parsers in volgorde" className="overflow-hidden rounded-xl border border-border bg-background shadow-sm" data-testid="parser-order">
        {order.map((parser, index) => (
          <li
            key={parser.id}
            draggable={canChange}
            data-testid="parser-row"
            onDragStart={(e) => {
              setDragging(index);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(parser.id));
            }}
            onDragOver={(e) => {
              if (dragging === null) return;
              e.preventDefault();
              e.dataTransfer.dropEffect = 'move';
              setOver(index);
            }}
            onDrop={(e) => {
              e.preventDefault();
              if (dragging !== null) commit(dragging, index);
              setDragging(null);
              setOver(null);
            }}
            onDragEnd={() => {
              setDragging(null);
              setOver(null);
            }}
            className={cn(
              'flex flex-wrap items-center gap-3 border-b border-border px-3 py-3 last:border-0 sm:flex-nowrap',
              dragging === index && 'opacity-50',
              over === index && dragging !== null && dragging !== index && 'bg-accent',
            )}
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
              <div className="pt-1">
                <Last24h parser={parser} />
              </div>
            </div>
            <div className="ml-auto flex items-center gap-1">
              {canChange ? (
                <>
                  <EnabledSwitch parser={parser} />
                  <Button
                    ref={buttonRef(`${parser.id}-up`)}
                    variant="ghost"
                    size="icon"
                    className="ml-2 size-8"
                    aria-label={`${parser.name} omhoog`}
                    disabled={index === 0}
                    onClick={() => commit(index, index - 1, 'up')}
                  >
                    <ArrowUp aria-hidden className="size-4" />
                  </Button>
                  <Button
                    ref={buttonRef(`${parser.id}-down`)}
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={`${parser.name} omlaag`}
                    disabled={index === order.length - 1}
                    onClick={() => commit(index, index + 1, 'down')}
                  >
                    <ArrowDown aria-hidden className="size-4" />
                  </Button>
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
