import type { Report } from '../../../src/core/diagnosis/report/model';

/** A minimal valid report; `padding` adds incompressible text to give it a size. */
export function fakeReport(id: string, userId: string, createdAt: string, overall: number, padding = ''): Report {
  return {
    id, userId, createdAt, source: 's.txt', language: 'en', engine: 'offline',
    summary: {
      overallScore: overall, totalQuestions: 1,
      dimensions: { completeness: overall, depth: overall, accuracy: overall, practicality: overall },
      strongest: 'depth', weakest: 'accuracy', headline: padding,
    },
    perQuestion: [], improvementPlan: { immediate: [], shortTerm: [], longTerm: [] }, comparedToLast: null,
  };
}
