/**
 * How a HOOG alarm reads on a phone's lock screen: drawn from the fields a push carries
 * (`title`, `body` in lines, and the worker's two buttons), with a made-up alarm.
 */
interface PushPayload {
  title: string;
  body: string;
  actionUrl: string | null;
}

const example: PushPayload = {
  title: '[HOOG] Koelcel 4 te warm: 9,5 °C (max 7 °C)',
  body: 'Bakkerij De Vries, Dorpsstraat 12, 6711 AB Ede\n28-11-2026 02:22 · ×3\nStoringen Alfa',
  actionUrl: 'https://energie.example.nl/app/act/…',
};

export function LockScreenPreview({ payload = example }: { payload?: PushPayload }) {
  return (
    <figure className="mx-auto w-full max-w-[320px]" aria-label="Voorbeeld van een pushmelding op een vergrendelscherm">
      <div className="rounded-[2rem] bg-gradient-to-b from-slate-800 to-cyan-900 p-4 pt-8 text-white shadow-lg">
        <div className="text-center" aria-hidden>
          <div className="text-5xl font-light tabular-nums">02:23</div>
          <div className="text-sm opacity-80">zaterdag 28 november</div>
        </div>
        <div className="mt-6 rounded-2xl bg-white/90 p-3 text-slate-900 shadow backdrop-blur">
          <div className="flex items-center gap-2 text-xs text-slate-600">
            <img src="/app/icons/icon-192.png" alt="" className="size-4 rounded" />
            <span className="font-medium">Energiebeheer</span>
            <span>· nu</span>
          </div>
          <p className="mt-1 text-sm leading-snug font-semibold">{payload.title}</p>
          <p className="text-sm leading-snug whitespace-pre-line text-slate-700">{payload.body}</p>
          <div className="mt-2 grid grid-cols-2 gap-2 border-t border-slate-300 pt-2 text-center text-sm font-medium text-cyan-800">
            {payload.actionUrl ? <span>Bevestigen</span> : null}
            <span className={payload.actionUrl ? '' : 'col-span-2'}>Openen</span>
          </div>
        </div>
      </div>
      <figcaption className="mt-2 text-center text-xs text-muted-foreground">
        Zo ziet een HOOG alarm eruit. "Bevestigen" bevestigt het alarm meteen; een tik opent het alarm in de console.
      </figcaption>
    </figure>
  );
}
