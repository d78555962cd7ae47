import { writeFileSync } from 'node:fs';
import { generateOpenApiDocument, OPENAPI_FILE } from './openapi-document.js';

writeFileSync(OPENAPI_FILE, await generateOpenApiDocument());
console.log(`wrote ${OPENAPI_FILE}`);
