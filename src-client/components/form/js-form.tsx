import type { ComponentProps } from 'react';

/** A form whose submit runs `onSubmit` on the page: the browser neither sends it nor reloads. */
export function JsForm({ onSubmit, ...props }: Omit<ComponentProps<'form'>, 'onSubmit'> & { onSubmit: () => void }) {
  return (
    <form
      {...props}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    />
  );
}
