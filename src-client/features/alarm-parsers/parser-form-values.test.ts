import { describe, expect, test } from 'vitest';
import { EXAMPLE_CUSTOM_CODE, type Parser } from '@/domain/alarm-parser';
import { type DefaultValues, formFieldOf, parsedDraft, parserFormSchema, parserValues } from './parser-form-values';

const issues = (values: unknown) => {
  const result = parserFormSchema['~standard'].validate(values) as { issues?: { message: string; path?: PropertyKey[] }[] };
  return (result.issues ?? []).map((i) => [i.path?.join('.'), i.message]);
};
const fresh = (change: (v: DefaultValues) => void = () => {}) => {
  const values = parserValues('DEFAULT') as DefaultValues;
  values.name = 'Storingen GBS';
  change(values);
  return values;
};

describe('the parser forms', () => {
  test('a new DEFAULT parser starts enabled for every source with {{subject}} as its line; a new CUSTOM one from the example code', () => {
    expect(fresh()).toMatchObject({ enabled: true, sourceId: '', grouping: false, config: { line: '{{subject}}', priority: [], data: [], folderId: '' } });
    expect(parserValues('CUSTOM')).toEqual({ type: 'CUSTOM', name: '', enabled: true, code: EXAMPLE_CUSTOM_CODE });
  });

  test('the draft leaves empty patterns out and reads numbers, "every source" and "no folder" from the inputs', () => {
    const values = fresh((v) => {
      v.sourceId = '4';
      v.config.match.subject = 'Alarm: (?<wat>.+)';
      v.config.line = ' {{wat}} ';
      v.config.deadlineMinutes = ' 30 ';
      v.grouping = true;
      v.config.group = { key: '{{wat}}', windowMinutes: '15' };
    });
    expect(parsedDraft(values)).toEqual({
      type: 'DEFAULT',
      name: 'Storingen GBS',
      enabled: true,
      sourceId: 4,
      config: {
        match: { subject: 'Alarm: (?<wat>.+)' },
        line: '{{wat}}',
        priority: [],
        data: [],
        deadlineMinutes: 30,
        folderId: null,
        group: { key: '{{wat}}', windowMinutes: 15 },
      },
    });
  });

  test('Herstelmelding and Hartslag are sent only when chosen; a recovery without group key is refused on recovery', () => {
    const recovering = fresh((v) => {
      v.recovering = true;
      v.config.recovery = { field: 'subject', pattern: '^RECOVERY' };
    });
    expect(parserFormSchema['~standard'].validate(recovering)).toMatchObject({
      issues: [{ path: ['config', 'recovery'], message: expect.stringMatching(/groeperingssleutel/) }],
    });
    recovering.grouping = true;
    expect(parsedDraft(recovering)).toMatchObject({ config: { recovery: { field: 'subject', pattern: '^RECOVERY' } } });
    const beating = fresh((v) => {
      v.beating = true;
      v.config.heartbeat.everyMinutes = ' 1500 ';
    });
    expect(parsedDraft(beating)).toMatchObject({ config: { heartbeat: { everyMinutes: 1500 } } });
    expect((parsedDraft(beating) as { config: object }).config).not.toHaveProperty('recovery');
  });

  test("the shared schema's Dutch messages land on the form's own field names", () => {
    const values = fresh((v) => {
      v.name = ' ';
      v.config.match.body = '(';
      v.config.line = '{{onbekend}}';
      v.config.priority = [{ field: 'subject', pattern: '', priority: 'HIGH' }];
      v.config.data = [{ name: '1x', field: 'body', pattern: 'geen groep' }];
      v.config.deadlineMinutes = 'abc';
    });
    expect(issues(values)).toEqual([
      ['name', 'De naam van de parser moet worden opgegeven.'],
      ['config.match.body', 'Dit is geen geldige reguliere expressie.'],
      ['config.priority.0.pattern', 'Het patroon van de prioriteitsregel moet worden opgegeven.'],
      ['config.data.0.name', 'Een naam bestaat uit letters, cijfers en _ en begint niet met een cijfer.'],
      ['config.data.0.pattern', 'Het patroon heeft een groep ( … ) nodig: die wordt de waarde.'],
      ['config.deadlineMinutes', 'De deadline is een geheel aantal minuten tussen 1 en 525.600 (een jaar).'],
    ]);
    expect(issues(fresh((v) => (v.config.line = '{{onbekend}}')))).toEqual([['config.line', 'Onbekende naam in het sjabloon: {{onbekend}}.']]);
    expect(issues({ type: 'CUSTOM', name: 'Code', enabled: true, code: '' })).toEqual([['code', 'De code moet worden opgegeven.']]);
  });

  test('the grouping window is checked only while grouping is on', () => {
    expect(issues(fresh((v) => (v.config.group.windowMinutes = '')))).toEqual([]);
    expect(issues(fresh((v) => ((v.grouping = true), (v.config.group.windowMinutes = ''))))).toEqual([
      ['config.group.windowMinutes', 'Het groeperingsvenster is een geheel aantal minuten tussen 1 en 10.080 (een week).'],
    ]);
  });

  test("server error keys name the form's fields, a dry run's under parser.", () => {
    const values = fresh((v) => (v.config.priority = [{ field: 'subject', pattern: 'x', priority: 'LOW' }]));
    expect(formFieldOf('config.match.subject', values)).toBe('config.match.subject');
    expect(formFieldOf('config.priority.0.pattern', values)).toBe('config.priority[0].pattern');
    expect(formFieldOf('parser.config.folderId', values)).toBe('config.folderId');
    expect(formFieldOf('config.priority.3.pattern', values)).toBeNull();
    expect(formFieldOf('index', values)).toBeNull();
    expect(formFieldOf('code', parserValues('CUSTOM'))).toBe('code');
  });

  test('a stored parser fills the form', () => {
    const parser = {
      id: 3,
      name: 'GBS',
      index: 0,
      enabled: false,
      disabledReason: null,
      type: 'DEFAULT',
      sourceId: null,
      last24h: { matched: 0, failed: 0, rejected: 0 },
      config: { match: { from: 'gbs@' }, line: '{{subject}}', deadlineMinutes: 45, folderId: 7, group: { key: '{{from}}', windowMinutes: 5 } },
    } satisfies Parser;
    expect(parserValues('DEFAULT', parser)).toMatchObject({
      enabled: false,
      grouping: true,
      config: { match: { from: 'gbs@', subject: '', body: '' }, deadlineMinutes: '45', folderId: '7', group: { key: '{{from}}', windowMinutes: '5' } },
    });
  });
});
