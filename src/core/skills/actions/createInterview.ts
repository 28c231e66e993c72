import { INTERVIEW_KINDS, INTERVIEW_OUTCOMES } from '../../records/schema';
import { defineAction, existingId, idParam, single, str, when, whenParam, writeFor } from './plan';
import { optionalPositionTarget } from './target';

/**
 * Records an interview round for a position. Dedupe within the position: the same `round_no`; without
 * a round, the same start time (`scheduled_at`); with neither, the same `kind` among rounds that have
 * neither. A match is updated with the given fields (a rescheduled round 2 moves, it is not doubled).
 * An interview whose position is not known yet (neither id given) is deduplicated only by its
 * start time among the other such interviews: rounds and kinds of unknown positions say nothing.
 */
export const createInterview = defineAction({
  name: 'create_interview',
  description: 'Record an interview round for a position or application (one per position and round: a repeat updates it), or without a position while it is not known.',
  params: {
    type: 'object',
    properties: {
      position_id: idParam('position', 'The position interviewed for (or give application_id); leave both out when it is not known.'),
      application_id: idParam('application', 'The application it belongs to; its position is used when position_id is absent.'),
      round_no: { type: 'integer', minimum: 1, description: 'Round number, 1 for the first.' },
      scheduled_at: whenParam('When it takes (or took) place.'),
      kind: { type: 'string', enum: [...INTERVIEW_KINDS], description: `What kind of round: ${INTERVIEW_KINDS.join(', ')}.` },
      duration_minutes: { type: 'integer', minimum: 1, description: 'Planned or actual length in minutes.' },
      location: str('Place or meeting link.'),
      interviewer_ids: { type: 'array', items: idParam('person', 'An interviewer.'), description: 'The people who interview (person ids).' },
      outcome: { type: 'string', enum: [...INTERVIEW_OUTCOMES], description: `How it went: ${INTERVIEW_OUTCOMES.join(', ')}. New interviews are "pending".` },
      notes: str('Free notes; replace the stored notes.'),
    },
  },
  plan(p, view) {
    const { positionId, applicationId } = optionalPositionTarget(view, p);
    const at = when(p.scheduled_at, 'scheduled_at');
    const round = p.round_no as number | undefined;
    const rounds = view.find('interview', { position_id: positionId ?? null });
    const existing = positionId === undefined ? (at !== undefined ? rounds.find((r) => r.scheduled_at === at) : undefined)
      : round !== undefined ? rounds.find((r) => r.round_no === round)
        : at !== undefined ? rounds.find((r) => r.scheduled_at === at)
          : rounds.find((r) => r.round_no === null && r.scheduled_at === null && r.kind === (p.kind ?? null));
    const interviewers = (p.interviewer_ids as string[] | undefined)?.map((x) => existingId(view, x, 'person', 'interviewer_ids'));
    return single(writeFor(view, 'interview', existing, {
      position_id: positionId, application_id: applicationId, scheduled_at: at, round_no: round, kind: p.kind,
      duration_minutes: p.duration_minutes, location: p.location,
      interviewer_ids: interviewers ? [...new Set([...((existing?.interviewer_ids as string[]) ?? []), ...interviewers])] : undefined,
      outcome: p.outcome, notes: p.notes,
    }));
  },
});
