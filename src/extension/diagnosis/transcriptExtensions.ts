/** File name extensions the context menus offer "Diagnose Interview" on (package.json's `when` clauses match this list). */
export const TRANSCRIPT_EXTENSIONS = ['.txt', '.md', '.srt', '.vtt', '.json'];
