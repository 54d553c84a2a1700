// `npm run openapi`: writes docs/openapi.json, the API's document as committed, from the app.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { generateApiDocument } from './generate.js';

const target = fileURLToPath(new URL('../../../../docs/openapi.json', import.meta.url));
await writeFile(target, await generateApiDocument());
console.log(`Wrote ${target}`);
