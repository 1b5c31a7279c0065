import { getAssessment } from '../../../../safety/assessment.js';
import { DOCUMENT_TYPES } from '../../../../safety/frameworks.js';
import {
  buildDocModel,
  checkDocumentType,
  DOCUMENT_FORMATS,
  type DocumentFormat,
} from '../../../../safety/documents/model.js';
import { CONTENT_TYPES, renderDocument } from '../../../../safety/documents/render.js';
import { defineRoute, errorAnswer } from '../../../route.js';
import { SAFETY_LIMITS, SAFETY_TAG } from '../limits.js';

export const safetyDocumentationRoute = defineRoute({
  method: 'POST',
  url: '/v1/compliance/documentation',
  summary: 'render a stored assessment as a compliance document (pdf, docx or html)',
  description: `document_type: ${DOCUMENT_TYPES.join(', ')}. format: pdf (default), docx or html. The answer is the document itself with its Content-Type and a Content-Disposition file name.`,
  tag: SAFETY_TAG,
  auth: 'read',
  rateLimit: SAFETY_LIMITS.documentation,
  schema: {
    body: {
      type: 'object',
      required: ['assessment_id', 'document_type'],
      properties: {
        assessment_id: { type: 'string', minLength: 1, maxLength: 256 },
        document_type: { type: 'string', maxLength: 64 },
        format: { type: 'string', enum: [...DOCUMENT_FORMATS] },
      },
      additionalProperties: false,
    },
    response: {
      200: {
        type: 'string',
        format: 'binary',
        description:
          'the document as an attachment: application/pdf (default), docx or text/html as format asks',
      },
      404: errorAnswer('no assessment with this assessment_id'),
    },
  },
  docs: { produces: CONTENT_TYPES.pdf },
  async handler(req, reply, ctx) {
    const body = req.body as { assessment_id: string; document_type: string; format?: string };
    checkDocumentType(body.document_type);
    const format = (body.format ?? 'pdf') as DocumentFormat;
    const assessment = ctx.store.read((r) => getAssessment(r, body.assessment_id));
    const bytes = await renderDocument(buildDocModel(assessment, body.document_type), format);
    return reply
      .type(CONTENT_TYPES[format])
      .header(
        'content-disposition',
        `attachment; filename="${assessment.assessment_id}-${body.document_type}.${format}"`,
      )
      .send(bytes);
  },
});
