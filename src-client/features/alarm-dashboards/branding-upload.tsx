import { FileImage, ImageUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { type AlarmDashboard, BRANDING_MAX_BYTES, BRANDING_TYPES } from '@/domain/alarm-dashboard';
import { JsForm } from '~/components/form/js-form';
import { Button, buttonVariants } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { useUploadBranding } from './use-dashboard-mutations';

/** Checked here before it is sent; the server checks the bytes again and has the last word. */
function precheck(file: File): string | null {
  if (!(BRANDING_TYPES as readonly string[]).includes(file.type)) return 'Kies een PNG-, JPEG- of WebP-afbeelding (geen SVG).';
  if (file.size > BRANDING_MAX_BYTES) return 'De afbeelding is te groot: hoogstens 1 MB.';
  return null;
}

/** The logo shown in the area's header: PNG, JPEG or WebP up to 1 MB. */
export function BrandingUpload({ dashboard }: { dashboard: AlarmDashboard }) {
  const upload = useUploadBranding(dashboard.id);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  return (
    <JsForm
      className="grid max-w-xl gap-4"
      noValidate
      onSubmit={() => {
        setSaved(false);
        if (!file) return setError('Kies eerst een afbeelding.');
        const problem = precheck(file);
        if (problem) return setError(problem);
        setError(null);
        upload.mutate(file, {
          onSuccess: () => {
            setFile(null);
            if (input.current) input.current.value = '';
            setSaved(true);
          },
          onError: (e) => setError(e.message),
        });
      }}
    >
      <div className="flex items-center gap-4">
        <div className="flex h-16 w-32 items-center justify-center rounded-lg border border-dashed border-border bg-muted/40 p-2">
          {dashboard.settings.brandingFile ? (
            <img src={dashboard.settings.brandingFile} alt="Huidig logo" className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="text-xs text-muted-foreground">Nog geen logo</span>
          )}
        </div>
        <p className="text-sm text-muted-foreground">Het logo staat links boven in het dashboard, naast de naam.</p>
      </div>
      <div className="grid gap-1.5">
        <span id="branding-file-label" className="text-sm leading-none font-medium">
          Nieuw logo
        </span>
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={input}
            id="branding-file"
            type="file"
            accept={BRANDING_TYPES.join(',')}
            className="peer sr-only"
            aria-labelledby="branding-file-label"
            aria-invalid={Boolean(error)}
            aria-describedby={error ? 'branding-file-error' : 'branding-file-hint'}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              setFile(chosen);
              setSaved(false);
              setError(chosen ? precheck(chosen) : null);
            }}
          />
          <label
            htmlFor="branding-file"
            className={buttonVariants({ variant: 'outline', className: 'peer-focus-visible:ring-2 peer-focus-visible:ring-ring' })}
          >
            <FileImage aria-hidden className="size-4" />
            Afbeelding kiezen
          </label>
          <span className="min-w-0 truncate text-sm text-muted-foreground">{file ? file.name : 'Geen bestand gekozen'}</span>
        </div>
        {error ? (
          <p id="branding-file-error" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : (
          <p id="branding-file-hint" className="text-sm text-muted-foreground">
            PNG, JPEG of WebP, hoogstens 1 MB.
          </p>
        )}
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={upload.isPending || !file}>
          {upload.isPending ? <Spinner /> : <ImageUp aria-hidden className="size-4" />}
          Logo uploaden
        </Button>
        {saved ? (
          <span role="status" className="text-sm text-muted-foreground">
            Het logo is opgeslagen.
          </span>
        ) : null}
      </div>
    </JsForm>
  );
}
