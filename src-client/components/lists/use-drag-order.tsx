/**
 * A list the user puts in order: drag a row, or use its up and down buttons (keyboard). The order
 * shown is the server's, or the one just chosen while it is being saved; a failed save puts the
 * server's back and says why. A screen reader hears the new place; the keyboard stays on the
 * moved row (at an edge its other button takes the focus).
 */
import { ArrowDown, ArrowUp } from 'lucide-react';
import { type DragEvent, useRef, useState } from 'react';
import { AlertBanner } from '~/components/ui/alert-banner';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import { requestErrorMessage } from '~/lib/request-error';

const moved = <T,>(list: T[], from: number, to: number) => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

type Direction = 'up' | 'down';

export function useDragOrder<T extends { id: number }>(
  items: T[],
  /** How a row is named in the buttons' labels and the announcement. */
  name: (item: T) => string,
  /** Saves the new order (`next`), `item` having moved to `to`. */
  save: (next: T[], item: T, to: number) => Promise<unknown>,
) {
  const [order, setOrder] = useState(items);
  const [source, setSource] = useState(items);
  if (source !== items) {
    setSource(items);
    setOrder(items);
  }
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState<unknown>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const move = (from: number, to: number, focus?: Direction) => {
    if (from === to || to < 0 || to >= order.length) return;
    const next = moved(order, from, to);
    const item = order[from]!;
    setOrder(next);
    setError(null);
    setAnnouncement(`${name(item)} staat nu op plaats ${to + 1} van ${next.length}.`);
    save(next, item, to).catch((failure: unknown) => {
      setOrder(items);
      setError(failure);
    });
    if (focus)
      requestAnimationFrame(() => {
        const edge = (focus === 'up' && to === 0) || (focus === 'down' && to === next.length - 1);
        buttons.current.get(`${item.id}-${edge ? (focus === 'up' ? 'down' : 'up') : focus}`)?.focus();
      });
  };
  const stop = () => {
    setDragging(null);
    setOver(null);
  };

  /** The props of row `index`: drag handlers, and `className` with the drag highlight. */
  const row = (index: number, item: T, className: string, enabled = true) => ({
    draggable: enabled,
    onDragStart: (e: DragEvent) => {
      setDragging(index);
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', String(item.id));
    },
    onDragOver: (e: DragEvent) => {
      if (dragging === null) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      setOver(index);
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      if (dragging !== null) move(dragging, index);
      stop();
    },
    onDragEnd: stop,
    className: cn(className, dragging === index && 'opacity-50', over === index && dragging !== null && dragging !== index && 'bg-accent'),
  });

  const arrow = (index: number, item: T, direction: Direction) => {
    const key = `${item.id}-${direction}`;
    const up = direction === 'up';
    return (
      <Button
        key={key}
        ref={(el) => void (el ? buttons.current.set(key, el) : buttons.current.delete(key))}
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={`${name(item)} ${up ? 'omhoog' : 'omlaag'}`}
        disabled={up ? index === 0 : index === order.length - 1}
        onClick={() => move(index, up ? index - 1 : index + 1, direction)}
      >
        {up ? <ArrowUp aria-hidden className="size-4" /> : <ArrowDown aria-hidden className="size-4" />}
      </Button>
    );
  };

  /** The save error (if any) and the live announcement, above the list. */
  const status = (
    <>
      {error ? (
        <AlertBanner variant="error" title="Volgorde niet opgeslagen">
          {requestErrorMessage(error)}
        </AlertBanner>
      ) : null}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );

  return { order, row, arrows: (index: number, item: T) => [arrow(index, item, 'up'), arrow(index, item, 'down')], status };
}
