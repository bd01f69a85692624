/** What a CUSTOM `parse(email)` returned (already JSON on the host) as a parse outcome. */
import * as v from 'valibot';
import { customResolveSchema, customResultSchema, type ParseOutcome } from '@/domain/alarm-parser';

const REASON_MAX = 512;

export const failed = (exceptionType: string, exceptionMessage: string, exceptionStackTrace: string | null = null): ParseOutcome => ({
  type: 'FAILED',
  exceptionType,
  exceptionMessage,
  exceptionStackTrace,
});

const invalid = (issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]) => {
  const issue = issues[0];
  const path = v.getDotPath(issue);
  const message = path && !issue.message.startsWith(path) ? `${path}: ${issue.message}` : issue.message;
  return failed('InvalidResult', `Ongeldig resultaat van parse(email): ${message}`);
};

const has = (result: unknown, key: string) => typeof result === 'object' && result !== null && !Array.isArray(result) && Object.hasOwn(result, key);

/** `undefined` stands for a result JSON cannot express (undefined, a function): no result. */
export function interpretCustomResult(result: unknown): ParseOutcome {
  if (result === null || result === undefined) return { type: 'REJECTED', reason: 'parse(email) gaf geen resultaat (null).' };
  if (has(result, 'reject')) {
    const reason = (result as { reject: unknown }).reject;
    const text = typeof reason === 'string' ? reason.trim() : '';
    return { type: 'REJECTED', reason: text ? text.slice(0, REASON_MAX) : 'Afgewezen door parse(email).' };
  }
  if (has(result, 'resolve')) {
    const recovery = v.safeParse(customResolveSchema, result);
    return recovery.success ? { type: 'MATCHED', resolve: recovery.output.resolve } : invalid(recovery.issues);
  }
  const parsed = v.safeParse(customResultSchema, result);
  if (!parsed.success) return invalid(parsed.issues);
  const r = parsed.output;
  const deadlineMs = typeof r.deadlineAt === 'string' ? Date.parse(r.deadlineAt) : r.deadlineAt;
  return {
    type: 'MATCHED',
    line: r.line,
    priority: r.priority ?? null,
    data: r.data ?? {},
    deadlineAt: deadlineMs == null ? null : Math.floor(deadlineMs / 1000),
    deadlineMinutes: null,
    folderId: null,
    folderName: r.folder ?? null,
    group: r.key ? { key: r.key, windowMinutes: r.windowMinutes } : null,
    locationId: null,
    locationRef: r.location ?? null,
  };
}
