import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateOpenApiDocument, OPENAPI_FILE } from '../scripts/openapi-document.js';

describe('OpenAPI document', () => {
  it('is committed up to date (run `npm run openapi:write` after changing an API schema)', async () => {
    const generated = await generateOpenApiDocument();
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(generated);
    const document = JSON.parse(generated);
    for (const path of ['/auth/register', '/auth/login', '/auth/verifyEmail', '/auth/resendVerificationEmail/{lang}', '/auth/sendPasswordReset/{lang}', '/auth/resetPassword']) {
      expect(Object.keys(document.paths)).toContain(path);
    }
  });
});
