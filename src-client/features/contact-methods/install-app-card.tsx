import { SectionCard } from '~/components/ui/section-card';
import { LockScreenPreview } from './lock-screen-preview';

/** How to put the console on a phone's home screen, so alarms arrive as notifications. */
export function InstallAppCard() {
  return (
    <SectionCard title="Installeer op je telefoon">
      <div className="grid gap-4 text-sm md:grid-cols-[1fr_auto]">
        <div className="grid content-start gap-3">
          <p>Zet Energiebeheer als app op je beginscherm. Dan opent de console zonder adresbalk en krijg je alarmen als melding, ook als de app dicht is.</p>
          <div>
            <h3 className="font-semibold">Android (Chrome)</h3>
            <ol className="list-decimal space-y-1 pl-5 text-muted-foreground">
              <li>Open deze pagina in Chrome.</li>
              <li>Tik op ⋮ rechtsboven en kies "App installeren" (of "Toevoegen aan startscherm").</li>
              <li>Open de app, ga naar Mijn profiel en tik bij "Meldingen op dit apparaat" op "Meldingen aanzetten".</li>
            </ol>
          </div>
          <div>
            <h3 className="font-semibold">iPhone (Safari)</h3>
            <ol className="list-decimal space-y-1 pl-5 text-muted-foreground">
              <li>Open deze pagina in Safari.</li>
              <li>Tik op Deel (het vierkant met de pijl omhoog) en kies "Zet op beginscherm".</li>
              <li>Open de app vanaf je beginscherm en zet daar de meldingen aan.</li>
            </ol>
            <p className="mt-1 text-muted-foreground">Op een iPhone werken pushmeldingen alleen in de geïnstalleerde app, vanaf iOS 16.4.</p>
          </div>
          <p className="text-muted-foreground">
            Krijg je geen meldingen? Controleer of meldingen voor Energiebeheer aan staan in de instellingen van je telefoon, en of "Niet storen" of een
            focusmodus ze niet tegenhoudt. Je e-mailadres blijft altijd als reserve.
          </p>
        </div>
        <LockScreenPreview />
      </div>
    </SectionCard>
  );
}
