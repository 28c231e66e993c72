/** The URI scheme of the coach's mock-interview transcripts: the diagnosis shows its lenses and hover on them too. */
export const MOCK_TRANSCRIPT_SCHEME = 'interview-lens-mock';
