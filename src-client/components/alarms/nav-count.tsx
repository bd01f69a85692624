/** The sidebar's look for the open page in an alarm dashboard: tinted with the dashboard's colour, a bar at the left. */
export const navActiveStyle = 'data-[active]:bg-[color-mix(in_srgb,var(--alarm-primary)_14%,white)] data-[active]:shadow-[inset_3px_0_0_var(--alarm-primary)]';

/** The count badge of a sidebar entry; hidden for an entry that does not count (null) and when collapsed. */
export function NavCount({ count, label }: { count: number | null | undefined; label: string }) {
  if (count === null || count === undefined) return null;
  return (
    <span
      className="ml-auto min-w-6 rounded-full px-1.5 text-center text-xs leading-5 font-semibold tabular-nums group-data-[state=collapsed]:hidden"
      style={count ? { background: 'var(--alarm-secondary)', color: 'var(--alarm-on-secondary)' } : undefined}
    >
      {count}
      {label ? <span className="sr-only"> {label}</span> : null}
    </span>
  );
}
