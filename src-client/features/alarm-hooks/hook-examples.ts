/**
 * Ready-made configuration for the three hooks, with this server's origin and the
 * new token filled in, so an installer pastes them as they are.
 */
export interface HookExample {
  title: string;
  hint: string;
  code: string;
}

export function hookExamples(origin: string, token: string): HookExample[] {
  const hooks = `${origin}/api/v1/alarms/hooks`;
  return [
    {
      title: 'Prometheus Alertmanager',
      hint: 'In alertmanager.yml, onder receivers; max_alerts houdt elke aanvraag binnen de grens van 1000 alerts.',
      code: [
        'receivers:',
        '  - name: energiebeheer',
        '    webhook_configs:',
        `      - url: ${hooks}/alertmanager`,
        '        send_resolved: true',
        '        max_alerts: 1000',
        '        http_config:',
        '          authorization:',
        '            type: Bearer',
        `            credentials: ${token}`,
      ].join('\n'),
    },
    {
      title: 'Grafana',
      hint: 'Alerting → Contact points → Webhook: deze URL; onder Optional settings de Authorization-header (schema Bearer, het token als credentials).',
      code: [`URL: ${hooks}/grafana`, 'HTTP Method: POST', 'Authorization Header - Scheme: Bearer', `Authorization Header - Credentials: ${token}`].join('\n'),
    },
    {
      title: 'Eigen script (curl)',
      hint: 'Stuur later "status": "resolved" met dezelfde key, dan wordt het alarm weer opgelost.',
      code: [
        `curl -X POST ${hooks}/generic \\`,
        `  -H 'Authorization: Bearer ${token}' \\`,
        "  -H 'Content-Type: application/json' \\",
        `  -d '{"key": "pomp-3", "line": "Pomp 3 staat stil", "priority": "HIGH", "data": {"locatie": "Kelder"}}'`,
      ].join('\n'),
    },
  ];
}
