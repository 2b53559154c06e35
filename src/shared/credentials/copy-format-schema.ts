/* The zod schemas of the credential settings, apart from the plain constants the popup imports. */
import { z } from 'zod';
import { validateTemplate } from './copy-template';
import { COPY_FIELD_IDS } from './copy-fields';
import { COPY_FORMAT_IDS } from './copy-formats';
import { HOST_CHOICE_IDS } from './host-choices';

export const copyFormatSchema = z.enum(COPY_FORMAT_IDS);
export const hostChoiceSchema = z.enum(HOST_CHOICE_IDS);
export const copyFieldSchema = z.enum(COPY_FIELD_IDS);

/** A custom template, checked by the formatter's own rules; the issue message says what to fix. */
export const copyTemplateSchema = z.string().superRefine((template, context) => {
  const validation = validateTemplate(template);
  if (!validation.ok) context.addIssue({ code: 'custom', message: validation.message });
});
