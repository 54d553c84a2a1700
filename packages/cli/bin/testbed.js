#!/usr/bin/env node
// The `testbed` command. The client is TypeScript, as is the contract it shares with the server: it runs from
// its compiled JavaScript (packages/cli/dist), compiled here first when that is missing or older than its
// sources, which takes a fraction of a second once and then nothing.
import { ensureBuilt } from '../../../scripts/bundle.mjs';

await ensureBuilt('cli');
await import('../dist/main.js');
