#!/usr/bin/env node
// The `testbed` command. The client is TypeScript, as is the contract it shares with the server, so it runs
// through tsx's loader rather than from a separate build.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
