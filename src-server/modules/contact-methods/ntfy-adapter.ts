/**
 * ntfy as a contact method: a POST to the person's topic URL as ntfy's publish API documents it.
 * The body is the notice's lines; headers carry the title (RFC 2047 when it is not plain ASCII, which
 * ntfy decodes), priority, tags, the alarm's link on a tap, and two buttons: "Bevestigen" posts the
 * action link itself (an `http` action: no page, no sign-in), "Openen" opens the alarm.
 * The access token is sealed at rest and sent as a Bearer token. Connections to an ntfy server are
 * kept open between messages: an escalation step posts to it once per person, and a new connection
 * for each cost more of the product's thread than building the message.
 */
import type { Priority } from '@/domain/alarm-dashboard';
import { actionApiUrl } from '../alarm-actions/alarm-actions.service';
import { alarmNotice, noticeLines } from '../notifications/alarm-message';
import { attemptOf, postSafely } from '../notifications/safe-post';
import type { ContactAdapter } from './contact-adapter';

interface NtfyTarget {
  url: string;
  /** The sealed access token, or null. */
  token: string | null;
}

const PRIORITY: Record<Priority, string> = { HIGH: '5', MEDIUM: '3', LOW: '2' };
const TAGS: Record<Priority, string> = { HIGH: 'rotating_light', MEDIUM: 'warning', LOW: 'information_source' };

/** A header value as ntfy reads it: plain ASCII as is, anything else as an RFC 2047 encoded word. */
const headerText = (text: string) => (/^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`);

/** ntfy's simple action format; the body is quoted because it holds JSON. */
function actions(alarmUrl: string, actionUrl: string | null) {
  const open = `view, Openen, ${alarmUrl}`;
  if (!actionUrl) return open;
  const acknowledge = `http, Bevestigen, ${actionApiUrl(actionUrl)}, method=POST, headers.content-type=application/json, body='{"action":"acknowledge"}', clear=true`;
  return `${acknowledge}; ${open}`;
}

function refused(status: number) {
  if (status === 401 || status === 403) return `De ntfy-server weigert toegang tot dit topic (HTTP ${status}); controleer het token.`;
  if (status === 404) return 'De ntfy-server kent dit adres niet (HTTP 404); controleer de URL.';
  if (status === 413) return 'De ntfy-server vindt het bericht te groot (HTTP 413).';
  return undefined;
}

const parse = (target: string) => JSON.parse(target) as NtfyTarget;

export const ntfyAdapter: ContactAdapter<'NTFY'> = {
  type: 'NTFY',
  store: (deps, input) => JSON.stringify({ url: input.url, token: input.token ? deps.secrets.seal(input.token) : null } satisfies NtfyTarget),
  describe: (_deps, target) => parse(target).url.replace(/^https?:\/\//, ''),
  async send(deps, target, { alarm, actionUrl }) {
    const { url, token } = parse(target);
    const notice = alarmNotice('created', alarm, deps.publicUrl, actionUrl);
    const headers: Record<string, string> = {
      'Content-Type': 'text/plain; charset=utf-8',
      'User-Agent': 'Energiebeheer/1',
      Title: headerText(notice.title),
      Priority: PRIORITY[alarm.priority],
      Tags: TAGS[alarm.priority],
      Click: notice.url,
      Actions: actions(notice.url, notice.actionUrl),
    };
    if (token) headers.Authorization = `Bearer ${deps.secrets.open<string>(token)}`;
    const answer = await postSafely({
      url,
      headers,
      body: noticeLines(notice).join('\n'),
      allowPrivateTargets: deps.allowPrivateTargets,
      keepAlive: {},
    });
    return attemptOf(answer, url.replace(/^https?:\/\//, ''), refused);
  },
};
