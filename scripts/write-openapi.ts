import fs from 'node:fs';
import { committedPath, openApiDocument, serialise } from './openapi-document.js';

// `npm run openapi`: regenerate the committed docs/openapi.json (a test fails while it is stale).
fs.writeFileSync(committedPath, serialise(await openApiDocument()));
console.log(`wrote ${committedPath}`);
