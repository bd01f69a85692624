import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <main className="mx-auto flex min-h-full max-w-xl flex-col justify-center gap-4 p-8">
      <h1 className="text-2xl font-semibold">Pagina niet gevonden</h1>
      <p className="text-muted-foreground">De pagina die je zoekt bestaat niet (meer). Controleer het adres of ga terug naar de startpagina.</p>
      <p>
        <Link to="/" className="font-medium text-primary underline underline-offset-4">
          Naar de startpagina
        </Link>
      </p>
    </main>
  );
}
