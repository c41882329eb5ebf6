// Preloaded (--import) into a server run with --cpu-prof: Node writes the profile only on a
// normal exit, so a SIGTERM from the harness becomes process.exit().
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => process.exit(0));
