/** A stored database that cannot be read or written; the message names the file and what to do. */
export class StoreError extends Error {}
