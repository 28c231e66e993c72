/** Why a records operation was refused. */
export type RecordsErrorCode = 'not_found' | 'invalid' | 'conflict' | 'restricted';

/** A records read or write the store refused; the message says what was wrong and what to do. */
export class RecordsError extends Error {
  constructor(readonly code: RecordsErrorCode, message: string) {
    super(message);
    this.name = 'RecordsError';
  }
}
