/**
 * The demo shop's CMS blocks, as whoever starts the back end gives them (`demoBlocks`: the shop writes
 * them from its shipped content, src/content/demo-cms-blocks.ts), written as an editor would keep them in
 * Magento: raw HTML with `{{media url=…}}` and `{{store url=…}}` directives.
 *
 * A database gets each block once, for All Store Views and active: on first run, and on an older
 * database the first time it starts with a block it never had. A block an editor changed or deleted is
 * left as it is. The pictures the blocks name are copied into the media folder's `wysiwyg/art/`.
 */
import { constants } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { isRecord } from '@cleaning-shop/kit/reader.ts';
import { ALL_STORES } from '../cms/blocks.ts';
import type { Database } from '../db.ts';

/** A CMS block the demo shop starts with. */
export interface DemoBlock {
  readonly identifier: string;
  readonly title: string;
  readonly content: string;
}

/** The demo shop's blocks, and the folder the drawings they name (`wysiwyg/art/x.svg`) are copied from. */
export interface DemoBlocks {
  readonly blocks: readonly DemoBlock[];
  readonly artDir: string;
}

/** The drawings the demo blocks show, by file name (`pressure-washer.svg`), each once. */
export function demoBlockPictures(blocks: readonly DemoBlock[]): string[] {
  const names = blocks.flatMap((block) =>
    [...block.content.matchAll(/\{\{media url="wysiwyg\/art\/([^"]+)"\}\}/g)].map((match) => match[1] ?? ''),
  );
  return [...new Set(names)].filter((name) => name !== '');
}

/** Which demo blocks this database has been given, so a deleted one is not given again. */
const SEEDED = 'demo_cms_blocks';
const seededList = z.array(z.string());

const identifierRow = z.object({ identifier: z.string() });

/**
 * Creates the demo blocks this database never had: for All Store Views, active, created `now`. Returns
 * the identifiers created. Runs in the caller's transaction, if any.
 */
export function ensureDemoCmsBlocks(db: Database, now: string, blocks: readonly DemoBlock[]): string[] {
  return db.transaction(() => {
    const stored = db.meta(SEEDED);
    const seeded = new Set(stored === undefined ? [] : seededList.parse(JSON.parse(stored)));
    const present = new Set(
      db.all(identifierRow, 'SELECT identifier FROM cms_block').map((row) => row.identifier.toLowerCase()),
    );
    const created: string[] = [];
    for (const block of blocks) {
      if (seeded.has(block.identifier)) continue;
      seeded.add(block.identifier);
      // An editor may have made a block with this identifier before the demo ones existed: theirs stays.
      if (present.has(block.identifier)) continue;
      const blockId = db.run(
        `INSERT INTO cms_block (title, identifier, content, creation_time, update_time, is_active)
         VALUES (?, ?, ?, ?, ?, 1)`,
        block.title,
        block.identifier,
        block.content,
        now,
        now,
      ).lastInsertRowid;
      db.run('INSERT INTO cms_block_store (block_id, store_id) VALUES (?, ?)', blockId, ALL_STORES);
      created.push(block.identifier);
    }
    db.setMeta(SEEDED, JSON.stringify([...seeded]));
    return created;
  });
}

/**
 * Copies the drawings the demo blocks show from their `artDir` (the shop's `public/art/`) to the media
 * folder's `wysiwyg/art/`, as an editor would upload them to Magento's media gallery. A file already
 * there is kept: it may be an editor's. Returns the names copied.
 */
export async function copyDemoBlockPictures(demo: DemoBlocks, mediaDir: string): Promise<string[]> {
  const target = join(mediaDir, 'wysiwyg', 'art');
  await mkdir(target, { recursive: true });
  const copied: string[] = [];
  for (const name of demoBlockPictures(demo.blocks)) {
    try {
      await copyFile(join(demo.artDir, name), join(target, name), constants.COPYFILE_EXCL);
      copied.push(name);
    } catch (error) {
      if (!(isRecord(error) && error['code'] === 'EEXIST')) throw error;
    }
  }
  return copied;
}
