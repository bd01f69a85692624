/** E-mail as a contact method: the rule mails' subject and body, with the person's "Bevestigen" link. */
import { mailBodies, mailSubject } from '../notifications/alarm-message';
import { threadRoot } from '../notifications/notifications.queries';
import type { ContactAdapter } from './contact-adapter';

export const emailAdapter: ContactAdapter<'EMAIL'> = {
  type: 'EMAIL',
  store: (_deps, input) => input.address,
  describe: (_deps, address) => address,
  async send(deps, address, { alarm, actionUrl, deliveryId, test }) {
    const messageId = deps.mailer.messageId(`notification-${deliveryId}`);
    return deps.mailer.send({
      to: [address],
      subject: mailSubject('created', alarm),
      ...mailBodies('created', alarm, deps.publicUrl, actionUrl ?? undefined),
      messageId,
      threadRoot: test ? null : await threadRoot(deps.db, alarm.id, messageId),
    });
  },
};
