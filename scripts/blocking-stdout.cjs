// Preloaded (NODE_OPTIONS=--require) for ../shared/tools/deploycheck by .ci/run. Its check.mjs prints with
// console.log and then calls process.exit(); when stdout is a pipe, Node writes to it asynchronously, and what
// the pipe could not take yet (about 48 KB here, when the reader is slow) is dropped at exit. The umbrella's
// "each part can be left out" count reads that output through `| wc -l`, so it came out short at random once
// the rendered charts passed 64 KB. Blocking writes make the output whole, whatever the reader's speed.
for (const stream of [process.stdout, process.stderr]) {
  const handle = stream._handle;
  if (handle && typeof handle.setBlocking === 'function') handle.setBlocking(true);
}
