// The Terms of Use and the Privacy Policy (issue 12 item 19): pages served by the app, whose text the
// operator sets in DATA_DIR/legal/{terms,privacy}.md (docs/operations/README.md), else a bundled default.
import { z } from 'zod';

export const LEGAL_DOCUMENTS = ['terms', 'privacy'] as const;
export const ZLegalDocumentSchema = z.enum(LEGAL_DOCUMENTS);
export type TLegalDocument = z.infer<typeof ZLegalDocumentSchema>;

export const LEGAL_TITLES: Record<TLegalDocument, string> = {
  terms: 'Terms of Use',
  privacy: 'Privacy Policy',
};

/** GET legal/{document}: the text as markdown (shown as text, never as HTML) and whether it is the default. */
export const ZLegalTextSchema = z.object({
  document: ZLegalDocumentSchema,
  title: z.string(),
  markdown: z.string(),
  isDefault: z.boolean(),
});
export type TLegalText = z.infer<typeof ZLegalTextSchema>;
