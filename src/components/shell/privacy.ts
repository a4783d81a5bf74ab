/** The privacy summary and full notice (`src/content/privacy`): one Markdown file per section. */
import { z } from 'zod';

export const privacySectionSchema = z.object({
  /** The section heading; the full notice's numbers come from the file order. */
  title: z.string().min(1),
});
export type PrivacySection = z.infer<typeof privacySectionSchema>;

/** The notice's introduction has no heading. */
export const privacyIntroSchema = z.object({});

/** Spec §2: six summary sections and fourteen notice sections. */
export const SUMMARY_SECTIONS = 6;
export const NOTICE_SECTIONS = 14;

export function expectCount(entries: readonly unknown[], expected: number, folder: string): void {
  if (entries.length !== expected) {
    throw new Error(
      `${folder} holds ${entries.length} sections but the privacy policy has ${expected}; add or remove files.`,
    );
  }
}
