import { defineAction, existingId, idParam, single, str, when, whenParam, writeFor } from './plan';

/**
 * Records one of this project's diagnosis reports among the records (the report itself stays in
 * the history). Dedupe: one diagnosis per report id; saving it again updates score and summary.
 */
export const saveDiagnosis = defineAction({
  name: 'save_diagnosis',
  description: 'Record a diagnosed interview transcript (report id, source, score) among the job-search records, optionally for an interview.',
  params: {
    type: 'object',
    properties: {
      report_id: str('Id of the report in the history.', { minLength: 1 }),
      source: str('The transcript the report was computed from.', { minLength: 1 }),
      score: { type: 'number', minimum: 0, maximum: 100, description: 'Overall score, 0 to 100.' },
      report_created_at: whenParam('When the report was computed.'),
      summary: str('One-paragraph summary.'),
      interview_id: idParam('interview', 'The interview the transcript is of.'),
    },
    required: ['report_id', 'source', 'score'],
  },
  plan(p, view) {
    const reportId = String(p.report_id).trim();
    const existing = view.find('diagnosis', { report_id: reportId })[0];
    return single(writeFor(view, 'diagnosis', existing, {
      report_id: reportId, source: p.source, score: p.score, report_created_at: when(p.report_created_at, 'report_created_at'),
      summary: p.summary, interview_id: p.interview_id === undefined ? undefined : existingId(view, p.interview_id, 'interview', 'interview_id'),
    }));
  },
});
