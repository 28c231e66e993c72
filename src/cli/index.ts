import { run } from './main';

// Piped into a reader that stops early (`interview-lens diagnose x | head`), the output has nowhere
// to go: that is the reader's choice, not an error, so end quietly instead of with a stack trace.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

run(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
