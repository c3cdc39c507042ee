import type { z } from 'zod';
import { HEALTH_QUESTIONS } from '../../contract/healthQuestionnaire';
import type { HealthAnswer, healthInputSchema } from '../../contract/serviceRecord';

export type HealthInput = z.output<typeof healthInputSchema>;

/** The answers as they are kept: each with the wording and the blocking rule it was answered under. */
export function answersAsGiven(input: HealthInput): HealthAnswer[] {
  return HEALTH_QUESTIONS.map((q) => ({ key: q.key, question: q.question, blocks: q.blocks, answer: input.answers[q.key] === true }));
}

/** The questions answered "yes" that stop the service until a manager's override. */
export function blockingAnswers(health: readonly HealthAnswer[]): string[] {
  return health.filter((a) => a.blocks && a.answer).map((a) => a.question);
}
