import { Mail } from 'lucide-react';
import { PageHeader } from '~/components/layout/page-header';

/** The e-mail pages until the mail part of the alarm area is built. */
export function ComingNext({ title, description }: { title: string; description: string }) {
  return (
    <section className="max-w-3xl">
      <PageHeader title={title} description={description} />
      <div className="flex items-start gap-3 rounded-xl border border-dashed border-border bg-muted/40 p-6 text-muted-foreground">
        <Mail aria-hidden className="mt-0.5 size-5 shrink-0" />
        <p>Het e-mailgedeelte van de alarmen volgt binnenkort. Tot dan komen alarmen binnen via de API of met de knop ‘Nieuw alarm’.</p>
      </div>
    </section>
  );
}
