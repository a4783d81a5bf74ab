/**
 * Markdown content files (`src/content/pages`, `src/content/privacy`), imported through Vite's glob and
 * checked here: frontmatter is parsed with zod, shop tokens are filled into the rendered HTML. A bad file
 * stops the build with its name and what to fix.
 */
import type { MarkdownInstance } from 'astro';
import type { z } from 'zod';
import { parseContent } from '../../config/parse-content.ts';
import { fillTokens, type TokenValues } from '../../ui/tokens.ts';

/** What `import.meta.glob<MarkdownModule>('…/*.md', { eager: true })` gives per file. */
export type MarkdownModule = MarkdownInstance<Record<string, unknown>>;
export type MarkdownModules = Record<string, MarkdownModule>;

export interface MarkdownEntry<T> {
  /** The file, relative to the project, for error messages. */
  file: string;
  data: T;
  /** Rendered HTML with tokens filled. */
  html: string;
}

const projectFile = (key: string): string => `src/content/${key.replace(/^(\.\.\/)+content\//, '')}`;

/** Parses every module's frontmatter and renders its body, in file-name order. */
export async function loadMarkdown<T>(
  modules: MarkdownModules,
  schema: z.ZodType<T>,
  tokens: TokenValues,
): Promise<MarkdownEntry<T>[]> {
  const keys = Object.keys(modules).sort();
  return Promise.all(
    keys.map(async (key) => {
      const module = modules[key];
      const file = projectFile(key);
      if (!module) throw new Error(`${file} could not be read.`);
      const data = parseContent(schema, module.frontmatter, file);
      const html = fillTokens(await module.compiledContent(), tokens, file);
      return { file, data, html };
    }),
  );
}
