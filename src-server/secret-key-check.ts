/**
 * At start: SECRET_KEY must open the secrets stored with it (mailbox passwords, webhook secrets, HUB
 * credentials). A key generated anew by mistake would otherwise show only later, as failing mail
 * sources and webhooks; now the start stops with one line that says what to do.
 */
import type { DB } from './platform/db/database';
import { ConfigError } from './platform/errors';
import type { SecretBox } from './platform/secrets';
import { oneSealedCredential } from './modules/meterbeheer/meterbeheer.queries';
import { oneSealedSecret as oneMailSourceSecret } from './modules/mail-sources/mail-sources.queries';
import { oneSealedSecret as oneWebhookSecret } from './modules/notifications/notification-rules.queries';

export const WRONG_SECRET_KEY =
  'SECRET_KEY opent de opgeslagen geheimen niet (wachtwoorden van mailbronnen, webhookgeheimen, HUB-gegevens): start met dezelfde SECRET_KEY als waarmee ze zijn opgeslagen.';

export async function checkSecretKey(db: DB, secrets: SecretBox): Promise<void> {
  for (const sample of [oneMailSourceSecret, oneWebhookSecret, oneSealedCredential]) {
    const sealed = await sample(db);
    if (sealed === undefined) continue;
    try {
      secrets.open(sealed);
    } catch {
      throw new ConfigError(WRONG_SECRET_KEY);
    }
    return;
  }
}
