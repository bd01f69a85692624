/**
 * A rule's notice in a team chat: Microsoft Teams through a Workflows webhook (an Adaptive Card 1.4
 * in a `message`; 200 or 202 delivers) and Slack through an incoming webhook (Block Kit with the title
 * as fallback `text`; it answers 200 `ok`). A rule reaches a channel, not one person, so the card has
 * no action link: "Alarm openen" opens the console. Both go through `postSafely` (limits and
 * private-address rules as webhooks).
 */
import type { NotifyEvent } from '@/domain/notification';
import { type AlarmFacts, type AlarmNotice, alarmNotice } from './alarm-message';
import type { Attempt } from './attempt';
import { attemptOf, postSafely } from './safe-post';

interface ChatRequest {
  /** The full webhook URL (a secret). */
  url: string;
  /** The masked URL: what the history and answers say it went to. */
  shown: string;
  event: NotifyEvent;
  alarm: AlarmFacts;
  publicUrl: string;
  allowPrivateTargets: boolean;
}

function teamsMessage(n: AlarmNotice, high: boolean) {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: n.title, weight: 'Bolder', size: 'Medium', wrap: true, ...(high ? { color: 'Attention' } : {}) },
            { type: 'TextBlock', text: n.intro, wrap: true, isSubtle: true, spacing: 'None' },
            { type: 'FactSet', facts: n.facts.map(([title, value]) => ({ title, value })) },
          ],
          actions: [{ type: 'Action.OpenUrl', title: 'Alarm openen', url: n.url }],
        },
      },
    ],
  };
}

/** Slack's mrkdwn treats &, < and > as markup. */
const slackText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function slackMessage(n: AlarmNotice, high: boolean) {
  return {
    text: n.title,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: n.title, emoji: true } },
      {
        type: 'section',
        text: { type: 'mrkdwn', text: slackText(n.intro) },
        // Slack allows at most 10 fields.
        fields: n.facts.slice(0, 10).map(([k, v]) => ({ type: 'mrkdwn', text: `*${slackText(k)}*\n${slackText(v)}` })),
      },
      {
        type: 'actions',
        elements: [{ type: 'button', text: { type: 'plain_text', text: 'Alarm openen' }, url: n.url, ...(high ? { style: 'danger' } : {}) }],
      },
    ],
  };
}

const teamsRefused = (status: number) =>
  status === 401 || status === 403 || status === 404
    ? `Teams kent deze webhook niet (meer) (HTTP ${status}); controleer de workflow en de URL.`
    : `Teams weigert het bericht (HTTP ${status}).`;
const slackRefused = (status: number, body: string) => `Slack weigert het bericht: ${body.trim().slice(0, 100) || 'geen reden'} (HTTP ${status}).`;

export async function sendTeamChat(type: 'TEAMS' | 'SLACK', r: ChatRequest): Promise<Attempt> {
  const n = alarmNotice(r.event, r.alarm, r.publicUrl);
  const high = r.event === 'created' && r.alarm.priority === 'HIGH';
  const body = JSON.stringify(type === 'TEAMS' ? teamsMessage(n, high) : slackMessage(n, high));
  const answer = await postSafely({
    url: r.url,
    body,
    allowPrivateTargets: r.allowPrivateTargets,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'User-Agent': 'Energiebeheer/1' },
  });
  return attemptOf(answer, r.shown, type === 'TEAMS' ? teamsRefused : slackRefused);
}
