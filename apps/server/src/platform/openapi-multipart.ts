/**
 * Routes that also take `multipart/form-data` (issue 30 §2: spec §7 `event/newEvent` and `event/editEvent/{id}`):
 * the document shows that form beside the JSON body — the same JSON in the part `data`, and an optional file part.
 */
export interface MultipartForm {
  /** The path as the document spells it (`{id}`, not `:id`). */
  path: string;
  method: 'post' | 'put' | 'patch';
  /** editEvent takes a form with only an image. */
  dataRequired: boolean;
  file: string;
  fileDescription: string;
}

interface Operation {
  requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown; encoding?: unknown }> };
}

/** Adds each form's `multipart/form-data` content to its operation in the generated document (in place). */
export const withMultipartForms = <T>(document: T, forms: MultipartForm[]): T => {
  const paths = (document as { paths?: Record<string, Record<string, Operation>> }).paths ?? {};
  for (const form of forms) {
    const body = paths[form.path]?.[form.method]?.requestBody;
    const json = body?.content?.['application/json']?.schema;
    if (!body?.content || !json) continue;
    body.content['multipart/form-data'] = {
      schema: {
        type: 'object',
        ...(form.dataRequired ? { required: ['data'] } : {}),
        properties: {
          data: { ...(json as object), description: 'The same JSON as the application/json body, as one part.' },
          [form.file]: { type: 'string', format: 'binary', description: form.fileDescription },
        },
      },
      encoding: { data: { contentType: 'application/json' } },
    };
  }
  return document;
};
