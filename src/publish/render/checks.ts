/**
 * The checks a build must pass before it goes live: it has pages (and not fewer than half the live build's,
 * which catches a catalogue read that came back nearly empty), no configured secret appears in any file it
 * emitted, a few pages that every build has (home, 404, a product page, a listing) exist and are
 * HTML, and every internal link of its pages resolves (links.ts). Each check returns problems as
 * sentences; an empty list means publish.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { textFiles } from '../releases/content-types.ts';
import type { NamedSecret } from './secrets.ts';
import {
  checkGatheredLinks,
  deadLinkProblems,
  type Locate,
  type LinkReport,
  type ScannedLinks,
} from './links.ts';
import type { SiteLinks } from './site-links.ts';

export function checkPageCount(pages: number, previousPages: number | undefined): string[] {
  if (pages === 0) return ['The build has no pages.'];
  if (previousPages !== undefined && pages < previousPages / 2)
    return [
      `The build has ${pages} pages, fewer than half the live build's ${previousPages}: was the catalogue read incomplete?`,
    ];
  return [];
}

/** The ways a secret could be written into a file: as is, JSON-escaped and URL-encoded. */
const spellings = (value: string): Buffer[] =>
  [...new Set([value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)])].map((text) =>
    Buffer.from(text),
  );

/**
 * A check of one file's bytes for the secrets: the problems it finds, each naming the file and the
 * variable. Made once per build, so the site pass (site-pass.ts) can check each page as it reads it.
 */
export function secretFinder(secrets: readonly NamedSecret[]): (file: string, content: Buffer) => string[] {
  const needles = secrets.map((secret) => ({ name: secret.name, forms: spellings(secret.value) }));
  return (file, content) =>
    needles
      .filter((needle) => needle.forms.some((form) => content.includes(form)))
      .map((needle) => `${file} contains the value of ${needle.name}: a secret must never be in the site.`);
}

/** Every text file under `dir` that contains one of the secrets, with the secret's variable name. */
export async function findSecrets(dir: string, secrets: readonly NamedSecret[]): Promise<string[]> {
  if (secrets.length === 0) return [];
  const find = secretFinder(secrets);
  const files: string[] = [];
  for await (const file of textFiles(dir)) files.push(file);
  const problems: string[] = [];
  let next = 0;
  const worker = async () => {
    for (let file = files[next++]; file !== undefined; file = files[next++])
      problems.push(...find(file, await readFile(join(dir, file))));
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return problems.sort();
}

/** Each page (relative to the client folder) exists and looks like a whole HTML document. */
export async function smokeTest(clientDir: string, pages: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const page of pages) {
    const file = join(clientDir, page);
    const stats = await stat(file).catch(() => undefined);
    if (!stats?.isFile()) {
      problems.push(`${page} is missing.`);
      continue;
    }
    const html = await readFile(file, 'utf8');
    if (!/^\s*(<!doctype html|<html)/i.test(html) || !/<\/html>\s*$/i.test(html))
      problems.push(`${page} is not a whole HTML page.`);
  }
  return problems;
}

/**
 * Every internal `href`/`src` of the pages resolves to a file of the build or a route of the server
 * (links.ts), the links as the build gathered them while it read each page (site-links.ts), each distinct
 * path looked up once through `locate`: the problems (the count and up to 20 `page → link`), and the
 * figures for the log.
 */
export async function checkSiteLinks(
  links: SiteLinks,
  locate: Locate,
): Promise<{ problems: string[]; report: LinkReport }> {
  const report = await checkGatheredLinks(links, locate);
  return { problems: deadLinkProblems(report), report };
}

/** A warm run's links (links.ts, `ScannedLinks`) as problems: checked here through `locate`, or by its page scan. */
export async function scannedLinkProblems(links: ScannedLinks, locate: Locate): Promise<string[]> {
  if (links.checked) return deadLinkProblems(links.report);
  return (await checkSiteLinks(links.gathered, locate)).problems;
}
