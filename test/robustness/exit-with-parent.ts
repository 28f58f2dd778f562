/**
 * Preloaded (`node --import tsx --import ./test/robustness/exit-with-parent.ts ...`)
 * into every server the robustness suite starts: the test keeps the child's
 * stdin open as a pipe, so when the test process goes away, however it dies,
 * stdin ends and the server stops instead of lingering on its ports.
 */
export {};

const stop = () => {
  // SIGTERM runs the server's own shutdown (npm start removes its temporary build).
  process.kill(process.pid, 'SIGTERM');
  setTimeout(() => process.exit(0), 5_000).unref();
};
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();

// Belt and braces: a parent that is gone re-parents us (to init or a subreaper).
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid) stop();
}, 1_000).unref();
