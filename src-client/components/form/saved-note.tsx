/**
 * "Opgeslagen." once a save went through: beside the save button in its row, or (`below`) as a
 * line of its own under the form.
 */
export function SavedNote({ below = false }: { below?: boolean }) {
  if (below) {
    return (
      <p role="status" className="mt-3 text-sm text-muted-foreground">
        Opgeslagen.
      </p>
    );
  }
  return (
    <span role="status" className="text-sm text-muted-foreground">
      Opgeslagen.
    </span>
  );
}
