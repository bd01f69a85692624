/**
 * Escalation policies: who is asked, in which order, while an alarm stays unacknowledged. One schema
 * per shape, used by the form, the tRPC input and the REST body.
 *
 * Decisions made here:
 * - Step times count from the moment the alarm was raised; the first step is at 0 minutes.
 * - A repeat starts the steps again one "last interval" after the last step: as long after it as it
 *   came after the step before it (a policy of one step: 15 minutes), so a round never overlaps the
 *   next. `stepDueMinutes` is the one place that says when each step of each round is due.
 */
import * as v from 'valibot';
import { idSchema } from './common';

export const STEPS_MAX = 5;
export const REPEAT_MAX = 3;
const STEP_MINUTES_MAX = 1440;
const TARGETS_MAX = 20;
const NAME_MAX = 128;
/** Minutes between the last step and the next round's first of a policy with one step. */
const SINGLE_STEP_ROUND_MINUTES = 15;

const targetSchema = v.variant(
  'type',
  [v.object({ type: v.literal('SCHEDULE'), id: idSchema }), v.object({ type: v.literal('USER'), id: idSchema }), v.object({ type: v.literal('ASSIGNABLE') })],
  'Kies een rooster, een gebruiker of alle gebruikers van het dashboard.',
);
export type EscalationTarget = v.InferOutput<typeof targetSchema>;

const stepSchema = v.object({
  afterMinutes: v.pipe(
    v.number('Geef het aantal minuten op.'),
    v.integer('Geef een geheel aantal minuten op.'),
    v.minValue(0, 'Het aantal minuten kan niet negatief zijn.'),
    v.maxValue(STEP_MINUTES_MAX, `Hoogstens ${STEP_MINUTES_MAX} minuten (een dag).`),
  ),
  targets: v.pipe(
    v.array(targetSchema),
    v.minLength(1, 'Kies minstens één ontvanger voor elke stap.'),
    v.maxLength(TARGETS_MAX, `Hoogstens ${TARGETS_MAX} ontvangers per stap.`),
  ),
});
export type EscalationStep = v.InferOutput<typeof stepSchema>;

/** What is wrong with the steps' times, with the step it concerns; null when they are right. */
export function stepTimingError(steps: { afterMinutes: number }[]): { index: number; message: string } | null {
  if (steps[0] && steps[0].afterMinutes !== 0) return { index: 0, message: 'De eerste stap begint meteen: 0 minuten.' };
  for (let i = 1; i < steps.length; i++) {
    if (steps[i]!.afterMinutes <= steps[i - 1]!.afterMinutes) return { index: i, message: 'Elke stap moet later komen dan de stap ervoor.' };
  }
  return null;
}

const policyFields = {
  name: v.pipe(v.string(), v.trim(), v.nonEmpty('Geef de escalatie een naam.'), v.maxLength(NAME_MAX, `De naam mag hoogstens ${NAME_MAX} tekens lang zijn.`)),
  steps: v.pipe(
    v.array(stepSchema),
    v.minLength(1, 'Geef minstens één stap op.'),
    v.maxLength(STEPS_MAX, `Hoogstens ${STEPS_MAX} stappen.`),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const error = stepTimingError(dataset.value);
      if (error)
        addIssue({
          message: error.message,
          path: [
            { type: 'array', origin: 'value', input: dataset.value, key: error.index, value: dataset.value[error.index] },
            { type: 'object', origin: 'value', input: dataset.value[error.index]!, key: 'afterMinutes', value: dataset.value[error.index]!.afterMinutes },
          ],
        });
    }),
  ),
  repeat: v.pipe(
    v.number('Geef het aantal herhalingen op.'),
    v.integer('Geef een geheel aantal herhalingen op.'),
    v.minValue(0, 'Het aantal herhalingen kan niet negatief zijn.'),
    v.maxValue(REPEAT_MAX, `Hoogstens ${REPEAT_MAX} herhalingen.`),
  ),
};

export const createEscalationPolicySchema = v.object({ dashboardId: idSchema, ...policyFields, repeat: v.optional(policyFields.repeat, 0) });
export type CreateEscalationPolicy = v.InferOutput<typeof createEscalationPolicySchema>;

/** A PATCH: what is left out keeps its stored value. */
export const updateEscalationPolicySchema = v.object({
  policyId: idSchema,
  name: v.optional(policyFields.name),
  steps: v.optional(policyFields.steps),
  repeat: v.optional(policyFields.repeat),
});
export type UpdateEscalationPolicy = v.InferOutput<typeof updateEscalationPolicySchema>;

export const escalationPolicySchema = v.object({
  id: v.number(),
  dashboardId: v.number(),
  name: v.string(),
  steps: v.array(stepSchema),
  repeat: v.number(),
  createdAt: v.string(),
});
export type EscalationPolicy = v.InferOutput<typeof escalationPolicySchema>;

/** Minutes after the alarm was raised at which the `index`-th step sent (over all rounds) is due; null past the last round. */
export function stepDueMinutes(policy: { steps: { afterMinutes: number }[]; repeat: number }, index: number): number | null {
  const n = policy.steps.length;
  if (n === 0 || index >= n * (policy.repeat + 1)) return null;
  const last = policy.steps[n - 1]!.afterMinutes;
  const roundMinutes = n > 1 ? 2 * last - policy.steps[n - 2]!.afterMinutes : SINGLE_STEP_ROUND_MINUTES;
  return Math.floor(index / n) * roundMinutes + policy.steps[index % n]!.afterMinutes;
}

const personSchema = v.object({ id: v.number(), name: v.string() });

/** Where an alarm's escalation stands, for the alarm panel. */
export const escalationStateSchema = v.object({
  policyId: v.number(),
  policyName: v.string(),
  /** The step last sent (1-based; 0 before the first) and how many the policy has. */
  step: v.number(),
  steps: v.number(),
  /** The round of the step last sent (1-based) and how many there are (repeat + 1). */
  round: v.number(),
  rounds: v.number(),
  /** Who the last step reached. */
  users: v.array(personSchema),
  /** When the next step is due; null when none is coming. */
  nextAt: v.nullable(v.string()),
  stopped: v.nullable(v.object({ reason: v.picklist(['ACKNOWLEDGED', 'RESOLVED', 'MAINTENANCE', 'DONE']), by: v.nullable(v.string()), at: v.string() })),
});
export type EscalationState = v.InferOutput<typeof escalationStateSchema>;

export const onCallNowSchema = v.nullable(v.object({ scheduleId: v.number(), users: v.array(personSchema), until: v.nullable(v.string()) }));
